//===--- Options.h - The command line, read once ----------------*- C++ -*-===//
//
// Every option of the command line (CommandLine.cpp declares them for
// llvm::cl) read once into one value that the stages are handed; nothing
// below main reads llvm::cl. What can be told wrong from the options alone
// is checked here, with the messages a usage error prints (exit 2).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_OPTIONS_H
#define UACCESS_LINT_TOOL_OPTIONS_H

#include "fix/Patches.h"
#include "gate/LineFilter.h"
#include "run/IncludeScan.h"
#include "utils/GlobList.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace uaccess {

/// Distinct, and in this order of precedence: a usage or input error stops
/// the run (2); failed TUs (3) outrank findings at error level (1).
enum ExitCode {
  ExitClean = 0,
  ExitErrors = 1,
  ExitUsage = 2,
  ExitIncomplete = 3,
};

enum class ReportFormat { Text, JSON, SARIF, CodeQuality };

/// The arguments, with the '-- extra args' split off before llvm::cl sees
/// the rest.
struct CommandLine {
  std::vector<const char *> Own;
  std::vector<std::string> ExtraArgs;
  bool HaveDashDash = false;
};

/// The command line's options (see their --help in CommandLine.cpp). An
/// optional is set when the option was given.
struct Options {
  std::vector<std::string> SourcePaths;
  /// `report`: the results folders it reads (SourcePaths, moved here by
  /// readResultRecords()).
  std::vector<std::string> ResultFolders;
  std::string BuildPath;
  std::optional<std::string> Checks;
  std::string WarningsAsErrors;
  bool ListChecks = false;
  std::string Explain;
  unsigned Jobs = 0;
  ReportFormat OutputFormat = ReportFormat::Text;
  std::string OutputFile;
  unsigned Timeout = 300;
  bool DumpUses = false;
  std::vector<std::string> SafeCallees;
  std::string SafeCalleesFile;
  std::vector<std::string> CheckOptionArgs;
  bool DumpConfig = false;
  std::optional<unsigned> MinAccesses;
  std::optional<unsigned> AccessOkStatements;
  std::optional<unsigned> AccessOkLines;
  std::optional<unsigned> AccessOkCallerDepth;
  std::string DiffFile;
  bool Fix = false;
  bool FixDryRun = false;
  std::string PatchDir;
  uaccess::PatchPer PatchPer = uaccess::PatchPer::Finding;
  bool PatchPerGiven = false;
  bool ReplacePatches = false;
  std::string ExportFixes;
  std::string ConfigFile;
  std::string InlineConfig;
  std::string BaselineFile;
  std::string WriteBaseline;
  std::string SourceRoot;
  bool ReportUnusedSuppressions = false;
  bool ColorOutput = false;
  std::vector<std::string> ExtraArgOpts;
  std::vector<std::string> ExtraArgBeforeOpts;
  std::optional<std::string> HeaderFilter;
  std::string ExcludeHeaderFilter;
  std::string LineFilterJSON;
  bool Quiet = false;
  bool Exhaustive = false;
  bool SkipBodies = false;
  bool SkipBodiesGiven = false;
  IncludeScanner PrefilterScanner = IncludeScanner::DependencyScan;
  bool NoBuildRecords = false;
  /// --scan-cache: the scan cache's folder in --kbuild mode; empty: the
  /// default, `<command folder>/.uaccess-lint-cache`; "none": no cache.
  std::string ScanCache;
  bool ExplainPrefilter = false;
  std::string Shard;
  bool ShowProgress = false;
  bool KbuildMode = false;
  std::string ResultsDir;
  bool ShortHelp = false;
  std::string WorkerJob;
  std::string DebugCrashOn;
  std::string DebugHangOn;
};

/// A mode that runs one file per call (--kbuild) or none (merge, report)
/// refuses the options it cannot honour, by name: the first set one.
llvm::Error
refuseOptions(llvm::StringRef Mode,
              llvm::ArrayRef<std::pair<bool, llvm::StringRef>> Given);

/// Kbuild runs one call per file, several at once (make -j): an option
/// that writes one shared file, or reads a database, is refused; the
/// summary line would repeat for every file of the build, so --kbuild is
/// quiet.
llvm::Error checkKbuildOptions(Options &O);

/// `merge` and `report` start from findings made: what selects, parses or
/// adjusts TUs, or tunes the analysis, does not apply. \p HaveDashDash:
/// compiler arguments followed '--'.
llvm::Error checkAfterAnalysisOptions(const Options &O, llvm::StringRef Mode,
                                      bool HaveDashDash);

/// `merge`: what needs the TUs' files was done by the runs that made the
/// reports.
llvm::Error checkMergeOptions(const Options &O);

/// --results-dir is a build's record, not a gate's (--diff); without it,
/// \p Env ($UACCESS_LINT_RESULTS_DIR) names the folder, unless --diff.
llvm::Error resolveResultsDir(Options &O, const char *Env);

/// --config and --config-file: one of them at most.
llvm::Error checkConfigOptions(const Options &O);

/// --warnings-as-errors: none when not given; unknown checks are errors.
llvm::Expected<std::optional<GlobList>> promotedChecks(const Options &O);

/// --check-option and the older per-option flags, in the order they win;
/// a malformed argument is an error (bad keys and values are found when
/// the settings are resolved).
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
checkOptionOverrides(const Options &O);

/// --shard=K/N as (K-1, N).
llvm::Expected<std::pair<unsigned, unsigned>> parseShard(llvm::StringRef Shard);

/// --line-filter: none when not given or `[]`.
llvm::Expected<std::optional<LineFilter>> parseLineFilter(llvm::StringRef JSON);

} // namespace uaccess

#endif
