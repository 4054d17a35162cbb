#!/usr/bin/env bash
# Installs what uaccess-lint needs to build and test, if it is missing.
set -euo pipefail
packages=(clang-19 libclang-19-dev llvm-19-dev llvm-19-tools clang-tools-19
          lld-19 cmake ninja-build python3 git libgtest-dev universal-ctags
          clang-format-19 libclang-rt-19-dev groff-base
          linux-source-6.12 linux-source-6.1 bc flex bison libelf-dev libssl-dev gcc
          zlib1g-dev libzstd-dev libtinfo-dev libxml2-dev)
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

# The SARIF validators test/sarif/validate.test runs (docs/ci.md): Microsoft's
# SARIF multitool, and ajv for the OASIS 2.1.0 schema the multitool ships.
# From npm into a cache the lit config looks in ($UACCESS_LINT_NPM, default
# ~/.cache/uaccess-lint/npm); versions pinned. Without them the test is
# UNSUPPORTED, so CI (CI=true) fails when they cannot be installed.
npm_prefix=${UACCESS_LINT_NPM:-$HOME/.cache/uaccess-lint/npm}
multitool=$npm_prefix/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ ! -x "$multitool" ] || [ ! -x "$npm_prefix/node_modules/.bin/ajv" ]; then
  if ! command -v npm >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq npm >/dev/null
  fi
  mkdir -p "$npm_prefix"
  if npm install --prefix "$npm_prefix" --no-audit --no-fund --loglevel=error \
       @microsoft/sarif-multitool@5.7.0 ajv-cli@5.0.0 ajv-formats@3.0.1; then
    # Its postinstall (chmod u+x) is a script newer npm does not run.
    chmod u+x "$multitool"
  elif [ "${CI:-}" = true ]; then
    echo "install-deps: cannot install the SARIF validators from npm" >&2
    exit 1
  else
    echo "install-deps: warning: SARIF validators not installed; the" \
         "SARIF validation test will be UNSUPPORTED" >&2
  fi
fi
