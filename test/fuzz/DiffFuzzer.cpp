//===--- DiffFuzzer.cpp - Fuzz the unified-diff parser (--diff) -----------===//

#include "gate/ChangedLines.h"

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
  llvm::consumeError(Changed->resolve({"/src"}));
  (void)Changed->contains("/src/fs/select.c", 1);
  (void)Changed->contains("", 0);
  (void)Changed->deletesWithin("/src/fs/select.c", 1, 100);
  uaccess::Finding F;
  F.Loc.File = "/src/fs/select.c";
  F.FunctionBeginLine = 1;
  F.FunctionEndLine = 50;
  F.Notes.push_back({{"select.c", 0, 3, 1}, "note"});
  (void)uaccess::touchesFinding(*Changed, F);
  (void)Changed->paths();
  (void)Changed->files();
  return 0;
}
