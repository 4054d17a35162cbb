//===--- SelectStage.cpp - The TUs to run and their settings --------------===//
//
// The select stage: the compilation database (-p, found upward, or the
// command line's after '--'), the TUs it names or the sources named, their
// commands adjusted for clang 19, each TU's settings from the config
// nearest it; and the options checked before a long run (outputs, the
// --list-checks and --dump-config answers).
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
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
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

/// The compilation database -p names, or "" when there is none to read.
std::string databaseFile(const Options &Opt) {
  if (Opt.BuildPath.empty() || !sys::fs::is_directory(Opt.BuildPath))
    return Opt.BuildPath;
  SmallString<256> Json(Opt.BuildPath);
  sys::path::append(Json, "compile_commands.json");
  return std::string(Json);
}

/// The compile flags after '--', their response files (@file) read as
/// clang reads them, from the current directory.
Expected<std::vector<std::string>>
expandedCommandArgs(ArrayRef<std::string> Args) {
  BumpPtrAllocator Alloc;
  cl::ExpansionContext Expansion(Alloc, cl::TokenizeGNUCommandLine);
  SmallVector<const char *, 64> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  if (Error E = Expansion.expandResponseFiles(Argv))
    return createStringError("the flags after '--': " + toString(std::move(E)));
  return std::vector<std::string>(Argv.begin(), Argv.end());
}

Expected<std::unique_ptr<CompilationDatabase>>
loadDatabase(const Options &Opt, ArrayRef<std::string> CommandArgs,
             bool HaveDashDash) {
  if (!Opt.BuildPath.empty()) {
    if (!sys::fs::exists(Opt.BuildPath))
      return createStringError("compilation database path '" + Opt.BuildPath +
                               "' does not exist");
    std::string Json = databaseFile(Opt);
    if (!sys::fs::exists(Json))
      return createStringError("no compile_commands.json in '" + Opt.BuildPath +
                               "'");
    return uaccess::loadJSONDatabase(Json);
  }
  // As in clang-tidy: '--' without -p means the arguments are the command.
  if (HaveDashDash) {
    Expected<std::vector<std::string>> Args = expandedCommandArgs(CommandArgs);
    if (!Args)
      return Args.takeError();
    return std::unique_ptr<CompilationDatabase>(
        std::make_unique<FixedCompilationDatabase>(".", *Args));
  }
  // As clang-tidy does: from the first source's folder up, so that a tree's
  // file is checked from anywhere; without a source, from here up.
  std::string Start = uaccess::currentDirectoryPath();
  if (!Opt.SourcePaths.empty())
    Start = sys::path::parent_path(
                uaccess::absoluteSourcePath("", Opt.SourcePaths.front()))
                .str();
  for (StringRef Dir = Start; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Json(Dir);
    sys::path::append(Json, "compile_commands.json");
    if (sys::fs::exists(Json))
      return uaccess::loadJSONDatabase(Json);
  }
  return createStringError(
      "no compilation database: no compile_commands.json in '" + Start +
      "' or above; pass -p <build-dir>, or give compiler arguments after "
      "'--'");
}

bool isCSource(StringRef File) { return sys::path::extension(File) == ".c"; }

/// --uaccess-safe and --uaccess-safe-file: added to every config's list.
Expected<std::vector<std::string>> readSafeCallees(const Options &Opt) {
  std::vector<std::string> Names(Opt.SafeCallees.begin(),
                                 Opt.SafeCallees.end());
  if (Opt.SafeCalleesFile.empty())
    return Names;
  auto Text = uaccess::readInputFile(Opt.SafeCalleesFile, "uaccess-safe list",
                                     uint64_t(16) << 20);
  if (!Text)
    return Text.takeError();
  for (std::string &Name : uaccess::parseNameList(*Text))
    Names.push_back(std::move(Name));
  return Names;
}

