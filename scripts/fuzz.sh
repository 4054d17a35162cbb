#!/usr/bin/env bash
# Builds the libFuzzer targets (test/fuzz/*.cpp) with clang-19, ASan and
# UBSan in build-fuzz/, and runs each for a bounded number of inputs from
# its seed corpus (test/fuzz/corpus/<name>/). Any crash, leak or sanitizer
# report fails. The seeds are not modified: new inputs go to a scratch
# folder.
#
#   scripts/fuzz.sh [RUNS]         default 20000 inputs per fuzzer (CI)
#   scripts/fuzz.sh 0              run until stopped (-runs=-1), for a
#                                  long session; add -max_total_time=S via
#                                  FUZZ_ARGS="-max_total_time=3600"
#   NINJA_JOBS=2 scripts/fuzz.sh   bounds the build's parallel jobs
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20000}
[ "$runs" = 0 ] && runs=-1
cmake -S . -B build-fuzz -G Ninja -DCMAKE_C_COMPILER=clang-19 \
      -DCMAKE_CXX_COMPILER=clang++-19 -DUACCESS_LINT_FUZZERS=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
      -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang >/dev/null
fuzzers=(DiffFuzzer GlobFuzzer DatabaseFuzzer NameListFuzzer BaselineFuzzer ConfigFuzzer
         SuppressionFuzzer KbuildFuzzer BuildRecordFuzzer)
corpora=(diff globs database namelist baseline config suppressions kbuild buildrecord)
ninja -C build-fuzz ${NINJA_JOBS:+-j"$NINJA_JOBS"} "${fuzzers[@]}"
for i in "${!fuzzers[@]}"; do
  scratch=$(mktemp -d)
  echo "== ${fuzzers[$i]}: $runs runs"
  build-fuzz/"${fuzzers[$i]}" -runs="$runs" -max_len=4096 ${FUZZ_ARGS:-} \
    "$scratch" "test/fuzz/corpus/${corpora[$i]}" 2>&1 | tail -n 2
  status=${PIPESTATUS[0]}
  rm -rf "$scratch"
  [ "$status" -eq 0 ] || { echo "fuzz: ${fuzzers[$i]} failed"; exit 1; }
done
echo "fuzz: ${#fuzzers[@]} fuzzers, $runs runs each, no crash"
