//===--- GateStage.cpp - Which findings pass ------------------------------===//
//
// The gate stage: suppression comments, fingerprints, header filters,
// baselines, --diff and --line-filter, the checks enabled and their
// Severity options.
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

/// The git top level of the current directory, or "" outside a work tree.
std::string gitTopLevel() {
  Expected<std::string> Top =
      uaccess::runGit(".", {"rev-parse", "--show-toplevel"});
  if (!Top) {
    consumeError(Top.takeError());
    return "";
  }
  return StringRef(*Top).trim().str();
}

/// Where a relative path of a patch or a line filter names a file: from
/// git's top level first for git's paths, else from the current directory
/// first, where `patch` would apply it (Ordered); then from the directories
/// of the compilation database, where make ran, which have no order: two
/// that hold the name make it ambiguous (Database).
struct RelativeBases {
  std::vector<std::string> Ordered, Database;
};

/// \p OnlyTop: the paths are git's own, from the top level (the tool ran
/// `git diff`); the current directory is no other place they could start.
Expected<RelativeBases> relativeBases(bool GitFirst,
                                      ArrayRef<CompileCommand> TUs,
                                      bool OnlyTop = false) {
  std::string Cwd = uaccess::currentDirectoryPath();
  if (Cwd.empty())
    return createStringError("cannot read the current directory");
  RelativeBases Bases;
  auto Add = [&](std::vector<std::string> &To, StringRef Dir) {
    if (!Dir.empty() && !llvm::is_contained(Bases.Ordered, Dir) &&
        !llvm::is_contained(Bases.Database, Dir))
      To.push_back(Dir.str());
  };
  std::string Top = gitTopLevel();
  Add(Bases.Ordered, GitFirst ? StringRef(Top) : StringRef(Cwd));
  if (!OnlyTop || Top.empty())
    Add(Bases.Ordered, GitFirst ? StringRef(Cwd) : StringRef(Top));
  for (const CompileCommand &C : TUs)
    Add(Bases.Database, C.Directory);
  return Bases;
}

/// The main files of the TUs that were analyzed: where unused suppressions
/// are looked for (as well as in the files of findings).
std::vector<std::string> analyzedFiles(ArrayRef<CompileCommand> Runnable,
                                       const uaccess::RunSummary &Summary) {
  std::set<std::string> Failed;
  for (const auto &[File, Why] : Summary.Failures)
    Failed.insert(File);
  std::vector<std::string> Files;
  for (const CompileCommand &C : Runnable)
    if (!Failed.count(C.Filename) && !Summary.OutsidePatch.count(C.Filename))
      Files.push_back(C.Filename);
  return Files;
}

/// Where a suppression is unused: each TU's main file has its settings'
/// checks.
uaccess::EnabledChecksByFile
enabledChecks(const RunnableTUs &TUs, const uaccess::SettingsFinder &Finder) {
  std::vector<std::string> MainFiles;
  for (const CompileCommand &C : TUs.Commands)
    MainFiles.push_back(C.Filename);
  return uaccess::EnabledChecksByFile(MainFiles, TUs.SettingsOf, Finder.all());
}

/// Suppression comments; true when --report-unused-suppressions found
/// some that matched nothing.
bool suppressFindings(const Options &Opt,
                      std::vector<uaccess::Finding> &Findings,
                      ArrayRef<std::string> Files, uaccess::SourceTexts &Texts,
                      const uaccess::EnabledChecksByFile &Enabled) {
  uaccess::SuppressionOutcome Outcome = uaccess::applySuppressions(
      Findings, Files, Texts, Enabled, uaccess::allCheckNames());
  if (!Opt.Quiet)
    for (const std::string &Problem : Outcome.Problems)
      errs() << Problem << "\n";
  if (Opt.ReportUnusedSuppressions)
    for (const std::string &Unused : Outcome.Unused)
      errs() << Unused << " [unused-suppression]\n";
  if (Outcome.Suppressed && !Opt.Quiet)
    errs() << "uaccess-lint: " << Outcome.Suppressed
           << " finding(s) suppressed by comments\n";
  return Opt.ReportUnusedSuppressions && !Outcome.Unused.empty();
}

/// Findings in headers that no TU's --header-filter (HeaderFilterRegex)
/// keeps, or that --exclude-header-filter matches, go.
void filterHeaders(const Options &Opt, std::vector<uaccess::Finding> &Findings,
                   const RunnableTUs &TUs,
                   const uaccess::SettingsFinder &Finder) {
  std::set<std::string> MainFiles;
  for (const CompileCommand &C : TUs.Commands)
    MainFiles.insert(C.Filename);
  std::optional<Regex> Exclude;
  if (!Opt.ExcludeHeaderFilter.empty())
    Exclude.emplace(Opt.ExcludeHeaderFilter);
  uaccess::filterHeaders(Findings, MainFiles, Finder.all(), Exclude);
}

} // namespace

