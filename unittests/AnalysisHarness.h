//===--- AnalysisHarness.h - An analysis cache over a C snippet -*- C++ -*-===//
//
// The analyses of matchers/analysis/ need what a worker gives them: the
// macro ledger, recorded while the preprocessor runs, and the TU's
// AnalysisCache. withAnalyses() parses a snippet against the x86 fixture
// flavor of the lit tests (test/Inputs/flavors/), the kernel's own macro
// shapes, and hands a unit test the cache while the AST lives.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UNITTESTS_ANALYSISHARNESS_H
#define UACCESS_LINT_UNITTESTS_ANALYSISHARNESS_H

#include "analysis/AnalysisCache.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

#include <functional>
#include <memory>
#include <string>

namespace uaccess::test {

using AnalysisBody =
    std::function<void(AnalysisCache &Cache, clang::ASTContext &Ctx)>;

namespace detail {

class HarnessConsumer : public clang::ASTConsumer {
public:
  HarnessConsumer(std::unique_ptr<MacroLedger> Ledger, AnalysisBody &Body)
      : Ledger(std::move(Ledger)), Body(Body) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    // Clang hands a consumer the TU after errors too: a test of a broken
    // snippet must fail, not run on what parsed.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    AnalysisCache Cache(Ctx, *Ledger, {});
    Body(Cache, Ctx);
  }

private:
  std::unique_ptr<MacroLedger> Ledger;
  AnalysisBody &Body;
};

class HarnessAction : public clang::ASTFrontendAction {
public:
  explicit HarnessAction(AnalysisBody &Body) : Body(Body) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    auto Ledger = std::make_unique<MacroLedger>(CI.getSourceManager());
    CI.getPreprocessor().addPPCallbacks(
        Ledger->makeRecorder(CI.getPreprocessor()));
    return std::make_unique<HarnessConsumer>(std::move(Ledger), Body);
  }

private:
  AnalysisBody &Body;
};

} // namespace detail

/// Parses \p Code (after `#include <linux/uaccess.h>`) for x86_64 against
/// the x86 fixture flavor, and runs \p Body over its analyses. False when
/// the code does not compile; then \p Body has not run.
inline bool withAnalyses(llvm::StringRef Code, AnalysisBody Body) {
  std::string Flavors = UACCESS_LINT_TEST_INPUTS "/flavors/";
  std::vector<std::string> Args = {
      "-target", "x86_64-linux-gnu", "-nostdinc", "-I", Flavors + "x86",
      "-I",      Flavors + "common"};
  std::string Source = "#include <linux/uaccess.h>\n" + Code.str();
  return clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<detail::HarnessAction>(Body), Source, Args, "unit.c");
}

/// The definition of the function named \p Name, or null.
inline const clang::FunctionDecl *definitionOf(clang::ASTContext &Ctx,
                                               llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  return selectFirst<clang::FunctionDecl>(
      "f", match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx));
}

} // namespace uaccess::test

#endif
