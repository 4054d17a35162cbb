//===--- FixAgreement.cpp - A fix-it every reader of its code makes -------===//

#include "run/FixAgreement.h"

#include "llvm/ADT/STLExtras.h"

namespace uaccess {

FixReader fixReader(std::string Name, ReadFunctions Read,
                    const std::vector<Finding> &Findings) {
  FixReader R{std::move(Name), std::move(Read), {}};
  for (const Finding &F : Findings)
    for (const FindingFix &Fix : F.Fixes)
      R.Edits.insert({Fix.File, Fix.Offset, Fix.Length, Fix.Replacement});
  return R;
}

namespace {
/// The first of \p Readers that read code an edit of \p F changes and
/// does not propose that edit; null when every reader agrees.
const FixReader *disputing(const Finding &F,
                           const std::vector<FixReader> &Readers) {
  for (const FixReader &R : Readers)
    for (const FindingFix &Fix : F.Fixes)
      if (R.Read.holds(Fix.File, Fix.Offset, Fix.Length) &&
          !R.Edits.count({Fix.File, Fix.Offset, Fix.Length, Fix.Replacement}))
        return &R;
  return nullptr;
}
} // namespace

void withholdDisputedFixes(std::vector<Finding> &Findings,
                           const std::vector<FixReader> &Readers) {
  for (Finding &F : Findings) {
    if (F.Fixes.empty())
      continue;
    const FixReader *Other = disputing(F, Readers);
    if (!Other)
      continue;
    F.Fixes.clear();
    F.Notes.push_back(
        {F.Loc, "no fix-it: " + Other->Name +
                    " compiles this code too (with other flags, or for "
                    "another arch) and would not make this change there"});
  }
}

} // namespace uaccess
