//===--- SuppressionComments.cpp - Findings the source suppresses ---------===//

#include "gate/SuppressionComments.h"

#include "utils/Suppressions.h"

#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace llvm;

namespace uaccess {

namespace {
std::string describe(StringRef File, const Suppression &S, StringRef What) {
  return (File + ":" + Twine(S.Line) + ": warning: suppression '" + S.Text +
          "' " + What)
      .str();
}
} // namespace

SuppressionOutcome applySuppressions(std::vector<Finding> &Findings,
                                     ArrayRef<std::string> Files,
                                     SourceTexts &Texts,
                                     EnabledChecksFn EnabledIn,
                                     ArrayRef<StringRef> AllChecks) {
  std::map<std::string, SuppressionSet> Sets;
  auto SetOf = [&](const std::string &File) -> SuppressionSet & {
    auto It = Sets.find(File);
    if (It == Sets.end())
      It = Sets.try_emplace(File, Texts.get(File)).first;
    return It->second;
  };
  SuppressionOutcome Out;
  llvm::erase_if(Findings, [&](const Finding &F) {
    bool Drop = SetOf(F.Loc.File).suppress(F.Check, F.Loc.Line);
    Out.Suppressed += Drop;
    return Drop;
  });
  for (const std::string &File : Files)
    SetOf(File);
  for (auto &[File, Set] : Sets) {
    for (const Suppression *S : Set.unused(EnabledIn(File)))
      Out.Unused.push_back(describe(File, *S, "matched no finding"));
    for (const auto &[S, Why] : Set.problems(AllChecks))
      Out.Problems.push_back(describe(File, *S, "does not work: " + Why));
  }
  return Out;
}

} // namespace uaccess
