//===--- UaccessLint.cpp - The uaccess-lint driver ------------------------===//
//
// Thin on purpose: options, the compilation database, the list of TUs, then
// workers do the analysis and the reporters print it.
//
//===----------------------------------------------------------------------===//

#include "ChangedLines.h"
#include "Check.h"
#include "CommandAdjuster.h"
#include "Fixes.h"
#include "Reporters.h"
#include "Workers.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace clang::tooling;

namespace {

enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  ExitUsage = 2,
  ExitIncomplete = 3,
};

cl::OptionCategory Category("uaccess-lint options");

cl::list<std::string> SourcePaths(cl::Positional,
                                  cl::desc("[<source> ...] [-- <extra args>]"),
                                  cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Build directory with compile_commands.json, or the JSON "
             "file itself. Without it, compile_commands.json is looked "
             "for in the current directory and its parents."),
    cl::value_desc("build-path"), cl::cat(Category));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated check globs; '-' removes: "
                    "'*,-window-call'. Default: '*'."),
           cl::init("*"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks and exit."),
                         cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Worker processes (default: all cores)."),
                       cl::init(0), cl::cat(Category));
enum class Format { Text, JSON, SARIF };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format."),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::JSON, "json", "one JSON document"),
               clEnumValN(Format::SARIF, "sarif", "SARIF 2.1.0 for CI")),
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
cl::opt<unsigned>
    MinAccesses("min-accesses",
                cl::desc("batchable: fewest accesses in a run worth one window "
                         "(default 2; loops always count)."),
                cl::init(2), cl::cat(Category));
cl::opt<unsigned> AccessOkStatements(
    "access-ok-max-statements",
    cl::desc("access-ok-far: most statements between a check and the "
             "access it guards (default 10)."),
    cl::init(10), cl::cat(Category));
cl::opt<unsigned> AccessOkLines(
    "access-ok-max-lines",
    cl::desc("access-ok-far: most lines between a check and the access it "
             "guards (default 20)."),
    cl::init(20), cl::cat(Category));
cl::opt<unsigned> AccessOkCallerDepth(
    "access-ok-caller-depth",
    cl::desc("access-ok-far: how many callers up to look for the check "
             "(default 3)."),
    cl::init(3), cl::cat(Category));
cl::opt<std::string> DiffFile(
    "diff",
    cl::desc("Report only findings on lines this unified diff adds or "
             "changes ('-' reads standard input): a CI gate on a patch."),
    cl::value_desc("patch"), cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fix-its in place. A finding whose "
                           "edits conflict with another's is refused whole; "
                           "files are replaced atomically."),
                  cl::cat(Category));
cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("Write findings and fix-its as YAML for "
                         "clang-apply-replacements."),
                cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> ColorOutput("use-color",
                          cl::desc("Force colors on (default: on a terminal)."),
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

Exit codes:
  0  no findings
  1  findings reported
  2  usage or input error (bad options, no or malformed database, unknown
     check, a file not in the database)
  3  some translation units could not be analyzed (front-end errors, a
     crash, a timeout, a missing source file); findings from the others are
     still reported
)");

[[noreturn]] void fail(const Twine &Message) {
  errs() << "uaccess-lint: error: " << Message << "\n";
  std::exit(ExitUsage);
}

