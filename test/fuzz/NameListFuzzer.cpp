//===--- NameListFuzzer.cpp - Fuzz the uaccess-safe list parser -----------===//

#include "inputs/Inputs.h"
#include "utils/NameMatch.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Names = uaccess::parseNameList(Text);
  // The parsed patterns are then matched against callees.
  (void)uaccess::matchesAnyName(Names, "kasan_check_read");
  (void)uaccess::matchesAnyName(Names, "");
  return 0;
}