/// --config or --config-file: one config for every TU, read before any
/// TU runs.
Error readFixedConfig(const Options &Opt, uaccess::SettingsOverrides &O) {
  if (Error E = checkConfigOptions(Opt))
    return E;
  if (Opt.ConfigFile.empty() && Opt.InlineConfig.empty())
    return Error::success();
  bool Inline = !Opt.InlineConfig.empty();
  Expected<uaccess::Config> C =
      Inline ? uaccess::parseConfig(Opt.InlineConfig, "--config")
             : uaccess::readConfigFile(Opt.ConfigFile);
  if (!C)
    return C.takeError();
  O.Fixed = std::move(*C);
  O.FixedOrigin = Inline ? "--config" : std::string(Opt.ConfigFile);
  return Error::success();
}

/// The commands of --shard's shard: every file's command goes to the shard
/// of its path's position among the sorted distinct paths, so shards are
/// disjoint, cover the database and do not depend on its order.
Expected<std::vector<CompileCommand>>
shardCommands(const Options &Opt, std::vector<CompileCommand> All) {
  if (Opt.Shard.empty())
    return All;
  Expected<std::pair<unsigned, unsigned>> Shard = parseShard(Opt.Shard);
  if (!Shard)
    return Shard.takeError();
  auto [Index, Count] = *Shard;
  std::vector<std::string> Paths;
  for (const CompileCommand &C : All)
    Paths.push_back(uaccess::absoluteSourcePath(C.Directory, C.Filename));
  std::vector<std::string> Sorted = Paths;
  llvm::sort(Sorted);
  Sorted.erase(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
  std::vector<CompileCommand> Mine;
  for (size_t I = 0; I < All.size(); ++I)
    if ((llvm::lower_bound(Sorted, Paths[I]) - Sorted.begin()) % Count == Index)
      Mine.push_back(std::move(All[I]));
  return Mine;
}

/// Which TUs: the files named, or every C file of the database; an entry
/// repeated is one TU however its path is spelled (`./x.c`, `x.c`,
/// `d/../x.c`), but one file listed with other flags is another TU, as in
/// clang-tidy: a defect under one configuration only is still found.
Expected<std::vector<CompileCommand>>
selectCommands(const Options &Opt, CompilationDatabase &DB,
               uaccess::RunSummary &Summary) {
  std::vector<CompileCommand> Commands;
  std::set<std::pair<std::string, std::vector<std::string>>> Seen;
  auto Add = [&](CompileCommand C) {
    std::string Abs = uaccess::absoluteSourcePath(C.Directory, C.Filename);
    // The flags as given, the file's own spelling aside.
    std::vector<std::string> Flags;
    for (const std::string &Arg : C.CommandLine)
      if (Arg != C.Filename)
        Flags.push_back(Arg);
    if (!isCSource(Abs))
      ++Summary.Skipped;
    else if (Seen.insert({Abs, std::move(Flags)}).second)
      Commands.push_back(std::move(C));
  };
  std::vector<CompileCommand> All;
  if (Opt.SourcePaths.empty())
    All = DB.getAllCompileCommands();
  for (const std::string &Path : Opt.SourcePaths) {
    std::string Abs = uaccess::absoluteSourcePath("", Path);
    // Named on the command line, a source that is not there is the user's
    // slip (with or without a database), not a TU that failed.
    if (!sys::fs::exists(Abs))
      return createStringError("'" + Path + "': no such file");
    std::vector<CompileCommand> Found = DB.getCompileCommands(Abs);
    if (Found.empty())
      return createStringError("'" + Path +
                               "' is not in the compilation database");
    for (CompileCommand &C : Found)
      All.push_back(std::move(C));
  }
  bool Empty = All.empty();
  // A database of headers and assembly only: a gate would pass on
  // nothing. (A named .S among the sources is skipped, as a script that
  // names every changed file expects.)
  bool NoC =
      !Empty && Opt.SourcePaths.empty() &&
      llvm::none_of(All, [](const CompileCommand &C) {
        return isCSource(uaccess::absoluteSourcePath(C.Directory, C.Filename));
      });
  Expected<std::vector<CompileCommand>> Shard =
      shardCommands(Opt, std::move(All));
  if (!Shard)
    return Shard.takeError();
  for (CompileCommand &C : *Shard)
    Add(std::move(C));
  if (Empty)
    return createStringError("no C translation units to analyze: the "
                             "compilation database has no entries");
  if (NoC)
    return createStringError("no C translation units to analyze: the "
                             "compilation database's entries are all "
                             "headers, assembly or other files");
  return Commands;
}

/// Every command made clang 19's, with the file named by its absolute path
/// (so failures name the right folder); missing sources and folders are
/// failures of their TU.
std::vector<CompileCommand> adjustCommands(std::vector<CompileCommand> Commands,
                                           const ArgumentsAdjuster &Adjust,
                                           uaccess::RunSummary &Summary) {
  std::vector<CompileCommand> Runnable;
  for (CompileCommand &C : Commands) {
    std::string Abs = uaccess::absoluteSourcePath(C.Directory, C.Filename);
    std::string Problem, Message;
    if (C.Directory.empty()) {
      // A relative "directory" under a database folder whose absolute
      // name no system call takes (past PATH_MAX): no worker could enter it.
      Problem = "its compile directory has no name this system can open "
                "(the database's folder is longer than PATH_MAX)";
      Message = C.Filename + ": " + Problem;
    } else if (!sys::fs::is_directory(C.Directory)) {
      Problem = "compile directory '" + C.Directory + "' does not exist";
      Message = Abs + ": " + Problem;
    } else if (!sys::fs::exists(Abs)) {
      Problem = "source file missing";
      Message = "source file '" + Abs + "' does not exist";
    }
    if (!Problem.empty()) {
      errs() << "uaccess-lint: error: " << Message << "\n";
      ++Summary.Failed;
      Summary.Failures.push_back({Abs, Problem});
      continue;
    }
    C.CommandLine = Adjust(C.CommandLine, C.Filename);
    C.Filename = Abs;
    Runnable.push_back(std::move(C));
  }
  return Runnable;
}

/// The adjuster for every command: clang 19's flags, then the user's extra
/// arguments (after '--' with -p, and --extra-arg[-before]).
ArgumentsAdjuster commandAdjuster(const Options &Opt, const CommandLine &CL,
                                  bool Fixed) {
  std::vector<std::string> Extra(Opt.ExtraArgOpts.begin(),
                                 Opt.ExtraArgOpts.end());
  if (!Fixed)
    Extra.insert(Extra.begin(), CL.ExtraArgs.begin(), CL.ExtraArgs.end());
  ArgumentsAdjuster Adjust =
      uaccess::kernelCommandAdjuster(UACCESS_LINT_RESOURCE_DIR, Extra);
  if (Opt.ExtraArgBeforeOpts.empty())
    return Adjust;
  std::vector<std::string> Before(Opt.ExtraArgBeforeOpts.begin(),
                                  Opt.ExtraArgBeforeOpts.end());
  return combineAdjusters(
      Adjust, getInsertArgumentAdjuster(Before, ArgumentInsertPosition::BEGIN));
}

/// A name the kernel's C and assembly sources and headers have.
bool isCSourceName(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return llvm::is_contained({".c", ".h", ".S", ".s", ".i", ".cc", ".cpp",
                             ".cxx", ".hh", ".hpp", ".lds"},
                            Ext);
}

/// The files the run replaces with its outputs (-o, --export-fixes,
/// --write-baseline), canonical, each with its option. A stream (/dev/null,
/// a FIFO) takes each output as it comes, and is none of them.
std::vector<std::pair<std::string, std::string>>
outputFiles(const Options &Opt) {
  std::vector<std::pair<std::string, std::string>> Outputs;
  for (auto [Path, What] :
       {std::pair<StringRef, StringRef>(Opt.OutputFile, "-o"),
        {Opt.ExportFixes, "--export-fixes"},
        {Opt.WriteBaseline, "--write-baseline"}})
    if (!Path.empty() && Path != "-" &&
        (!sys::fs::exists(Path) || sys::fs::is_regular_file(Path)))
      Outputs.push_back(
          {uaccess::canonicalPath(absolutePath(Path)), What.str()});
  return Outputs;
}

/// The outputs the run writes must not be one another, nor a file it
/// reads: `--fix -o f.c f.c` would replace the source with the report, and
/// `-o x.json --write-baseline=x.json` would lose the baseline.
Error checkOutputsApart(const Options &Opt) {
  std::vector<std::pair<std::string, std::string>> Outputs = outputFiles(Opt);
  std::vector<std::pair<std::string, std::string>> Inputs;
  for (const std::string &Source : Opt.SourcePaths)
    Inputs.push_back({uaccess::canonicalPath(absolutePath(Source)),
                      "the source '" + Source + "'"});
  std::string Database = databaseFile(Opt);
  for (auto [Path, What] :
       {std::pair<StringRef, StringRef>(Opt.BaselineFile, "--baseline"),
        {Opt.DiffFile, "--diff"},
        {Opt.ConfigFile, "--config-file"},
        {Opt.SafeCalleesFile, "--uaccess-safe-file"},
        {Database, "the compilation database"}})
    if (!Path.empty() && Path != "-")
      Inputs.push_back(
          {uaccess::canonicalPath(absolutePath(Path)), What.str()});
  // A file of the series' names in --patch-dir is the series' to write or,
  // with --replace-patches, to remove.
  std::string Series = Opt.PatchDir.empty()
                           ? ""
                           : uaccess::canonicalPath(absolutePath(Opt.PatchDir));
  for (const auto &[Path, What] : Outputs)
    if (!Series.empty() && sys::path::parent_path(Path) == Series &&
        uaccess::isSeriesFileName(sys::path::filename(Path)))
      return createStringError(
          What + " names a file of the --patch-dir series: '" + Path + "'");
  for (size_t I = 0; I < Outputs.size(); ++I) {
    for (size_t J = I + 1; J < Outputs.size(); ++J)
      if (Outputs[I].first == Outputs[J].first)
        return createStringError(Outputs[I].second + " and " +
                                 Outputs[J].second + " name the same file '" +
                                 Outputs[I].first + "'");
    for (const auto &[Path, What] : Inputs)
      // Refreshing a baseline in place reads it before it writes it.
      if (Outputs[I].first == Path &&
          !(Outputs[I].second == "--write-baseline" && What == "--baseline"))
        return createStringError(Outputs[I].second + " would overwrite " +
                                 What);
  }
  // A header the TUs include, or a source of the database, is an input the
  // run does not list before it parses: no report is meant to replace C.
  for (const auto &[Path, What] : Outputs)
    if (sys::fs::is_regular_file(Path) && isCSourceName(Path))
      return createStringError(What + " would overwrite the C file '" + Path +
                               "': name a file of its own");
  return Error::success();
}

} // namespace

