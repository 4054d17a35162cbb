//===--- BaselineFuzzer.cpp - Fuzz the --baseline reader ------------------===//

#include "gate/Baseline.h"

#include "llvm/Support/JSON.h"

#include <cstddef>
#include <cstdint>

namespace {
/// The fingerprints as the whole tree has them (json::parse), which the
/// reader, parsing one part at a time, must agree with.
std::set<std::string> fromWholeTree(const llvm::json::Value &Doc) {
  std::set<std::string> Out;
  const llvm::json::Array *List =
      Doc.getAsObject() ? Doc.getAsObject()->getArray("findings") : nullptr;
  if (!List)
    __builtin_trap();
  for (const llvm::json::Value &E : *List)
    Out.insert(E.getAsObject()->getString("fingerprint")->str());
  return Out;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<uaccess::BaselineEntries> Read = uaccess::parseBaseline(Text);
  if (!Read) {
    llvm::consumeError(Read.takeError());
    return 0;
  }
  // Nothing that is not JSON is read, and what is read is what the whole
  // tree holds.
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc || fromWholeTree(*Doc) != Read->Fingerprints)
    __builtin_trap();
  // What was read must drop exactly the findings it names, by the
  // fingerprint of its version's scheme, and none by the other's.
  size_t Count = Read->Fingerprints.size();
  std::vector<uaccess::Finding> Findings(Count), Others(Count);
  size_t I = 0;
  for (const std::string &Fingerprint : Read->Fingerprints) {
    if (Fingerprint.empty())
      __builtin_trap();
    (Read->Legacy ? Findings[I].LegacyFingerprint : Findings[I].Fingerprint) =
        Fingerprint;
    (Read->Legacy ? Others[I].Fingerprint : Others[I].LegacyFingerprint) =
        Fingerprint;
    ++I;
  }
  if (uaccess::applyBaseline(Findings, *Read) != Count ||
      uaccess::applyBaseline(Others, *Read) != 0)
    __builtin_trap();
  return 0;
}
