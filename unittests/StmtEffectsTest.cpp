//===--- StmtEffectsTest.cpp - What a statement reads and writes ----------===//

#include "utils/StmtEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <set>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;

namespace {

/// The function `f` of \p Code, parsed as C, and its AST.
struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  VarSet AddressTaken;
};

Parsed parse(llvm::StringRef Code) {
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(P.AST != nullptr);
  EXPECT_FALSE(P.AST->getDiagnostics().hasErrorOccurred());
  P.F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"),
                 P.AST->getASTContext()));
  EXPECT_TRUE(P.F != nullptr);
  P.AddressTaken = addressTakenLocals(*P.F->getBody());
  return P;
}

/// The effects of the \p Index-th statement of f's body.
StmtEffects effectsOfStmt(const Parsed &P, unsigned Index,
                          llvm::function_ref<bool(const Stmt &)> Skip = {}) {
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  return effectsOf(*Body->body_begin()[Index], P.AddressTaken, Skip);
}

std::set<std::string> names(const VarSet &Vars) {
  std::set<std::string> Out;
  for (const VarDecl *V : Vars)
    Out.insert(V->getName().str());
  return Out;
}

using Names = std::set<std::string>;

TEST(StmtEffectsTest, AssignmentReadsRightWritesLeft) {
  auto P = parse("int f(int a) { int b; b = a + 1; return b; }");
  StmtEffects E = effectsOfStmt(P, 1);
  EXPECT_EQ(names(E.Reads), Names({"a"}));
  EXPECT_EQ(names(E.Writes), Names({"b"}));
  EXPECT_FALSE(E.ReadsMemory);
  EXPECT_FALSE(E.WritesMemory);
}