std::unique_ptr<CompilationDatabase>
loadDatabase(ArrayRef<std::string> ExtraArgs, bool HaveDashDash) {
  std::string Error;
  if (!BuildPath.empty()) {
    if (!sys::fs::exists(BuildPath))
      fail("compilation database path '" + BuildPath + "' does not exist");
    std::unique_ptr<CompilationDatabase> DB;
    if (sys::fs::is_directory(BuildPath)) {
      SmallString<256> Json(BuildPath);
      sys::path::append(Json, "compile_commands.json");
      if (!sys::fs::exists(Json))
        fail("no compile_commands.json in '" + BuildPath + "'");
      DB = JSONCompilationDatabase::loadFromFile(
          Json, Error, JSONCommandLineSyntax::AutoDetect);
    } else {
      DB = JSONCompilationDatabase::loadFromFile(
          BuildPath, Error, JSONCommandLineSyntax::AutoDetect);
    }
    if (!DB)
      fail("cannot load compilation database: " + Error);
    return DB;
  }
  // As in clang-tidy: '--' without -p means the arguments are the command.
  if (HaveDashDash)
    return std::make_unique<FixedCompilationDatabase>(".", ExtraArgs);
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  for (StringRef Dir = Cwd; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Json(Dir);
    sys::path::append(Json, "compile_commands.json");
    if (!sys::fs::exists(Json))
      continue;
    auto DB = JSONCompilationDatabase::loadFromFile(
        Json, Error, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      fail("cannot load compilation database: " + Error);
    return DB;
  }
  fail("no compilation database: pass -p <build-dir>, run inside a tree "
       "with compile_commands.json, or give compiler arguments after '--'");
}

bool isCSource(StringRef File) { return sys::path::extension(File) == ".c"; }

std::vector<std::string> readSafeCallees() {
  std::vector<std::string> Names(SafeCallees.begin(), SafeCallees.end());
  if (SafeCalleesFile.empty())
    return Names;
  auto Buffer = MemoryBuffer::getFile(SafeCalleesFile);
  if (!Buffer)
    fail("cannot read '" + SafeCalleesFile +
         "': " + Buffer.getError().message());
  SmallVector<StringRef, 32> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.split('#').first.trim();
    if (!Line.empty())
      Names.push_back(Line.str());
  }
  return Names;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // Split off '-- extra args' before llvm::cl sees them.
  std::vector<const char *> Own;
  std::vector<std::string> ExtraArgs;
  bool HaveDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!HaveDashDash && StringRef(argv[I]) == "--") {
      HaveDashDash = true;
      continue;
    }
    if (HaveDashDash)
      ExtraArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "uaccess-lint " UACCESS_LINT_VERSION " (LLVM " LLVM_VERSION_STRING
          ")\n";
  });
  if (!cl::ParseCommandLineOptions(Own.size(), Own.data(),
                                   "uaccess-lint: checks Linux kernel "
                                   "user-access windows\n",
                                   &errs()))
    return ExitUsage;

  if (!WorkerJob.empty())
    return uaccess::runWorkerJob(WorkerJob);

  std::string FilterError;
  auto Filter = uaccess::CheckFilter::parse(Checks, FilterError);
  if (!Filter)
    fail(FilterError);
  std::vector<std::string> Unknown = Filter->unmatchedGlobs();
  if (!Unknown.empty())
    fail("unknown check '" + Unknown.front() + "' (see --list-checks)");
  if (ListChecks) {
    outs() << "Enabled checks:\n";
    for (const uaccess::CheckInfo &C : uaccess::allChecks())
      if (Filter->enabled(C.Name))
        outs() << "    " << C.Name << "  " << C.Summary << "\n";
    return ExitClean;
  }

  std::unique_ptr<CompilationDatabase> DB =
      loadDatabase(ExtraArgs, HaveDashDash);
  bool Fixed = dynamic_cast<FixedCompilationDatabase *>(DB.get()) != nullptr;

  // Which TUs: the files named, or every C file of the database.
  std::vector<CompileCommand> Commands;
  uaccess::RunSummary Summary;
  if (!SourcePaths.empty()) {
    for (const std::string &Path : SourcePaths) {
      SmallString<256> Abs(Path);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, true);
      std::vector<CompileCommand> Found = DB->getCompileCommands(Abs);
      if (Found.empty())
        fail("'" + Path + "' is not in the compilation database");
      if (!isCSource(Abs)) {
        ++Summary.Skipped;
        continue;
      }
      Commands.push_back(Found.front());
    }
  } else {
    std::set<std::string> Seen;
    for (CompileCommand &C : DB->getAllCompileCommands()) {
      SmallString<256> Abs(C.Filename);
      if (!sys::path::is_absolute(Abs))
        sys::fs::make_absolute(C.Directory, Abs);
      if (!isCSource(Abs)) {
        ++Summary.Skipped;
        continue;
      }
      if (Seen.insert(std::string(Abs)).second)
        Commands.push_back(std::move(C));
    }
  }

  // Adjust every command for clang 19; report missing sources.
  ArgumentsAdjuster Adjust = uaccess::kernelCommandAdjuster(
      UACCESS_LINT_RESOURCE_DIR,
      Fixed ? std::vector<std::string>() : ExtraArgs);
  std::vector<CompileCommand> Runnable;
  for (CompileCommand &C : Commands) {
    SmallString<256> Abs(C.Filename);
    if (!sys::path::is_absolute(Abs))
      sys::fs::make_absolute(C.Directory, Abs);
    if (!sys::fs::exists(Abs)) {
      errs() << "uaccess-lint: error: source file '" << Abs
             << "' does not exist\n";
      ++Summary.Failed;
      Summary.Failures.push_back({std::string(Abs), "source file missing"});
      continue;
    }
    C.CommandLine = Adjust(C.CommandLine, C.Filename);
    Runnable.push_back(std::move(C));
  }

  uaccess::WorkerOptions WOpts;
  WOpts.SelfPath = sys::fs::getMainExecutable(argv[0], (void *)&main);
  WOpts.Jobs = Jobs                       ? Jobs
               : get_physical_cores() > 0 ? get_physical_cores()
                                          : 1;
  WOpts.TimeoutSeconds = Timeout;
  // A dump shows recognition only; the checks do not run.
  WOpts.Run.ChecksSpec = DumpUses ? "-*" : std::string(Checks);
  WOpts.Run.DumpUses = DumpUses;
  WOpts.Run.Checks.ExtraSafeCallees = readSafeCallees();
  WOpts.Run.Checks.MinAccesses = MinAccesses;
  WOpts.Run.Checks.MaxAccessOkStatements = AccessOkStatements;
  WOpts.Run.Checks.MaxAccessOkLines = AccessOkLines;
  WOpts.Run.Checks.MaxCallerDepth = AccessOkCallerDepth;
  WOpts.DebugCrashOn = DebugCrashOn;
  WOpts.DebugHangOn = DebugHangOn;
  std::vector<uaccess::TUOutcome> Outcomes =
      uaccess::runWorkers(Runnable, WOpts);

  // Merge: a finding in a header reached from many TUs is reported once.
  std::vector<uaccess::Finding> Findings;
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  std::map<std::string, std::string> DumpBlocks;
  for (uaccess::TUOutcome &O : Outcomes) {
    if (O.Status == uaccess::TUStatus::Failed) {
      ++Summary.Failed;
      Summary.Failures.push_back({O.File, O.Reason});
      errs() << "uaccess-lint: error: " << O.File << ": " << O.Reason << "\n";
    } else {
      ++Summary.Analyzed;
    }
    for (uaccess::Finding &F : O.Report.Findings)
      if (Seen.insert({F.Check, F.Loc.File, F.Loc.Offset, F.Message}).second)
        Findings.push_back(std::move(F));
    for (std::string &Block : O.Report.Dump)
      DumpBlocks.emplace(StringRef(Block).split('\n').first.str(),
                         std::move(Block));
  }
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const uaccess::Finding &A, const uaccess::Finding &B) {
                     return std::tie(A.Loc.File, A.Loc.Offset, A.Check) <
                            std::tie(B.Loc.File, B.Loc.Offset, B.Check);
                   });
  if (!DiffFile.empty()) {
    auto Buffer = DiffFile == "-" ? MemoryBuffer::getSTDIN()
                                  : MemoryBuffer::getFile(DiffFile);
    if (!Buffer)
      fail("cannot read '" + DiffFile + "': " + Buffer.getError().message());
    auto Changed = uaccess::ChangedLines::parse((*Buffer)->getBuffer());
    if (!Changed)
      fail("'" + DiffFile + "': " + toString(Changed.takeError()));
    llvm::erase_if(Findings, [&](const uaccess::Finding &F) {
      return !Changed->contains(F.Loc.File, F.Loc.Line);
    });
  }
  // Ranked findings (batchable savings, loops first) lead.
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const uaccess::Finding &A, const uaccess::Finding &B) {
                     return A.Rank > B.Rank;
                   });

  std::unique_ptr<raw_fd_ostream> File;
  raw_ostream *OS = &outs();
  if (!OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(OutputFile, EC);
    if (EC)
      fail("cannot write '" + OutputFile + "': " + EC.message());
    OS = File.get();
  }
  if (DumpUses) {
    for (auto &[Key, Block] : DumpBlocks)
      *OS << Block;
  } else if (OutputFormat == Format::JSON) {
    uaccess::renderJSON(Findings, Summary, *OS);
  } else if (OutputFormat == Format::SARIF) {
    uaccess::renderSARIF(Findings, UACCESS_LINT_VERSION, *OS);
  } else {
    bool Colors =
        ColorOutput || (!File && sys::Process::StandardOutIsDisplayed());
    uaccess::renderText(Findings, *OS, Colors);
  }
  if (!ExportFixes.empty())
    if (Error E = uaccess::exportFixes(Findings, ExportFixes))
      fail("cannot write '" + ExportFixes + "': " + toString(std::move(E)));
  if (Fix) {
    uaccess::FixPlan Plan = uaccess::planFixes(Findings);
    for (const auto &[F, Why] : Plan.Refused)
      errs() << "uaccess-lint: error: fix for " << F->Loc.File << ":"
             << F->Loc.Line << " [" << F->Check << "] refused: " << Why << "\n";
    if (Error E = uaccess::applyFixPlan(Plan))
      fail("fixes not applied: " + toString(std::move(E)));
    errs() << "uaccess-lint: applied fixes of " << Plan.Accepted
           << " finding(s) to " << Plan.Edits.size() << " file(s)\n";
  }
  if (Summary.Failed)
    errs() << "uaccess-lint: " << Summary.Failed << " of "
           << Summary.Failed + Summary.Analyzed
           << " translation units could not be analyzed\n";

  if (Summary.Failed)
    return ExitIncomplete;
  return DumpUses || Findings.empty() ? ExitClean : ExitFindings;
}
