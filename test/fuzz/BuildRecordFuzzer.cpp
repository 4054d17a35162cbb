//===--- BuildRecordFuzzer.cpp - Fuzz the Kbuild .<object>.cmd parser -----===//

#include "run/BuildRecords.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Record = uaccess::parseKbuildRecord(Text);
  if (!Record) {
    llvm::consumeError(Record.takeError());
    return 0;
  }
  // A record names its source, and no dependency is empty or a make
  // function.
  if (Record->Source.empty())
    __builtin_trap();
  for (const std::string &Dep : Record->Deps)
    if (Dep.empty() || llvm::StringRef(Dep).starts_with("$("))
      __builtin_trap();
  return 0;
}
