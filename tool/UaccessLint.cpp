//===--- UaccessLint.cpp - The uaccess-lint driver ------------------------===//
//
// The command line only: options, the compilation database, the TUs to run
// and how to adjust their commands; workers do the analysis (runner/), the
// merge, reporters and fixes (this folder) turn their results into output.
//
//===----------------------------------------------------------------------===//

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
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
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

namespace {

/// Distinct, and in this order of precedence: a usage or input error stops
/// the run (2); failed TUs (3) outrank findings at error level (1).
enum ExitCode {
  ExitClean = 0,
  ExitErrors = 1,
  ExitUsage = 2,
  ExitIncomplete = 3,
};

cl::OptionCategory Category("uaccess-lint options");

cl::list<std::string> SourcePaths(
    cl::Positional,
    cl::desc("[<source> ...] [-- <extra args>]\n"
             "       uaccess-lint merge <report.json> ... [options]\n"
             "       uaccess-lint report <results-dir> ... [options]\n"
             "       uaccess-lint --kbuild [<CF= options>] <CHECKFLAGS> "
             "<c_flags> <file.c>"),
    cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Build directory with compile_commands.json, or the JSON "
             "file itself. Without it, compile_commands.json is looked "
             "for in the first source's folder and its parents (without a "
             "source, from the current directory), as clang-tidy does."),
    cl::value_desc("build-path"), cl::Prefix, cl::cat(Category));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated check globs; '-' removes: "
                    "'*,-window-call'. Default: the config file's Checks, "
                    "else '*'."),
           cl::init("*"), cl::cat(Category));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Check globs whose warnings are errors (reported as 'error:', "
             "and they fail the run), as clang-tidy's: "
             "'access-ok-far'. Notes stay notes."),
    cl::value_desc("globs"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks, each with the "
                                  "level of its findings and its page, and "
                                  "exit."),
                         cl::cat(Category));
cl::opt<std::string>
    Explain("explain",
            cl::desc("Print the page of this check (docs/checks/<check>.md, "
                     "compiled in) and exit."),
            cl::value_desc("check"), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Worker processes (default: all cores)."),
                       cl::init(0), cl::Prefix, cl::cat(Category));
enum class Format { Text, JSON, SARIF, CodeQuality };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format."),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::JSON, "json", "one JSON document"),
               clEnumValN(Format::SARIF, "sarif", "SARIF 2.1.0 for CI"),
               clEnumValN(Format::CodeQuality, "codequality",
                          "GitLab's Code Quality report")),
    cl::init(Format::Text), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to <file>."),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<unsigned>
    Timeout("timeout",
            cl::desc("Seconds one TU may take before it is abandoned "
                     "(0: no limit). Default: 300."),
            cl::init(300), cl::cat(Category));
cl::opt<bool> DumpUses("dump-uaccess",
                       cl::desc("Print every recognized uaccess API use, per "
                                "function, instead of findings."),
                       cl::cat(Category));
cl::list<std::string>
    SafeCallees("uaccess-safe",
                cl::desc("A callee allowed inside windows (repeatable; a "
                         "trailing '*' makes it a prefix)."),
                cl::cat(Category));
cl::opt<std::string>
    SafeCalleesFile("uaccess-safe-file",
                    cl::desc("File with one uaccess-safe callee per line "
                             "('#' starts a comment)."),
                    cl::value_desc("file"), cl::cat(Category));
cl::list<std::string> CheckOptionArgs(
    "check-option",
    cl::desc("Set a check option: 'check-name.Option=value' (repeatable; "
             "--dump-config lists them)."),
    cl::value_desc("check.Option=value"), cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the enabled checks and every check option with its "
             "value, then exit."),
    cl::cat(Category));
cl::opt<unsigned>
    MinAccesses("min-accesses",
                cl::desc("batchable: fewest accesses in a run worth one window "
                         "(default 2; loops always count). Same as "
                         "--check-option=batchable.MinAccesses=N."),
                cl::cat(Category));
cl::opt<unsigned> AccessOkStatements(
    "access-ok-max-statements",
    cl::desc("access-ok-far: most statements between a check and the "
             "access it guards (default 10). Same as "
             "--check-option=access-ok-far.MaxStatements=N."),
    cl::cat(Category));
cl::opt<unsigned> AccessOkLines(
    "access-ok-max-lines",
    cl::desc("access-ok-far: most lines between a check and the access it "
             "guards (default 20). Same as "
             "--check-option=access-ok-far.MaxLines=N."),
    cl::cat(Category));
cl::opt<unsigned> AccessOkCallerDepth(
    "access-ok-caller-depth",
    cl::desc("access-ok-far: how many calls up a check in every caller "
             "still counts as near (default 1). Same as "
             "--check-option=access-ok-far.CallerDepth=N."),
    cl::cat(Category));
cl::opt<std::string> DiffFile(
    "diff",
    cl::desc("Report only findings a patch touches: one of its lines or "
             "notes is on an added line, or a line of its function is "
             "deleted. <patch> is a unified diff file, '-' (standard "
             "input), or else a git revision: `git diff -U0 <rev>` is run "
             "in the current directory. A CI gate on a patch."),
    cl::value_desc("patch|rev"), cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fix-its in place. A finding whose "
                           "edits conflict with another's is refused whole; "
                           "files are replaced atomically."),
                  cl::cat(Category));
cl::opt<bool> FixDryRun(
    "fix-dry-run",
    cl::desc("Print the unified diff --fix would apply to standard output "
             "(the report goes to standard error unless -o); no file is "
             "changed. Wins over --fix."),
    cl::cat(Category));
cl::opt<std::string>
    PatchDir("patch-dir",
             cl::desc("Write the fix-its as a series of patches in `git "
                      "format-patch` form into <dir> (created if missing), for "
                      "`git am`: one per finding, or per function."),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<uaccess::PatchPer>
    PatchPer("patch-per", cl::desc("With --patch-dir: one patch per ..."),
             cl::values(clEnumValN(uaccess::PatchPer::Finding, "finding",
                                   "finding with fix-its (default)"),
                        clEnumValN(uaccess::PatchPer::Function, "function",
                                   "function: its findings' fixes together")),
             cl::init(uaccess::PatchPer::Finding), cl::cat(Category));
cl::opt<bool> ReplacePatches(
    "replace-patches",
    cl::desc("With --patch-dir: replace the series the folder holds (its "
             "NNNN-*.patch files); without, such a folder is refused, as "
             "`git am <dir>/*.patch` would take both series."),
    cl::cat(Category));
cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("Write findings and fix-its as YAML for "
                         "clang-apply-replacements."),
                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("Read the config of every source from this file instead of "
             "the .uaccess-lint.yaml nearest each source."),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string>
    InlineConfig("config",
                 cl::desc("The config of every source, as YAML text: "
                          "--config='{Checks: \"window-*\"}'."),
                 cl::value_desc("yaml"), cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Drop the findings this baseline (--write-baseline) records: "
             "only new findings are reported."),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WriteBaseline(
    "write-baseline",
    cl::desc("Write the fingerprints of the findings to this file, a "
             "baseline for --baseline."),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("Paths in fingerprints, in SARIF (%SRCROOT%) and in the diffs "
             "of --patch-dir and --fix-dry-run are relative to this folder "
             "(default: the git top-level of each file, for SARIF of the "
             "first source, else the current directory)."),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> ReportUnusedSuppressions(
    "report-unused-suppressions",
    cl::desc("List suppression comments that matched no finding on "
             "standard error; any makes the exit status 1."),
    cl::cat(Category));
cl::opt<bool> ColorOutput("use-color",
                          cl::desc("Force colors on (default: on a terminal)."),
                          cl::cat(Category));

// What users of clang-tidy reach for.
cl::list<std::string>
    ExtraArgOpts("extra-arg",
                 cl::desc("An argument appended to every compile command "
                          "(repeatable), as clang-tidy's."),
                 cl::cat(Category));
cl::list<std::string>
    ExtraArgBeforeOpts("extra-arg-before",
                       cl::desc("An argument put first in every compile "
                                "command (repeatable), as clang-tidy's."),
                       cl::cat(Category));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Report findings in headers only when the header's path "
             "matches this regex (default: every header, once)."),
    cl::value_desc("regex"), cl::cat(Category));
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Drop findings in headers whose path matches this regex (after "
             "--header-filter), as clang-tidy's."),
    cl::value_desc("regex"), cl::cat(Category));
cl::opt<std::string> LineFilterJSON(
    "line-filter",
    cl::desc("Report only findings on these lines, as clang-tidy's: "
             "'[{\"name\":\"file.c\",\"lines\":[[1,3],[5,7]]},...]'; a "
             "file not named is not reported."),
    cl::value_desc("json"), cl::cat(Category));
cl::opt<bool> Quiet("quiet",
                    cl::desc("No informational lines on standard error."),
                    cl::cat(Category));