/// Warnings of the checks \p Promoted matches become errors.
void promoteWarnings(std::vector<uaccess::Finding> &Findings,
                     const std::optional<uaccess::GlobList> &Promoted) {
  for (uaccess::Finding &F : Findings)
    if (Promoted && F.Level == uaccess::Severity::Warning &&
        Promoted->contains(F.Check))
      F.Level = uaccess::Severity::Error;
}

Expected<std::optional<Patch>> readPatch(const Options &Opt) {
  if (Opt.DiffFile.empty())
    return std::nullopt;
  bool IsFile = Opt.DiffFile == "-" || sys::fs::exists(Opt.DiffFile);
  auto Text = IsFile ? uaccess::readInputFile(Opt.DiffFile, "patch",
                                              uint64_t(256) << 20)
                     : uaccess::runGitDiff(Opt.DiffFile);
  if (!Text)
    return Text.takeError();
  if (StringRef(*Text).contains('\0'))
    return createStringError("'" + Opt.DiffFile +
                             "' is not a unified diff: it is binary");
  auto Changed = uaccess::ChangedLines::parse(*Text);
  if (!Changed)
    return createStringError("'" + Opt.DiffFile +
                             "': " + toString(Changed.takeError()));
  if (StringRef(*Text).trim().empty()) {
    if (!Opt.Quiet)
      errs() << "uaccess-lint: note: --diff=" << Opt.DiffFile
             << ": the patch is empty; nothing to check\n";
  } else if (Changed->files() == 0) {
    return createStringError("'" + Opt.DiffFile +
                             "' is not a unified diff: it names no file");
  }
  return Patch{std::move(*Changed), !IsFile || uaccess::isGitPatch(*Text),
               !IsFile};
}

/// The patch's changed lines, its relative paths resolved exactly (never
/// matched as suffixes).
namespace {
/// What of the patch the gate cannot check, said in one line each: a file
/// of `git diff REV` (\p FromRev) the work tree lacks, a C source no entry
/// of \p Database compiles (a new driver not built yet, a
/// file of another config; a .c another TU includes is checked there), or
/// a patch that changes no C code at all. The gate passes them; it must
/// not pass them in silence.
void noteUncheckedFiles(const uaccess::ChangedLines &Lines,
                        ArrayRef<CompileCommand> Database, bool FromRev,
                        bool Quiet) {
  if (Quiet || !Lines.files())
    return;
  // git's own diff of a file the work tree lacks (outside a sparse
  // checkout's cone): checkNewSide() let it through.
  if (FromRev)
    for (const std::string &File : Lines.paths())
      if (!sys::fs::exists(File))
        errs() << "uaccess-lint: note: --diff: '" << File
               << "' is not in the work tree: not checked\n";
  std::set<std::string> Compiled;
  for (const CompileCommand &C : Database)
    Compiled.insert(uaccess::canonicalFile(
        uaccess::absoluteSourcePath(C.Directory, C.Filename)));
  bool AnyCode = false;
  for (const std::string &File : Lines.paths()) {
    StringRef Ext = sys::path::extension(File);
    AnyCode |= Ext == ".c" || Ext == ".h";
    // The gate selects findings by the code a patch changes; settings
    // change findings in code the patch leaves alone.
    if (sys::path::filename(File) == uaccess::ConfigFileName) {
      AnyCode = true;
      errs() << "uaccess-lint: note: --diff: the patch changes the settings "
                "in '"
             << File
             << "': the findings they add are not on the patch's lines; run "
                "without --diff to see them\n";
    }
    if (Ext == ".c" && !Compiled.count(File))
      errs() << "uaccess-lint: note: --diff: '" << File
             << "' is compiled by no entry of the database: it is checked "
                "only where a TU includes it\n";
  }
  if (Lines.changesLayoutPragmas())
    errs() << "uaccess-lint: note: --diff: the patch changes a pragma (or a "
              "macro named for packing): every finding counts as the "
              "patch's, since the records after it may have moved\n";
  // A deleted file is no file of paths(): it has no code left to check.
  if (!AnyCode && Lines.paths().size() == Lines.files())
    errs() << "uaccess-lint: note: --diff: the patch changes no C source or "
              "header; nothing to check\n";
}

/// A submodule the patch moves by its commit alone ("Subproject commit")
/// while \p Database compiles files in it: the patch shows none of the
/// lines that changed there, and the gate would pass them unseen.
Error checkSubmodules(const uaccess::ChangedLines &Lines,
                      ArrayRef<CompileCommand> Database) {
  for (const std::string &Module : Lines.submodules())
    for (const CompileCommand &C : Database) {
      std::string File = uaccess::canonicalFile(
          uaccess::absoluteSourcePath(C.Directory, C.Filename));
      if (StringRef(File).starts_with(Module + "/"))
        return createStringError(
            "--diff: the patch moves the submodule '" + Module +
            "' to another commit, and the database compiles '" + File +
            "' in it: the patch shows none of its changed lines; make it "
            "with 'git diff --submodule=diff'");
    }
  return Error::success();
}
} // namespace

