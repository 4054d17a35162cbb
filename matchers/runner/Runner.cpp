//===--- Runner.cpp - Analyze one translation unit ------------------------===//

#include "Runner.h"
#include "Checks.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace uaccess {

llvm::json::Value toJSON(const RunOptions &O) {
  return llvm::json::Object{
      {"checks", O.ChecksSpec},
      {"dump", O.DumpUses},
      {"safe_callees", O.Checks.ExtraSafeCallees},
      {"min_accesses", O.Checks.MinAccesses},
      {"access_ok_statements", O.Checks.MaxAccessOkStatements},
      {"access_ok_lines", O.Checks.MaxAccessOkLines},
      {"caller_depth", O.Checks.MaxCallerDepth}};
}

bool fromJSON(const llvm::json::Value &V, RunOptions &O, llvm::json::Path P) {
  llvm::json::ObjectMapper M(V, P);
  return M && M.map("checks", O.ChecksSpec) && M.map("dump", O.DumpUses) &&
         M.map("safe_callees", O.Checks.ExtraSafeCallees) &&
         M.map("min_accesses", O.Checks.MinAccesses) &&
         M.map("access_ok_statements", O.Checks.MaxAccessOkStatements) &&
         M.map("access_ok_lines", O.Checks.MaxAccessOkLines) &&
         M.map("caller_depth", O.Checks.MaxCallerDepth);
}

namespace {

/// --dump-uaccess: every recognized use, per function.
class UseDumper : public RecursiveASTVisitor<UseDumper> {
public:
  UseDumper(CheckContext &Ctx, std::vector<std::string> &Out)
      : Ctx(Ctx), Out(Out) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() ||
        (FD->getIdentifier() && lookupApi(FD->getName())))
      return true;
    const FunctionUses &Uses = Ctx.usesOf(*FD);
    if (Uses.empty())
      return true;
    std::string Block;
    llvm::raw_string_ostream OS(Block);
    FindingLocation Where = Ctx.locate(FD->getLocation());
    OS << "function '" << FD->getName() << "' at " << Where.File << ":"
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
    Out.push_back(std::move(Block));
    return true;
  }

private:
  CheckContext &Ctx;
  std::vector<std::string> &Out;
};

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(std::unique_ptr<CheckContext> Ctx,
               std::vector<std::unique_ptr<UaccessCheck>> Checks,
               const RunOptions &Opts, TUReport &Report)
      : Ctx(std::move(Ctx)), Checks(std::move(Checks)), Opts(Opts),
        Report(Report) {
    for (auto &C : this->Checks)
      C->registerMatchers(Finder);
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    Ctx->setASTContext(AST);
    Finder.matchAST(AST);
    if (Opts.DumpUses)
      UseDumper(*Ctx, Report.Dump).TraverseDecl(AST.getTranslationUnitDecl());
  }

private:
  std::unique_ptr<CheckContext> Ctx;
  std::vector<std::unique_ptr<UaccessCheck>> Checks;
  ast_matchers::MatchFinder Finder;
  const RunOptions &Opts;
  TUReport &Report;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const RunOptions &Opts, TUReport &Report, llvm::StringRef Dir)
      : Opts(Opts), Report(Report), Dir(Dir) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Ledger = std::make_unique<MacroLedger>(CI.getSourceManager());
    CI.getPreprocessor().addPPCallbacks(
        Ledger->makeRecorder(CI.getPreprocessor()));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    auto Ctx = std::make_unique<CheckContext>(*Ledger, Opts.Checks,
                                              Report.Findings, Dir);
    std::string Error;
    std::optional<CheckFilter> Filter =
        CheckFilter::parse(Opts.ChecksSpec, Error);
    std::vector<std::unique_ptr<UaccessCheck>> Checks;
    for (const CheckInfo &Info : allChecks())
      if (Filter && Filter->enabled(Info.Name))
        Checks.push_back(Info.Make(Info.Name, *Ctx));
    return std::make_unique<LintConsumer>(std::move(Ctx), std::move(Checks),
                                          Opts, Report);
  }

private:
  const RunOptions &Opts;
  TUReport &Report;
  std::string Dir;
  std::unique_ptr<MacroLedger> Ledger;
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

TUReport analyzeTranslationUnit(const tooling::CompileCommand &Command,
                                const RunOptions &Opts) {
  TUReport Report;
  Report.File = Command.Filename;
  OneCommandDatabase DB(Command);
  tooling::ClangTool Tool(DB, {Command.Filename});
  // The command is final; drop ClangTool's default adjusters but keep
  // -fsyntax-only.
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  LintActionFactory Factory(Opts, Report, Command.Directory);
  if (Tool.run(&Factory) != 0)
    Report.CompilerErrors = 1;
  return Report;
}

} // namespace uaccess
