//===--- ExprValues.cpp - What an expression's value is known to be -------===//

#include "utils/ExprValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Builtins.h"

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

std::optional<bool> conditionTruth(const Expr &Cond, KnownTruth Known) {
  const Expr *E = Cond.IgnoreParenImpCasts();
  if (std::optional<bool> V = Known(*E))
    return V;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    std::optional<bool> V = conditionTruth(*UO->getSubExpr(), Known);
    return V ? std::optional(!*V) : std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect &&
      Call->getNumArgs() > 0)
    return conditionTruth(*Call->getArg(0), Known);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && BO->getOpcode() == BO_Comma)
    return conditionTruth(*BO->getRHS(), Known);
  if (!BO || !BO->isLogicalOp())
    return std::nullopt;
  bool And = BO->getOpcode() == BO_LAnd;
  std::optional<bool> L = conditionTruth(*BO->getLHS(), Known);
  std::optional<bool> R = conditionTruth(*BO->getRHS(), Known);
  if (L == !And || R == !And)
    return !And;
  return L && R ? std::optional(And) : std::nullopt;
}

} // namespace uaccess
