//===--- Stages.h - The driver's stages -------------------------*- C++ -*-===//
//
// main (UaccessLint.cpp) runs the stages in order: select the TUs and
// their settings, analyze them (or read `report`'s records), gate the
// findings, write the outputs. Each stage reads the Options it is handed,
// never the command line, and returns a usage or input error as an
// llvm::Error, which main ends the run on with exit code 2 (exitOnError()).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_STAGES_H
#define UACCESS_LINT_TOOL_STAGES_H

#include "Options.h"
#include "gate/Baseline.h"
#include "gate/ChangedLines.h"
#include "gate/LineFilter.h"
#include "inputs/Settings.h"
#include "run/Link.h"
#include "run/Merge.h"
#include "run/Results.h"
#include "run/Workers.h"
#include "support/RunSummary.h"
#include "utils/GlobList.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driver {

using clang::tooling::CompileCommand;
using llvm::ArrayRef;
using llvm::Expected;
using llvm::StringRef;
using uaccess::CommandLine;
using uaccess::ExitClean;
using uaccess::ExitErrors;
using uaccess::ExitIncomplete;
using uaccess::ExitUsage;
using uaccess::Options;
using uaccess::parseLineFilter;
using uaccess::parseShard;
using uaccess::ReportFormat;

/// Ends the run on a usage or input error: "uaccess-lint: error: ...",
/// exit code 2.
[[noreturn]] void fail(const llvm::Twine &Message);

/// fail() with \p E's message, if it is an error.
inline void exitOnError(llvm::Error E) {
  if (E)
    fail(llvm::toString(std::move(E)));
}

/// \p V's value; fail() with its message if it is an error.
template <typename T> T exitOnError(Expected<T> V) {
  if (!V)
    fail(llvm::toString(V.takeError()));
  return std::move(*V);
}

/// The TUs to analyze, each with the settings of the config nearest its
/// main file (README, "Config file").
struct RunnableTUs {
  std::vector<CompileCommand> Commands;
  /// One per command: the Settings::Index of its settings.
  std::vector<unsigned> SettingsOf;
};

/// A TU to parse: its position, and the bodies it can skip.
using ChosenTU = std::pair<size_t, std::vector<std::string>>;

/// The patch of --diff, parsed before any TU runs: a patch that is binary
/// or names no file would make the gate pass on nothing. An empty one (no
/// change on the branch) is an ordinary CI event: nothing to check.
struct Patch {
  uaccess::ChangedLines Lines;
  /// Its paths are git's, from the top level of the work tree.
  bool FromGit = false;
  /// The tool ran `git diff REV` for it: its paths can be nothing else.
  bool FromRev = false;
};

/// What a run accepts and filters, read before any TU runs.
struct Gate {
  std::optional<uaccess::ChangedLines> Changed;
  uaccess::Baselines Accepted;
  std::optional<uaccess::GlobList> Promoted;
  /// --line-filter, parsed once (checkArguments()).
  std::optional<uaccess::LineFilter> Lines;
  /// `merge`: the findings are JSON reports' (acceptFindings()).
  bool FromReports = false;
};

//===----------------------------------------------------------------------===//
// SelectStage.cpp: the TUs to run and their settings.
//===----------------------------------------------------------------------===//

/// The current directory as findings name files: its real path.
std::string currentDirectory();

/// The files the run's outputs (-o, --export-fixes, --write-baseline) would
/// replace, canonical, each with its option: a TU must not read one
/// (RunOptions::GuardedOutputs, checked by the output stage).
std::vector<std::pair<std::string, std::string>>
existingOutputs(const Options &Opt);

/// What the command line says of the settings each config gives (README,
/// "Config file").
Expected<uaccess::SettingsOverrides> settingsOverrides(const Options &Opt);

/// --explain=<check>: its page, as SARIF's rule help has it.
Expected<int> explainCheck(const Options &Opt);

/// --list-checks and --dump-config; true when one of them ran. They show
/// the settings of the first source named, or of the current directory
/// (clang-tidy's show the config of the file named).
Expected<bool> listConfiguration(const Options &Opt,
                                 uaccess::SettingsFinder &Finder);

std::string absolutePath(StringRef Path);

/// Output paths and the header filter are checked before the analysis, not
/// after a long run.
Expected<std::optional<uaccess::LineFilter>> checkArguments(const Options &Opt);

/// The compiler arguments the user typed (after '--', --extra-arg and
/// --extra-arg-before): one clang 19 does not know is a typo to report
/// before any TU runs, where a database's flags are dropped.
llvm::Error checkCompilerArguments(const Options &Opt, const CommandLine &CL);

/// Each TU's settings, resolved (and so checked) before any TU runs.
Expected<RunnableTUs> assignSettings(std::vector<CompileCommand> Commands,
                                     uaccess::SettingsFinder &Finder);

