//===--- OutputStage.cpp - The report, the fixes, the exit code -----------===//
//
// The output stage: the report in its format, to -o or standard output;
// the fixes exported, as patches, as a diff or applied; the summary and
// the exit code.
//
//===----------------------------------------------------------------------===//

#include "Stages.h"

#include "checks/CheckRegistry.h"
#include "fix/Fixes.h"
#include "fix/Patches.h"
#include "gate/Baseline.h"
#include "gate/ChangedLines.h"
#include "gate/Fingerprints.h"
#include "gate/LineFilter.h"
#include "gate/SuppressionComments.h"
#include "inputs/CommandAdjuster.h"
#include "inputs/Config.h"
#include "inputs/Inputs.h"
#include "inputs/Kbuild.h"
#include "inputs/Settings.h"
#include "report/CheckDocs.h"
#include "report/CodeQuality.h"
#include "report/Reporters.h"
#include "report/Sarif.h"
#include "run/Link.h"
#include "run/Merge.h"
#include "run/Prefilter.h"
#include "run/Progress.h"
#include "run/Results.h"
#include "run/Workers.h"
#include "support/Git.h"
#include "utils/GlobList.h"
#include "utils/WorkingDirectory.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <deque>
#include <map>
#include <set>

using namespace llvm;
using namespace clang::tooling;

namespace driver {

namespace {

/// The report, in the chosen format.
std::string renderReport(const Options &Opt,
                         const uaccess::MergedReport &Report,
                         const uaccess::RunSummary &Summary,
                         ArrayRef<CompileCommand> Runnable) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (Opt.DumpUses) {
    for (auto &[Key, Block] : Report.DumpBlocks)
      OS << Block;
  } else if (Opt.OutputFormat == ReportFormat::JSON) {
    uaccess::renderJSON(Report.Findings, Summary,
                        Report.Digests
                            ? *Report.Digests
                            : uaccess::digestFixedSources(Report.Findings),
                        uaccess::readFunctions(Report), OS);
  } else if (Opt.OutputFormat == ReportFormat::SARIF) {
    uaccess::renderSARIF(
        Report.Findings, Summary,
        {UACCESS_LINT_VERSION, sarifSourceRoot(Opt, Runnable, Summary)}, OS);
  } else if (Opt.OutputFormat == ReportFormat::CodeQuality) {
    uaccess::renderCodeQuality(Report.Findings,
                               sarifSourceRoot(Opt, Runnable, Summary), OS);
  } else {
    // NO_COLOR (no-color.org) turns the terminal's colors off; --use-color
    // still asks for them.
    const char *NoColor = std::getenv("NO_COLOR");
    bool Colors =
        Opt.ColorOutput || (Opt.OutputFile.empty() && !(NoColor && *NoColor) &&
                            sys::Process::StandardOutIsDisplayed());
    OS.enable_colors(Colors);
    uaccess::renderText(Report.Findings, OS, Colors,
                        /*ShowArches=*/Summary.Arches.size() > 1);
  }
  return Text;
}

/// Writes the report to -o or standard output; a report that could not be
/// written is a failed run (exit 2), never "findings" or "clean".
Error writeReport(const Options &Opt, StringRef Text) {
  if (Opt.OutputFile.empty()) {
    // Standard output is the diff's: `--fix-dry-run | git apply`.
    // As a compiler's, the build's findings go to its log on standard error.
    raw_fd_ostream &OS = Opt.FixDryRun || Opt.KbuildMode ? errs() : outs();
    OS << Text;
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      return createStringError("cannot write the report to standard output: " +
                               EC.message());
    }
    return Error::success();
  }
  // Replaced atomically, never half-written (see writeOutputFile()).
  return uaccess::writeOutputFile(Opt.OutputFile, Text);
}

uaccess::PatchOptions
patchOptions(const Options &Opt, ArrayRef<CompileCommand> TUs,
             const std::optional<uaccess::SourceDigests> &Digests) {
  uaccess::PatchOptions Options;
  Options.Per = Opt.PatchPer;
  Options.SourceRoot = Opt.SourceRoot;
  for (const CompileCommand &C : TUs)
    if (!llvm::is_contained(Options.DatabaseDirs, C.Directory))
      Options.DatabaseDirs.push_back(C.Directory);
  Options.Version = UACCESS_LINT_VERSION;
  Options.Sources = uaccess::analysedSources(Digests);
  return Options;
}

