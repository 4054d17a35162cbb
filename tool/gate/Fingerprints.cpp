//===--- Fingerprints.cpp - The findings' fingerprints --------------------===//

#include "gate/Fingerprints.h"

#include "support/SourceRoots.h"
#include "utils/Fingerprint.h"

#include <map>

using namespace llvm;

namespace uaccess {

/// What a finding's fingerprint hashes of the source: its line, then the
/// line of each site its notes name (FindingNote::Site: the exit a window
/// leaks through, each access of a grouped pointer), so a new one is a new
/// finding: a baseline accepts exactly what it recorded; with the site's
/// identity (FindingNote::Identity), when it has one. Other notes explain,
/// and may differ by arch.
/// \p Line: how a line becomes a snippet (fingerprintSnippet(), or the
/// legacy one).
static std::string
findingSnippet(const Finding &F, SourceTexts &Texts,
               function_ref<std::string(StringRef, uint64_t)> Line) {
  std::string Snippet = Line(Texts.get(F.Loc.File), F.Loc.Line);
  for (const FindingNote &N : F.Notes)
    if (N.Site)
      Snippet += "\n" + Line(Texts.get(N.Loc.File), N.Loc.Line) +
                 (N.Identity.empty() ? "" : "\n@" + N.Identity);
  return Snippet;
}

void assignFingerprints(std::vector<Finding> &Findings, SourceTexts &Texts,
                        StringRef ExplicitRoot,
                        function_ref<bool(const Finding &)> NumberLast) {
  std::map<std::string, unsigned> Seen, SeenLegacy;
  std::map<std::string, std::string> Roots;
  auto Hash = [&](const Finding &F, const std::string &Path,
                  const std::string &Snippet, auto &Counts) {
    std::string Key = F.Check + '\0' + F.MessageId + '\0' + Path + '\0' +
                      F.Function + '\0' + Snippet;
    return fingerprint(F.Check, F.MessageId, Path, F.Function, Snippet,
                       Counts[Key]++);
  };
  auto Assign = [&](Finding &F) {
    auto [Root, New] = Roots.try_emplace(F.Loc.File);
    if (New)
      Root->second = sourceRoot(F.Loc.File, ExplicitRoot);
    std::string Path = relativeTo(F.Loc.File, Root->second);
    F.Fingerprint =
        Hash(F, Path, findingSnippet(F, Texts, fingerprintSnippet), Seen);
    F.LegacyFingerprint =
        Hash(F, Path, findingSnippet(F, Texts, legacyFingerprintSnippet),
             SeenLegacy);
  };
  // Identical findings are told apart by their order only. Those the gate
  // selects come last: a new one above an accepted one must not take the
  // number the baseline recorded for the old one.
  for (Finding &F : Findings)
    if (!NumberLast || !NumberLast(F))
      Assign(F);
  if (NumberLast)
    for (Finding &F : Findings)
      if (NumberLast(F))
        Assign(F);
}

} // namespace uaccess
