//===--- Merge.cpp - One report from many workers -------------------------===//

#include "Merge.h"

#include <set>
#include <tuple>

namespace uaccess {

MergedReport mergeOutcomes(std::vector<TUOutcome> Outcomes,
                           RunSummary &Summary) {
  MergedReport Out;
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  for (TUOutcome &O : Outcomes) {
    if (O.Status == TUStatus::Failed) {
      // A TU that did not parse cleanly was not really looked at: its
      // findings (and their fix-its) could be anywhere.
      ++Summary.Failed;
      Summary.Failures.push_back({O.File, O.Reason});
      continue;
    }
    ++Summary.Analyzed;
    for (Finding &F : O.Report.Findings)
      if (Seen.insert({F.Check, F.Loc.File, F.Loc.Offset, F.Message}).second)
        Out.Findings.push_back(std::move(F));
    for (std::string &Block : O.Report.Dump)
      Out.DumpBlocks.emplace(llvm::StringRef(Block).split('\n').first.str(),
                             std::move(Block));
  }
  std::stable_sort(Out.Findings.begin(), Out.Findings.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Loc.File, A.Loc.Offset, A.Check) <
                            std::tie(B.Loc.File, B.Loc.Offset, B.Check);
                   });
  return Out;
}

void sortByRank(std::vector<Finding> &Findings) {
  std::stable_sort(
      Findings.begin(), Findings.end(),
      [](const Finding &A, const Finding &B) { return A.Rank > B.Rank; });
}

} // namespace uaccess