cl::opt<bool> Exhaustive(
    "exhaustive",
    cl::desc("Parse every TU: no prefilter (by default a TU is parsed only "
             "when its main file, or a header no other parsed TU includes, "
             "has a body that uses the uaccess API)."),
    cl::cat(Category));
cl::opt<bool> SkipBodies(
    "skip-bodies",
    cl::desc("Let the parse of a TU skip the function bodies no finding can "
             "depend on (experimental: see docs/scale.md)."),
    cl::Hidden, cl::cat(Category));
cl::opt<uaccess::IncludeScanner> PrefilterScanner(
    "prefilter-scanner", cl::desc("How the prefilter learns included files."),
    cl::values(clEnumValN(uaccess::IncludeScanner::DependencyScan, "deps",
                          "clang's dependency scanner (default)"),
               clEnumValN(uaccess::IncludeScanner::Preprocess, "preprocess",
                          "the preprocessor alone")),
    cl::init(uaccess::IncludeScanner::DependencyScan), cl::Hidden,
    cl::cat(Category));
cl::opt<bool> NoBuildRecords(
    "no-build-records",
    cl::desc("Scan every TU's includes, even where the build's record of "
             "them (Kbuild's .<object>.cmd) is fresh (docs/scale.md)."),
    cl::cat(Category));
cl::opt<bool> ExplainPrefilter(
    "explain-prefilter",
    cl::desc("Print which TUs the prefilter would parse and why (a name "
             "the main file uses, or a header it covers), which it would "
             "skip, and how long it took; then exit without analyzing."),
    cl::cat(Category));
cl::opt<std::string>
    Shard("shard",
          cl::desc("Analyze only shard K of N (1 <= K <= N): the TUs whose "
                   "position in the database's files, sorted by path, is K-1 "
                   "modulo N. Combine the shards' JSON reports with "
                   "'uaccess-lint merge'."),
          cl::value_desc("K/N"), cl::cat(Category));
cl::opt<bool> ShowProgress(
    "progress",
    cl::desc("A progress line per TU on standard error (done/total, the TU "
             "and its findings, findings so far, failed, elapsed, ETA). On a "
             "terminal one line is updated in place without this option."),
    cl::cat(Category));
cl::opt<bool> KbuildMode(
    "kbuild",
    cl::desc("Run as Kbuild's checker, first on the command line: make C=1 "
             "CHECK=\"uaccess-lint --kbuild\" CF=\"<options>\". Takes "
             "sparse's flags and the compile's, checks the one file and prints "
             "findings to the build log (standard error). As sparse's, they "
             "do not stop the build; with --warnings-as-errors, findings at "
             "error level and files not analyzed do."),
    cl::cat(Category));
cl::opt<std::string> ResultsDir(
    "results-dir",
    cl::desc("Leave each TU's record (its command, findings, or why it "
             "failed) in this folder, for 'uaccess-lint report DIR...'; "
             "safe under make -j and across machines. Default: "
             "$UACCESS_LINT_RESULTS_DIR."),
    cl::value_desc("dir"), cl::cat(Category));
// LLVM makes -h a grouping alias of --help, so `-hx` or `--header-...`
// typos printed the help and exited 0: a CI gate that passes. A plain -h.
cl::opt<bool> ShortHelp("h", cl::desc("Alias for --help"), cl::Hidden,
                        cl::cat(Category));

// Internal: the worker side of process isolation, and testing hooks.
cl::opt<std::string> WorkerJob("worker-job", cl::Hidden);
cl::opt<std::string> DebugCrashOn("debug-crash-on", cl::Hidden);
cl::opt<std::string> DebugHangOn("debug-hang-on", cl::Hidden);

