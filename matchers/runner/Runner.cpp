//===--- Runner.cpp - Analyze one translation unit ------------------------===//

#include "runner/Runner.h"
#include "analysis/AnalysisCache.h"
#include "api/UaccessApi.h"
#include "checks/CheckRegistry.h"
#include "utils/FileIdentity.h"
#include "utils/GlobList.h"
#include "utils/KernelArch.h"
#include "utils/SourceUtils.h"
#include "utils/WorkingDirectory.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

using namespace clang;

namespace uaccess {

llvm::json::Value toJSON(const RunOptions &O) {
  llvm::json::Object Options;
  for (const auto &[Key, Value] : O.CheckOptions)
    Options[Key] = Value;
  return llvm::json::Object{{"checks", O.ChecksSpec},
                            {"dump", O.DumpUses},
                            {"check_options", std::move(Options)},
                            {"safe_callees", O.SafeCallees},
                            {"summarize_calls", O.SummarizeCalls},
                            {"summarize_fields", O.SummarizeFields},
                            {"summarize_own_links", O.SummarizeOwnLinks},
                            {"skip_bodies", O.SkipBodies},
                            {"guarded_outputs", O.GuardedOutputs}};
}

bool fromJSON(const llvm::json::Value &V, RunOptions &O, llvm::json::Path P) {
  llvm::json::ObjectMapper M(V, P);
  std::map<std::string, std::string> Options;
  if (!M || !M.map("checks", O.ChecksSpec) || !M.map("dump", O.DumpUses) ||
      !M.map("check_options", Options) ||
      !M.map("safe_callees", O.SafeCallees) ||
      !M.mapOptional("summarize_calls", O.SummarizeCalls) ||
      !M.mapOptional("summarize_fields", O.SummarizeFields) ||
      !M.mapOptional("summarize_own_links", O.SummarizeOwnLinks) ||
      !M.mapOptional("skip_bodies", O.SkipBodies) ||
      !M.mapOptional("guarded_outputs", O.GuardedOutputs))
    return false;
  O.CheckOptions.insert(Options.begin(), Options.end());
  return true;
}

namespace {

/// --dump-uaccess: every recognized use of a function, as one block.
std::string dumpUses(const FunctionDecl &FD, const FunctionUses &Uses,
                     const CheckContext &Ctx) {
  std::string Block;
  llvm::raw_string_ostream OS(Block);
  FindingLocation Where = Ctx.locate(FD.getLocation());
  OS << "function '" << FD.getName() << "' at " << Where.File << ":"
     << Where.Line << "\n";
  for (const UaccessUse &U : Uses.uses()) {
    FindingLocation L = Ctx.locate(U.loc());
    OS << "  " << L.Line << ":" << L.Column << " " << U.name() << " "
       << roleName(U.Api->TheRole);
    if (U.Api->TheFamily != Family::None)
      OS << " " << familyName(U.Api->TheFamily);
    OS << (U.IsCall ? " call" : " macro");
    static const char *const Names[] = {"ptr", "len", "value", "label"};
    const int Slots[] = {U.Api->PointerArg, U.Api->LengthArg, U.Api->ValueArg,
                         U.Api->LabelArg};
    for (unsigned I = 0; I != 4; ++I)
      if (Slots[I] != NoArg && !U.arg(Slots[I]).empty())
        OS << " " << Names[I] << "='" << U.arg(Slots[I]) << "'";
    if (U.FaultLabel)
      OS << " -> " << U.FaultLabel->getName() << ":"
         << Ctx.locate(U.FaultLabel->getBeginLoc()).Line;
    else if (U.Api->LabelArg != NoArg)
      OS << " -> (label not found)";
    OS << "\n";
  }
  return Block;
}

/// The function definitions of a TU, in the order they appear.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isThisDeclarationADefinition())
      Definitions.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Definitions;
};

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(std::unique_ptr<CheckContext> Ctx,
               std::vector<std::unique_ptr<UaccessCheck>> Checks,
               std::unique_ptr<MacroLedger> Ledger, const RunOptions &Opts,
               TUReport &Report)
      : Ctx(std::move(Ctx)), Checks(std::move(Checks)),
        Ledger(std::move(Ledger)), Opts(Opts), Report(Report) {
    SkipBodies.insert(Opts.SkipBodies.begin(), Opts.SkipBodies.end());
  }