std::vector<std::pair<std::string, std::string>>
existingOutputs(const Options &Opt) {
  std::vector<std::pair<std::string, std::string>> Existing;
  for (auto &Output : outputFiles(Opt))
    if (sys::fs::is_regular_file(Output.first))
      Existing.push_back(std::move(Output));
  return Existing;
}

/// The current directory as findings name files: its real path.
std::string currentDirectory() {
  return uaccess::canonicalPath(uaccess::currentDirectoryPath());
}

/// What the command line says of the settings each config gives (README,
/// "Config file").
Expected<uaccess::SettingsOverrides> settingsOverrides(const Options &Opt) {
  uaccess::SettingsOverrides O;
  O.Checks = Opt.Checks;
  auto CheckOptions = checkOptionOverrides(Opt);
  if (!CheckOptions)
    return CheckOptions.takeError();
  O.CheckOptions = std::move(*CheckOptions);
  Expected<std::vector<std::string>> Safe = readSafeCallees(Opt);
  if (!Safe)
    return Safe.takeError();
  O.Safe = std::move(*Safe);
  O.HeaderFilter = Opt.HeaderFilter;
  if (!Opt.BaselineFile.empty())
    O.Baseline = Opt.BaselineFile;
  if (Error E = readFixedConfig(Opt, O))
    return E;
  O.NeedChecks = !Opt.DumpUses && !Opt.ListChecks && !Opt.DumpConfig;
  return O;
}

