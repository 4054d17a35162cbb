//===--- UaccessLint.cpp - The uaccess-lint driver ------------------------===//
//
// main: the command line read once (CommandLine.h) into Options, then the
// mode dispatched: a run over TUs, `merge` of JSON reports, `report` over
// results folders, --kbuild's one file, a worker's job. The stages
// (Stages.h) do the work; workers do the analysis (runner/).
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Stages.h"

#include "run/Workers.h"
#include "utils/WorkingDirectory.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <deque>

using namespace llvm;
using namespace clang::tooling;

namespace driver {

void fail(const Twine &Message) {
  errs() << "uaccess-lint: error: " << Message << "\n";
  std::exit(uaccess::ExitUsage);
}

namespace {

/// `uaccess-lint merge A.json B.json ...`: one report from the shards'
/// JSON reports, through the outputs of a run (finishRun()), with the
/// command line's settings: the exit code a single run would have.
int mergeReports(const Options &Opt, const CommandLine &CL,
                 std::chrono::steady_clock::time_point Started) {
  exitOnError(checkAfterAnalysisOptions(Opt, "merge", CL.HaveDashDash));
  // The reports name no TU: what needs the TUs' files was done by the
  // runs that made them.
  exitOnError(checkMergeOptions(Opt));
  uaccess::SettingsFinder Finder(exitOnError(settingsOverrides(Opt)));
  const uaccess::Settings &Settings = *exitOnError(Finder.withoutConfigFile());
  Gate G;
  G.Lines = exitOnError(checkArguments(Opt));
  G.Promoted = exitOnError(promotedChecks(Opt));
  G.Accepted = exitOnError(readBaselines(Finder));
  G.FromReports = true;
  uaccess::RunSummary Summary;
  uaccess::MergedReport Report =
      exitOnError(readReports(Opt, Settings.Index, Summary));
  exitOnError(checkMergedSelection(Opt, G, Summary));
  return exitOnError(
      finishRun(Opt, Report, Summary, RunnableTUs(), Finder, G, Started));
}

/// A run over TUs: the database's (or the command line's after '--'), or
/// with \p Report, the records of results folders.
int runOverTUs(Options &Opt, const CommandLine &CL, bool Report,
               const char *Argv0,
               std::chrono::steady_clock::time_point Started) {
  uaccess::SettingsFinder Finder(exitOnError(settingsOverrides(Opt)));
  // The command line's own values (and --config's), checked before
  // anything else; each config file's when a TU needs it.
  exitOnError(Finder.withoutConfigFile());
  if (Opt.KbuildMode)
    exitOnError(checkKbuildOptions(Opt));
  if (Report)
    exitOnError(checkAfterAnalysisOptions(Opt, "report", CL.HaveDashDash));
  if (exitOnError(listConfiguration(Opt, Finder)))
    return ExitClean;
  exitOnError(resolveResultsDir(Opt, std::getenv("UACCESS_LINT_RESULTS_DIR")));
  Gate G;
  G.Lines = exitOnError(checkArguments(Opt));
  // The build's flags are not typed: what clang 19 lacks is dropped.
  if (!Opt.KbuildMode)
    exitOnError(checkCompilerArguments(Opt, CL));
  G.Promoted = exitOnError(promotedChecks(Opt));
  std::optional<Patch> ThePatch = exitOnError(readPatch(Opt));
  uaccess::RunSummary Summary;
  std::vector<CompileCommand> Program;
  uaccess::WorkerOptions Workers = workerOptions(Opt, Argv0);
  if (Report) {
    RunnableTUs TUs;
    std::vector<uaccess::ResultRecord> Records =
        exitOnError(readResultRecords(Opt));
    uaccess::MergedReport Merged = exitOnError(
        reportFolders(Opt, std::move(Records), Finder, Workers, TUs, Summary));
    Merged.ReadOutputs.merge(outputsReadByRecords(Opt, TUs, Workers.Jobs));
    G.Changed = exitOnError(
        resolvePatch(std::move(ThePatch), TUs.Commands, Program, Opt.Quiet));
    G.Accepted = exitOnError(readBaselines(Finder));
    return exitOnError(
        finishRun(Opt, Merged, Summary, TUs, Finder, G, Started));
  }
  RunnableTUs TUs = exitOnError(selectStage(Opt, CL, Finder, Summary, Program));
  G.Changed = exitOnError(
      resolvePatch(std::move(ThePatch), TUs.Commands, Program, Opt.Quiet));
  G.Accepted = exitOnError(readBaselines(Finder));
  // A dry run: which TUs a run would parse, and why. (--exhaustive and
  // --dump-uaccess parse every TU: there is no choice to explain.)
  if (Opt.ExplainPrefilter && !Opt.Exhaustive && !Opt.DumpUses)
    return exitOnError(explainPrefilter(Opt, TUs, Workers.Jobs, G.Changed));
  AnalyzedTUs Analyzed = analyze(Opt, TUs, Finder, Workers, G.Changed, Summary);
  if (!Opt.ResultsDir.empty())
    exitOnError(recordResults(Opt, TUs, Finder, Analyzed, Summary));
  std::vector<uaccess::EarlyAnswer> Early;
  uaccess::MergedReport Merged =
      mergeAnalyzed(std::move(Analyzed), Summary, Early);
  // Flags after '--' without -p: only the named files are known.
  link(Opt, Merged, Program, Workers, TUs,
       !Opt.BuildPath.empty() || !CL.HaveDashDash, Early, Summary);
  return exitOnError(finishRun(Opt, Merged, Summary, TUs, Finder, G, Started));
}

} // namespace
} // namespace driver

