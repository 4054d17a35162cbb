#!/usr/bin/env bash
# Checks that the C++ sources under matchers/, tool/ and unittests/ of the
# tree given (default: this one) are as clang-format-19 writes them with the
# repository's .clang-format. Prints the offending lines; exits non-zero.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
mapfile -t files < <(find matchers tool unittests -name '*.h' -o -name '*.cpp' | sort)
clang-format-19 --dry-run -Werror "${files[@]}"
echo "check-format: ${#files[@]} files formatted"