cl::extrahelp MoreHelp(R"(
Runs uaccess-lint's checks over the C files of a compilation database
(all of them, or the <source> files named). With -p, arguments after '--'
are appended to every compile command; without -p, they are the command
(no database is looked for).

merge makes one report of several runs' JSON reports (shards, arches);
report makes one of the results folders that runs with --results-dir
leave (a kernel build's, one folder per arch and config), linking each
folder's findings as its run would. Both take the options that apply to
findings made: --checks, Severity check options, --warnings-as-errors,
baselines, --line-filter, the formats, -o, and the fix outputs. --kbuild
runs as Kbuild's checker: make C=1 CHECK="uaccess-lint --kbuild".

Each check's findings have a level: window-* are errors, access-ok-far
warnings, batchable and access-ok-redundant notes (performance);
--check-option=<check>.Severity=error|warning|note changes it.

Exit codes (the first that applies):
  2  usage or input error (bad options, no or malformed database, unknown
     check, a file not in the database, an unreadable or empty --diff, a
     failed `git diff`); nothing is analyzed
  3  some translation units could not be analyzed (front-end errors, a
     crash, a timeout, a missing source file); findings from the others are
     still reported
  1  findings at error level (warnings too with --warnings-as-errors), or
     unused suppressions with --report-unused-suppressions
  0  none of these: no findings, or only warnings and notes
)");

[[noreturn]] void fail(const Twine &Message) {
  errs() << "uaccess-lint: error: " << Message << "\n";
  std::exit(ExitUsage);
}

std::unique_ptr<CompilationDatabase> loadJSON(StringRef JsonPath) {
  auto DB = uaccess::loadJSONDatabase(JsonPath);
  if (!DB)
    fail(toString(DB.takeError()));
  return std::move(*DB);
}

/// The compilation database -p names, or "" when there is none to read.
std::string databaseFile() {
  if (BuildPath.empty() || !sys::fs::is_directory(BuildPath))
    return BuildPath;
  SmallString<256> Json(BuildPath);
  sys::path::append(Json, "compile_commands.json");
  return std::string(Json);
}

std::unique_ptr<CompilationDatabase>
loadDatabase(ArrayRef<std::string> CommandArgs, bool HaveDashDash) {
  if (!BuildPath.empty()) {
    if (!sys::fs::exists(BuildPath))
      fail("compilation database path '" + BuildPath + "' does not exist");
    std::string Json = databaseFile();
    if (!sys::fs::exists(Json))
      fail("no compile_commands.json in '" + BuildPath + "'");
    return loadJSON(Json);
  }
  // As in clang-tidy: '--' without -p means the arguments are the command.
  if (HaveDashDash)
    return std::make_unique<FixedCompilationDatabase>(".", CommandArgs);
  // As clang-tidy does: from the first source's folder up, so that a tree's
  // file is checked from anywhere; without a source, from here up.
  std::string Start = uaccess::currentDirectoryPath();
  if (!SourcePaths.empty())
    Start = sys::path::parent_path(
                uaccess::absoluteSourcePath("", SourcePaths.front()))
                .str();
  for (StringRef Dir = Start; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Json(Dir);
    sys::path::append(Json, "compile_commands.json");
    if (sys::fs::exists(Json))
      return loadJSON(Json);
  }
  fail("no compilation database: no compile_commands.json in '" + Start +
       "' or above; pass -p <build-dir>, or give compiler arguments after "
       "'--'");
}

bool isCSource(StringRef File) { return sys::path::extension(File) == ".c"; }

/// --uaccess-safe and --uaccess-safe-file: added to every config's list.
std::vector<std::string> readSafeCallees() {
  std::vector<std::string> Names(SafeCallees.begin(), SafeCallees.end());
  if (SafeCalleesFile.empty())
    return Names;
  auto Text = uaccess::readInputFile(SafeCalleesFile, "uaccess-safe list",
                                     uint64_t(16) << 20);
  if (!Text)
    fail(toString(Text.takeError()));
  for (std::string &Name : uaccess::parseNameList(*Text))
    Names.push_back(std::move(Name));
  return Names;
}

/// The '-- extra args' split off before llvm::cl sees the rest.
struct CommandLine {
  std::vector<const char *> Own;
  std::vector<std::string> ExtraArgs;
  bool HaveDashDash = false;
};

CommandLine splitDashDash(int argc, const char **argv) {
  CommandLine CL;
  for (int I = 0; I < argc; ++I) {
    if (!CL.HaveDashDash && StringRef(argv[I]) == "--") {
      CL.HaveDashDash = true;
      continue;
    }
    if (CL.HaveDashDash)
      CL.ExtraArgs.push_back(argv[I]);
    else
      CL.Own.push_back(argv[I]);
  }
  return CL;
}

/// What --kbuild's splitter asks of a `--name`: is it one of this tool's
/// options, and does it take a value?
uaccess::ToolOptionKind toolOptionKind(StringRef Name) {
  if (Name.empty())
    return uaccess::ToolOptionKind::NotOurs;
  StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
  auto It = Options.find(Name);
  if (It == Options.end() || !is_contained(It->second->Categories, &Category))
    return uaccess::ToolOptionKind::NotOurs;
  return It->second->getValueExpectedFlag() == cl::ValueRequired
             ? uaccess::ToolOptionKind::TakesValue
             : uaccess::ToolOptionKind::Flag;
}

/// The current directory as findings name files: its real path.
std::string currentDirectory() {
  return uaccess::canonicalPath(uaccess::currentDirectoryPath());
}

/// `uaccess-lint --kbuild $(CHECKFLAGS) $(c_flags) <file.c>` as the plain
/// run `uaccess-lint --kbuild <CF= options> <file.c> -- <compile flags>`.
/// \p Storage keeps the strings the command line points into.
CommandLine kbuildCommandLine(int argc, const char **argv,
                              std::deque<std::string> &Storage) {
  std::vector<std::string> Args(argv + 2, argv + argc);
  auto Split = uaccess::splitKbuildCommand(Args, toolOptionKind);
  if (!Split)
    fail(toString(Split.takeError()));
  CommandLine CL;
  CL.Own = {argv[0], argv[1]};
  for (std::string &Arg : Split->ToolArgs)
    CL.Own.push_back(Storage.emplace_back(std::move(Arg)).c_str());
  CL.Own.push_back(Storage.emplace_back(Split->File).c_str());
  CL.ExtraArgs = std::move(Split->CompilerArgs);
  CL.HaveDashDash = true;
  return CL;
}

/// A mode that runs one file per call (--kbuild) or none (report) refuses
/// the options it cannot honour, by name.
void refuseOptions(StringRef Mode, ArrayRef<std::pair<bool, StringRef>> Given) {
  for (auto [Set, Name] : Given)
    if (Set)
      fail(Mode + ": " + Name + " does not apply");
}

/// Kbuild runs one call per file, several at once (make -j): an option
/// that writes one shared file, or reads a database, is refused; the
/// summary line would repeat for every file of the build.
void checkKbuildOptions() {
  refuseOptions("--kbuild checks one file per call, many at once",
                {{!BuildPath.empty(), "-p"},
                 {!DiffFile.empty(), "--diff"},
                 {Fix, "--fix"},
                 {FixDryRun, "--fix-dry-run"},
                 {!PatchDir.empty(), "--patch-dir"},
                 {!WriteBaseline.empty(), "--write-baseline"},
                 {!OutputFile.empty(), "-o"},
                 {!ExportFixes.empty(), "--export-fixes"},
                 {!Shard.empty(), "--shard"},
                 {!LineFilterJSON.empty(), "--line-filter"},
                 {ListChecks, "--list-checks"},
                 {DumpConfig, "--dump-config"},
                 {!Explain.empty(), "--explain"},
                 {DumpUses, "--dump-uaccess"}});
  Quiet = true;
}

/// --warnings-as-errors, parsed before any TU runs.
std::optional<uaccess::GlobList> promotedChecks() {
  if (WarningsAsErrors.empty())
    return std::nullopt;
  std::string Error;
  auto Globs = uaccess::GlobList::parse(WarningsAsErrors, Error);
  if (!Globs)
    fail("--warnings-as-errors: " + Error);
  std::vector<std::string> Unknown =
      Globs->unmatchedGlobs(uaccess::allCheckNames());
  if (!Unknown.empty())
    fail("--warnings-as-errors: unknown check '" + Unknown.front() +
         "' (see --list-checks)");
  return Globs;
}

/// Warnings of the checks \p Promoted matches become errors.
void promoteWarnings(std::vector<uaccess::Finding> &Findings,
                     const std::optional<uaccess::GlobList> &Promoted) {
  for (uaccess::Finding &F : Findings)
    if (Promoted && F.Level == uaccess::Severity::Warning &&
        Promoted->contains(F.Check))
      F.Level = uaccess::Severity::Error;
}

/// --check-option and the older per-option flags, in the order they win;
/// a malformed argument is a usage error (bad keys and values are found
/// when the settings are resolved).
std::vector<std::pair<std::string, std::string>> checkOptionOverrides() {
  std::vector<std::pair<std::string, std::string>> Options;
  for (const std::string &Arg : CheckOptionArgs) {
    auto [Key, Value] = StringRef(Arg).split('=');
    if (Key.empty() || !StringRef(Arg).contains('='))
      fail("--check-option wants 'check-name.Option=value', not '" + Arg + "'");
    Options.emplace_back(Key.trim().str(), Value.trim().str());
  }
  auto Flag = [&](cl::opt<unsigned> &Opt, const char *Key) {
    if (Opt.getNumOccurrences())
      Options.emplace_back(Key, std::to_string(Opt));
  };
  Flag(MinAccesses, "batchable.MinAccesses");
  Flag(AccessOkStatements, "access-ok-far.MaxStatements");
  Flag(AccessOkLines, "access-ok-far.MaxLines");
  Flag(AccessOkCallerDepth, "access-ok-far.CallerDepth");
  return Options;
}

/// --config or --config-file: one config for every TU, read before any
/// TU runs.
void readFixedConfig(uaccess::SettingsOverrides &O) {
  if (!ConfigFile.empty() && !InlineConfig.empty())
    fail("--config and --config-file cannot be used together");
  if (ConfigFile.empty() && InlineConfig.empty())
    return;
  bool Inline = !InlineConfig.empty();
  Expected<uaccess::Config> C =
      Inline ? uaccess::parseConfig(InlineConfig, "--config")
             : uaccess::readConfigFile(ConfigFile);
  if (!C)
    fail(toString(C.takeError()));
  O.Fixed = std::move(*C);
  O.FixedOrigin = Inline ? "--config" : std::string(ConfigFile);
}

/// What the command line says of the settings each config gives (README,
/// "Config file").
uaccess::SettingsOverrides settingsOverrides() {
  uaccess::SettingsOverrides O;
  if (Checks.getNumOccurrences())
    O.Checks = Checks;
  O.CheckOptions = checkOptionOverrides();
  O.Safe = readSafeCallees();
  if (HeaderFilter.getNumOccurrences())
    O.HeaderFilter = HeaderFilter;
  if (!BaselineFile.empty())
    O.Baseline = BaselineFile;
  readFixedConfig(O);
  O.NeedChecks = !DumpUses && !ListChecks && !DumpConfig;
  return O;
}

const uaccess::Settings &settingsOrFail(Expected<const uaccess::Settings *> S) {
  if (!S)
    fail(toString(S.takeError()));
  return **S;
}

/// --list-checks and --dump-config; true when one of them ran. They show
/// the settings of the first source named, or of the current directory
/// (clang-tidy's show the config of the file named).
/// --explain=<check>: its page, as SARIF's rule help has it.
int explainCheck() {
  llvm::StringRef Page = uaccess::docPage(Explain);
  if (Page.empty()) {
    std::string Known;
    for (const uaccess::CheckInfo &C : uaccess::allChecks())
      Known += (Known.empty() ? "" : ", ") + C.Name.str();
    fail("--explain: no check '" + Explain + "' (the checks: " + Known + ")");
  }
  outs() << Page;
  return ExitClean;
}

bool listConfiguration(uaccess::SettingsFinder &Finder) {
  if (!ListChecks && !DumpConfig)
    return false;
  const uaccess::Settings &S =
      settingsOrFail(SourcePaths.empty() ? Finder.forDirectory(".")
                                         : Finder.forFile(SourcePaths.front()));
  if (ListChecks) {
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

/// Which TUs: the files named, or every C file of the database; an entry
/// repeated is one TU however its path is spelled (`./x.c`, `x.c`,
/// `d/../x.c`), but one file listed with other flags is another TU, as in
/// clang-tidy: a defect under one configuration only is still found.
/// --shard=K/N as (K-1, N); a malformed one is a usage error.
std::pair<unsigned, unsigned> parseShard() {
  auto [K, N] = StringRef(Shard).split('/');
  unsigned Index = 0, Count = 0;
  if (K.trim().getAsInteger(10, Index) || N.trim().getAsInteger(10, Count) ||
      Count == 0 || Index == 0 || Index > Count)
    fail("--shard wants K/N with 1 <= K <= N, not '" + Shard + "'");
  return {Index - 1, Count};
}

/// The commands of --shard's shard: every file's command goes to the shard
/// of its path's position among the sorted distinct paths, so shards are
/// disjoint, cover the database and do not depend on its order.
std::vector<CompileCommand> shardCommands(std::vector<CompileCommand> All) {
  if (Shard.empty())
    return All;
  auto [Index, Count] = parseShard();
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

std::vector<CompileCommand> selectCommands(CompilationDatabase &DB,
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
  if (SourcePaths.empty())
    All = DB.getAllCompileCommands();
  for (const std::string &Path : SourcePaths) {
    std::string Abs = uaccess::absoluteSourcePath("", Path);
    // Named on the command line, a source that is not there is the user's
    // slip (with or without a database), not a TU that failed.
    if (!sys::fs::exists(Abs))
      fail("'" + Path + "': no such file");
    std::vector<CompileCommand> Found = DB.getCompileCommands(Abs);
    if (Found.empty())
      fail("'" + Path + "' is not in the compilation database");
    for (CompileCommand &C : Found)
      All.push_back(std::move(C));
  }
  bool Empty = All.empty();
  for (CompileCommand &C : shardCommands(std::move(All)))
    Add(std::move(C));
  if (Empty)
    fail("no C translation units to analyze: the compilation database has "
         "no entries");
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
ArgumentsAdjuster commandAdjuster(const CommandLine &CL, bool Fixed) {
  std::vector<std::string> Extra(ExtraArgOpts.begin(), ExtraArgOpts.end());
  if (!Fixed)
    Extra.insert(Extra.begin(), CL.ExtraArgs.begin(), CL.ExtraArgs.end());
  ArgumentsAdjuster Adjust =
      uaccess::kernelCommandAdjuster(UACCESS_LINT_RESOURCE_DIR, Extra);
  if (ExtraArgBeforeOpts.empty())
    return Adjust;
  std::vector<std::string> Before(ExtraArgBeforeOpts.begin(),
                                  ExtraArgBeforeOpts.end());
  return combineAdjusters(
      Adjust, getInsertArgumentAdjuster(Before, ArgumentInsertPosition::BEGIN));
}

uaccess::WorkerOptions workerOptions(const char *Argv0) {
  uaccess::WorkerOptions W;
  W.SelfPath = sys::fs::getMainExecutable(Argv0, (void *)&fail);
  W.Jobs = Jobs ? Jobs : get_physical_cores() > 0 ? get_physical_cores() : 1;
  W.TimeoutSeconds = Timeout;
  W.DebugCrashOn = DebugCrashOn;
  W.DebugHangOn = DebugHangOn;
  return W;
}

/// What a worker runs for the TUs of settings \p S.
uaccess::RunOptions runOptions(const uaccess::Settings &S) {
  uaccess::RunOptions Run;
  // A dump shows recognition only; the checks do not run.
  Run.ChecksSpec = DumpUses ? "-*" : S.Checks;
  Run.DumpUses = DumpUses;
  Run.CheckOptions = S.Options;
  Run.SafeCallees = S.Safe;
  return Run;
}

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

/// The patch of --diff, parsed before any TU runs: a patch that is binary
/// or names no file would make the gate pass on nothing. An empty one (no
/// change on the branch) is an ordinary CI event: nothing to check.
struct Patch {
  uaccess::ChangedLines Lines;
  /// Its paths are git's, from the top level of the work tree.
  bool FromGit = false;
};

std::optional<Patch> readPatch() {
  if (DiffFile.empty())
    return std::nullopt;
  bool IsFile = DiffFile == "-" || sys::fs::exists(DiffFile);
  auto Text =
      IsFile ? uaccess::readInputFile(DiffFile, "patch", uint64_t(256) << 20)
             : uaccess::runGitDiff(DiffFile);
  if (!Text)
    fail(toString(Text.takeError()));
  if (StringRef(*Text).contains('\0'))
    fail("'" + DiffFile + "' is not a unified diff: it is binary");
  auto Changed = uaccess::ChangedLines::parse(*Text);
  if (!Changed)
    fail("'" + DiffFile + "': " + toString(Changed.takeError()));
  if (StringRef(*Text).trim().empty()) {
    if (!Quiet)
      errs() << "uaccess-lint: note: --diff=" << DiffFile
             << ": the patch is empty; nothing to check\n";
  } else if (Changed->files() == 0) {
    fail("'" + DiffFile + "' is not a unified diff: it names no file");
  }
  return Patch{std::move(*Changed), !IsFile || uaccess::isGitPatch(*Text)};
}

/// Where a relative path of a patch or a line filter names a file: from
/// git's top level first for git's paths, else from the current directory
/// first, where `patch` would apply it; then from the directories of the
/// compilation database, where make ran.
std::vector<std::string> relativeBases(bool GitFirst,
                                       ArrayRef<CompileCommand> TUs) {
  std::string Cwd = uaccess::currentDirectoryPath();
  if (Cwd.empty())
    fail("cannot read the current directory");
  std::vector<std::string> Bases;
  auto Add = [&](StringRef Dir) {
    if (!Dir.empty() && !llvm::is_contained(Bases, Dir))
      Bases.push_back(Dir.str());
  };
  std::string Top = gitTopLevel();
  Add(GitFirst ? StringRef(Top) : StringRef(Cwd));
  Add(GitFirst ? StringRef(Cwd) : StringRef(Top));
  for (const CompileCommand &C : TUs)
    Add(C.Directory);
  return Bases;
}

/// The patch's changed lines, its relative paths resolved exactly (never
/// matched as suffixes).
std::optional<uaccess::ChangedLines>
resolvePatch(std::optional<Patch> P, ArrayRef<CompileCommand> TUs) {
  if (!P)
    return std::nullopt;
  P->Lines.resolve(relativeBases(P->FromGit, TUs));
  return std::move(P->Lines);
}

/// --line-filter, read before any TU runs; `[]` is no filter.
std::optional<uaccess::LineFilter> readLineFilter() {
  if (LineFilterJSON.empty())
    return std::nullopt;
  Expected<uaccess::LineFilter> Filter =
      uaccess::LineFilter::parse(LineFilterJSON);
  if (!Filter)
    fail(toString(Filter.takeError()));
  if (Filter->empty())
    return std::nullopt;
  return std::move(*Filter);
}

/// The findings --diff and --line-filter select; the others are counted.
/// A line filter that names no file of the run is an input error: it
/// would pass any run.
void keepSelectedLines(std::vector<uaccess::Finding> &Findings,
                       const std::optional<uaccess::ChangedLines> &Changed,
                       ArrayRef<CompileCommand> TUs,
                       uaccess::RunSummary &Summary) {
  std::optional<uaccess::LineFilter> Lines = readLineFilter();
  if (Lines) {
    std::vector<std::string> Files;
    for (const CompileCommand &C : TUs)
      Files.push_back(uaccess::absoluteSourcePath(C.Directory, C.Filename));
    for (const uaccess::Finding &F : Findings)
      Files.push_back(F.Loc.File);
    if (Error E = Lines->resolve(relativeBases(false, TUs), Files))
      fail(toString(std::move(E)));
  }
  // merge knows no TU: a filter of a file with no findings names nothing
  // it sees, and is no mistake.
  if (Lines && !TUs.empty() && !Lines->namesAnyOf())
    fail("--line-filter names no file of this run: it would drop every "
         "finding");
  llvm::erase_if(Findings, [&](const uaccess::Finding &F) {
    bool Out = Changed && !uaccess::touchesFinding(*Changed, F);
    Summary.OutsideDiff += Out;
    bool Filtered = !Out && Lines && !Lines->accepts(F.Loc.File, F.Loc.Line);
    Summary.OutsideLineFilter += Filtered;
    return Out || Filtered;
  });
}

/// SARIF's %SRCROOT%: --source-root, else the git top-level of the first
/// source (named, or of the database), else the current directory.
std::string sarifSourceRoot(ArrayRef<CompileCommand> Runnable,
                            const uaccess::RunSummary &Summary) {
  std::string First = !SourcePaths.empty() ? SourcePaths.front()
                      : !Runnable.empty()  ? Runnable.front().Filename
                      : !Summary.Failures.empty()
                          ? Summary.Failures.front().first
                          : "-";
  return uaccess::sourceRoot(First, SourceRoot);
}

/// The report, in the chosen format.
std::string renderReport(const uaccess::MergedReport &Report,
                         const uaccess::RunSummary &Summary,
                         ArrayRef<CompileCommand> Runnable) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (DumpUses) {
    for (auto &[Key, Block] : Report.DumpBlocks)
      OS << Block;
  } else if (OutputFormat == Format::JSON) {
    uaccess::renderJSON(Report.Findings, Summary, OS);
  } else if (OutputFormat == Format::SARIF) {
    uaccess::renderSARIF(
        Report.Findings, Summary,
        {UACCESS_LINT_VERSION, sarifSourceRoot(Runnable, Summary)}, OS);
  } else if (OutputFormat == Format::CodeQuality) {
    uaccess::renderCodeQuality(Report.Findings,
                               sarifSourceRoot(Runnable, Summary), OS);
  } else {
    // NO_COLOR (no-color.org) turns the terminal's colors off; --use-color
    // still asks for them.
    const char *NoColor = std::getenv("NO_COLOR");
    bool Colors =
        ColorOutput || (OutputFile.empty() && !(NoColor && *NoColor) &&
                        sys::Process::StandardOutIsDisplayed());
    OS.enable_colors(Colors);
    uaccess::renderText(Report.Findings, OS, Colors,
                        /*ShowArches=*/Summary.Arches.size() > 1);
  }
  return Text;
}

/// Writes the report to -o or standard output; a report that could not be
/// written is a failed run (exit 2), never "findings" or "clean".
void writeReport(StringRef Text) {
  if (OutputFile.empty()) {
    // Standard output is the diff's: `--fix-dry-run | git apply`.
    // As a compiler's, the build's findings go to its log on standard error.
    raw_fd_ostream &OS = FixDryRun || KbuildMode ? errs() : outs();
    OS << Text;
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      fail("cannot write the report to standard output: " + EC.message());
    }
    return;
  }
  // Replaced atomically, never half-written (see writeOutputFile()).
  if (Error E = uaccess::writeOutputFile(OutputFile, Text))
    fail(toString(std::move(E)));
}

uaccess::PatchOptions patchOptions(ArrayRef<CompileCommand> TUs) {
  uaccess::PatchOptions Options;
  Options.Per = PatchPer;
  Options.SourceRoot = SourceRoot;
  for (const CompileCommand &C : TUs)
    if (!llvm::is_contained(Options.DatabaseDirs, C.Directory))
      Options.DatabaseDirs.push_back(C.Directory);
  Options.Version = UACCESS_LINT_VERSION;
  Options.AnalysisStart = uaccess::loadTime();
  return Options;
}

/// --patch-dir: the series, written after every patch is computed.
void writePatches(ArrayRef<uaccess::Finding> Findings,
                  ArrayRef<CompileCommand> TUs) {
  auto Series = uaccess::buildPatchSeries(Findings, patchOptions(TUs));
  if (!Series)
    fail("patches not written: " + toString(Series.takeError()));
  for (const std::string &Skipped : Series->Skipped)
    errs() << "uaccess-lint: warning: no patch for " << Skipped << "\n";
  if (Series->Patches.empty() && !ReplacePatches) {
    if (!Quiet)
      errs() << "uaccess-lint: no fix-its, no patches written\n";
    return;
  }
  if (!Series->HaveAuthor && !Series->Patches.empty())
    errs() << "uaccess-lint: warning: git config user.name or user.email "
              "is not set: the patches have no From: or Signed-off-by: "
              "line, and `git am` needs a From:\n";
  if (Error E = uaccess::writePatchSeries(*Series, PatchDir, ReplacePatches))
    fail("patches not written: " + toString(std::move(E)));
  if (Quiet)
    return;
  if (Series->Patches.empty())
    errs() << "uaccess-lint: no fix-its: " << PatchDir << " holds no series\n";
  else
    errs() << "uaccess-lint: wrote " << Series->Patches.size()
           << " patch(es) to " << PatchDir << ", their paths relative to "
           << llvm::join(Series->Roots, ", ") << "\n";
}

/// --fix-dry-run: the diff on standard output, nothing written.
void printFixDiff(ArrayRef<uaccess::Finding> Findings,
                  ArrayRef<CompileCommand> TUs) {
  std::vector<std::string> Refused;
  auto Diff = uaccess::fixDiff(Findings, patchOptions(TUs), Refused);
  for (const std::string &R : Refused)
    errs() << "uaccess-lint: error: fix for " << R << " refused\n";
  if (!Diff)
    fail("no diff: " + toString(Diff.takeError()));
  outs() << *Diff;
  outs().flush();
}

/// --export-fixes, --patch-dir, --fix-dry-run and --fix.
void writeFixes(ArrayRef<uaccess::Finding> Findings,
                ArrayRef<CompileCommand> TUs) {
  if (!ExportFixes.empty())
    if (Error E = uaccess::exportFixes(Findings, ExportFixes))
      fail(toString(std::move(E)));
  if (!PatchDir.empty())
    writePatches(Findings, TUs);
  if (FixDryRun)
    return printFixDiff(Findings, TUs);
  if (!Fix)
    return;
  uaccess::FixPlan Plan = uaccess::planFixes(Findings);
  for (const auto &[F, Why] : Plan.Refused)
    errs() << "uaccess-lint: error: fix for " << F->Loc.File << ":"
           << F->Loc.Line << " [" << F->Check << "] refused: " << Why << "\n";
  if (Error E = uaccess::applyFixPlan(Plan))
    fail("fixes not applied: " + toString(std::move(E)));
  if (!Quiet)
    errs() << "uaccess-lint: applied fixes of " << Plan.Accepted
           << " finding(s) to " << Plan.Edits.size() << " file(s)\n";
}

} // namespace

std::string absolutePath(StringRef Path) {
  SmallString<256> Full(Path);
  uaccess::makeAbsolute(Full);
  return std::string(Full);
}

/// A name the kernel's C and assembly sources and headers have.
bool isCSourceName(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return llvm::is_contained({".c", ".h", ".S", ".s", ".i", ".cc", ".cpp",
                             ".cxx", ".hh", ".hpp", ".lds"},
                            Ext);
}

/// The outputs the run writes must not be one another, nor a file it
/// reads: `--fix -o f.c f.c` would replace the source with the report, and
/// `-o x.json --write-baseline=x.json` would lose the baseline.
void checkOutputsApart() {
  std::vector<std::pair<std::string, std::string>> Outputs;
  for (auto [Path, What] : {std::pair<StringRef, StringRef>(OutputFile, "-o"),
                            {ExportFixes, "--export-fixes"},
                            {WriteBaseline, "--write-baseline"}})
    // A stream (/dev/null, a FIFO) takes each output as it comes.
    if (!Path.empty() && Path != "-" &&
        (!sys::fs::exists(Path) || sys::fs::is_regular_file(Path)))
      Outputs.push_back(
          {uaccess::canonicalPath(absolutePath(Path)), What.str()});
  std::vector<std::pair<std::string, std::string>> Inputs;
  for (const std::string &Source : SourcePaths)
    Inputs.push_back({uaccess::canonicalPath(absolutePath(Source)),
                      "the source '" + Source + "'"});
  std::string Database = databaseFile();
  for (auto [Path, What] :
       {std::pair<StringRef, StringRef>(BaselineFile, "--baseline"),
        {DiffFile, "--diff"},
        {ConfigFile, "--config-file"},
        {SafeCalleesFile, "--uaccess-safe-file"},
        {Database, "the compilation database"}})
    if (!Path.empty() && Path != "-")
      Inputs.push_back(
          {uaccess::canonicalPath(absolutePath(Path)), What.str()});
  // A file of the series' names in --patch-dir is the series' to write or,
  // with --replace-patches, to remove.
  std::string Series =
      PatchDir.empty() ? "" : uaccess::canonicalPath(absolutePath(PatchDir));
  for (const auto &[Path, What] : Outputs)
    if (!Series.empty() && sys::path::parent_path(Path) == Series &&
        uaccess::isSeriesFileName(sys::path::filename(Path)))
      fail(What + " names a file of the --patch-dir series: '" + Path + "'");
  for (size_t I = 0; I < Outputs.size(); ++I) {
    for (size_t J = I + 1; J < Outputs.size(); ++J)
      if (Outputs[I].first == Outputs[J].first)
        fail(Outputs[I].second + " and " + Outputs[J].second +
             " name the same file '" + Outputs[I].first + "'");
    for (const auto &[Path, What] : Inputs)
      // Refreshing a baseline in place reads it before it writes it.
      if (Outputs[I].first == Path &&
          !(Outputs[I].second == "--write-baseline" && What == "--baseline"))
        fail(Outputs[I].second + " would overwrite " + What);
  }
  // A header the TUs include, or a source of the database, is an input the
  // run does not list before it parses: no report is meant to replace C.
  for (const auto &[Path, What] : Outputs)
    if (sys::fs::is_regular_file(Path) && isCSourceName(Path))
      fail(What + " would overwrite the C file '" + Path +
           "': name a file of its own");
}

/// Output paths and the header filter are checked before the analysis, not
/// after a long run.
void checkArguments() {
  for (auto [Path, What] :
       {std::pair<StringRef, StringRef>(OutputFile, "the report"),
        {ExportFixes, "the fixes"},
        {WriteBaseline, "the baseline"}}) {
    if (Error E = uaccess::checkOutputPath(Path, What))
      fail(toString(std::move(E)));
    // What a replacement would refuse: read-only, hard-linked, a symbolic
    // link to a missing file, a socket.
    if (!Path.empty())
      if (Error E = uaccess::checkOutputFile(Path))
        fail("cannot write " + What + ": " + toString(std::move(E)));
  }
  checkOutputsApart();
  if (!SourceRoot.empty() && !sys::fs::is_directory(SourceRoot))
    fail("--source-root '" + SourceRoot +
         "' is not a directory: fingerprints would hold absolute paths");
  if (!PatchDir.empty())
    if (Error E = uaccess::checkPatchDir(PatchDir, ReplacePatches))
      fail(toString(std::move(E)));
  if (PatchPer.getNumOccurrences() && PatchDir.empty())
    fail("--patch-per needs --patch-dir");
  if (ReplacePatches && PatchDir.empty())
    fail("--replace-patches needs --patch-dir");
  std::string Error;
  if (!ExcludeHeaderFilter.empty() &&
      !Regex(ExcludeHeaderFilter).isValid(Error))
    fail("invalid --exclude-header-filter '" + ExcludeHeaderFilter +
         "': " + Error);
  readLineFilter();
}

/// The compiler arguments the user typed (after '--', --extra-arg and
/// --extra-arg-before): one clang 19 does not know is a typo to report
/// before any TU runs, where a database's flags are dropped.
void checkCompilerArguments(const CommandLine &CL) {
  std::vector<std::string> Typed(CL.ExtraArgs);
  Typed.insert(Typed.end(), ExtraArgOpts.begin(), ExtraArgOpts.end());
  Typed.insert(Typed.end(), ExtraArgBeforeOpts.begin(),
               ExtraArgBeforeOpts.end());
  std::vector<std::string> Unknown = uaccess::unknownCompilerArguments(Typed);
  if (!Unknown.empty())
    fail("unknown compiler argument '" + Unknown.front() +
         "' (after '--' or in --extra-arg); clang 19 does not accept it");
}

/// The TUs to run, with their commands adjusted; an empty selection is an
/// error, not a clean run.
/// \p Program: every C TU of the database, adjusted, where the link step
/// looks for callers (the runnable ones when the database is the command
/// line's).
std::vector<CompileCommand>
runnableCommands(const CommandLine &CL, uaccess::RunSummary &Summary,
                 std::vector<CompileCommand> &Program) {
  std::unique_ptr<CompilationDatabase> DB =
      loadDatabase(CL.ExtraArgs, CL.HaveDashDash);
  bool Fixed = dynamic_cast<FixedCompilationDatabase *>(DB.get()) != nullptr;
  ArgumentsAdjuster Adjust = commandAdjuster(CL, Fixed);
  // An empty database is a run over nothing (an empty shard is not);
  // files of other languages are skipped and counted, as before.
  std::vector<CompileCommand> Commands = selectCommands(*DB, Summary);
  std::vector<CompileCommand> Runnable =
      adjustCommands(std::move(Commands), Adjust, Summary);
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

/// The TUs to analyze, each with the settings of the config nearest its
/// main file (README, "Config file").
struct RunnableTUs {
  std::vector<CompileCommand> Commands;
  /// One per command: the Settings::Index of its settings.
  std::vector<unsigned> SettingsOf;
};

/// Each TU's settings, resolved (and so checked) before any TU runs.
RunnableTUs assignSettings(std::vector<CompileCommand> Commands,
                           uaccess::SettingsFinder &Finder) {
  RunnableTUs TUs;
  for (const CompileCommand &C : Commands)
    TUs.SettingsOf.push_back(settingsOrFail(Finder.forFile(C.Filename)).Index);
  TUs.Commands = std::move(Commands);
  return TUs;
}

/// The baselines of the settings (--baseline, or each config's Baseline),
/// read before any TU runs.
uaccess::Baselines readBaselines(const uaccess::SettingsFinder &Finder) {
  uaccess::Baselines Accepted;
  if (Error E = Accepted.read(Finder.all()))
    fail(toString(std::move(E)));
  return Accepted;
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
bool suppressFindings(std::vector<uaccess::Finding> &Findings,
                      ArrayRef<std::string> Files, uaccess::SourceTexts &Texts,
                      const uaccess::EnabledChecksByFile &Enabled) {
  uaccess::SuppressionOutcome Outcome = uaccess::applySuppressions(
      Findings, Files, Texts, Enabled, uaccess::allCheckNames());
  if (!Quiet)
    for (const std::string &Problem : Outcome.Problems)
      errs() << Problem << "\n";
  if (ReportUnusedSuppressions)
    for (const std::string &Unused : Outcome.Unused)
      errs() << Unused << " [unused-suppression]\n";
  if (Outcome.Suppressed && !Quiet)
    errs() << "uaccess-lint: " << Outcome.Suppressed
           << " finding(s) suppressed by comments\n";
  return ReportUnusedSuppressions && !Outcome.Unused.empty();
}

/// Findings in headers that no TU's --header-filter (HeaderFilterRegex)
/// keeps, or that --exclude-header-filter matches, go.
void filterHeaders(std::vector<uaccess::Finding> &Findings,
                   const RunnableTUs &TUs,
                   const uaccess::SettingsFinder &Finder) {
  std::set<std::string> MainFiles;
  for (const CompileCommand &C : TUs.Commands)
    MainFiles.insert(C.Filename);
  std::optional<Regex> Exclude;
  if (!ExcludeHeaderFilter.empty())
    Exclude.emplace(ExcludeHeaderFilter);
  uaccess::filterHeaders(Findings, MainFiles, Finder.all(), Exclude);
}

/// What a tree has accepted goes (README, "Accepting findings"): each
/// finding gets its fingerprint, then suppression comments and the header
/// filters apply, --write-baseline records what is left and the baselines
/// drop what they record. True when unused suppressions fail the run.
/// \p FromReports: the findings are merged JSON reports', which the runs
/// that made them fingerprinted, suppressed and filtered by header.
bool acceptFindings(std::vector<uaccess::Finding> &Findings,
                    const RunnableTUs &TUs, const uaccess::RunSummary &Summary,
                    const uaccess::SettingsFinder &Finder,
                    const uaccess::Baselines &Accepted, bool FromReports) {
  bool Unused = false;
  if (!FromReports) {
    uaccess::SourceTexts Texts;
    uaccess::assignFingerprints(Findings, Texts, SourceRoot);
    Unused = suppressFindings(Findings, analyzedFiles(TUs.Commands, Summary),
                              Texts, enabledChecks(TUs, Finder));
    filterHeaders(Findings, TUs, Finder);
  }
  if (!WriteBaseline.empty())
    if (Error E = uaccess::writeOutputFile(
            WriteBaseline, uaccess::renderBaseline(Findings, SourceRoot)))
      fail(toString(std::move(E)));
  if (!Accepted.empty()) {
    unsigned Dropped = Accepted.apply(Findings, Finder.all());
    if (Dropped && !Quiet)
      errs() << "uaccess-lint: " << Dropped
             << " finding(s) accepted by the baseline\n";
  }
  return Unused;
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
  errs() << "\n";
}

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

/// A TU to parse: its position, and the bodies it can skip.
using ChosenTU = std::pair<size_t, std::vector<std::string>>;

/// The TUs that can have findings (all of them, skipping nothing, with
/// --exhaustive or --dump-uaccess); the others are counted as prefiltered.
std::vector<ChosenTU>
prefilter(const RunnableTUs &TUs, unsigned Jobs,
          const std::optional<uaccess::ChangedLines> &Changed,
          uaccess::RunSummary &Summary) {
  const std::vector<CompileCommand> &All = TUs.Commands;
  std::vector<ChosenTU> Chosen;
  if (Exhaustive || DumpUses) {
    for (size_t I = 0; I < All.size(); ++I)
      Chosen.emplace_back(I, std::vector<std::string>());
    return Chosen;
  }
  auto Start = std::chrono::steady_clock::now();
  auto Touched = [&](StringRef File) { return Changed->touchesFile(File); };
  // A header's findings depend on the settings: the TUs of each settings
  // cover the headers they include for themselves.
  uaccess::BuildRecords Records;
  uaccess::PrefilterResult Choice = uaccess::prefilterGroups(
      All, TUs.SettingsOf, Jobs, PrefilterScanner,
      Changed ? uaccess::TouchedFileFn(Touched) : nullptr, SkipBodies,
      NoBuildRecords ? nullptr : &Records, /*CoverHeaders=*/!KbuildMode);
  if (ExplainPrefilter)
    errs() << "uaccess-lint: prefilter: " << All.size() << " TUs scanned in "
           << uaccess::formatDuration(secondsSince(Start)) << "\n";
  for (size_t I = 0; I < All.size(); ++I) {
    if (ExplainPrefilter)
      explainChoice(All[I].Filename, Choice, I);
    if (Choice.Analyze[I])
      Chosen.emplace_back(I, std::move(Choice.SkippableBodies[I]));
  }
  // A dry run: which TUs a run would parse.
  if (ExplainPrefilter)
    std::exit(ExitClean);
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
uaccess::ProgressMeter::Mode progressMode() {
  if (DumpUses)
    return uaccess::ProgressMeter::Mode::Off;
  if (!Quiet && sys::Process::StandardErrIsDisplayed())
    return uaccess::ProgressMeter::Mode::Terminal;
  return ShowProgress ? uaccess::ProgressMeter::Mode::Plain
                      : uaccess::ProgressMeter::Mode::Off;
}

/// --results-dir: each TU's record, the ones the prefilter skipped too (the
/// link step of `report` may ask them for their calls).
void writeResults(const RunnableTUs &TUs, const uaccess::SettingsFinder &Finder,
                  const std::vector<ChosenTU> &Chosen,
                  const std::vector<uaccess::TUOutcome> &Outcomes,
                  const uaccess::RunSummary &Summary) {
  const std::vector<CompileCommand> &All = TUs.Commands;
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
    if (Error E = uaccess::writeResult(ResultsDir, Record))
      fail(toString(std::move(E)));
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
    if (Error E = uaccess::writeResult(ResultsDir, Record))
      fail(toString(std::move(E)));
  }
}

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

/// Runs the workers over the TUs the prefilter keeps, each with its
/// settings' options, with progress, and merges their outcomes; the
/// failures are listed as they are merged.
uaccess::MergedReport
analyze(const RunnableTUs &TUs, const uaccess::SettingsFinder &Finder,
        uaccess::WorkerOptions Workers,
        const std::optional<uaccess::ChangedLines> &Changed,
        uaccess::RunSummary &Summary,
        std::vector<uaccess::EarlyAnswer> &Early) {
  size_t EarlierFailures = Summary.Failures.size();
  std::vector<ChosenTU> Chosen = prefilter(TUs, Workers.Jobs, Changed, Summary);
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
    Runs.push_back(runOptions(*S));
    Runs.back().SummarizeOwnLinks = true;
  }
  std::vector<CompileCommand> Commands;
  // Each TU's own copy: the bodies it skips are its own.
  std::deque<uaccess::RunOptions> RunOfTU;
  for (auto &[I, Skippable] : Chosen) {
    Commands.push_back(TUs.Commands[I]);
    RunOfTU.push_back(Runs[TUs.SettingsOf[I]]);
    RunOfTU.back().SkipBodies = std::move(Skippable);
    Workers.RunOf.push_back(&RunOfTU.back());
  }
  // Failed so far: missing sources, and what the prefilter's scan failed.
  uaccess::ProgressMeter Meter(progressMode(), Commands.size(), errs(),
                               Summary.Failures.size());
  Workers.OnDone = [&](const uaccess::TUOutcome &O) { Meter.done(O); };
  std::vector<uaccess::TUOutcome> Outcomes =
      uaccess::runWorkers(Commands, Workers);
  Meter.finish();
  for (size_t K = 0; K < Chosen.size(); ++K)
    Outcomes[K].Config = TUs.SettingsOf[Chosen[K].first];
  if (!ResultsDir.empty())
    writeResults(TUs, Finder, Chosen, Outcomes, Summary);
  std::vector<std::vector<std::string>> Flags;
  for (const CompileCommand &C : Commands)
    Flags.push_back(distinctFlags(C));
  uaccess::noteFlagsOfFindings(Outcomes, Flags);
  Early = earlyAnswers(Commands, Outcomes);
  uaccess::MergedReport Report =
      uaccess::mergeOutcomes(std::move(Outcomes), Summary);
  for (const auto &[File, Reason] :
       ArrayRef(Summary.Failures).drop_front(EarlierFailures))
    errs() << "uaccess-lint: error: " << File << ": " << Reason << "\n";
  return Report;
}

/// The link step, counted in \p Summary.
void link(uaccess::MergedReport &Report,
          const std::vector<CompileCommand> &Program,
          const uaccess::WorkerOptions &Workers, const RunnableTUs &TUs,
          bool FromDatabase, ArrayRef<uaccess::EarlyAnswer> Early,
          uaccess::RunSummary &Summary) {
  auto Start = std::chrono::steady_clock::now();
  uaccess::LinkStats Linked = uaccess::linkAcrossUnits(
      Report, Program, Workers, sarifSourceRoot(TUs.Commands, Summary),
      FromDatabase, Early);
  // `report` links each build's folder: the counts add up.
  Summary.LinkTUs += Linked.TUs;
  Summary.LinkRounds += Linked.Rounds;
  Summary.LinkSeconds += secondsSince(Start);
}

/// Parses the command line; false on a usage error.
bool parseCommandLine(const CommandLine &CL) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "uaccess-lint " UACCESS_LINT_VERSION " (LLVM " LLVM_VERSION_STRING
          ")\n";
  });
  return cl::ParseCommandLineOptions(CL.Own.size(), CL.Own.data(),
                                     "uaccess-lint: checks Linux kernel "
                                     "user-access windows\n",
                                     &errs());
}

