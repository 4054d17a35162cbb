//===--- ExprValues.cpp - What an expression's value is known to be -------===//

#include "utils/ExprValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>

using namespace clang;

namespace uaccess {

namespace {
std::optional<llvm::APSInt> foldedValue(const Expr &E, ASTContext &Ctx) {
  Expr::EvalResult Value;
  if (E.isValueDependent() || !E.EvaluateAsInt(Value, Ctx))
    return std::nullopt;
  return Value.Val.getInt();
}
} // namespace

bool isLiteralZero(const Expr &E) {
  const auto *Literal = dyn_cast<IntegerLiteral>(E.IgnoreParenImpCasts());
  return Literal && Literal->getValue() == 0;
}

bool foldsToZero(const Expr &E, ASTContext &Ctx) {
  std::optional<llvm::APSInt> V = foldedValue(E, Ctx);
  return V && *V == 0;
}

bool foldsToNonZero(const Expr &E, ASTContext &Ctx) {
  std::optional<llvm::APSInt> V = foldedValue(E, Ctx);
  return V && *V != 0;
}

ValueSign signOf(const Expr &E, ASTContext &Ctx) {
  std::optional<llvm::APSInt> V = foldedValue(E, Ctx);
  if (!V)
    return ValueSign::Unknown;
  if (*V == 0)
    return ValueSign::Zero;
  return V->isSigned() && V->isNegative() ? ValueSign::Negative
                                          : ValueSign::Positive;
}

ValueSign joinSigns(ValueSign A, ValueSign B) {
  if (A == B)
    return A;
  if (A == ValueSign::Unknown || B == ValueSign::Unknown ||
      A == ValueSign::Zero || B == ValueSign::Zero)
    return ValueSign::Unknown;
  return ValueSign::NonZero;
}

std::optional<bool> truthOf(ValueSign V) {
  if (V == ValueSign::Unknown)
    return std::nullopt;
  return V != ValueSign::Zero;
}

const Expr *operandAgainstZero(const BinaryOperator &BO, ASTContext &Ctx,
                               bool &ZeroOnLeft) {
  ZeroOnLeft = foldsToZero(*BO.getLHS(), Ctx);
  if (ZeroOnLeft)
    return BO.getRHS();
  return foldsToZero(*BO.getRHS(), Ctx) ? BO.getLHS() : nullptr;
}

std::optional<bool> compareWithZero(ValueSign V, BinaryOperatorKind Op,
                                    bool ZeroOnLeft) {
  if (ZeroOnLeft)
    Op = BinaryOperator::reverseComparisonOp(Op);
  std::optional<bool> Truth = truthOf(V);
  // Below 0, at 0, above 0: the comparison is a choice among the three.
  int Side = V == ValueSign::Negative   ? -1
             : V == ValueSign::Zero     ? 0
             : V == ValueSign::Positive ? 1
                                        : 2;
  switch (Op) {
  case BO_EQ:
    return Truth ? std::optional(!*Truth) : std::nullopt;
  case BO_NE:
    return Truth;
  case BO_LT:
    return Side == 2 ? std::nullopt : std::optional(Side < 0);
  case BO_GE:
    return Side == 2 ? std::nullopt : std::optional(Side >= 0);
  case BO_GT:
    return Side == 2 ? std::nullopt : std::optional(Side > 0);
  case BO_LE:
    return Side == 2 ? std::nullopt : std::optional(Side <= 0);
  default:
    return std::nullopt;
  }
}

} // namespace uaccess
