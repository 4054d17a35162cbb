//===--- AnalyzeStage.cpp - The TUs parsed, merged and linked -------------===//
//
// The analyze stage: the prefilter's choice, the workers over the TUs it
// keeps, their outcomes merged, the results folder's records written, and
// the link step; and `report`'s records read back, merged and linked as
// the run of each build would.
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
#include "utils/FileIdentity.h"
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

/// The files of existingOutputs(), as the workers and the scan look them
/// up (uaccess::FileIdentities).
std::vector<std::string> existingOutputPaths(const Options &Opt) {
  std::vector<std::string> Paths;
  for (auto &[Path, What] : existingOutputs(Opt))
    Paths.push_back(std::move(Path));
  return Paths;
}

/// What a worker runs for the TUs of settings \p S.
uaccess::RunOptions runOptions(const Options &Opt, const uaccess::Settings &S) {
  uaccess::RunOptions Run;
  // A dump shows recognition only; the checks do not run.
  Run.ChecksSpec = Opt.DumpUses ? "-*" : S.Checks;
  Run.DumpUses = Opt.DumpUses;
  Run.CheckOptions = S.Options;
  Run.SafeCallees = S.Safe;
  Run.GuardedOutputs = existingOutputPaths(Opt);
  return Run;
}

/// --explain-prefilter's line for one TU: parsed or not, why, and which
/// bodies a parse skips.
void explainChoice(StringRef File, const uaccess::PrefilterResult &Choice,
                   size_t I) {
  errs() << "uaccess-lint: prefilter: " << File << ": "
         << (Choice.Analyze[I] ? "parsed: " : "skipped")
         << (!Choice.Analyze[I] && !Choice.Why[I].empty() ? ": " : "")
         << Choice.Why[I];
  const std::vector<std::string> &Bodies = Choice.SkippableBodies[I];
  if (!Bodies.empty())
    errs() << "; skips the bodies of " << llvm::join(Bodies, ", ");
  if (!Choice.IncludesFrom[I].empty())
    errs() << "; includes " << Choice.IncludesFrom[I];
  if (!Choice.ScanCache[I].empty())
    errs() << "; scan cache " << Choice.ScanCache[I];
  errs() << "\n";
}

/// The run's outputs that a TU reads, by the prefilter's scan: the TUs it
/// does not parse read them too.
std::map<std::string, std::string>
outputsScanned(const Options &Opt, const RunnableTUs &TUs,
               const uaccess::PrefilterResult &Choice) {
  uaccess::FileIdentities Outputs(existingOutputPaths(Opt));
  std::map<std::string, std::string> Read;
  for (const auto &[File, Reader] : Choice.FilesRead)
    if (const std::string *Output = Outputs.find(File))
      Read.try_emplace(*Output,
                       "the TU '" + TUs.Commands[Reader].Filename + "' reads");
  return Read;
}

/// The version, and this binary's size and time: a build that changes
/// what the scans mean makes the scan cache's files stale, though the
/// version and the files' format stay (a bump by hand is forgotten).
std::string toolIdentity() {
  std::string Id = UACCESS_LINT_VERSION;
  std::string Self = sys::fs::getMainExecutable(nullptr, (void *)&fail);
  sys::fs::file_status Status;
  if (!Self.empty() && !sys::fs::status(Self, Status))
    Id += formatv(" {0}/{1}", Status.getSize(),
                  Status.getLastModificationTime().time_since_epoch().count())
              .str();
  return Id;
}

/// The prefilter's choice for each of \p TUs.
uaccess::PrefilterResult
choose(const Options &Opt, const RunnableTUs &TUs, unsigned NumJobs,
       const std::optional<uaccess::ChangedLines> &Changed) {
  auto Touched = [&](StringRef File) { return Changed->touchesFile(File); };
  // A header's findings depend on the settings: the TUs of each settings
  // cover the headers they include for themselves.
  uaccess::BuildRecords Records;
  uaccess::PrefilterSettings Settings;
  Settings.Jobs = NumJobs;
  Settings.Scanner = Opt.PrefilterScanner;
  if (Changed)
    Settings.Touched = Touched;
  Settings.FindSkippable = Opt.SkipBodies;
  Settings.Records = Opt.NoBuildRecords ? nullptr : &Records;
  Settings.CoverHeaders = !Opt.KbuildMode;
  // Kbuild's checker: one TU per call, most of them naming no API.
  if (Opt.KbuildMode && Opt.ScanCache != "none")
    Settings.ScanCache =
        uaccess::ScanCacheSettings{Opt.ScanCache, toolIdentity(), NumJobs};
  return uaccess::prefilterGroups(TUs.Commands, TUs.SettingsOf, Settings);
}