/// --explain=<check>: its page, as SARIF's rule help has it.
Expected<int> explainCheck(const Options &Opt) {
  llvm::StringRef Page = uaccess::docPage(Opt.Explain);
  if (Page.empty()) {
    std::string Known;
    for (const uaccess::CheckInfo &C : uaccess::allChecks())
      Known += (Known.empty() ? "" : ", ") + C.Name.str();
    return createStringError("--explain: no check '" + Opt.Explain +
                             "' (the checks: " + Known + ")");
  }
  outs() << Page;
  return ExitClean;
}

/// --list-checks and --dump-config; true when one of them ran. They show
/// the settings of the first source named, or of the current directory
/// (clang-tidy's show the config of the file named).
Expected<bool> listConfiguration(const Options &Opt,
                                 uaccess::SettingsFinder &Finder) {
  if (!Opt.ListChecks && !Opt.DumpConfig)
    return false;
  Expected<const uaccess::Settings *> Found =
      Opt.SourcePaths.empty() ? Finder.forDirectory(".")
                              : Finder.forFile(Opt.SourcePaths.front());
  if (!Found)
    return Found.takeError();
  const uaccess::Settings &S = **Found;
  if (Opt.ListChecks) {
    outs() << "Enabled checks:\n";
    for (const uaccess::CheckInfo &C : uaccess::allChecks())
      if (S.Enabled.contains(C.Name))
        outs() << "    " << C.Name << "  " << C.Summary << " ["
               << uaccess::severityName(C.DefaultLevel)
               << "; --explain=" << C.Name << "]\n";
    return true;
  }
  // The effective config as a config file, with every option of the
  // enabled checks, as clang-tidy's --dump-config.
  outs() << uaccess::renderConfig(uaccess::effectiveConfig(S));
  return true;
}