/// The exit code of a report: failed TUs, then findings at error level.
int exitCode(const uaccess::MergedReport &Report,
             const uaccess::RunSummary &Summary, bool Unused) {
  // In the build, as sparse: findings, and a file this tool could not
  // parse (Kbuild compiled it already), are in the log and the build goes
  // on, unless the user asks findings to stop it.
  if (KbuildMode && WarningsAsErrors.empty())
    return ExitClean;
  if (Summary.Failed)
    return ExitIncomplete;
  bool AnyError = llvm::any_of(Report.Findings, [](const uaccess::Finding &F) {
    return F.Level == uaccess::Severity::Error;
  });
  return !DumpUses && (AnyError || Unused) ? ExitErrors : ExitClean;
}

/// The --check-option the analysis reads (all but Severity, which applies
/// to findings made), or "".
std::string analysisCheckOption() {
  for (const std::string &Arg : CheckOptionArgs)
    if (!StringRef(Arg).split('=').first.ends_with(".Severity"))
      return Arg;
  return "";
}

/// `merge` and `report` start from findings made: what selects, parses or
/// adjusts TUs, or tunes the analysis, does not apply.
void checkAfterAnalysisOptions(StringRef Mode, const CommandLine &CL) {
  std::string CheckOption = analysisCheckOption();
  refuseOptions(
      Mode,
      {{!BuildPath.empty(), "-p"},
       {KbuildMode, "--kbuild"},
       {ListChecks || DumpConfig || !Explain.empty(),
        "--list-checks, --dump-config and --explain (run them alone)"},
       {!Shard.empty(), "--shard"},
       {Exhaustive, "--exhaustive"},
       {ExplainPrefilter, "--explain-prefilter"},
       {DumpUses, "--dump-uaccess"},
       {SkipBodies.getNumOccurrences() > 0, "--skip-bodies"},
       {!ResultsDir.empty(), "--results-dir"},
       {!ExtraArgOpts.empty() || !ExtraArgBeforeOpts.empty() || CL.HaveDashDash,
        "compiler arguments (--extra-arg, '--')"},
       {!SafeCallees.empty() || !SafeCalleesFile.empty(),
        "--uaccess-safe (an analysis option)"},
       {MinAccesses.getNumOccurrences() ||
            AccessOkStatements.getNumOccurrences() ||
            AccessOkLines.getNumOccurrences() ||
            AccessOkCallerDepth.getNumOccurrences(),
        "--min-accesses and --access-ok-* (analysis options)"},
       {!CheckOption.empty(),
        "--check-option=" + CheckOption +
            " (an analysis option; of check options, only Severity applies)"}});
}