/// The TUs that can have findings (all of them, skipping nothing, with
/// --exhaustive or --dump-uaccess); the others are counted as prefiltered.
/// \p ReadOutputs: the run's outputs the TUs read (outputsScanned()).
std::vector<ChosenTU>
prefilter(const Options &Opt, const RunnableTUs &TUs, unsigned NumJobs,
          const std::optional<uaccess::ChangedLines> &Changed,
          uaccess::RunSummary &Summary,
          std::map<std::string, std::string> &ReadOutputs) {
  const std::vector<CompileCommand> &All = TUs.Commands;
  std::vector<ChosenTU> Chosen;
  if (Opt.Exhaustive || Opt.DumpUses) {
    for (size_t I = 0; I < All.size(); ++I)
      Chosen.emplace_back(I, std::vector<std::string>());
    return Chosen;
  }
  uaccess::PrefilterResult Choice = choose(Opt, TUs, NumJobs, Changed);
  for (size_t I = 0; I < All.size(); ++I)
    if (Choice.Analyze[I])
      Chosen.emplace_back(I, std::move(Choice.SkippableBodies[I]));
  ReadOutputs = outputsScanned(Opt, TUs, Choice);
  Summary.Prefiltered += Choice.Skipped;
  for (size_t I = 0; I < All.size(); ++I)
    if (!Choice.Unparsable[I].empty()) {
      ++Summary.Failed;
      Summary.Failures.push_back(
          {All[I].Filename,
           "not parsed, its include scan failed: " + Choice.Unparsable[I]});
    }
  return Chosen;
}

/// On a terminal one line updated in place; --progress: plain lines.
uaccess::ProgressMeter::Mode progressMode(const Options &Opt) {
  if (Opt.DumpUses)
    return uaccess::ProgressMeter::Mode::Off;
  if (!Opt.Quiet && sys::Process::StandardErrIsDisplayed())
    return uaccess::ProgressMeter::Mode::Terminal;
  return Opt.ShowProgress ? uaccess::ProgressMeter::Mode::Plain
                          : uaccess::ProgressMeter::Mode::Off;
}

} // namespace

namespace {
/// The text of each file \p R names, as the analysis read it: one changed
/// since the program was loaded gets "", and the record is stale.
void digestNamedFiles(uaccess::ResultRecord &R) {
  for (const std::string &Path : uaccess::namedFiles(R)) {
    Expected<std::string> Text =
        uaccess::readAsAnalysed(Path, uaccess::analysedSources(std::nullopt));
    if (!Text)
      consumeError(Text.takeError());
    R.Sources[Path] = Text ? uaccess::sourceDigest(*Text) : "";
  }
}
} // namespace