std::string absolutePath(StringRef Path) {
  SmallString<256> Full(Path);
  uaccess::makeAbsolute(Full);
  return std::string(Full);
}

/// Output paths and the header filter are checked before the analysis, not
/// after a long run.
Expected<std::optional<uaccess::LineFilter>>
checkArguments(const Options &Opt) {
  for (auto [Path, What] :
       {std::pair<StringRef, StringRef>(Opt.OutputFile, "the report"),
        {Opt.ExportFixes, "the fixes"},
        {Opt.WriteBaseline, "the baseline"}}) {
    if (Error E = uaccess::checkOutputPath(Path, What))
      return E;
    // What a replacement would refuse: read-only, hard-linked, a symbolic
    // link to a missing file, a socket.
    if (!Path.empty())
      if (Error E = uaccess::checkOutputFile(Path))
        return createStringError("cannot write " + What + ": " +
                                 toString(std::move(E)));
  }
  if (Error E = checkOutputsApart(Opt))
    return E;
  if (!Opt.SourceRoot.empty() && !sys::fs::is_directory(Opt.SourceRoot))
    return createStringError(
        "--source-root '" + Opt.SourceRoot +
        "' is not a directory: fingerprints would hold absolute paths");
  if (!Opt.PatchDir.empty())
    if (Error E = uaccess::checkPatchDir(Opt.PatchDir, Opt.ReplacePatches))
      return E;
  // The gate parses only the TUs the patch touches (none for an empty
  // patch): the others' findings would be missing from the baseline, and
  // come back as new in the next gate.
  if (!Opt.WriteBaseline.empty() && !Opt.DiffFile.empty())
    return createStringError(
        "--write-baseline records every finding of a run, and --diff "
        "analyzes only what the patch touches: write the baseline in a run "
        "without --diff");
  if (Opt.PatchPerGiven && Opt.PatchDir.empty())
    return createStringError("--patch-per needs --patch-dir");
  if (Opt.ReplacePatches && Opt.PatchDir.empty())
    return createStringError("--replace-patches needs --patch-dir");
  // Only Kbuild's checker keeps the cache; elsewhere it would be ignored.
  if (!Opt.ScanCache.empty() && !Opt.KbuildMode)
    return createStringError("--scan-cache needs --kbuild");
  std::string Error;
  if (!Opt.ExcludeHeaderFilter.empty() &&
      !Regex(Opt.ExcludeHeaderFilter).isValid(Error))
    return createStringError("invalid --exclude-header-filter '" +
                             Opt.ExcludeHeaderFilter + "': " + Error);
  return parseLineFilter(Opt.LineFilterJSON);
}