Expected<std::optional<uaccess::ChangedLines>>
resolvePatch(std::optional<Patch> P, ArrayRef<CompileCommand> TUs,
             ArrayRef<CompileCommand> Database, bool Quiet) {
  if (!P)
    return std::nullopt;
  Expected<RelativeBases> Bases = relativeBases(P->FromGit, TUs, P->FromRev);
  if (!Bases)
    return Bases.takeError();
  if (Error E = P->Lines.resolve(Bases->Ordered, Bases->Database))
    return createStringError("--diff: " + toString(std::move(E)));
  // git's own diff of a file the work tree lacks (outside a sparse
  // checkout's cone) is no other text: the file is not checked, and said.
  if (Error E = P->Lines.checkNewSide(/*MissingIsError=*/!P->FromRev))
    return createStringError("--diff: " + toString(std::move(E)));
  P->Lines.markMovedSuppressions();
  if (Error E = checkSubmodules(P->Lines, Database.empty() ? TUs : Database))
    return std::move(E);
  noteUncheckedFiles(P->Lines, Database.empty() ? TUs : Database, P->FromRev,
                     Quiet);
  return std::optional<uaccess::ChangedLines>(std::move(P->Lines));
}

/// --line-filter's names, resolved against the TUs' folders and the
/// findings' files. A line filter that names no file of the run is an
/// input error: it would pass any run.
Error resolveLineFilter(std::optional<uaccess::LineFilter> &Lines,
                        ArrayRef<uaccess::Finding> Findings,
                        ArrayRef<CompileCommand> TUs) {
  if (!Lines)
    return Error::success();
  std::vector<std::string> Files;
  for (const CompileCommand &C : TUs)
    Files.push_back(uaccess::absoluteSourcePath(C.Directory, C.Filename));
  for (const uaccess::Finding &F : Findings)
    Files.push_back(F.Loc.File);
  Expected<RelativeBases> Bases = relativeBases(false, TUs);
  if (!Bases)
    return Bases.takeError();
  if (Error E = Lines->resolve(Bases->Ordered, Bases->Database, Files))
    return E;
  // merge knows no TU: a filter of a file with no findings names nothing
  // it sees, and is no mistake.
  if (!TUs.empty() && !Lines->namesAnyOf())
    return createStringError("--line-filter names no file of this run: it "
                             "would drop every finding");
  return Error::success();
}

/// \p F is on what --diff and --line-filter (resolved) select; with
/// neither, every finding is.
bool onSelectedLines(const uaccess::Finding &F,
                     const std::optional<uaccess::ChangedLines> &Changed,
                     const std::optional<uaccess::LineFilter> &Lines) {
  return (!Changed || uaccess::touchesFinding(*Changed, F)) &&
         (!Lines || Lines->accepts(F.Loc.File, F.Loc.Line));
}

/// The findings --diff and --line-filter (resolved) select; the others are
/// counted.
void keepSelectedLines(std::vector<uaccess::Finding> &Findings,
                       const std::optional<uaccess::ChangedLines> &Changed,
                       const std::optional<uaccess::LineFilter> &Lines,
                       uaccess::RunSummary &Summary) {
  llvm::erase_if(Findings, [&](const uaccess::Finding &F) {
    bool Out = !onSelectedLines(F, Changed, std::nullopt);
    Summary.OutsideDiff += Out;
    bool Filtered = !Out && !onSelectedLines(F, std::nullopt, Lines);
    Summary.OutsideLineFilter += Filtered;
    return Out || Filtered;
  });
}

Error checkMergedSelection(const Options &Opt, const Gate &G,
                           const uaccess::RunSummary &Summary) {
  if (!Opt.WriteBaseline.empty() && !Summary.SelectedBy.empty())
    return createStringError(
        "--write-baseline: the reports hold only the findings " +
        join(Summary.SelectedBy, ", ") +
        " selected, and a baseline of them would lack the others: write it "
        "from the report of a run with none of these");
  if (G.Lines && !G.Accepted.empty())
    return createStringError(
        "--line-filter with a baseline: the reports number identical "
        "findings in file order, so a new one in the filter's lines could "
        "take an accepted one's fingerprint; give --line-filter to the run");
  return Error::success();
}

/// The baselines of the settings (--baseline, or each config's Baseline),
/// read before any TU runs.
Expected<uaccess::Baselines>
readBaselines(const uaccess::SettingsFinder &Finder) {
  uaccess::Baselines Accepted;
  if (Error E = Accepted.read(Finder.all()))
    return E;
  return Accepted;
}

