//===--- Reporters.h - Render findings --------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_TOOL_REPORT_REPORTERS_H
#define UACCESS_LINT_TOOL_REPORT_REPORTERS_H

#include "checks/Finding.h"
#include "runner/FindingsFormat.h"
#include "support/RunSummary.h"
#include "support/SourceDigests.h"

#include "llvm/Support/raw_ostream.h"

namespace uaccess {

/// clang's own diagnostic format, through clang's diagnostic engine:
/// file:line:col: warning: message [check], source line, caret, notes and
/// fix-it hints. With \p ShowArches (a report of several arches), the
/// arches that have the finding follow the check: "[check] [arm64, x86_64]".
void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors, bool ShowArches);

/// One JSON document: {"format", "version", "arches": [...], "findings":
/// [...], "tus": {...}, "sources": [...], "read_functions": [...]}; each
/// finding names its arches too, "sources" the digest of each file the
/// fixes edit, as analysed (\p Digests; an unknown one, "", is left out),
/// and "read_functions" the functions the run's TUs read (\p Read), for a
/// later merge to tell whose fix-its this report's TUs would not make.
void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                const SourceDigests &Digests, const ReadFunctions &Read,
                llvm::raw_ostream &OS);

} // namespace uaccess

#endif
