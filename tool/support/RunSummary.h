//===--- RunSummary.h - What a run did, beside its findings -----*- C++ -*-===//
//
// The TUs analyzed, skipped and failed, the link step's work and the
// findings the gates dropped: counted by the run, merged from reports,
// shown by the progress line and written into the JSON and SARIF reports.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SUPPORT_RUNSUMMARY_H
#define UACCESS_LINT_TOOL_SUPPORT_RUNSUMMARY_H

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

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
  /// What chose the reported findings beyond the analysis ("--diff",
  /// "--line-filter", "--baseline"): a report of them lacks the others,
  /// and `merge` writes no baseline from it.
  std::set<std::string> SelectedBy;
  /// The TUs a --diff gate left out (the prefilter's skipped): it did not
  /// analyze them, so it says nothing of their files.
  std::set<std::string> OutsidePatch;
};

/// What --format=json's document calls itself; `merge` reads this version
/// (docs/ci.md, "The JSON report", lists the fields).
constexpr const char *ReportFormatName = "uaccess-lint-report";
constexpr int64_t ReportVersion = 1;

} // namespace uaccess

#endif