/// The records' commands, in their order.
std::vector<CompileCommand>
commandsOf(const std::vector<uaccess::ResultRecord> &Records) {
  std::vector<CompileCommand> Commands;
  for (const uaccess::ResultRecord &R : Records)
    Commands.push_back(R.Command);
  return Commands;
}

/// `report`'s folders: every record, its TUs' settings resolved.
std::vector<uaccess::ResultRecord> readResultRecords() {
  if (SourcePaths.empty())
    fail("report: name the results folders (--results-dir) to report");
  std::vector<std::string> Dirs(SourcePaths.begin(), SourcePaths.end());
  // They are folders, not sources: the source root is the records' own.
  SourcePaths.clear();
  auto Records = uaccess::readResults(Dirs);
  if (!Records)
    fail(toString(Records.takeError()));
  return std::move(*Records);
}

/// Why a record no longer says what its TU holds: its source, or a file
/// its findings name, is gone or changed since it was written (their
/// places would be wrong, and a fix would land elsewhere); "" when none.
std::string staleRecord(const uaccess::ResultRecord &R) {
  std::set<std::string> Files{R.Command.Filename};
  for (const uaccess::Finding &F : R.Report.Findings) {
    Files.insert(F.Loc.File);
    for (const uaccess::FindingFix &Fix : F.Fixes)
      Files.insert(Fix.File);
  }
  for (const std::string &File : Files) {
    std::string Path = uaccess::absoluteSourcePath(R.Command.Directory, File);
    sys::fs::file_status Status;
    if (sys::fs::status(Path, Status))
      return "'" + Path + "' is gone since its record was written";
    if (Status.getLastModificationTime() > R.Written)
      return "'" + Path +
             "' changed since its record was written: check it "
             "again";
  }
  return "";
}

