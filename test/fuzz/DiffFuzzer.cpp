//===--- DiffFuzzer.cpp - Fuzz the unified-diff parser (--diff) -----------===//

#include "ChangedLines.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Changed = uaccess::ChangedLines::parse(Text);
  if (!Changed) {
    llvm::consumeError(Changed.takeError());
    return 0;
  }
  // Lookups of the kind the driver makes, on whatever was parsed.
  (void)Changed->contains("/src/fs/select.c", 1);
  (void)Changed->contains("", 0);
  (void)Changed->files();
  return 0;
}