Error recordResults(const Options &Opt, const RunnableTUs &TUs,
                    const uaccess::SettingsFinder &Finder,
                    const AnalyzedTUs &Analyzed,
                    const uaccess::RunSummary &Summary) {
  const std::vector<CompileCommand> &All = TUs.Commands;
  const std::vector<ChosenTU> &Chosen = Analyzed.Chosen;
  const std::vector<uaccess::TUOutcome> &Outcomes = Analyzed.Outcomes;
  std::map<std::string, std::string> NotScanned(Summary.Failures.begin(),
                                                Summary.Failures.end());
  // `report` runs elsewhere: a command's folder ('.' for Kbuild's) must
  // name the same folder there.
  auto RecordOf = [&](size_t I) {
    uaccess::ResultRecord R;
    R.Command = All[I];
    R.Command.Directory = absolutePath(All[I].Directory);
    R.Checks = Finder.all()[TUs.SettingsOf[I]]->Checks;
    return R;
  };
  std::vector<bool> Parsed(All.size());
  for (size_t K = 0; K < Chosen.size(); ++K) {
    Parsed[Chosen[K].first] = true;
    uaccess::ResultRecord Record = RecordOf(Chosen[K].first);
    Record.Status = Outcomes[K].Status == uaccess::TUStatus::Analyzed
                        ? uaccess::ResultStatus::Analyzed
                        : uaccess::ResultStatus::Failed;
    Record.Reason = Outcomes[K].Reason;
    Record.Report = Outcomes[K].Report;
    digestNamedFiles(Record);
    if (Error E = uaccess::writeResult(Opt.ResultsDir, Record))
      return E;
  }
  for (size_t I = 0; I < All.size(); ++I) {
    if (Parsed[I])
      continue;
    uaccess::ResultRecord Record = RecordOf(I);
    Record.Status = uaccess::ResultStatus::Prefiltered;
    auto Failure = NotScanned.find(All[I].Filename);
    if (Failure != NotScanned.end()) {
      Record.Status = uaccess::ResultStatus::Failed;
      Record.Reason = Failure->second;
    }
    digestNamedFiles(Record);
    if (Error E = uaccess::writeResult(Opt.ResultsDir, Record))
      return E;
  }
  return Error::success();
}

namespace {

/// What sets one compile command of a file apart from another: its flags,
/// without the compiler, the file, and the object it writes.
std::vector<std::string> distinctFlags(const CompileCommand &C) {
  // Options whose value is the next argument: "-I dir" is one flag.
  static const StringRef Separate[] = {
      "-I",       "-D",      "-U",         "-include", "-imacros",
      "-isystem", "-iquote", "-idirafter", "-x",       "-target",
      "-Xclang",  "-MF",     "-MT",        "-MQ"};
  std::vector<std::string> Flags;
  for (size_t I = 1; I < C.CommandLine.size(); ++I) {
    StringRef Arg = C.CommandLine[I];
    bool Joined =
        llvm::is_contained(Separate, Arg) && I + 1 < C.CommandLine.size();
    if (Arg == "-o") {
      ++I;
      continue;
    }
    if (Joined)
      Flags.push_back((Arg + " " + C.CommandLine[++I]).str());
    else if (Arg != C.Filename && !Arg.starts_with("-o") && Arg != "-c" &&
             Arg != "-fsyntax-only")
      Flags.push_back(Arg.str());
  }
  return Flags;
}

/// The call summaries the analyzed TUs of \p Outcomes (one per command of
/// \p Commands) gave beside their findings: the link step does not parse
/// them again for what they answered.
std::vector<uaccess::EarlyAnswer>
earlyAnswers(ArrayRef<CompileCommand> Commands,
             ArrayRef<uaccess::TUOutcome> Outcomes) {
  std::vector<uaccess::EarlyAnswer> Early;
  for (size_t I = 0; I < Outcomes.size(); ++I)
    if (Outcomes[I].Status == uaccess::TUStatus::Analyzed &&
        !Outcomes[I].Report.Calls.Answered.empty())
      Early.push_back({Commands[I], Outcomes[I].Report.Calls});
  return Early;
}

/// The records' commands, in their order.
std::vector<CompileCommand>
commandsOf(const std::vector<uaccess::ResultRecord> &Records) {
  std::vector<CompileCommand> Commands;
  for (const uaccess::ResultRecord &R : Records)
    Commands.push_back(R.Command);
  return Commands;
}

/// Why a record no longer says what its TU holds: its source, or a file
/// its findings name, is gone or has another text than the analysis read
/// (their places would be wrong, and a fix would land elsewhere); "" when
/// none. Only the text counts: a copy that kept or moved its time is the
/// same file.
std::string staleRecord(const uaccess::ResultRecord &R) {
  for (const std::string &Path : uaccess::namedFiles(R)) {
    auto Text = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
    if (!Text)
      return "'" + Path + "' is gone since its record was written";
    auto It = R.Sources.find(Path);
    if (It == R.Sources.end() || It->second.empty())
      return "'" + Path +
             "' changed while its record's analysis read it: "
             "check it again";
    if (It->second != uaccess::sourceDigest((*Text)->getBuffer()))
      return "'" + Path +
             "' changed since its record was written: check it again";
  }
  return "";
}

/// A check the report enables that the record's run did not: its findings
/// would be missing, never a pass.
Error checkRecordChecks(const uaccess::ResultRecord &R,
                        const uaccess::Settings &Now) {
  std::string Error;
  std::optional<uaccess::GlobList> Ran =
      uaccess::GlobList::parse(R.Checks, Error);
  for (StringRef Check : uaccess::allCheckNames())
    if (Now.Enabled.contains(Check) && !(Ran && Ran->contains(Check)))
      return createStringError(
          "report: the record of '" + R.Command.Filename + "' ran '" +
          R.Checks + "', not '" + Check +
          "': choose the checks with --checks, or check the build again");
  return llvm::Error::success();
}

/// The records' outcomes, merged as a run merges its workers'.
Expected<uaccess::MergedReport>
mergeRecords(std::vector<uaccess::ResultRecord> Records, const RunnableTUs &TUs,
             const uaccess::SettingsFinder &Finder,
             uaccess::RunSummary &Summary,
             std::vector<uaccess::EarlyAnswer> &Early) {
  std::vector<uaccess::TUOutcome> Outcomes;
  std::vector<CompileCommand> Merged;
  std::vector<std::vector<std::string>> Flags;
  for (size_t I = 0; I < Records.size(); ++I) {
    uaccess::ResultRecord &R = Records[I];
    if (Error E = checkRecordChecks(R, *Finder.all()[TUs.SettingsOf[I]]))
      return E;
    std::string Stale = staleRecord(R);
    if (R.Status == uaccess::ResultStatus::Prefiltered && Stale.empty()) {
      ++Summary.Prefiltered;
      continue;
    }
    uaccess::TUOutcome O;
    O.File = TUs.Commands[I].Filename;
    O.Status = R.Status == uaccess::ResultStatus::Analyzed
                   ? uaccess::TUStatus::Analyzed
                   : uaccess::TUStatus::Failed;
    O.Reason = std::move(R.Reason);
    if (!Stale.empty()) {
      O.Status = uaccess::TUStatus::Failed;
      O.Reason = Stale;
    }
    O.Report = std::move(R.Report);
    O.Config = TUs.SettingsOf[I];
    Outcomes.push_back(std::move(O));
    Merged.push_back(TUs.Commands[I]);
    Flags.push_back(distinctFlags(TUs.Commands[I]));
  }
  uaccess::noteFlagsOfFindings(Outcomes, Flags);
  Early = earlyAnswers(Merged, Outcomes);
  size_t EarlierFailures = Summary.Failures.size();
  uaccess::MergedReport Report =
      uaccess::mergeOutcomes(std::move(Outcomes), Summary);
  for (const auto &[File, Reason] :
       ArrayRef(Summary.Failures).drop_front(EarlierFailures))
    errs() << "uaccess-lint: error: " << File << ": " << Reason << "\n";
  return Report;
}

} // namespace

