//===--- EvaluatedVisitor.h - A walk over what runs -------------*- C++ -*-===//
//
// A RecursiveASTVisitor that enters only the operands a program evaluates:
// not sizeof's or typeof's (`typedef __typeof__(dev_write) wr_t;` names
// dev_write but neither calls it nor takes its address), not the arms
// _Generic or __builtin_choose_expr do not choose, not the arguments of
// __builtin_constant_p(), not the types of casts and declarations, but for
// a variable-length array's size, which runs (`char buf[f(n)]`,
// `sizeof(char[f(n)])`; the kernel builds with -Wvla). The nodes skipped
// are still visited themselves, not their operands.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_EVALUATEDVISITOR_H
#define UACCESS_LINT_UTILS_EVALUATEDVISITOR_H

#include "utils/SourceUtils.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace uaccess {

template <typename Derived>
class EvaluatedVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseTypeLoc(clang::TypeLoc TL) {
    return TL.isNull() || !TL.getType()->isVariablyModifiedType() ||
           Base::TraverseTypeLoc(TL);
  }
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *E) {
    if (!this->getDerived().WalkUpFromUnaryExprOrTypeTraitExpr(E))
      return false;
    if (!E->getTypeOfArgument()->isVariablyModifiedType())
      return true;
    // The array's size expressions, or the operand of that type, once.
    for (clang::Stmt *Child : E->children())
      if (!Base::TraverseStmt(Child))
        return false;
    return true;
  }
  bool TraverseGenericSelectionExpr(clang::GenericSelectionExpr *G) {
    return this->getDerived().WalkUpFromGenericSelectionExpr(G) &&
           (G->isResultDependent() || Base::TraverseStmt(G->getResultExpr()));
  }
  bool TraverseChooseExpr(clang::ChooseExpr *C) {
    return this->getDerived().WalkUpFromChooseExpr(C) &&
           Base::TraverseStmt(C->getChosenSubExpr());
  }
  bool TraverseCallExpr(clang::CallExpr *Call) {
    if (foldsItsArguments(*Call))
      return this->getDerived().WalkUpFromCallExpr(Call);
    return Base::TraverseCallExpr(Call);
  }
};

} // namespace uaccess

#endif
