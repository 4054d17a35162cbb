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

/// What \p Describe says of each variable's initializer in \p Code, by
/// the variable's name.
std::map<std::string, std::string> describeInitializers(
    llvm::StringRef Code,
    llvm::function_ref<std::string(const Expr &, ASTContext &)> Describe) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  std::map<std::string, std::string> A;
  if (!AST)
    return A;
  ASTContext &Ctx = AST->getASTContext();
  for (const BoundNodes &N :
       match(varDecl(hasInitializer(expr().bind("e"))).bind("v"), Ctx))
    A[N.getNodeAs<VarDecl>("v")->getNameAsString()] =
        Describe(*N.getNodeAs<Expr>("e"), Ctx);
  return A;
}

/// The initializers of the variables of \p Code, by name, as the three
/// questions answer them: "L" literal zero, "Z" folds to zero, "N" folds
/// to non-zero, "-" none of them.
std::map<std::string, std::string> answers(llvm::StringRef Code) {
  return describeInitializers(Code, [](const Expr &E, ASTContext &Ctx) {
    std::string S;
    S += isLiteralZero(E) ? "L" : "";
    S += foldsToZero(E, Ctx) ? "Z" : "";
    S += foldsToNonZero(E, Ctx) ? "N" : "";
    return S.empty() ? std::string("-") : S;
  });
}

/// The sign of each variable's initializer: "0", "-", "+", "!0" or "?".
std::map<std::string, std::string> signs(llvm::StringRef Code) {
  return describeInitializers(Code, [](const Expr &E, ASTContext &Ctx) {
    const char *Names[] = {"?", "0", "-", "!0", "+"};
    return std::string(Names[int(signOf(E, Ctx))]);
  });
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

namespace {

TEST(ExprValuesTest, SignsOfKernelReturnValues) {
  std::map<std::string, std::string> A = signs("#define EFAULT 14\n"
                                               "int g(void);\n"
                                               "void f(int x) {\n"
                                               "  int ok = 0;\n"
                                               "  int err = -EFAULT;\n"
                                               "  int one = 1;\n"
                                               "  unsigned big = -1;\n"
                                               "  int call = g();\n"
                                               "  int var = x;\n"
                                               "}\n");
  EXPECT_EQ(A["ok"], "0");
  EXPECT_EQ(A["err"], "-");
  EXPECT_EQ(A["one"], "+");
  // Unsigned: never below 0.
  EXPECT_EQ(A["big"], "+");
  EXPECT_EQ(A["call"], "?");
  EXPECT_EQ(A["var"], "?");
}

TEST(ExprValuesTest, JoinedSignsKeepOnlyWhatBothAgreeOn) {
  EXPECT_EQ(joinSigns(ValueSign::Zero, ValueSign::Zero), ValueSign::Zero);
  EXPECT_EQ(joinSigns(ValueSign::Negative, ValueSign::NonZero),
            ValueSign::NonZero);
  EXPECT_EQ(joinSigns(ValueSign::Negative, ValueSign::Negative),
            ValueSign::Negative);
  EXPECT_EQ(joinSigns(ValueSign::Zero, ValueSign::Negative),
            ValueSign::Unknown);
  EXPECT_EQ(joinSigns(ValueSign::Unknown, ValueSign::Unknown),
            ValueSign::Unknown);
}

TEST(ExprValuesTest, ComparisonsWithZeroDecidedBySign) {
  EXPECT_EQ(truthOf(ValueSign::Zero), false);
  EXPECT_EQ(truthOf(ValueSign::Negative), true);
  EXPECT_EQ(truthOf(ValueSign::Unknown), std::nullopt);
  // err < 0, err >= 0, err > 0, err <= 0, err == 0, err != 0.
  EXPECT_EQ(compareWithZero(ValueSign::Negative, BO_LT, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::Zero, BO_LT, false), false);
  EXPECT_EQ(compareWithZero(ValueSign::NonZero, BO_LT, false), std::nullopt);
  EXPECT_EQ(compareWithZero(ValueSign::Negative, BO_GE, false), false);
  EXPECT_EQ(compareWithZero(ValueSign::Zero, BO_GE, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::Negative, BO_GT, false), false);
  EXPECT_EQ(compareWithZero(ValueSign::Zero, BO_LE, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::NonZero, BO_GT, false), std::nullopt);
  EXPECT_EQ(compareWithZero(ValueSign::Zero, BO_EQ, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::NonZero, BO_NE, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::Unknown, BO_NE, false), std::nullopt);
  // 0 > err is err < 0.
  EXPECT_EQ(compareWithZero(ValueSign::Negative, BO_GT, true), true);
  EXPECT_EQ(compareWithZero(ValueSign::Zero, BO_GT, true), false);
  // A helper's `return 1;` way.
  EXPECT_EQ(compareWithZero(ValueSign::Positive, BO_LT, false), false);
  EXPECT_EQ(compareWithZero(ValueSign::Positive, BO_GE, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::Positive, BO_GT, false), true);
  EXPECT_EQ(compareWithZero(ValueSign::Positive, BO_LE, false), false);
  EXPECT_EQ(joinSigns(ValueSign::Positive, ValueSign::Negative),
            ValueSign::NonZero);
  EXPECT_EQ(truthOf(ValueSign::Positive), true);
}

} // namespace

namespace {

TEST(ExprValuesTest, OperandAgainstZeroOnEitherSide) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "int f(int err, int n) { return (err < 0) + (0 > n) + (err < n); }",
      {"-x", "c"});
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  std::vector<std::string> Seen;
  for (const BoundNodes &N :
       match(binaryOperator(isComparisonOperator()).bind("b"), Ctx)) {
    bool ZeroOnLeft = false;
    const Expr *Other =
        operandAgainstZero(*N.getNodeAs<BinaryOperator>("b"), Ctx, ZeroOnLeft);
    const auto *Ref =
        Other ? dyn_cast<DeclRefExpr>(Other->IgnoreParenImpCasts()) : nullptr;
    Seen.push_back(Ref ? Ref->getDecl()->getNameAsString() +
                             (ZeroOnLeft ? "@right" : "@left")
                       : "-");
  }
  std::sort(Seen.begin(), Seen.end());
  EXPECT_EQ(Seen, (std::vector<std::string>{"-", "err@left", "n@right"}));
}

