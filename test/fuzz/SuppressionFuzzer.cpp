//===--- SuppressionFuzzer.cpp - Fuzz the suppression comment scanner -----===//

#include "utils/Suppressions.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  uaccess::SuppressionSet Set(Text);
  static const std::vector<llvm::StringRef> Checks = {"window-call",
                                                      "batchable"};
  unsigned Lines = Text.count('\n') + 2;
  for (unsigned Line = 1; Line <= Lines && Line < 64; ++Line)
    (void)Set.suppress(Checks[Line % 2], Line);
  (void)Set.unused(Checks);
  (void)Set.problems(Checks);
  for (const uaccess::Suppression &S : Set.all())
    if (S.Line == 0 || S.Line > Lines)
      __builtin_trap();
  return 0;
}
