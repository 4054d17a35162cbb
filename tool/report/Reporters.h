//===--- Reporters.h - Render findings --------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_TOOL_REPORT_REPORTERS_H
#define UACCESS_LINT_TOOL_REPORT_REPORTERS_H

#include "checks/Finding.h"
#include "support/RunSummary.h"

#include "llvm/Support/raw_ostream.h"

namespace uaccess {

/// clang's own diagnostic format, through clang's diagnostic engine:
/// file:line:col: warning: message [check], source line, caret, notes and
/// fix-it hints. With \p ShowArches (a report of several arches), the
/// arches that have the finding follow the check: "[check] [arm64, x86_64]".
void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors, bool ShowArches);

/// One JSON document: {"format", "version", "arches": [...], "findings":
/// [...], "tus": {...}}; each finding names its arches too.
void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                llvm::raw_ostream &OS);

} // namespace uaccess

#endif