/// The command \p CL names, run.
static int dispatch(uaccess::CommandLine CL, const char *Argv0,
                    std::chrono::steady_clock::time_point Started) {
  using namespace driver;
  StringRef Command = CL.Own.size() > 1 ? CL.Own[1] : "";
  bool Merge = Command == "merge", Report = Command == "report";
  if (Merge || Report)
    CL.Own.erase(CL.Own.begin() + 1);
  if (!uaccess::parseCommandLine(CL))
    return uaccess::ExitUsage;
  Options Opt = uaccess::readOptions();
  if (Merge)
    return mergeReports(Opt, CL, Started);
  if (Opt.ShortHelp) {
    uaccess::printHelp();
    return uaccess::ExitClean;
  }
  if (!Opt.Explain.empty())
    return exitOnError(explainCheck(Opt));
  if (!Opt.WorkerJob.empty())
    return uaccess::runWorkerJob(Opt.WorkerJob);
  uaccess::endDriverOnStopSignals();
  return runOverTUs(Opt, CL, Report, Argv0, Started);
}

/// \p Code, unless standard output or standard error could not be
/// written (a full disk, /dev/full): then the run failed (exit 2), never
/// "findings" or "clean". Left to them, the streams would end the process
/// with LLVM's "IO failure" and exit 1, the findings' code.
static int exitWritten(int Code) {
  outs().flush();
  bool OutFailed = outs().has_error(), ErrFailed = errs().has_error();
  if (!OutFailed && !ErrFailed)
    return Code;
  outs().clear_error();
  errs().clear_error();
  if (!ErrFailed)
    errs() << "uaccess-lint: error: standard output could not be written\n";
  return uaccess::ExitUsage;
}

int main(int argc, const char **argv) {
  auto Started = std::chrono::steady_clock::now();
  std::vector<int> Ignored = uaccess::ignoredInterrupts();
  InitLLVM X(argc, argv);
  uaccess::keepIgnoredInterrupts(Ignored);
  std::deque<std::string> KbuildArgs;
  uaccess::CommandLine CL =
      argc > 1 && StringRef(argv[1]) == "--kbuild"
          ? driver::exitOnError(
                uaccess::kbuildCommandLine(argc, argv, KbuildArgs))
          : uaccess::splitDashDash(argc, argv);
  return exitWritten(dispatch(std::move(CL), argv[0], Started));
}
