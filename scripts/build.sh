#!/usr/bin/env bash
# Configures and builds uaccess-lint into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
      -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang >/dev/null
ninja -C build