  /// A body made by a macro (SYSCALL_DEFINE3) has a name the prefilter
  /// never saw: it is always parsed.
  bool shouldSkipFunctionBody(Decl *D) override {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->getIdentifier() || FD->getLocation().isMacroID() ||
        !SkipBodies.contains(FD->getName()))
      return false;
    ++Report.SkippedBodies;
    return true;
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    Ctx->setASTContext(AST);
    Report.Arch = kernelArchName(AST.getTargetInfo().getTriple());
    DefinitionCollector Collector;
    Collector.TraverseDecl(AST.getTranslationUnitDecl());
    Ctx->setDefinitions(Collector.Definitions);
    AnalysisCache Cache(AST, *Ledger, Opts.SafeCallees);
    Ctx->setAnalyses(&Cache);
    for (const FunctionDecl *FD : Collector.Definitions) {
      if (!isAnalyzable(*FD))
        continue;
      FunctionAnalyses &FA = Cache.get(*FD);
      for (const std::unique_ptr<UaccessCheck> &Check : Checks)
        Check->checkFunction(*FD, FA);
    }
    recordReadFunctions(Cache, Collector.Definitions, AST.getSourceManager());
    summarize(Cache, Collector.Definitions);
    Ctx->setAnalyses(nullptr); // The cache ends with this function.
    // The analyses asked for a body the prefilter let the parse skip.
    Report.NeedsEveryBody = Report.SkippedBodies && skippedBodyWasAskedFor();
    if (!Opts.DumpUses)
      return;
    for (const FunctionDecl *FD : Collector.Definitions)
      if (isAnalyzable(*FD) && !Cache.get(*FD).uses().empty())
        Report.Dump.push_back(dumpUses(*FD, Cache.get(*FD).uses(), *Ctx));
  }

private:
  /// The analyzable definitions that name the API, by a use or in their
  /// text, into TUReport::Read.
  void recordReadFunctions(AnalysisCache &Cache,
                           llvm::ArrayRef<const FunctionDecl *> Definitions,
                           const SourceManager &SM) {
    for (const FunctionDecl *FD : Definitions) {
      if (!isAnalyzable(*FD))
        continue;
      CharSourceRange R = SM.getExpansionRange(FD->getSourceRange());
      if (R.isInvalid())
        continue;
      FindingLocation First = Ctx->locate(R.getBegin());
      FindingLocation Last = Ctx->locate(R.getEnd());
      if (First.File.empty() || First.File != Last.File ||
          Last.Offset < First.Offset)
        continue;
      llvm::StringRef Text = SM.getBufferData(SM.getFileID(R.getBegin()))
                                 .substr(SM.getFileOffset(R.getBegin()),
                                         Last.Offset - First.Offset + 1);
      if (!Cache.get(*FD).uses().empty() || namesApi(Text))
        Report.Read.add(First.File, {First.Offset, Last.Offset});
    }
  }

  /// The calls the driver asked about (RunOptions::SummarizeCalls and
  /// SummarizeOwnLinks) into the report's CallSummary.
  void summarize(AnalysisCache &Cache,
                 llvm::ArrayRef<const FunctionDecl *> Definitions) {
    llvm::StringSet<> Wanted, WantedFields;
    for (const std::string &Name : Opts.SummarizeCalls)
      Wanted.insert(Name);
    for (const std::string &Key : Opts.SummarizeFields)
      WantedFields.insert(Key);
    if (Opts.SummarizeOwnLinks)
      for (const Finding &F : Report.Findings)
        if (F.Link)
          for (const CallerEnd &E : F.Link->Ends)
            Wanted.insert(E.Function);
    if (Wanted.empty() && WantedFields.empty())
      return;
    std::vector<const FunctionDecl *> Bodies;
    for (const FunctionDecl *FD : Definitions)
      if (isAnalyzable(*FD))
        Bodies.push_back(FD);
    Report.Calls = summarizeCalls(Cache, *Ctx, Bodies, Wanted, WantedFields);
  }

  std::unique_ptr<CheckContext> Ctx;
  std::vector<std::unique_ptr<UaccessCheck>> Checks;
  std::unique_ptr<MacroLedger> Ledger;
  const RunOptions &Opts;
  TUReport &Report;
  llvm::StringSet<> SkipBodies;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const RunOptions &Opts, TUReport &Report, llvm::StringRef Dir)
      : Opts(Opts), Report(Report), Dir(Dir) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = !Opts.SkipBodies.empty();
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return createLintConsumer(CI, Opts, Report, Dir);
  }

  /// After any parse, a good or a failed one: the files it read so far.
  void EndSourceFileAction() override {
    if (!Opts.GuardedOutputs.empty())
      Report.ReadsOutputs = filesRead(getCompilerInstance().getSourceManager(),
                                      Opts.GuardedOutputs);
  }

private:
  /// Those of \p Files (paths that exist) that \p SM read, by identity:
  /// a link or another spelling of the path is the same file.
  static std::vector<std::string> filesRead(const SourceManager &SM,
                                            llvm::ArrayRef<std::string> Files) {
    FileIdentities Wanted(Files);
    std::vector<std::string> Read;
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      const std::string *Found = Wanted.find(It->first.getUniqueID());
      if (Found && !llvm::is_contained(Read, *Found))
        Read.push_back(*Found);
    }
    return Read;
  }

  const RunOptions &Opts;
  TUReport &Report;
  std::string Dir;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(const RunOptions &Opts, TUReport &Report,
                    llvm::StringRef Dir)
      : Opts(Opts), Report(Report), Dir(Dir) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Opts, Report, Dir);
  }

