//===--- CommandLine.cpp - The options, as llvm::cl reads them ------------===//
//
// The tool's options, declared for llvm::cl, and their --help. They are
// read once, into one uaccess::Options (Options.h), after the arguments are
// parsed; nothing else reads them.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"

#include "inputs/Kbuild.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using uaccess::CommandLine;

namespace {

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
cl::opt<uaccess::ReportFormat> OutputFormat(
    "format", cl::desc("Output format."),
    cl::values(
        clEnumValN(uaccess::ReportFormat::Text, "text",
                   "clang-style diagnostics"),
        clEnumValN(uaccess::ReportFormat::JSON, "json", "one JSON document"),
        clEnumValN(uaccess::ReportFormat::SARIF, "sarif", "SARIF 2.1.0 for CI"),
        clEnumValN(uaccess::ReportFormat::CodeQuality, "codequality",
                   "GitLab's Code Quality report")),
    cl::init(uaccess::ReportFormat::Text), cl::cat(Category));
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
cl::opt<std::string> ScanCache(
    "scan-cache",
    cl::desc("With --kbuild: the folder of the prefilter's cache of the "
             "tree's include folders (default: .uaccess-lint-cache in the "
             "build's folder), which lets a call that names no uaccess API "
             "skip scanning its headers; 'none' turns it off. Findings are "
             "the same either way (docs/kbuild.md)."),
    cl::value_desc("dir"), cl::cat(Category));
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
     check, a file not in the database, an unreadable or malformed --diff,
     a failed `git diff`); nothing is analyzed. An empty --diff (no change)
     is no error: exit 0, with a note
  3  some translation units could not be analyzed (front-end errors, a
     crash, a timeout, a missing source file); findings from the others are
     still reported
  1  findings at error level (warnings too with --warnings-as-errors), or
     unused suppressions with --report-unused-suppressions
  0  none of these: no findings, or only warnings and notes
)");

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

template <typename T> std::optional<T> given(const cl::opt<T> &Opt) {
  if (!Opt.getNumOccurrences())
    return std::nullopt;
  return T(Opt);
}

/// The options as llvm::cl parsed them.
void readInto(uaccess::Options &O) {
  O.SourcePaths.assign(SourcePaths.begin(), SourcePaths.end());
  O.BuildPath = BuildPath;
  O.Checks = given(Checks);
  O.WarningsAsErrors = WarningsAsErrors;
  O.ListChecks = ListChecks;
  O.Explain = Explain;
  O.Jobs = Jobs;
  O.OutputFormat = OutputFormat;
  O.OutputFile = OutputFile;
  O.Timeout = Timeout;
  O.DumpUses = DumpUses;
  O.SafeCallees.assign(SafeCallees.begin(), SafeCallees.end());
  O.SafeCalleesFile = SafeCalleesFile;
  O.CheckOptionArgs.assign(CheckOptionArgs.begin(), CheckOptionArgs.end());
  O.DumpConfig = DumpConfig;
  O.MinAccesses = given(MinAccesses);
  O.AccessOkStatements = given(AccessOkStatements);
  O.AccessOkLines = given(AccessOkLines);
  O.AccessOkCallerDepth = given(AccessOkCallerDepth);
  O.DiffFile = DiffFile;
  O.Fix = Fix;
  O.FixDryRun = FixDryRun;
  O.PatchDir = PatchDir;
  O.PatchPer = PatchPer;
  O.PatchPerGiven = PatchPer.getNumOccurrences() > 0;
  O.ReplacePatches = ReplacePatches;
  O.ExportFixes = ExportFixes;
  O.ConfigFile = ConfigFile;
  O.InlineConfig = InlineConfig;
  O.BaselineFile = BaselineFile;
  O.WriteBaseline = WriteBaseline;
  O.SourceRoot = SourceRoot;
  O.ReportUnusedSuppressions = ReportUnusedSuppressions;
  O.ColorOutput = ColorOutput;
  O.ExtraArgOpts.assign(ExtraArgOpts.begin(), ExtraArgOpts.end());
  O.ExtraArgBeforeOpts.assign(ExtraArgBeforeOpts.begin(),
                              ExtraArgBeforeOpts.end());
  O.HeaderFilter = given(HeaderFilter);
  O.ExcludeHeaderFilter = ExcludeHeaderFilter;
  O.LineFilterJSON = LineFilterJSON;
  O.Quiet = Quiet;
  O.Exhaustive = Exhaustive;
  O.SkipBodies = SkipBodies;
  O.SkipBodiesGiven = SkipBodies.getNumOccurrences() > 0;
  O.PrefilterScanner = PrefilterScanner;
  O.NoBuildRecords = NoBuildRecords;
  O.ScanCache = ScanCache;
  O.ExplainPrefilter = ExplainPrefilter;
  O.Shard = Shard;
  O.ShowProgress = ShowProgress;
  O.KbuildMode = KbuildMode;
  O.ResultsDir = ResultsDir;
  O.ShortHelp = ShortHelp;
  O.WorkerJob = WorkerJob;
  O.DebugCrashOn = DebugCrashOn;
  O.DebugHangOn = DebugHangOn;
}

} // namespace

namespace uaccess {

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

Expected<CommandLine> kbuildCommandLine(int argc, const char **argv,
                                        std::deque<std::string> &Storage) {
  std::vector<std::string> Args(argv + 2, argv + argc);
  auto Split = uaccess::splitKbuildCommand(Args, toolOptionKind);
  if (!Split)
    return Split.takeError();
  CommandLine CL;
  CL.Own = {argv[0], argv[1]};
  for (std::string &Arg : Split->ToolArgs)
    CL.Own.push_back(Storage.emplace_back(std::move(Arg)).c_str());
  CL.Own.push_back(Storage.emplace_back(Split->File).c_str());
  CL.ExtraArgs = std::move(Split->CompilerArgs);
  CL.HaveDashDash = true;
  return CL;
}

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

Options readOptions() {
  Options O;
  readInto(O);
  return O;
}

void printHelp() { cl::PrintHelpMessage(); }

} // namespace uaccess
