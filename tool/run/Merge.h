//===--- Merge.h - One report from many workers -----------------*- C++ -*-===//
//
// Each worker reports its TU alone; a header function reached from many TUs
// is reported by each of them. The merge keeps one of each finding, counts
// the TUs that failed, and orders the findings for output. A finding that
// TUs of several arches have names each of them (docs/arches.md).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_MERGE_H
#define UACCESS_LINT_TOOL_MERGE_H

#include "run/FixAgreement.h"
#include "run/Workers.h"
#include "support/RunSummary.h"
#include "support/SourceDigests.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace uaccess {

/// What makes a finding one: its check, place and message, and the sites
/// its notes name (FindingNote::Site): one begin's leaks at two exits are
/// two findings.
using FindingKey = std::tuple<std::string, std::string, uint64_t, std::string,
                              std::vector<std::pair<std::string, uint64_t>>>;
FindingKey keyOf(const Finding &F);

struct MergedReport {
  std::vector<Finding> Findings;
  /// --dump-uaccess blocks, one per function, keyed by their first line.
  std::map<std::string, std::string> DumpBlocks;
  /// Merged from JSON reports: the texts their fixes were computed on.
  /// None when this run analysed the sources itself.
  std::optional<SourceDigests> Digests;
  /// Output files the run reads (TUReport::ReadsOutputs, failed TUs'
  /// too), each with who reads it ("the TU 'a.c' reads"): the run must not
  /// replace them.
  std::map<std::string, std::string> ReadOutputs;
  /// Who read the code the findings' fix-its edit: each analyzed TU, or
  /// each merged report. A fix-it one of them would not make is withheld
  /// (run/FixAgreement.h).
  std::vector<FixReader> Readers;
};

/// The functions any reader of \p Report read: what its JSON form lists.
ReadFunctions readFunctions(const MergedReport &Report);

/// Merges \p Outcomes into one report; counts analyzed and failed TUs, and
/// the failures, into \p Summary. A failed TU contributes no findings and
/// no dump. Findings are unique by keyOf(), ordered
/// by file, offset and check; each names the arches and the settings
/// (TUOutcome::Config) of the TUs that have it, and \p Summary the arches
/// of all analyzed TUs. A fix-it that a TU which read its code would not
/// make is withheld.
MergedReport mergeOutcomes(std::vector<TUOutcome> Outcomes,
                           RunSummary &Summary);

/// Adds \p From's findings to \p Into's, one of each (keyOf()): a finding
/// both have names the arches and settings of both, as mergeReportFile()
/// unites the findings of two reports. A fix-it that a reader of either
/// would not make is withheld.
void mergeInto(MergedReport &Into, MergedReport From);

/// By file, offset and check.
void sortByLocation(std::vector<Finding> &Findings);

/// Reads one --format=json report (a shard's) into \p Report and adds its
/// TU counts and failures to \p Summary. Findings met in an earlier report
/// (the same keyOf(): a header's, found by two shards)
/// are kept once, with the arches of both reports; a copy from a new arch
/// adds that arch's notes. Its "sources" are added to \p Report.Digests
/// (uniteDigests()), and it joins \p Report.Readers: once every report is
/// read, withholdDisputedFixes() over them.
llvm::Error mergeReportFile(llvm::StringRef Path, MergedReport &Report,
                            RunSummary &Summary);

/// One file listed by several compile commands with other flags (a config
/// symbol, an include path): each is a TU. A finding that only some of
/// them have gets a note that names the flags it was found under, which
/// the others lack (or lack the others'). \p CommandLines[I] is
/// \p Outcomes[I]'s command; failed TUs are left out of the comparison.
void noteFlagsOfFindings(std::vector<TUOutcome> &Outcomes,
                         llvm::ArrayRef<std::vector<std::string>> CommandLines);

} // namespace uaccess

#endif