uaccess::WorkerOptions workerOptions(const Options &Opt, const char *Argv0) {
  uaccess::WorkerOptions W;
  W.SelfPath = sys::fs::getMainExecutable(Argv0, (void *)&fail);
  W.Jobs = Opt.Jobs                   ? Opt.Jobs
           : get_physical_cores() > 0 ? get_physical_cores()
                                      : 1;
  W.TimeoutSeconds = Opt.Timeout;
  W.DebugCrashOn = Opt.DebugCrashOn;
  W.DebugHangOn = Opt.DebugHangOn;
  return W;
}

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

AnalyzedTUs analyze(const Options &Opt, const RunnableTUs &TUs,
                    const uaccess::SettingsFinder &Finder,
                    uaccess::WorkerOptions Workers,
                    const std::optional<uaccess::ChangedLines> &Changed,
                    uaccess::RunSummary &Summary) {
  AnalyzedTUs Analyzed;
  Analyzed.EarlierFailures = Summary.Failures.size();
  std::vector<ChosenTU> &Chosen = Analyzed.Chosen;
  Chosen =
      prefilter(Opt, TUs, Workers.Jobs, Changed, Summary, Analyzed.ReadOutputs);
  if (Changed) {
    std::vector<bool> Kept(TUs.Commands.size());
    for (const ChosenTU &C : Chosen)
      Kept[C.first] = true;
    for (size_t I = 0; I < Kept.size(); ++I)
      if (!Kept[I])
        Summary.OutsidePatch.insert(TUs.Commands[I].Filename);
  }
  std::vector<uaccess::RunOptions> Runs;
  for (const std::unique_ptr<uaccess::Settings> &S : Finder.all()) {
    Runs.push_back(runOptions(Opt, *S));
    Runs.back().SummarizeOwnLinks = true;
  }
  std::vector<CompileCommand> &Commands = Analyzed.Commands;
  // Each TU's own copy: the bodies it skips are its own.
  std::deque<uaccess::RunOptions> RunOfTU;
  for (auto &[I, Skippable] : Chosen) {
    Commands.push_back(TUs.Commands[I]);
    RunOfTU.push_back(Runs[TUs.SettingsOf[I]]);
    RunOfTU.back().SkipBodies = std::move(Skippable);
    Workers.RunOf.push_back(&RunOfTU.back());
  }
  // Failed so far: missing sources, and what the prefilter's scan failed.
  uaccess::ProgressMeter Meter(progressMode(Opt), Commands.size(), errs(),
                               Summary.Failures.size());
  Workers.OnDone = [&](const uaccess::TUOutcome &O) { Meter.done(O); };
  Analyzed.Outcomes = uaccess::runWorkers(Commands, Workers);
  Meter.finish();
  for (size_t K = 0; K < Chosen.size(); ++K)
    Analyzed.Outcomes[K].Config = TUs.SettingsOf[Chosen[K].first];
  return Analyzed;
}