TEST(StmtEffectsTest, DeclarationWritesItsVariable) {
  auto P = parse("int f(int a) { int n = a * 2; return n; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_EQ(names(E.Reads), Names({"a"}));
  EXPECT_EQ(names(E.Writes), Names({"n"}));
}

TEST(StmtEffectsTest, IncrementReadsAndWrites) {
  auto P = parse("void f(int i) { i++; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_EQ(names(E.Reads), Names({"i"}));
  EXPECT_EQ(names(E.Writes), Names({"i"}));
}

TEST(StmtEffectsTest, ThroughPointerIsMemory) {
  auto P = parse("void f(int *p, int x) { *p = x; p[1] = x; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_EQ(names(E.Reads), Names({"p", "x"}));
  EXPECT_TRUE(E.Writes.empty());
  EXPECT_TRUE(E.WritesMemory);
  EXPECT_FALSE(E.ReadsMemory);
}

TEST(StmtEffectsTest, FieldOfLocalStructIsTheStruct) {
  auto P = parse("struct s { int a; }; int f(struct s *q) {"
                 " struct s k; k.a = q->a; return k.a; }");
  StmtEffects E = effectsOfStmt(P, 1);
  EXPECT_EQ(names(E.Reads), Names({"q"}));
  EXPECT_EQ(names(E.Writes), Names({"k"}));
  EXPECT_TRUE(E.ReadsMemory);
}

TEST(StmtEffectsTest, AddressTakenLocalIsMemory) {
  auto P = parse("void g(int *); int f(void) {"
                 " int x, y[2]; g(&x); x = 1; y[0] = 2; return x; }");
  EXPECT_EQ(names(P.AddressTaken), Names({"x", "y"}));
  StmtEffects E = effectsOfStmt(P, 2);
  EXPECT_TRUE(E.Writes.empty());
  EXPECT_TRUE(E.WritesMemory);
}

TEST(StmtEffectsTest, GlobalIsMemory) {
  auto P = parse("int g; void f(int a) { g = a; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_TRUE(E.Writes.empty());
  EXPECT_TRUE(E.WritesMemory);
}

TEST(StmtEffectsTest, UnknownCallReadsAndWritesMemory) {
  auto P = parse("void log_event(int); void f(int a) { log_event(a); }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_EQ(names(E.Reads), Names({"a"}));
  EXPECT_TRUE(E.ReadsMemory);
  EXPECT_TRUE(E.WritesMemory);
  ASSERT_TRUE(E.WritingCall);
  EXPECT_EQ(E.WritingCall->getDirectCallee()->getName(), "log_event");
  EXPECT_FALSE(E.NoReturnCall);
}

TEST(StmtEffectsTest, PureCallOnlyReadsMemory) {
  auto P = parse("int scale(int) __attribute__((pure));"
                 "int f(int a) { int n = scale(a); return n; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_TRUE(E.ReadsMemory);
  EXPECT_FALSE(E.WritesMemory);
  EXPECT_FALSE(E.WritingCall);
  ASSERT_TRUE(E.ReadingCall);
  EXPECT_EQ(E.ReadingCall->getDirectCallee()->getName(), "scale");
  EXPECT_EQ(callEffect(*E.ReadingCall), CallEffect::ReadsMemory);
}

TEST(StmtEffectsTest, ConstCallTouchesNoMemory) {
  auto P = parse("int twice(int) __attribute__((const));"
                 "int f(int a) { int n = twice(a); return n; }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_FALSE(E.ReadsMemory);
  EXPECT_FALSE(E.WritesMemory);
  EXPECT_FALSE(E.ReadingCall);
  EXPECT_EQ(names(E.Reads), Names({"a"}));
}

TEST(StmtEffectsTest, IndirectCallIsOpaque) {
  auto P = parse("struct ops { void (*fn)(int); };"
                 "void f(struct ops *o, int a) { o->fn(a); }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_TRUE(E.WritesMemory);
  ASSERT_TRUE(E.WritingCall);
  EXPECT_EQ(callEffect(*E.WritingCall), CallEffect::Any);
}

TEST(StmtEffectsTest, CompileTimeAssertionNeverRuns) {
  auto P = parse("void bad(void) __attribute__((error(\"no\")));"
                 "void f(void) { bad(); }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_FALSE(E.ReadsMemory);
  EXPECT_FALSE(E.WritesMemory);
}

TEST(StmtEffectsTest, NoReturnCallIsNamed) {
  auto P = parse("void die(void) __attribute__((noreturn));"
                 "void f(void) { die(); }");
  EXPECT_TRUE(effectsOfStmt(P, 0).NoReturnCall);
}

TEST(StmtEffectsTest, UnevaluatedOperandsReadNothing) {
  auto P = parse("int f(int *p) { int n = sizeof(*p);"
                 " __typeof__(*p) m = 0; return n + m; }");
  EXPECT_TRUE(effectsOfStmt(P, 0).Reads.empty());
  EXPECT_FALSE(effectsOfStmt(P, 0).ReadsMemory);
  EXPECT_TRUE(effectsOfStmt(P, 1).Reads.empty());
}

TEST(StmtEffectsTest, SkippedNodesCountOnlyTheirChildren) {
  // As for a macro's expansion: its own call and temporary do not count,
  // the variable the user passed and it assigns does.
  auto P = parse("int g(void); void f(int x) { int t; x = (t = g()); }");
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  const auto *Outer = cast<BinaryOperator>(Body->body_begin()[1]);
  const Stmt *Inner = cast<ParenExpr>(Outer->getRHS())->getSubExpr();
  auto Skip = [&](const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
      return Ref->getDecl()->getName() == "t";
    return isa<CallExpr>(S) || &S == Inner;
  };
  StmtEffects E = effectsOf(*Outer, P.AddressTaken, Skip);
  EXPECT_EQ(names(E.Writes), Names({"x"}));
  EXPECT_FALSE(E.WritesMemory);
  EXPECT_FALSE(E.WritingCall);
}

TEST(StmtEffectsTest, AsmOutputsAreWritten) {
  auto P = parse("void f(int x, int y) {"
                 " __asm__ volatile(\"\" : \"=r\"(x), \"+r\"(y)); }");
  StmtEffects E = effectsOfStmt(P, 0);
  EXPECT_EQ(names(E.Writes), Names({"x", "y"}));
  EXPECT_EQ(names(E.Reads), Names({"y"}));
  EXPECT_TRUE(E.WritesMemory);
}

/// The source text of what changedOperand() gives for each node of the
/// \p Index-th statement of f's body that has one, outermost first.
std::vector<std::string> changedOperands(const Parsed &P, unsigned Index) {
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  std::vector<std::string> Out;
  std::vector<const Stmt *> Work{Body->body_begin()[Index]};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (const Expr *E = changedOperand(*S)) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      Out.push_back(Ref ? Ref->getDecl()->getName().str() : "?");
    }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  return Out;
}

TEST(StmtEffectsTest, ChangedOperandIsWhatANodeItselfMayWrite) {
  auto P = parse("void g(int **); void f(int *p, int *q, int *r, int n) {"
                 " p = q; q += n; r++; g(&p); *p = n; n == 1; }");
  using V = std::vector<std::string>;
  EXPECT_EQ(changedOperands(P, 0), V({"p"}));
  EXPECT_EQ(changedOperands(P, 1), V({"q"}));
  EXPECT_EQ(changedOperands(P, 2), V({"r"}));
  EXPECT_EQ(changedOperands(P, 3), V({"p"}));
  // The store goes through p; p itself stays: its operand is `*p`.
  EXPECT_EQ(changedOperands(P, 4), V({"?"}));
  EXPECT_EQ(changedOperands(P, 5), V());
}

} // namespace