/// --patch-dir: the series, written after every patch is computed.
Error writePatches(const Options &Opt, const uaccess::MergedReport &Report,
                   ArrayRef<CompileCommand> TUs) {
  auto Series = uaccess::buildPatchSeries(
      Report.Findings, patchOptions(Opt, TUs, Report.Digests));
  if (!Series)
    return createStringError("patches not written: " +
                             toString(Series.takeError()));
  for (const std::string &Skipped : Series->Skipped)
    errs() << "uaccess-lint: warning: no patch for " << Skipped << "\n";
  if (Series->Patches.empty() && !Opt.ReplacePatches) {
    if (!Opt.Quiet)
      errs() << "uaccess-lint: no fix-its, no patches written\n";
    return Error::success();
  }
  if (!Series->HaveAuthor && !Series->Patches.empty())
    errs() << "uaccess-lint: warning: git config user.name or user.email "
              "is not set: the patches have no From: or Signed-off-by: "
              "line, and `git am` needs a From:\n";
  if (Error E =
          uaccess::writePatchSeries(*Series, Opt.PatchDir, Opt.ReplacePatches))
    return createStringError("patches not written: " + toString(std::move(E)));
  if (Opt.Quiet)
    return Error::success();
  if (Series->Patches.empty())
    errs() << "uaccess-lint: no fix-its: " << Opt.PatchDir
           << " holds no series\n";
  else
    errs() << "uaccess-lint: wrote " << Series->Patches.size()
           << " patch(es) to " << Opt.PatchDir << ", their paths relative to "
           << llvm::join(Series->Roots, ", ") << "\n";
  return Error::success();
}

/// --fix-dry-run: the diff on standard output, nothing written.
Error printFixDiff(const Options &Opt, const uaccess::MergedReport &Report,
                   ArrayRef<CompileCommand> TUs) {
  std::vector<std::string> Refused;
  auto Diff = uaccess::fixDiff(Report.Findings,
                               patchOptions(Opt, TUs, Report.Digests), Refused);
  for (const std::string &R : Refused)
    errs() << "uaccess-lint: error: fix for " << R << " refused\n";
  if (!Diff)
    return createStringError("no diff: " + toString(Diff.takeError()));
  outs() << *Diff;
  outs().flush();
  if (std::error_code EC = outs().error()) {
    outs().clear_error();
    return createStringError("cannot write the diff to standard output: " +
                             EC.message());
  }
  return Error::success();
}

/// --export-fixes, --patch-dir, --fix-dry-run and --fix.
Error writeFixes(const Options &Opt, const uaccess::MergedReport &Report,
                 ArrayRef<CompileCommand> TUs) {
  if (!Opt.ExportFixes.empty())
    if (Error E = uaccess::exportFixes(Report.Findings, Opt.ExportFixes))
      return E;
  if (!Opt.PatchDir.empty())
    if (Error E = writePatches(Opt, Report, TUs))
      return E;
  if (Opt.FixDryRun)
    return printFixDiff(Opt, Report, TUs);
  if (!Opt.Fix)
    return Error::success();
  uaccess::FixPlan Plan = uaccess::planFixes(
      Report.Findings, uaccess::analysedSources(Report.Digests));
  for (const auto &[F, Why] : Plan.Refused)
    errs() << "uaccess-lint: error: fix for " << F->Loc.File << ":"
           << F->Loc.Line << " [" << F->Check << "] refused: " << Why << "\n";
  if (Error E = uaccess::applyFixPlan(Plan))
    return createStringError("fixes not applied: " + toString(std::move(E)));
  if (!Opt.Quiet)
    errs() << "uaccess-lint: applied fixes of " << Plan.Accepted
           << " finding(s) to " << Plan.Edits.size() << " file(s)\n";
  return Error::success();
}

/// Who reads a file the run reads, for checkOutputsUnread().
struct FileReader {
  std::string Who;
  /// It is the Baseline of a config: --write-baseline may refresh it.
  bool ConfigBaseline = false;
};

/// The config files the run found and the Baselines they name, each with
/// who reads it.
std::map<std::string, FileReader>
configFilesRead(const uaccess::SettingsFinder &Finder) {
  std::map<std::string, FileReader> Read;
  for (const auto &S : Finder.all()) {
    if (!S->Origin.empty() && S->Origin != "--config")
      Read.try_emplace(uaccess::canonicalPath(absolutePath(S->Origin)),
                       FileReader{"the run reads as its config"});
    if (!S->Baseline.empty())
      Read.try_emplace(
          uaccess::canonicalPath(absolutePath(S->Baseline)),
          FileReader{"the run reads as the Baseline of '" + S->Origin + "'",
                     true});
  }
  return Read;
}

