#!/usr/bin/env bash
# Installs what uaccess-lint needs to build and test, if it is missing.
set -euo pipefail
packages=(clang-19 libclang-19-dev llvm-19-dev llvm-19-tools clang-tools-19
          lld-19 cmake ninja-build python3 git libgtest-dev universal-ctags
          clang-format-19 libclang-rt-19-dev
          linux-source-6.12 bc flex bison libelf-dev libssl-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
