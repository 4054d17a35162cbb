//===--- EvaluatedVisitorTest.cpp - A walk over what runs -----------------===//

#include "utils/EvaluatedVisitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <set>

using namespace clang;
using namespace uaccess;

namespace {

/// The integer arguments of the calls of `g` the walk enters, and whether
/// it visited the nodes it does not enter.
struct GCalls : EvaluatedVisitor<GCalls> {
  std::set<int64_t> Entered;
  unsigned SkippedNodesSeen = 0;
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (Callee && Callee->getName() == "g")
      if (const auto *Arg =
              dyn_cast<IntegerLiteral>(C->getArg(0)->IgnoreParenImpCasts()))
        Entered.insert(Arg->getValue().getSExtValue());
    SkippedNodesSeen += C->getBuiltinCallee() != 0;
    return true;
  }
  bool VisitGenericSelectionExpr(GenericSelectionExpr *) {
    ++SkippedNodesSeen;
    return true;
  }
  bool VisitChooseExpr(ChooseExpr *) {
    ++SkippedNodesSeen;
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    ++SkippedNodesSeen;
    return true;
  }
};

GCalls walk(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  GCalls W;
  if (AST)
    W.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  return W;
}

TEST(EvaluatedVisitorTest, EntersOnlyWhatRuns) {
  GCalls W = walk("int g(int);\n"
                  "typedef __typeof__(g(1)) t;\n"
                  "int f(int n) {\n"
                  "  return sizeof(g(2)) + __builtin_constant_p(g(3)) +\n"
                  "         _Generic(g(4), int: g(5), default: g(6)) +\n"
                  "         __builtin_choose_expr(0, g(7), g(8)) + g(9);\n"
                  "}");
  EXPECT_EQ(W.Entered, std::set<int64_t>({5, 8, 9}));
  // sizeof, __builtin_constant_p, _Generic and the choice: visited, but
  // not their operands.
  EXPECT_EQ(W.SkippedNodesSeen, 4u);
}

TEST(EvaluatedVisitorTest, EntersAVariableLengthArraysSize) {
  GCalls W = walk("int g(int);\n"
                  "int f(int n) {\n"
                  "  char buf[g(1) + n];\n"
                  "  char fixed[sizeof(g(2))];\n"
                  "  return sizeof(char[g(3) + n]) + sizeof(buf) + fixed[0];\n"
                  "}");
  EXPECT_EQ(W.Entered, std::set<int64_t>({1, 3}));
}

} // namespace