/// The select stage: the TUs to run (the database's, or the sources
/// named), their commands adjusted, each with its settings; an empty
/// selection is an error, not a clean run. \p Program: every C TU of the
/// database, adjusted, where the link step looks for callers (the runnable
/// ones when the database is the command line's).
Expected<RunnableTUs> selectStage(const Options &Opt, const CommandLine &CL,
                                  uaccess::SettingsFinder &Finder,
                                  uaccess::RunSummary &Summary,
                                  std::vector<CompileCommand> &Program);

//===----------------------------------------------------------------------===//
// AnalyzeStage.cpp: the TUs parsed, merged and linked.
//===----------------------------------------------------------------------===//

uaccess::WorkerOptions workerOptions(const Options &Opt, const char *Argv0);

double secondsSince(std::chrono::steady_clock::time_point Start);

/// What the workers made of the TUs the prefilter kept (analyze()).
struct AnalyzedTUs {
  /// The TUs parsed (indexes into RunnableTUs::Commands, bodies skipped),
  /// their commands, and their outcomes, in one order.
  std::vector<ChosenTU> Chosen;
  std::vector<CompileCommand> Commands;
  std::vector<uaccess::TUOutcome> Outcomes;
  /// The run's outputs that the TUs the prefilter scanned read.
  std::map<std::string, std::string> ReadOutputs;
  /// RunSummary::Failures before the run: those after are the workers'.
  size_t EarlierFailures = 0;
};

/// Runs the workers over the TUs the prefilter keeps, each with its
/// settings' options, with progress.
AnalyzedTUs analyze(const Options &Opt, const RunnableTUs &TUs,
                    const uaccess::SettingsFinder &Finder,
                    uaccess::WorkerOptions Workers,
                    const std::optional<uaccess::ChangedLines> &Changed,
                    uaccess::RunSummary &Summary);

/// --results-dir: each TU's record, the ones the prefilter skipped too (the
/// link step of `report` may ask them for their calls), written before the
/// outcomes are merged.
llvm::Error recordResults(const Options &Opt, const RunnableTUs &TUs,
                          const uaccess::SettingsFinder &Finder,
                          const AnalyzedTUs &Analyzed,
                          const uaccess::RunSummary &Summary);

/// The outcomes merged into one report, with the answers the link step
/// can take from them (\p Early); the workers' failures are listed.
uaccess::MergedReport mergeAnalyzed(AnalyzedTUs Analyzed,
                                    uaccess::RunSummary &Summary,
                                    std::vector<uaccess::EarlyAnswer> &Early);

/// --explain-prefilter: the prefilter's choice for each TU, and why, on
/// standard error; nothing is parsed. Returns the exit code.
Expected<int>
explainPrefilter(const Options &Opt, const RunnableTUs &TUs, unsigned Jobs,
                 const std::optional<uaccess::ChangedLines> &Changed);

/// `merge`: the JSON reports named (Opt.SourcePaths) read into one, their
/// findings under the settings \p SettingsIndex, their TUs counted in
/// \p Summary. No report named, one named twice (its TUs would count
/// twice), or one that is not a report, is an error.
Expected<uaccess::MergedReport> readReports(const Options &Opt,
                                            unsigned SettingsIndex,
                                            uaccess::RunSummary &Summary);

/// `report`: the run's outputs that exist and that it reads: a file in a
/// results folder, or one a recorded TU includes (from the build's
/// records, else the prefilter's scan), each with who reads it.
std::map<std::string, std::string>
outputsReadByRecords(const Options &Opt, const RunnableTUs &TUs, unsigned Jobs);

/// The link step, counted in \p Summary.
void link(const Options &Opt, uaccess::MergedReport &Report,
          const std::vector<CompileCommand> &Program,
          const uaccess::WorkerOptions &Workers, const RunnableTUs &TUs,
          bool FromDatabase, ArrayRef<uaccess::EarlyAnswer> Early,
          uaccess::RunSummary &Summary);

/// `report`'s folders: every record, its TUs' settings resolved.
Expected<std::vector<uaccess::ResultRecord>> readResultRecords(Options &Opt);

/// `report`: each folder's records merged and linked as the run of its
/// build would (its TUs are the program its findings' callers are looked
/// for in), then the folders' findings merged as `merge` merges reports.
/// \p TUs: every record's TU, for the outputs.
Expected<uaccess::MergedReport>
reportFolders(const Options &Opt, std::vector<uaccess::ResultRecord> Records,
              uaccess::SettingsFinder &Finder,
              const uaccess::WorkerOptions &Workers, RunnableTUs &TUs,
              uaccess::RunSummary &Summary);

//===----------------------------------------------------------------------===//
// GateStage.cpp: which findings pass.
//===----------------------------------------------------------------------===//

/// Warnings of the checks \p Promoted matches become errors.
void promoteWarnings(std::vector<uaccess::Finding> &Findings,
                     const std::optional<uaccess::GlobList> &Promoted);