/// A check the report enables that the record's run did not: its findings
/// would be missing, never a pass.
void checkRecordChecks(const uaccess::ResultRecord &R,
                       const uaccess::Settings &Now) {
  std::string Error;
  std::optional<uaccess::GlobList> Ran =
      uaccess::GlobList::parse(R.Checks, Error);
  for (StringRef Check : uaccess::allCheckNames())
    if (Now.Enabled.contains(Check) && !(Ran && Ran->contains(Check)))
      fail("report: the record of '" + R.Command.Filename + "' ran '" +
           R.Checks + "', not '" + Check +
           "': choose the checks with --checks, or check the build again");
}

/// The records' outcomes, merged as a run merges its workers'.
uaccess::MergedReport mergeRecords(std::vector<uaccess::ResultRecord> Records,
                                   const RunnableTUs &TUs,
                                   const uaccess::SettingsFinder &Finder,
                                   uaccess::RunSummary &Summary,
                                   std::vector<uaccess::EarlyAnswer> &Early) {
  std::vector<uaccess::TUOutcome> Outcomes;
  std::vector<CompileCommand> Merged;
  std::vector<std::vector<std::string>> Flags;
  for (size_t I = 0; I < Records.size(); ++I) {
    uaccess::ResultRecord &R = Records[I];
    checkRecordChecks(R, *Finder.all()[TUs.SettingsOf[I]]);
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

/// `report`: each folder's records merged and linked as the run of its
/// build would (its TUs are the program its findings' callers are looked
/// for in), then the folders' findings merged as `merge` merges reports.
/// \p TUs: every record's TU, for the outputs.
uaccess::MergedReport reportFolders(std::vector<uaccess::ResultRecord> Records,
                                    uaccess::SettingsFinder &Finder,
                                    const uaccess::WorkerOptions &Workers,
                                    RunnableTUs &TUs,
                                    uaccess::RunSummary &Summary) {
  uaccess::MergedReport All;
  for (auto Begin = Records.begin(); Begin != Records.end();) {
    auto End = std::find_if(Begin, Records.end(), [&](const auto &R) {
      return R.Folder != Begin->Folder;
    });
    std::vector<uaccess::ResultRecord> Folder(std::make_move_iterator(Begin),
                                              std::make_move_iterator(End));
    Begin = End;
    RunnableTUs Build = assignSettings(commandsOf(Folder), Finder);
    std::vector<uaccess::EarlyAnswer> Early;
    uaccess::MergedReport Merged =
        mergeRecords(std::move(Folder), Build, Finder, Summary, Early);
    link(Merged, Build.Commands, Workers, Build, /*FromDatabase=*/true, Early,
         Summary);
    uaccess::mergeInto(All, std::move(Merged));
    llvm::append_range(TUs.Commands, Build.Commands);
    llvm::append_range(TUs.SettingsOf, Build.SettingsOf);
  }
  return All;
}

/// What a run accepts and filters, read before any TU runs.
struct Gate {
  std::optional<uaccess::ChangedLines> Changed;
  uaccess::Baselines Accepted;
  std::optional<uaccess::GlobList> Promoted;
  /// `merge`: the findings are JSON reports' (acceptFindings()).
  bool FromReports = false;
};

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

/// From the merged, linked findings to every output and the exit code:
/// one path for a run that parsed its TUs and for `report` over records.
int finishRun(uaccess::MergedReport &Report, uaccess::RunSummary &Summary,
              const RunnableTUs &TUs, const uaccess::SettingsFinder &Finder,
              const Gate &G, std::chrono::steady_clock::time_point Started) {
  keepEnabledChecks(Report.Findings, Finder);
  applySeverityOptions(Report.Findings, Finder);
  bool Unused = !DumpUses && acceptFindings(Report.Findings, TUs, Summary,
                                            Finder, G.Accepted, G.FromReports);
  keepSelectedLines(Report.Findings, G.Changed, TUs.Commands, Summary);
  promoteWarnings(Report.Findings, G.Promoted);
  // As a compiler prints them: by file and line, whatever the order the
  // TUs finished in or the checks ran in.
  uaccess::sortByLocation(Report.Findings);
  if (KbuildMode)
    uaccess::namePathsFrom(
        Report.Findings, currentDirectory(), SourcePaths.front(),
        uaccess::canonicalPath(absolutePath(SourcePaths.front())));

  writeReport(renderReport(Report, Summary, TUs.Commands));
  writeFixes(Report.Findings, TUs.Commands);
  if (!Quiet && !DumpUses)
    uaccess::printSummary(errs(), Report.Findings, Summary,
                          secondsSince(Started));
  // Of every TU, parsed or not: the same count with and without the
  // prefilter.
  if (Summary.Failed)
    errs() << "uaccess-lint: " << Summary.Failed << " of "
           << Summary.Failed + Summary.Analyzed + Summary.Prefiltered
           << " translation units could not be analyzed\n";
  return exitCode(Report, Summary, Unused);
}

/// `uaccess-lint merge A.json B.json ...`: one report from the shards'
/// JSON reports, through the outputs of a run (finishRun()), with the
/// command line's settings: the exit code a single run would have.
int mergeReports(const CommandLine &CL,
                 std::chrono::steady_clock::time_point Started) {
  if (SourcePaths.empty())
    fail("merge: name the JSON reports to merge (--format=json output)");
  checkAfterAnalysisOptions("merge", CL);
  // The reports name no TU: what needs the TUs' files was done by the
  // runs that made them.
  refuseOptions("merge",
                {{!DiffFile.empty(), "--diff (merge the gated runs' reports)"},
                 {!HeaderFilter.empty() || !ExcludeHeaderFilter.empty(),
                  "--header-filter (the runs filtered their findings)"},
                 {ReportUnusedSuppressions, "--report-unused-suppressions"}});
  uaccess::SettingsFinder Finder(settingsOverrides());
  const uaccess::Settings &Settings =
      settingsOrFail(Finder.withoutConfigFile());
  checkArguments();
  Gate G;
  G.Promoted = promotedChecks();
  G.Accepted = readBaselines(Finder);
  G.FromReports = true;
  uaccess::MergedReport Report;
  uaccess::RunSummary Summary;
  // A report given twice would count its TUs twice.
  std::set<std::string> Seen;
  for (const std::string &Path : SourcePaths)
    if (Path != "-" &&
        !Seen.insert(uaccess::canonicalPath(absolutePath(Path))).second)
      fail("merge: '" + Path + "' is given twice");
  for (const std::string &Path : SourcePaths)
    if (Error E = uaccess::mergeReportFile(Path, Report, Summary))
      fail(toString(std::move(E)));
  for (uaccess::Finding &F : Report.Findings)
    F.Configs = {Settings.Index};
  uaccess::sortByLocation(Report.Findings);
  return finishRun(Report, Summary, RunnableTUs(), Finder, G, Started);
}

int main(int argc, const char **argv) {
  auto Started = std::chrono::steady_clock::now();
  InitLLVM X(argc, argv);
  std::deque<std::string> KbuildArgs;
  CommandLine CL = argc > 1 && StringRef(argv[1]) == "--kbuild"
                       ? kbuildCommandLine(argc, argv, KbuildArgs)
                       : splitDashDash(argc, argv);
  StringRef Command = CL.Own.size() > 1 ? CL.Own[1] : "";
  bool Merge = Command == "merge", Report = Command == "report";
  if (Merge || Report)
    CL.Own.erase(CL.Own.begin() + 1);
  if (!parseCommandLine(CL))
    return ExitUsage;
  if (Merge)
    return mergeReports(CL, Started);
  if (ShortHelp) {
    cl::PrintHelpMessage();
    return ExitClean;
  }
  if (!Explain.empty())
    return explainCheck();
  if (!WorkerJob.empty())
    return uaccess::runWorkerJob(WorkerJob);
  uaccess::endDriverOnStopSignals();

  uaccess::SettingsFinder Finder(settingsOverrides());
  // The command line's own values (and --config's), checked before
  // anything else; each config file's when a TU needs it.
  settingsOrFail(Finder.withoutConfigFile());
  if (KbuildMode)
    checkKbuildOptions();
  if (Report)
    checkAfterAnalysisOptions("report", CL);
  if (listConfiguration(Finder))
    return ExitClean;
  // A gate's run is no build's: the TUs outside the patch are not looked
  // at, and their records would say they were.
  if (!ResultsDir.empty() && !DiffFile.empty())
    fail("--results-dir records a build's TUs: not with --diff");
  if (ResultsDir.empty() && DiffFile.empty())
    if (const char *Env = std::getenv("UACCESS_LINT_RESULTS_DIR"))
      ResultsDir = Env;
  checkArguments();
  // The build's flags are not typed: what clang 19 lacks is dropped.
  if (!KbuildMode)
    checkCompilerArguments(CL);
  Gate G;
  G.Promoted = promotedChecks();
  std::optional<Patch> ThePatch = readPatch();
  uaccess::RunSummary Summary;
  std::vector<CompileCommand> Program;
  uaccess::WorkerOptions Workers = workerOptions(argv[0]);
  if (Report) {
    RunnableTUs TUs;
    uaccess::MergedReport Merged =
        reportFolders(readResultRecords(), Finder, Workers, TUs, Summary);
    G.Changed = resolvePatch(std::move(ThePatch), TUs.Commands);
    G.Accepted = readBaselines(Finder);
    return finishRun(Merged, Summary, TUs, Finder, G, Started);
  }
  RunnableTUs TUs =
      assignSettings(runnableCommands(CL, Summary, Program), Finder);
  G.Changed = resolvePatch(std::move(ThePatch), TUs.Commands);
  G.Accepted = readBaselines(Finder);
  std::vector<uaccess::EarlyAnswer> Early;
  uaccess::MergedReport Merged =
      analyze(TUs, Finder, Workers, G.Changed, Summary, Early);
  // Flags after '--' without -p: only the named files are known.
  link(Merged, Program, Workers, TUs, !BuildPath.empty() || !CL.HaveDashDash,
       Early, Summary);
  return finishRun(Merged, Summary, TUs, Finder, G, Started);
}
