//===--- ExprValues.h - What an expression's value is known to be -*- C++
//-*-===//
//
// Two questions that sound alike and are not: whether the user wrote a 0
// (a rewrite keeps the text it reads, so only a literal will do), and
// whether the compiler folds an expression to a constant (a branch on
// can_do_masked_user_access() or on `0 ?: x` is decided whatever the text).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_EXPRVALUES_H
#define UACCESS_LINT_UTILS_EXPRVALUES_H

#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace clang {
class ASTContext;
class BinaryOperator;
class Expr;
} // namespace clang

namespace uaccess {

/// \p E is the integer literal 0, under parentheses and implicit casts.
bool isLiteralZero(const clang::Expr &E);

/// \p E folds to the integer constant 0 (a literal, a macro, an enum, a
/// constant expression).
bool foldsToZero(const clang::Expr &E, clang::ASTContext &Ctx);

/// \p E folds to an integer constant that is not 0.
bool foldsToNonZero(const clang::Expr &E, clang::ASTContext &Ctx);

/// What a branch on a value cares about: 0 (success in the kernel), a
/// negative constant (-EFAULT), a positive one (1, bytes left), a value
/// known only not to be 0, or not known.
enum class ValueSign : unsigned char {
  Unknown,
  Zero,
  Negative,
  NonZero,
  Positive
};

/// The sign of what \p E folds to; Unknown when it folds to nothing.
ValueSign signOf(const clang::Expr &E, clang::ASTContext &Ctx);

/// The sign of a value that is either \p A or \p B: a negative value and
/// a positive (or other non-zero) one are non-zero, 0 and non-zero are not
/// known.
ValueSign joinSigns(ValueSign A, ValueSign B);

/// The truth of `V`, and of `V <op> 0` (or `0 <op> V` when \p ZeroOnLeft)
/// for a comparison \p Op, for a value of sign \p V; none when its sign
/// does not decide it.
std::optional<bool> truthOf(ValueSign V);

/// The operand \p BO compares with 0 (`err < 0`, `0 > err`); null when
/// neither side folds to 0. \p ZeroOnLeft says which side the 0 is on.
const clang::Expr *operandAgainstZero(const clang::BinaryOperator &BO,
                                      clang::ASTContext &Ctx, bool &ZeroOnLeft);
std::optional<bool> compareWithZero(ValueSign V, clang::BinaryOperatorKind Op,
                                    bool ZeroOnLeft);

/// What a walk knows of one part of a condition (a variable, a call, a
/// comparison), given without parentheses and implicit casts; none when
/// it knows nothing of it.
using KnownTruth = llvm::function_ref<std::optional<bool>(const clang::Expr &)>;

/// The truth of \p Cond from what \p Known says of its parts, through `!`,
/// `__builtin_expect()` (likely(), unlikely()), a comma's right operand,
/// and `&&` / `||`, which one operand settles alone. \p Known is asked
/// first at every level, so it may know a whole `&&` (a short circuit a
/// path took). One reader of conditions for every walk that needs one.
std::optional<bool> conditionTruth(const clang::Expr &Cond, KnownTruth Known);

} // namespace uaccess

#endif
