//===--- CfgPathsTest.cpp - What every path to a statement runs -----------===//

#include "utils/CfgPaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Analysis/CFG.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;

namespace {

/// Whether every path to each `return` of f runs a call of `check` first,
/// in source order of the returns.
std::vector<bool> returnsAfterCheck(llvm::StringRef Body) {
  std::string Code =
      "int check(int); int other(int);\nint f(int a, int b) " + Body.str();
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const auto *F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"), Ctx));
  std::unique_ptr<CFG> G =
      CFG::buildCFG(F, F->getBody(), &Ctx, CFG::BuildOptions());
  EXPECT_TRUE(G);
  auto IsCheck = [](const Stmt &S) {
    const auto *Call = dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->getName() == "check";
  };
  std::vector<bool> Out;
  for (const auto &N :
       match(findAll(returnStmt().bind("r")), *F->getBody(), Ctx))
    Out.push_back(
        everyPathRunsFirst(*G, *N.getNodeAs<ReturnStmt>("r"), IsCheck));
  return Out;
}

TEST(CfgPathsTest, ACheckOnEachBranchCoversTheJoin) {
  EXPECT_EQ(returnsAfterCheck("{ int e; if (a) e = check(a); else e = "
                              "check(b); if (e) return e; return 0; }"),
            std::vector<bool>({true, true}));
}

TEST(CfgPathsTest, ABranchWithoutACheckLeavesTheJoinUnchecked) {
  EXPECT_EQ(returnsAfterCheck("{ int e; if (a) e = check(a); else e = "
                              "other(b); if (e) return e; return 0; }"),
            std::vector<bool>({false, false}));
}

TEST(CfgPathsTest, AReturnBeforeTheCheckIsUnchecked) {
  EXPECT_EQ(returnsAfterCheck("{ if (b) return -1; if (check(a)) return -2; "
                              "return 0; }"),
            std::vector<bool>({false, true, true}));
}

TEST(CfgPathsTest, ALoopBackToBeforeTheCheckStaysUnchecked) {
  // The first pass enters the loop body unchecked.
  EXPECT_EQ(returnsAfterCheck("{ while (a--) { if (b) return 1; check(a); } "
                              "return 0; }"),
            std::vector<bool>({false, false}));
}

TEST(CfgPathsTest, TheCheckInTheReturnedValueRunsFirst) {
  EXPECT_EQ(returnsAfterCheck("{ return check(a) ? -14 : 0; }"),
            std::vector<bool>({true}));
}

} // namespace
