//===--- Reporters.h - Render findings --------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_REPORTERS_H
#define UACCESS_LINT_REPORTERS_H

#include "checks/Finding.h"

#include "llvm/Support/raw_ostream.h"

namespace uaccess {

struct RunSummary {
  unsigned Analyzed = 0, Skipped = 0, Failed = 0;
  /// TUs the prefilter found could have no findings (not parsed).
  unsigned Prefiltered = 0;
  std::vector<std::pair<std::string, std::string>> Failures; ///< file, why
};

/// clang's own diagnostic format, through clang's diagnostic engine:
/// file:line:col: warning: message [check], source line, caret, notes and
/// fix-it hints.
void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors);

/// One JSON document: {"findings": [...], "tus": {...}}.
void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                llvm::raw_ostream &OS);

} // namespace uaccess

#endif
