//===--- BaselineFuzzer.cpp - Fuzz the --baseline reader ------------------===//

#include "Baseline.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<std::set<std::string>> Read = uaccess::parseBaseline(Text);
  if (!Read) {
    llvm::consumeError(Read.takeError());
    return 0;
  }
  // What was read must drop exactly the findings it names.
  std::vector<uaccess::Finding> Findings(Read->size());
  size_t I = 0;
  for (const std::string &Fingerprint : *Read) {
    if (Fingerprint.empty())
      __builtin_trap();
    Findings[I++].Fingerprint = Fingerprint;
  }
  if (uaccess::applyBaseline(Findings, *Read) != Read->size())
    __builtin_trap();
  return 0;
}
