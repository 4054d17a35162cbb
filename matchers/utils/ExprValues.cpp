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

} // namespace uaccess
