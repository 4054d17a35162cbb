//===--- ExprValuesTest.cpp - A written 0 and a folded one ----------------===//

#include "utils/ExprValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <map>

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;

namespace {

/// The initializers of the variables of \p Code, by name, as the three
/// questions answer them: "L" literal zero, "Z" folds to zero, "N" folds
/// to non-zero, "-" none of them.
std::map<std::string, std::string> answers(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  std::map<std::string, std::string> A;
  if (!AST)
    return A;
  ASTContext &Ctx = AST->getASTContext();
  for (const BoundNodes &N :
       match(varDecl(hasInitializer(expr().bind("e"))).bind("v"), Ctx)) {
    const auto &E = *N.getNodeAs<Expr>("e");
    std::string &S = A[N.getNodeAs<VarDecl>("v")->getNameAsString()];
    S += isLiteralZero(E) ? "L" : "";
    S += foldsToZero(E, Ctx) ? "Z" : "";
    S += foldsToNonZero(E, Ctx) ? "N" : "";
    S = S.empty() ? "-" : S;
  }
  return A;
}

TEST(ExprValuesTest, AWrittenZeroAndAFoldedOneDiffer) {
  std::map<std::string, std::string> A = answers("enum { NONE };\n"
                                                 "#define OFF 0\n"
                                                 "int g(void);\n"
                                                 "void f(int x) {\n"
                                                 "  long literal = 0;\n"
                                                 "  long paren = (0);\n"
                                                 "  long macro = OFF;\n"
                                                 "  long enumerator = NONE;\n"
                                                 "  long folded = 2 - 2;\n"
                                                 "  long one = 1;\n"
                                                 "  long shifted = 1 << 3;\n"
                                                 "  long variable = x;\n"
                                                 "  long call = g();\n"
                                                 "}\n");
  EXPECT_EQ(A["literal"], "LZ");
  EXPECT_EQ(A["paren"], "LZ");
  // A macro spells a literal: the AST holds the 0 itself.
  EXPECT_EQ(A["macro"], "LZ");
  EXPECT_EQ(A["enumerator"], "Z");
  EXPECT_EQ(A["folded"], "Z");
  EXPECT_EQ(A["one"], "N");
  EXPECT_EQ(A["shifted"], "N");
  EXPECT_EQ(A["variable"], "-");
  EXPECT_EQ(A["call"], "-");
}

} // namespace