/// A version 3 baseline matches a finding by its fingerprint_v3, which
/// reports written before it was added do not carry: merging one against
/// such a baseline would accept nothing, and fail the gate on every
/// finding it had accepted.
Error checkLegacyFingerprints(ArrayRef<uaccess::Finding> Findings,
                              const uaccess::Baselines &Accepted) {
  if (!Accepted.anyLegacy() || all_of(Findings, [](const uaccess::Finding &F) {
        return !F.LegacyFingerprint.empty();
      }))
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      "a version 3 baseline matches a finding by its \"fingerprint_v3\", "
      "which a report of this merge does not carry (written by an older "
      "uaccess-lint): write the reports again, or the baseline "
      "(--write-baseline)");
}

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
               function_ref<bool(const uaccess::Finding &)> Selected) {
  bool Unused = false;
  if (!FromReports) {
    uaccess::SourceTexts Texts;
    Unused =
        suppressFindings(Opt, Findings, analyzedFiles(TUs.Commands, Summary),
                         Texts, enabledChecks(TUs, Finder));
    filterHeaders(Opt, Findings, TUs, Finder);
    // After the suppressions: a suppressed copy of an accepted finding,
    // added or deleted, must not renumber it.
    uaccess::assignFingerprints(Findings, Texts, Opt.SourceRoot, Selected);
  }
  if (!Opt.WriteBaseline.empty())
    if (Error E = uaccess::writeOutputFile(
            Opt.WriteBaseline,
            uaccess::renderBaseline(Findings, Opt.SourceRoot)))
      return E;
  if (FromReports)
    if (Error E = checkLegacyFingerprints(Findings, Accepted))
      return E;
  if (!Accepted.empty()) {
    unsigned Dropped = Accepted.apply(Findings, Finder.all());
    if (Dropped && !Opt.Quiet)
      errs() << "uaccess-lint: " << Dropped
             << " finding(s) accepted by the baseline\n";
  }
  return Unused;
}

/// A finding of a check its TUs' settings do not enable goes: `report`
/// over records of a build that ran more checks than asked now.
void keepEnabledChecks(std::vector<uaccess::Finding> &Findings,
                       const uaccess::SettingsFinder &Finder) {
  const auto &All = Finder.all();
  llvm::erase_if(Findings, [&](const uaccess::Finding &F) {
    return none_of(F.Configs, [&](unsigned Config) {
      return Config < All.size() && All[Config]->Enabled.contains(F.Check);
    });
  });
}

/// A check's Severity option set now (a config file's, --check-option)
/// gives its findings their level: `report` over records made with another.
/// In a run that parsed its TUs the checks gave them that level already.
void applySeverityOptions(std::vector<uaccess::Finding> &Findings,
                          const uaccess::SettingsFinder &Finder) {
  const auto &All = Finder.all();
  for (uaccess::Finding &F : Findings) {
    if (F.Configs.empty() || F.Configs.front() >= All.size())
      continue;
    const auto &Options = All[F.Configs.front()]->Options;
    auto It = Options.find(F.Check + ".Severity");
    if (It == Options.end())
      continue;
    if (std::optional<uaccess::Severity> Level =
            uaccess::parseSeverity(It->second))
      F.Level = *Level;
  }
}

Expected<bool> gateStage(const Options &Opt, uaccess::MergedReport &Report,
                         uaccess::RunSummary &Summary, const RunnableTUs &TUs,
                         const uaccess::SettingsFinder &Finder, const Gate &G) {
  keepEnabledChecks(Report.Findings, Finder);
  applySeverityOptions(Report.Findings, Finder);
  bool Unused = false;
  if (G.Changed)
    Summary.SelectedBy.insert("--diff");
  if (G.Lines)
    Summary.SelectedBy.insert("--line-filter");
  if (!G.Accepted.empty())
    Summary.SelectedBy.insert("--baseline");
  std::optional<uaccess::LineFilter> Lines = G.Lines;
  if (Error E = resolveLineFilter(Lines, Report.Findings, TUs.Commands))
    return E;
  // The findings the gate keeps: acceptFindings() numbers them last.
  auto Selected = [&](const uaccess::Finding &F) {
    return (G.Changed || Lines) && onSelectedLines(F, G.Changed, Lines);
  };
  if (!Opt.DumpUses) {
    Expected<bool> Accepted =
        acceptFindings(Opt, Report.Findings, TUs, Summary, Finder, G.Accepted,
                       G.FromReports, Selected);
    if (!Accepted)
      return Accepted.takeError();
    Unused = *Accepted;
  }
  keepSelectedLines(Report.Findings, G.Changed, Lines, Summary);
  promoteWarnings(Report.Findings, G.Promoted);
  return Unused;
}

} // namespace driver
