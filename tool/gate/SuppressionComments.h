//===--- SuppressionComments.h - Findings the source suppresses -*- C++ -*-===//
//
// Inline suppression comments (utils/Suppressions.h) drop the findings they
// cover, read from the findings' files as they are now, in the driver,
// after the workers' findings are merged. Unused and broken ones are told.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_GATE_SUPPRESSIONCOMMENTS_H
#define UACCESS_LINT_TOOL_GATE_SUPPRESSIONCOMMENTS_H

#include "checks/Finding.h"
#include "inputs/Inputs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace uaccess {

struct SuppressionOutcome {
  unsigned Suppressed = 0;
  /// "file:line: ..." lines: suppressions that covered no finding.
  std::vector<std::string> Unused;
  /// Suppressions that cannot work (malformed, unpaired, no such check).
  std::vector<std::string> Problems;
};

/// The checks enabled for a file: where a suppression that names one and
/// matches nothing is unused.
using EnabledChecksFn =
    llvm::function_ref<std::vector<llvm::StringRef>(llvm::StringRef File)>;

/// Drops the findings a suppression comment covers on their primary
/// location's line. \p Files (the TUs analyzed) and the findings' files
/// are searched for unused suppressions that name a check \p EnabledIn
/// the file, and for broken ones; \p AllChecks tells a typo from a check.
SuppressionOutcome applySuppressions(std::vector<Finding> &Findings,
                                     llvm::ArrayRef<std::string> Files,
                                     SourceTexts &Texts,
                                     EnabledChecksFn EnabledIn,
                                     llvm::ArrayRef<llvm::StringRef> AllChecks);

} // namespace uaccess

#endif