/// The truth of each initializer when the variables `t` are true and `f`
/// false (by name, as KnownTruth says), `u` unknown: "1", "0" or "?".
std::map<std::string, std::string> truths(llvm::StringRef Code) {
  return describeInitializers(Code, [](const Expr &E, ASTContext &) {
    std::optional<bool> V =
        conditionTruth(E, [](const Expr &Part) -> std::optional<bool> {
          const auto *Ref = dyn_cast<DeclRefExpr>(&Part);
          llvm::StringRef Name = Ref ? Ref->getDecl()->getName() : "";
          if (Name == "t" || Name == "f")
            return Name == "t";
          return std::nullopt;
        });
    return std::string(!V ? "?" : *V ? "1" : "0");
  });
}

TEST(ExprValuesTest, ConditionTruthReadsNotShortCircuitsAndExpect) {
  auto A = truths("void g(int t, int f, int u) {\n"
                  "  int a = !f, b = (t && u), c = f && u, d = u || t;\n"
                  "  int e = u && u, h = __builtin_expect(!!(f), 0);\n"
                  "  int i = (u, t), j = (t, u), k = !(f || !t), l = u;\n"
                  "}");
  EXPECT_EQ(A["a"], "1");
  EXPECT_EQ(A["b"], "?");
  EXPECT_EQ(A["c"], "0"); // f settles the && alone
  EXPECT_EQ(A["d"], "1"); // and t the ||, on either side
  EXPECT_EQ(A["e"], "?");
  EXPECT_EQ(A["h"], "0");
  EXPECT_EQ(A["i"], "1"); // a comma's value is its right operand's
  EXPECT_EQ(A["j"], "?");
  EXPECT_EQ(A["k"], "1");
  EXPECT_EQ(A["l"], "?");
}

TEST(ExprValuesTest, ConditionTruthAsksForTheWholeFirst) {
  // A walk may know a whole `&&` (the short circuit it left by).
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "int g(int u, int v) { return u && v; }", {"-x", "c"});
  ASSERT_TRUE(AST);
  const auto *And = selectFirst<BinaryOperator>(
      "and", match(binaryOperator().bind("and"), AST->getASTContext()));
  ASSERT_TRUE(And);
  EXPECT_EQ(conditionTruth(*And,
                           [&](const Expr &Part) -> std::optional<bool> {
                             if (&Part == And)
                               return false;
                             return std::nullopt;
                           }),
            false);
}

} // namespace