/// The patch of --diff (a file, '-', or a git revision's), read before any
/// TU runs; none without --diff.
Expected<std::optional<Patch>> readPatch(const Options &Opt);

/// The patch's changed lines, its relative paths resolved exactly (never
/// matched as suffixes); a note for each C source of it that no entry of
/// \p Database (every TU, all shards; else \p TUs) compiles.
Expected<std::optional<uaccess::ChangedLines>>
resolvePatch(std::optional<Patch> P, ArrayRef<CompileCommand> TUs,
             ArrayRef<CompileCommand> Database, bool Quiet);

/// --line-filter's names, resolved against the TUs' folders and the
/// findings' files. A line filter that names no file of the run is an
/// input error: it would pass any run.
llvm::Error resolveLineFilter(std::optional<uaccess::LineFilter> &Lines,
                              ArrayRef<uaccess::Finding> Findings,
                              ArrayRef<CompileCommand> TUs);

/// The findings --diff and --line-filter (resolved) select; the others are
/// counted.
void keepSelectedLines(std::vector<uaccess::Finding> &Findings,
                       const std::optional<uaccess::ChangedLines> &Changed,
                       const std::optional<uaccess::LineFilter> &Lines,
                       uaccess::RunSummary &Summary);

/// `merge`: --write-baseline from reports that hold only what a gate
/// selected (RunSummary::SelectedBy), and --line-filter with a baseline
/// (the reports' fingerprints number identical findings in file order,
/// not those a filter selects last), are input errors.
llvm::Error checkMergedSelection(const Options &Opt, const Gate &G,
                                 const uaccess::RunSummary &Summary);

/// The baselines of the settings (--baseline, or each config's Baseline),
/// read before any TU runs.
Expected<uaccess::Baselines>
readBaselines(const uaccess::SettingsFinder &Finder);

/// What a tree has accepted goes (README, "Accepting findings"):
/// suppression comments and the header filters apply, each finding left
/// gets its fingerprint, --write-baseline records them and the baselines
/// drop what they record. True when unused suppressions fail the run.
/// \p FromReports: the findings are merged JSON reports', which the runs
/// that made them fingerprinted, suppressed and filtered by header.
/// \p Selected: the findings the gate keeps, numbered last among
/// identical ones (assignFingerprints()).
Expected<bool>
acceptFindings(const Options &Opt, std::vector<uaccess::Finding> &Findings,
               const RunnableTUs &TUs, const uaccess::RunSummary &Summary,
               const uaccess::SettingsFinder &Finder,
               const uaccess::Baselines &Accepted, bool FromReports,
               llvm::function_ref<bool(const uaccess::Finding &)> Selected);

/// A finding of a check its TUs' settings do not enable goes: `report`
/// over records of a build that ran more checks than asked now.
void keepEnabledChecks(std::vector<uaccess::Finding> &Findings,
                       const uaccess::SettingsFinder &Finder);

/// A check's Severity option set now (a config file's, --check-option)
/// gives its findings their level: `report` over records made with another.
/// In a run that parsed its TUs the checks gave them that level already.
void applySeverityOptions(std::vector<uaccess::Finding> &Findings,
                          const uaccess::SettingsFinder &Finder);

/// The gate stage: the findings of checks enabled now, at the levels their
/// settings give; then those the tree accepts (acceptFindings()), and those
/// --diff and --line-filter select; warnings --warnings-as-errors names
/// made errors. True when unused suppressions fail the run.
Expected<bool> gateStage(const Options &Opt, uaccess::MergedReport &Report,
                         uaccess::RunSummary &Summary, const RunnableTUs &TUs,
                         const uaccess::SettingsFinder &Finder, const Gate &G);

//===----------------------------------------------------------------------===//
// OutputStage.cpp: the report, the fixes, the exit code.
//===----------------------------------------------------------------------===//

/// SARIF's %SRCROOT%: --source-root, else the git top-level of the first
/// source (named, or of the database), else the current directory.
std::string sarifSourceRoot(const Options &Opt,
                            ArrayRef<CompileCommand> Runnable,
                            const uaccess::RunSummary &Summary);

/// The output stage: the gated findings sorted, the report written, the
/// fixes exported or applied, the summary; the exit code. \p Unused:
/// unused suppressions fail the run.
Expected<int> outputStage(const Options &Opt, uaccess::MergedReport &Report,
                          const uaccess::RunSummary &Summary,
                          const RunnableTUs &TUs, bool Unused,
                          std::chrono::steady_clock::time_point Started);

/// gateStage() then outputStage(), from the merged, linked findings to
/// every output and the exit code:
/// one path for a run that parsed its TUs and for `report` over records.
Expected<int> finishRun(const Options &Opt, uaccess::MergedReport &Report,
                        uaccess::RunSummary &Summary, const RunnableTUs &TUs,
                        const uaccess::SettingsFinder &Finder, const Gate &G,
                        std::chrono::steady_clock::time_point Started);
} // namespace driver

#endif