/// A file the run reads, which an output would replace: an #include of
/// "defs.inc", or the config found upward, named by -o. Nothing is
/// written then. A Baseline refreshed in place (--write-baseline) is read
/// before it is written, as checkOutputsApart() allows for --baseline.
Error checkOutputsUnread(const Options &Opt,
                         const uaccess::MergedReport &Report,
                         const uaccess::SettingsFinder &Finder) {
  std::map<std::string, FileReader> Read = configFilesRead(Finder);
  for (const auto &[Path, Who] : Report.ReadOutputs)
    Read.try_emplace(Path, FileReader{Who});
  for (const auto &[Path, What] : existingOutputs(Opt)) {
    auto It = Read.find(Path);
    if (It == Read.end() ||
        (What == "--write-baseline" && It->second.ConfigBaseline))
      continue;
    return createStringError(What + " would overwrite '" + Path + "', which " +
                             It->second.Who +
                             ": name a file of its own; no output was written");
  }
  return Error::success();
}

/// The exit code of a report: failed TUs, then findings at error level.
int exitCode(const Options &Opt, const uaccess::MergedReport &Report,
             const uaccess::RunSummary &Summary, bool Unused) {
  // In the build, as sparse: findings, and a file this tool could not
  // parse (Kbuild compiled it already), are in the log and the build goes
  // on, unless the user asks findings to stop it.
  if (Opt.KbuildMode && Opt.WarningsAsErrors.empty())
    return ExitClean;
  if (Summary.Failed)
    return ExitIncomplete;
  bool AnyError = llvm::any_of(Report.Findings, [](const uaccess::Finding &F) {
    return F.Level == uaccess::Severity::Error;
  });
  return !Opt.DumpUses && (AnyError || Unused) ? ExitErrors : ExitClean;
}

} // namespace

/// SARIF's %SRCROOT%: --source-root, else the git top-level of the first
/// source (named, or of the database), else the current directory.
std::string sarifSourceRoot(const Options &Opt,
                            ArrayRef<CompileCommand> Runnable,
                            const uaccess::RunSummary &Summary) {
  std::string First = !Opt.SourcePaths.empty() ? Opt.SourcePaths.front()
                      : !Runnable.empty()      ? Runnable.front().Filename
                      : !Summary.Failures.empty()
                          ? Summary.Failures.front().first
                          : "-";
  return uaccess::sourceRoot(First, Opt.SourceRoot);
}

Expected<int> outputStage(const Options &Opt, uaccess::MergedReport &Report,
                          const uaccess::RunSummary &Summary,
                          const RunnableTUs &TUs, bool Unused,
                          std::chrono::steady_clock::time_point Started) {
  // As a compiler prints them: by file and line, whatever the order the
  // TUs finished in or the checks ran in.
  uaccess::sortByLocation(Report.Findings);
  if (Opt.KbuildMode)
    uaccess::namePathsFrom(
        Report.Findings, currentDirectory(), Opt.SourcePaths.front(),
        uaccess::canonicalPath(absolutePath(Opt.SourcePaths.front())));

  if (Error E =
          writeReport(Opt, renderReport(Opt, Report, Summary, TUs.Commands)))
    return E;
  if (Error E = writeFixes(Opt, Report, TUs.Commands))
    return E;
  if (!Opt.Quiet && !Opt.DumpUses)
    uaccess::printSummary(errs(), Report.Findings, Summary,
                          secondsSince(Started));
  // Of every TU, parsed or not: the same count with and without the
  // prefilter.
  if (Summary.Failed)
    errs() << "uaccess-lint: " << Summary.Failed << " of "
           << Summary.Failed + Summary.Analyzed + Summary.Prefiltered
           << " translation units could not be analyzed\n";
  return exitCode(Opt, Report, Summary, Unused);
}

Expected<int> finishRun(const Options &Opt, uaccess::MergedReport &Report,
                        uaccess::RunSummary &Summary, const RunnableTUs &TUs,
                        const uaccess::SettingsFinder &Finder, const Gate &G,
                        std::chrono::steady_clock::time_point Started) {
  if (Error E = checkOutputsUnread(Opt, Report, Finder))
    return E;
  Expected<bool> Unused = gateStage(Opt, Report, Summary, TUs, Finder, G);
  if (!Unused)
    return Unused.takeError();
  return outputStage(Opt, Report, Summary, TUs, *Unused, Started);
}

} // namespace driver
