//===--- EvaluatedVisitor.h - A walk over what runs -------------*- C++ -*-===//
//
// A RecursiveASTVisitor that enters only the operands a program evaluates:
// not sizeof's or typeof's (`typedef __typeof__(dev_write) wr_t;` names
// dev_write but neither calls it nor takes its address), not the arms
// _Generic or __builtin_choose_expr do not choose, not the arguments of
// __builtin_constant_p(), not the types of casts and declarations. A
// variable-length array's size, which runs, is in a type, and so is not
// entered: the kernel builds with -Wvla.
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
  bool TraverseTypeLoc(clang::TypeLoc) { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseGenericSelectionExpr(clang::GenericSelectionExpr *G) {
    return G->isResultDependent() || Base::TraverseStmt(G->getResultExpr());
  }
  bool TraverseChooseExpr(clang::ChooseExpr *C) {
    return Base::TraverseStmt(C->getChosenSubExpr());
  }
  bool TraverseCallExpr(clang::CallExpr *Call) {
    return foldsItsArguments(*Call) || Base::TraverseCallExpr(Call);
  }
};

} // namespace uaccess

#endif