/// The compiler arguments the user typed (after '--', --extra-arg and
/// --extra-arg-before): one clang 19 does not know is a typo to report
/// before any TU runs, where a database's flags are dropped.
Error checkCompilerArguments(const Options &Opt, const CommandLine &CL) {
  std::vector<std::string> Typed(CL.ExtraArgs);
  Typed.insert(Typed.end(), Opt.ExtraArgOpts.begin(), Opt.ExtraArgOpts.end());
  Typed.insert(Typed.end(), Opt.ExtraArgBeforeOpts.begin(),
               Opt.ExtraArgBeforeOpts.end());
  std::vector<std::string> Unknown = uaccess::unknownCompilerArguments(Typed);
  if (!Unknown.empty())
    return createStringError(
        "unknown compiler argument '" + Unknown.front() +
        "' (after '--' or in --extra-arg); clang 19 does not accept it");
  return Error::success();
}

/// The TUs to run, with their commands adjusted; an empty selection is an
/// error, not a clean run.
/// \p Program: every C TU of the database, adjusted, where the link step
/// looks for callers (the runnable ones when the database is the command
/// line's).
Expected<std::vector<CompileCommand>>
runnableCommands(const Options &Opt, const CommandLine &CL,
                 uaccess::RunSummary &Summary,
                 std::vector<CompileCommand> &Program) {
  Expected<std::unique_ptr<CompilationDatabase>> Loaded =
      loadDatabase(Opt, CL.ExtraArgs, CL.HaveDashDash);
  if (!Loaded)
    return Loaded.takeError();
  std::unique_ptr<CompilationDatabase> DB = std::move(*Loaded);
  bool Fixed = dynamic_cast<FixedCompilationDatabase *>(DB.get()) != nullptr;
  ArgumentsAdjuster Adjust = commandAdjuster(Opt, CL, Fixed);
  // An empty database is a run over nothing (an empty shard is not);
  // files of other languages are skipped and counted, as before.
  Expected<std::vector<CompileCommand>> Commands =
      selectCommands(Opt, *DB, Summary);
  if (!Commands)
    return Commands.takeError();
  std::vector<CompileCommand> Runnable =
      adjustCommands(std::move(*Commands), Adjust, Summary);
  Program = Runnable;
  std::set<std::string> Seen;
  for (const CompileCommand &C : Program)
    Seen.insert(C.Filename);
  for (CompileCommand &C : DB->getAllCompileCommands()) {
    std::string Abs = uaccess::absoluteSourcePath(C.Directory, C.Filename);
    if (!isCSource(Abs) || !sys::fs::exists(Abs) || !Seen.insert(Abs).second)
      continue;
    C.CommandLine = Adjust(C.CommandLine, C.Filename);
    C.Filename = Abs;
    Program.push_back(std::move(C));
  }
  return Runnable;
}

Expected<RunnableTUs> assignSettings(std::vector<CompileCommand> Commands,
                                     uaccess::SettingsFinder &Finder) {
  RunnableTUs TUs;
  for (const CompileCommand &C : Commands) {
    Expected<const uaccess::Settings *> S = Finder.forFile(C.Filename);
    if (!S)
      return S.takeError();
    TUs.SettingsOf.push_back((*S)->Index);
  }
  TUs.Commands = std::move(Commands);
  return TUs;
}

Expected<RunnableTUs> selectStage(const Options &Opt, const CommandLine &CL,
                                  uaccess::SettingsFinder &Finder,
                                  uaccess::RunSummary &Summary,
                                  std::vector<CompileCommand> &Program) {
  Expected<std::vector<CompileCommand>> Runnable =
      runnableCommands(Opt, CL, Summary, Program);
  if (!Runnable)
    return Runnable.takeError();
  return assignSettings(std::move(*Runnable), Finder);
}

} // namespace driver
