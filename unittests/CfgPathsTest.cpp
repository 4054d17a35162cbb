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

/// `f` of \p Code, a C file, with its AST and CFG.
struct ParsedF {
  explicit ParsedF(const std::string &Code)
      : AST(tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"})) {
    EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    ASTContext &Ctx = AST->getASTContext();
    F = selectFirst<FunctionDecl>(
        "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"), Ctx));
    G = CFG::buildCFG(F, F->getBody(), &Ctx, CFG::BuildOptions());
    EXPECT_TRUE(G);
  }
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  std::unique_ptr<CFG> G;
};

/// Whether every path to each `return` of f runs a call of `check` first,
/// in source order of the returns; with \p AssignUndoes, and no assignment
/// to `a` after it.
std::vector<bool> returnsAfterCheck(llvm::StringRef Body,
                                    bool AssignUndoes = false) {
  ParsedF P("int check(int); int other(int);\nint f(int a, int b) " +
            Body.str());
  ASTContext &Ctx = P.AST->getASTContext();
  const FunctionDecl *F = P.F;
  std::unique_ptr<CFG> &G = P.G;
  auto IsCheck = [](const Stmt &S) {
    const auto *Call = dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->getName() == "check";
  };
  auto AssignsA = [](const Stmt &S) {
    const auto *Op = dyn_cast<BinaryOperator>(&S);
    const auto *Ref =
        Op && Op->isAssignmentOp()
            ? dyn_cast<DeclRefExpr>(Op->getLHS()->IgnoreParenImpCasts())
            : nullptr;
    return Ref && Ref->getDecl()->getName() == "a";
  };
  std::vector<bool> Out;
  for (const auto &N :
       match(findAll(returnStmt().bind("r")), *F->getBody(), Ctx))
    Out.push_back(everyPathRunsFirst(
        *G, *N.getNodeAs<ReturnStmt>("r"), IsCheck,
        AssignUndoes ? llvm::function_ref<bool(const Stmt &)>(AssignsA)
                     : nullptr));
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

TEST(CfgPathsTest, AWriteAfterTheCheckUndoesIt) {
  EXPECT_EQ(
      returnsAfterCheck("{ if (check(a)) return -1; a = b; return a; }", true),
      std::vector<bool>({true, false}));
  // Written before the check: the check is of the new value.
  EXPECT_EQ(
      returnsAfterCheck("{ a = b; if (check(a)) return -1; return a; }", true),
      std::vector<bool>({true, true}));
}

TEST(CfgPathsTest, AWriteOnOneBranchUndoesTheJoin) {
  EXPECT_EQ(returnsAfterCheck("{ if (check(a)) return -1; if (b) a = 0; "
                              "return a; }",
                              true),
            std::vector<bool>({true, false}));
}

TEST(CfgPathsTest, AWriteAtTheEndOfALoopIsCheckedAgain) {
  // The next iteration checks before it returns: each return follows a
  // check with no write after it.
  EXPECT_EQ(returnsAfterCheck("{ while (b--) { if (check(a)) return -1; "
                              "if (b == 3) return a; a = other(b); } "
                              "return 0; }",
                              true),
            std::vector<bool>({true, true, false}));
}

} // namespace

namespace {
/// Whether every path to f's last `return` passes the block of the call
/// of `check` with \p Arg (check(a) or check(b)).
bool lastReturnPasses(llvm::StringRef Body, int Arg) {
  ParsedF P("int check(int);\nint f(int a, int b) " + Body.str());
  const std::unique_ptr<CFG> &G = P.G;
  const CFGBlock *Check = nullptr, *Return = nullptr;
  for (const CFGBlock *B : *G)
    for (const CFGElement &E : *B) {
      auto CS = E.getAs<CFGStmt>();
      const auto *Call = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
      if (Call && Call->getNumArgs() == 1)
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts()))
          if (Ref->getDecl()->getName() == (Arg ? "b" : "a"))
            Check = B;
      // The CFG is built backwards: the body's last return is the first.
      if (CS && isa<ReturnStmt>(CS->getStmt()) && !Return)
        Return = B;
    }
  EXPECT_TRUE(Check && Return);
  return Check && Return && passesOnEveryPath(*G, *Check, *Return);
}

// `!(check(a) && check(b))` joins before the `!`: check(b)'s block
// dominates nothing, yet the only path past the return that skips it
// has a false `&&`, which returns.
TEST(CfgPathsTest, ANegatedAndRunsBothChecksOnTheWayPast) {
  const char *Body =
      "{ if (!(check(a) && check(b))) return -1; a += b; return a; }";
  EXPECT_TRUE(lastReturnPasses(Body, 0));
  EXPECT_TRUE(lastReturnPasses(Body, 1));
}