uaccess::MergedReport mergeAnalyzed(AnalyzedTUs Analyzed,
                                    uaccess::RunSummary &Summary,
                                    std::vector<uaccess::EarlyAnswer> &Early) {
  std::vector<std::vector<std::string>> Flags;
  for (const CompileCommand &C : Analyzed.Commands)
    Flags.push_back(distinctFlags(C));
  uaccess::noteFlagsOfFindings(Analyzed.Outcomes, Flags);
  Early = earlyAnswers(Analyzed.Commands, Analyzed.Outcomes);
  uaccess::MergedReport Report =
      uaccess::mergeOutcomes(std::move(Analyzed.Outcomes), Summary);
  Report.ReadOutputs.merge(Analyzed.ReadOutputs);
  for (const auto &[File, Reason] :
       ArrayRef(Summary.Failures).drop_front(Analyzed.EarlierFailures))
    errs() << "uaccess-lint: error: " << File << ": " << Reason << "\n";
  return Report;
}

Expected<int>
explainPrefilter(const Options &Opt, const RunnableTUs &TUs, unsigned Jobs,
                 const std::optional<uaccess::ChangedLines> &Changed) {
  auto Start = std::chrono::steady_clock::now();
  uaccess::PrefilterResult Choice = choose(Opt, TUs, Jobs, Changed);
  errs() << "uaccess-lint: prefilter: " << TUs.Commands.size()
         << " TUs scanned in " << uaccess::formatDuration(secondsSince(Start))
         << "\n";
  for (size_t I = 0; I < TUs.Commands.size(); ++I)
    explainChoice(TUs.Commands[I].Filename, Choice, I);
  return ExitClean;
}

Expected<uaccess::MergedReport> readReports(const Options &Opt,
                                            unsigned SettingsIndex,
                                            uaccess::RunSummary &Summary) {
  if (Opt.SourcePaths.empty())
    return createStringError(
        "merge: name the JSON reports to merge (--format=json output)");
  // A report given twice would count its TUs twice.
  std::set<std::string> Seen;
  for (const std::string &Path : Opt.SourcePaths)
    if (Path != "-" &&
        !Seen.insert(uaccess::canonicalPath(absolutePath(Path))).second)
      return createStringError("merge: '" + Path + "' is given twice");
  uaccess::MergedReport Report;
  for (const std::string &Path : Opt.SourcePaths)
    if (Error E = uaccess::mergeReportFile(Path, Report, Summary))
      return E;
  uaccess::withholdDisputedFixes(Report.Findings, Report.Readers);
  for (uaccess::Finding &F : Report.Findings)
    F.Configs = {SettingsIndex};
  uaccess::sortByLocation(Report.Findings);
  return Report;
}

