//===--- CheckWrapper.cpp - Functions that access_ok() a parameter --------===//

#include "analysis/CheckWrapper.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace uaccess {

namespace {

/// \p E without what leaves its truth unchanged: parentheses, casts, `!!`
/// and `likely()`/`unlikely()` (__builtin_expect).
const Expr *truthOf(const Expr *E) {
  while (true) {
    E = E->IgnoreParenCasts();
    const auto *Not = dyn_cast<UnaryOperator>(E);
    const auto *Call = dyn_cast<CallExpr>(E);
    if (Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect &&
        Call->getNumArgs() == 2) {
      E = Call->getArg(0);
    } else if (Not && Not->getOpcode() == UO_LNot) {
      const auto *Inner =
          dyn_cast<UnaryOperator>(Not->getSubExpr()->IgnoreParenCasts());
      if (!Inner || Inner->getOpcode() != UO_LNot)
        return E;
      E = Inner->getSubExpr();
    } else {
      return E;
    }
  }
}

/// \p E negated once (`!X`, `unlikely(!X)`): X; else null.
const Expr *negated(const Expr *E) {
  const auto *Not = dyn_cast<UnaryOperator>(truthOf(E));
  return Not && Not->getOpcode() == UO_LNot ? truthOf(Not->getSubExpr())
                                            : nullptr;
}

const ParmVarDecl *parameterOf(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
}

bool namesAParameter(const Expr &E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= isa<ParmVarDecl>(Ref->getDecl());
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(&E));
  return F.Found;
}

/// \p E as an access_ok() of a parameter of the function.
std::optional<CheckWrapper> accessOkOfParameter(const Expr *E,
                                                ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 2 ||
      (Callee->getName() != "access_ok" && Callee->getName() != "__access_ok"))
    return std::nullopt;
  const ParmVarDecl *Pointer = parameterOf(Call->getArg(0));
  if (!Pointer)
    return std::nullopt;
  CheckWrapper W;
  W.PointerParam = Pointer->getFunctionScopeIndex();
  const Expr *Length = Call->getArg(1);
  if (const ParmVarDecl *P = parameterOf(Length))
    W.LengthParam = P->getFunctionScopeIndex();
  else if (!namesAParameter(*Length))
    W.LengthText = writtenText(*Length, Ctx);
  return W;
}

/// `if (!access_ok(p, n)) return ...;`, with no else.
std::optional<CheckWrapper> failsEarly(const Stmt &S, ASTContext &Ctx) {
  const auto *If = dyn_cast<IfStmt>(&S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then))
    Then = Block->body_empty() ? nullptr : Block->body_back();
  if (!isa_and_nonnull<ReturnStmt>(Then))
    return std::nullopt;
  return accessOkOfParameter(negated(If->getCond()), Ctx);
}

} // namespace

std::optional<CheckWrapper> checkWrapperOf(const FunctionDecl &FD,
                                           ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  if (!Body || FD.getReturnType()->isVoidType())
    return std::nullopt;
  for (const Stmt *S : Body->body()) {
    if (const auto *Ret = dyn_cast<ReturnStmt>(S))
      return Ret->getRetValue()
                 ? accessOkOfParameter(truthOf(Ret->getRetValue()), Ctx)
                 : std::nullopt;
    if (std::optional<CheckWrapper> W = failsEarly(*S, Ctx))
      return W;
  }
  return std::nullopt;
}

} // namespace uaccess
