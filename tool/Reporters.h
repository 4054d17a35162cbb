//===--- Reporters.h - Render findings --------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_REPORTERS_H
#define UACCESS_LINT_REPORTERS_H

#include "checks/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <set>

namespace uaccess {

struct RunSummary {
  unsigned Analyzed = 0, Skipped = 0, Failed = 0;
  /// TUs the prefilter found could have no findings (not parsed).
  unsigned Prefiltered = 0;
  /// Function bodies the analyzed TUs skipped (the prefilter's choice).
  unsigned SkippedBodies = 0;
  /// The link step's summary runs: TUs parsed (a TU once per round that
  /// asks it), the rounds, and its wall time.
  unsigned LinkTUs = 0, LinkRounds = 0;
  double LinkSeconds = 0;
  std::vector<std::pair<std::string, std::string>> Failures; ///< file, why
  /// The arches of the analyzed TUs, by their kernel names.
  std::set<std::string> Arches;
  /// Findings the patch of --diff does not touch, and those outside
  /// --line-filter: dropped, and counted.
  unsigned OutsideDiff = 0, OutsideLineFilter = 0;
  /// The TUs a --diff gate left out (the prefilter's skipped): it did not
  /// analyze them, so it says nothing of their files.
  std::set<std::string> OutsidePatch;
};

/// clang's own diagnostic format, through clang's diagnostic engine:
/// file:line:col: warning: message [check], source line, caret, notes and
/// fix-it hints. With \p ShowArches (a report of several arches), the
/// arches that have the finding follow the check: "[check] [arm64, x86_64]".
void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors, bool ShowArches);

/// What --format=json's document calls itself; `merge` reads this version
/// (docs/ci.md, "The JSON report", lists the fields).
constexpr const char *ReportFormatName = "uaccess-lint-report";
constexpr int64_t ReportVersion = 1;

/// One JSON document: {"format", "version", "arches": [...], "findings":
/// [...], "tus": {...}}; each finding names its arches too.
void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                llvm::raw_ostream &OS);

} // namespace uaccess

#endif
