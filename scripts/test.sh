#!/usr/bin/env bash
# README command 2: install what is missing, build, prepare the kernel tree
# the integration tests read, run the whole lit suite, then the fuzzers.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
UACCESS_LINT_KERNEL=$(scripts/prepare-kernel.sh | tail -n 1)
UACCESS_LINT_KERNEL_ARM64=$(scripts/prepare-kernel.sh --arch=arm64 | tail -n 1)
# The same x86_64 subset built with gcc: its database must give the same
# findings (test/kernel/gcc-database.test).
UACCESS_LINT_KERNEL_GCC=$(scripts/prepare-kernel.sh --gcc | tail -n 1)
# Linux 6.1, the kernel before masked begins (test/kernel/linux-6.1.test);
# its x86 signal code is still one file.
UACCESS_LINT_KERNEL_6_1=$(scripts/prepare-kernel.sh --version=6.1 arch/x86/kernel/signal.o | tail -n 1)
export UACCESS_LINT_KERNEL UACCESS_LINT_KERNEL_ARM64 UACCESS_LINT_KERNEL_GCC \
       UACCESS_LINT_KERNEL_6_1
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test
# The parsers the tool owns, under libFuzzer with ASan and UBSan.
scripts/fuzz.sh 20000
