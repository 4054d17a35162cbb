#!/usr/bin/env bash
# Builds uaccess-lint and its unit tests with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ and runs the whole lit suite
# against that build (the kernel tests too when UACCESS_LINT_KERNEL names a
# prepared tree). Any sanitizer report fails the test that triggered it.
# Too slow for every CI run; run it before a release or after a change to
# the driver, the workers or the fixes:
#
#   UACCESS_LINT_KERNEL=$(scripts/prepare-kernel.sh | tail -n 1) scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
      -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
      -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
      -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang >/dev/null
ninja -C build-asan uaccess-lint uaccess-lint-unittests
# LLVM's own option registry is global and never freed: not our leak.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build-asan/test
