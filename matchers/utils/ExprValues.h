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

namespace clang {
class ASTContext;
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

} // namespace uaccess

#endif