TEST(CfgPathsTest, ANegatedOrDoesNot) {
  const char *Body =
      "{ if (!(check(a) || check(b))) return -1; a += b; return a; }";
  // check(a) runs on every path; check(b) not when check(a) is true.
  EXPECT_TRUE(lastReturnPasses(Body, 0));
  EXPECT_FALSE(lastReturnPasses(Body, 1));
}

// The `&&` held in a local variable, then branched on.
TEST(CfgPathsTest, AnAndHeldInAVariableIsTestedThroughIt) {
  EXPECT_TRUE(lastReturnPasses(
      "{ int ok = check(a) && check(b); if (!ok) return -1; return a; }", 1));
  EXPECT_TRUE(lastReturnPasses("{ int ok; ok = check(a) && check(b); "
                               "if (!ok) return -1; return a; }",
                               1));
  // Set again, or written through its address, before the test: unknown.
  EXPECT_FALSE(lastReturnPasses("{ int ok = check(a) && check(b); ok = 1; "
                                "if (!ok) return -1; return a; }",
                                1));
  EXPECT_FALSE(lastReturnPasses("{ int ok = check(a) && check(b); ok++; "
                                "if (!ok) return -1; return a; }",
                                1));
  EXPECT_FALSE(lastReturnPasses("{ int ok = check(a) && check(b); "
                                "check(*&ok); if (!ok) return -1; return a; }",
                                1));
  // Its address taken before the store: a write through it may follow.
  EXPECT_FALSE(lastReturnPasses("{ int ok; int *po = &ok; ok = check(a) && "
                                "check(b); *po = 1; if (!ok) return -1; "
                                "return a; }",
                                1));
}

TEST(CfgPathsTest, AnAndNotTestedLeavesThePathOpen) {
  // The value of the `&&` is stored, not branched on: the path that
  // skips check(b) goes on.
  EXPECT_FALSE(lastReturnPasses(
      "{ int ok = check(a) && check(b); a += ok; return a; }", 1));
  EXPECT_FALSE(lastReturnPasses(
      "{ if (!(check(a) && check(b)) && a) return -1; return a; }", 1));
}
} // namespace

namespace {

/// Whether some path to each `return` of f runs a call of `check` first,
/// and whether every path out of f runs one.
std::pair<std::vector<bool>, bool> somePathsAndExit(llvm::StringRef Body) {
  ParsedF P("int check(int); int other(int);\nint f(int a, int b) " +
            Body.str());
  auto IsCheck = [](const Stmt &S) {
    const auto *Call = dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->getName() == "check";
  };
  std::vector<bool> Some;
  for (const auto &N : match(findAll(returnStmt().bind("r")), *P.F->getBody(),
                             P.AST->getASTContext()))
    Some.push_back(
        somePathRunsFirst(*P.G, *N.getNodeAs<ReturnStmt>("r"), IsCheck));
  return {Some, everyPathToExitRuns(*P.G, IsCheck)};
}

TEST(CfgPathsTest, SomePathAndEveryPathOut) {
  // Checked on one branch: some path to the join runs it, not every one.
  auto [Some, Out] =
      somePathsAndExit("{ if (a) check(a); if (b) return 1; return 0; }");
  EXPECT_EQ(Some, std::vector<bool>({true, true}));
  EXPECT_FALSE(Out);
  // On both branches: every path out runs one.
  std::tie(Some, Out) =
      somePathsAndExit("{ if (a) check(a); else check(b); return 0; }");
  EXPECT_EQ(Some, std::vector<bool>({true}));
  EXPECT_TRUE(Out);
  // A return before it: no path to that one runs it; a loop's next turn
  // runs it before the return in the loop.
  std::tie(Some, Out) = somePathsAndExit(
      "{ while (a--) { if (b) return 1; check(a); } return 0; }");
  EXPECT_EQ(Some, std::vector<bool>({true, true}));
  EXPECT_FALSE(Out);
  std::tie(Some, Out) =
      somePathsAndExit("{ if (b) return 1; check(a); return 0; }");
  EXPECT_EQ(Some, std::vector<bool>({false, true}));
  EXPECT_FALSE(Out);
  // A path that never returns does not get out: BUG()'s unreachable, a
  // noreturn call.
  std::tie(Some, Out) = somePathsAndExit(
      "{ if (b) __builtin_unreachable(); check(a); return 0; }");
  EXPECT_TRUE(Out);
  std::tie(Some, Out) = somePathsAndExit(
      "{ void die(void) __attribute__((noreturn)); if (b) die(); check(a); "
      "return 0; }");
  EXPECT_TRUE(Out);
  std::tie(Some, Out) =
      somePathsAndExit("{ if (b) other(a); else check(a); return 0; }");
  EXPECT_FALSE(Out);
}

} // namespace
