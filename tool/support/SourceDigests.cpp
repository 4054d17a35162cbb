//===--- SourceDigests.cpp - What the analysis read of a source ----------===//

#include "support/SourceDigests.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <array>

namespace uaccess {

std::string sourceDigest(llvm::StringRef Text) {
  std::array<uint8_t, 32> Digest =
      llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text));
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

std::string digestMismatch(llvm::StringRef File, llvm::StringRef Text,
                           const AnalysedSources &Sources) {
  if (!Sources.Digests)
    return "";
  auto It = Sources.Digests->find(File.str());
  if (It == Sources.Digests->end())
    return "has no digest of its text as analysed in the report (one of an "
           "older uaccess-lint, or the file changed during the analysis): "
           "check it again";
  if (It->second.empty())
    return "has fixes computed on two different texts of it in the reports: "
           "check it again";
  if (It->second != sourceDigest(Text))
    return "changed since the report was written: its fixes were computed "
           "on the text before; check it again";
  return "";
}

void uniteDigests(SourceDigests &Into, const SourceDigests &From) {
  for (const auto &[File, Digest] : From) {
    auto [It, New] = Into.try_emplace(File, Digest);
    if (!New && It->second != Digest)
      It->second.clear();
  }
}

} // namespace uaccess