private:
  const RunOptions &Opts;
  TUReport &Report;
  std::string Dir;
};

/// Prints diagnostics as clang does and remembers the first error. The
/// driver's diagnostics come here too, so an unknown flag fails the TU as
/// a syntax error does.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder() : Printer(llvm::errs(), new DiagnosticOptions()) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void finish() override { Printer.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Printer.HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || !First.empty())
      return;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    First = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        First = (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) +
                 ":" + llvm::Twine(P.getColumn()) + ": " + First)
                    .str();
    }
  }
  const std::string &first() const { return First; }

private:
  TextDiagnosticPrinter Printer;
  std::string First;
};

/// A database of exactly one command.
class OneCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit OneCommandDatabase(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {C};
  }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }

private:
  tooling::CompileCommand C;
};

} // namespace

std::unique_ptr<ASTConsumer> createLintConsumer(CompilerInstance &CI,
                                                const RunOptions &Opts,
                                                TUReport &Report,
                                                llvm::StringRef Dir) {
  // The macros are recorded as the preprocessor expands them: the ledger
  // must listen before the parse begins.
  auto Ledger = std::make_unique<MacroLedger>(CI.getSourceManager());
  CI.getPreprocessor().addPPCallbacks(
      Ledger->makeRecorder(CI.getPreprocessor()));
  auto Ctx =
      std::make_unique<CheckContext>(Opts.CheckOptions, Report.Findings, Dir);
  std::string Error;
  std::optional<GlobList> Enabled = GlobList::parse(Opts.ChecksSpec, Error);
  std::vector<std::unique_ptr<UaccessCheck>> Checks;
  for (const CheckInfo &Info : allChecks())
    if (Enabled && Enabled->contains(Info.Name))
      Checks.push_back(Info.Make(Info.Name, *Ctx));
  return std::make_unique<LintConsumer>(std::move(Ctx), std::move(Checks),
                                        std::move(Ledger), Opts, Report);
}

/// One parse of \p Command with \p Opts.
static TUReport parseAndCheck(const tooling::CompileCommand &Command,
                              const RunOptions &Opts) {
  TUReport Report;
  Report.File = Command.Filename;
  forgetSkippedBodies();
  OneCommandDatabase DB(Command);
  // The real file system, but one whose working directory is known past
  // PATH_MAX (utils/WorkingDirectory.h), where ClangTool's own would crash.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = realFileSystemAnyDepth();
  if (llvm::ErrorOr<std::string> Cwd = FS->getCurrentWorkingDirectory(); !Cwd) {
    Report.CompilerErrors = 1;
    Report.FirstError =
        "cannot read the current directory: " + Cwd.getError().message();
    return Report;
  }
  tooling::ClangTool Tool(DB, {Command.Filename},
                          std::make_shared<PCHContainerOperations>(), FS);
  // The command is final; drop ClangTool's default adjusters but keep
  // -fsyntax-only.
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  ErrorRecorder Errors;
  Tool.setDiagnosticConsumer(&Errors);
  LintActionFactory Factory(Opts, Report, Command.Directory);
  bool Failed = Tool.run(&Factory) != 0;
  Report.CompilerErrors = std::max<uint64_t>(Errors.getNumErrors(), Failed);
  Report.FirstError = Errors.first();
  return Report;
}

/// The analysis thread's stack: virtual memory, used only as deep as a
/// body goes.
constexpr unsigned AnalysisStackBytes = 512u << 20;

TUReport analyzeTranslationUnit(const tooling::CompileCommand &Command,
                                const RunOptions &Opts) {
  // A source that is no regular file (a link to /dev/zero, a FIFO) reads
  // as empty, or never ends: a failed TU, never a clean one.
  llvm::SmallString<256> Main(Command.Filename);
  llvm::sys::fs::make_absolute(Command.Directory, Main);
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Main, Status) &&
      Status.type() != llvm::sys::fs::file_type::regular_file) {
    TUReport Failed;
    Failed.File = Command.Filename;
    Failed.CompilerErrors = 1;
    Failed.FirstError = "'" + std::string(Main) + "' is not a regular file";
    return Failed;
  }
  TUReport Report;
  // On a stack of its own, well beyond the 8 MiB of a shell's default: a
  // deeply nested body (hundreds of statement expressions) that clang
  // compiles under a raised `ulimit -s` must not crash the analysis, whose
  // walks go as deep as the parser's. (The bottom of the stack is not
  // noted for clang: its Sema would then move deep work to threads of
  // 8 MiB.)
  llvm::thread Deep(std::optional<unsigned>(AnalysisStackBytes), [&] {
    Report = parseAndCheck(Command, Opts);
    if (!Report.NeedsEveryBody)
      return;
    RunOptions Everything = Opts;
    Everything.SkipBodies.clear();
    Report = parseAndCheck(Command, Everything);
  });
  Deep.join();
  return Report;
}

} // namespace uaccess