std::map<std::string, std::string> outputsReadByRecords(const Options &Opt,
                                                        const RunnableTUs &TUs,
                                                        unsigned Jobs) {
  std::map<std::string, std::string> Read;
  std::vector<std::pair<std::string, std::string>> Outputs =
      existingOutputs(Opt);
  if (Outputs.empty())
    return Read;
  // The folders' own records are read too.
  for (const std::string &Folder : Opt.ResultFolders) {
    std::string Dir = uaccess::canonicalPath(absolutePath(Folder));
    for (const auto &[Path, What] : Outputs)
      if (StringRef(Path).starts_with(Dir + "/"))
        Read.try_emplace(Path, "`report` reads: it is in the results folder '" +
                                   Folder + "'");
  }
  Read.merge(outputsScanned(Opt, TUs, choose(Opt, TUs, Jobs, std::nullopt)));
  return Read;
}

/// The link step, counted in \p Summary.
void link(const Options &Opt, uaccess::MergedReport &Report,
          const std::vector<CompileCommand> &Program,
          const uaccess::WorkerOptions &Workers, const RunnableTUs &TUs,
          bool FromDatabase, ArrayRef<uaccess::EarlyAnswer> Early,
          uaccess::RunSummary &Summary) {
  auto Start = std::chrono::steady_clock::now();
  uaccess::LinkStats Linked = uaccess::linkAcrossUnits(
      Report, Program, Workers, sarifSourceRoot(Opt, TUs.Commands, Summary),
      FromDatabase, Early);
  // `report` links each build's folder: the counts add up.
  Summary.LinkTUs += Linked.TUs;
  Summary.LinkRounds += Linked.Rounds;
  Summary.LinkSeconds += secondsSince(Start);
}

/// `report`'s folders: every record, its TUs' settings resolved.
Expected<std::vector<uaccess::ResultRecord>> readResultRecords(Options &Opt) {
  if (Opt.SourcePaths.empty())
    return createStringError(
        "report: name the results folders (--results-dir) to report");
  std::vector<std::string> Dirs(Opt.SourcePaths.begin(), Opt.SourcePaths.end());
  // They are folders, not sources: the source root is the records' own.
  Opt.ResultFolders = std::move(Opt.SourcePaths);
  Opt.SourcePaths.clear();
  auto Records = uaccess::readResults(Dirs);
  if (!Records)
    return Records.takeError();
  return std::move(*Records);
}

/// `report`: each folder's records merged and linked as the run of its
/// build would (its TUs are the program its findings' callers are looked
/// for in), then the folders' findings merged as `merge` merges reports.
/// \p TUs: every record's TU, for the outputs.
Expected<uaccess::MergedReport>
reportFolders(const Options &Opt, std::vector<uaccess::ResultRecord> Records,
              uaccess::SettingsFinder &Finder,
              const uaccess::WorkerOptions &Workers, RunnableTUs &TUs,
              uaccess::RunSummary &Summary) {
  uaccess::MergedReport All;
  for (auto Begin = Records.begin(); Begin != Records.end();) {
    auto End = std::find_if(Begin, Records.end(), [&](const auto &R) {
      return R.Folder != Begin->Folder;
    });
    std::vector<uaccess::ResultRecord> Folder(std::make_move_iterator(Begin),
                                              std::make_move_iterator(End));
    Begin = End;
    Expected<RunnableTUs> Settled = assignSettings(commandsOf(Folder), Finder);
    if (!Settled)
      return Settled.takeError();
    RunnableTUs Build = std::move(*Settled);
    std::vector<uaccess::EarlyAnswer> Early;
    Expected<uaccess::MergedReport> Folded =
        mergeRecords(std::move(Folder), Build, Finder, Summary, Early);
    if (!Folded)
      return Folded.takeError();
    uaccess::MergedReport Merged = std::move(*Folded);
    link(Opt, Merged, Build.Commands, Workers, Build, /*FromDatabase=*/true,
         Early, Summary);
    uaccess::mergeInto(All, std::move(Merged));
    llvm::append_range(TUs.Commands, Build.Commands);
    llvm::append_range(TUs.SettingsOf, Build.SettingsOf);
  }
  return All;
}

} // namespace driver
