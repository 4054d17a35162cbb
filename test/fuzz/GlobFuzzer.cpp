//===--- GlobFuzzer.cpp - Fuzz the --checks glob parser -------------------===//

#include "utils/GlobList.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Spec(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  std::optional<uaccess::GlobList> List = uaccess::GlobList::parse(Spec, Error);
  if (!List)
    return 0;
  // The spec's storage goes away: the list must not depend on it.
  Spec.assign(Spec.size(), 'x');
  (void)List->contains("window-call");
  (void)List->unmatchedGlobs({"window-unbalanced", "batchable"});
  return 0;
}
