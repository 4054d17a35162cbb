//===--- WindowBranches.cpp - Which edge a branch takes on a path ---------===//
//
// A branch on a checked begin's result takes the edge where it succeeded or
// failed; a branch on a helper's value, on a path that went through one of
// the helper's ways out, takes that way's edge; a branch whose operands the
// path already chose (`&&`, `||`, `?:`) takes the edge the choice decides.
// Other branches take both edges.
//
//===----------------------------------------------------------------------===//

#include "analysis/WindowWalker.h"
#include "utils/ExprValues.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace uaccess {

// What a branch condition says on the path of \p St: whether the true edge
// is the one where its pending checked begin succeeded, or which edge the
// path's choices take. Neither when the condition does not decide it.
BranchResolution WindowWalker::resolveBranch(const Expr *Cond,
                                             const WindowState &St) const {
  BranchResolution R;
  const Expr *E = Cond;
  while (E && !R.Value) {
    if (const UaccessUse *U = Uses.ownerOf(E)) {
      if (U->Api->TheRole == Role::CheckedBegin)
        R.Use = U->Id;
      return R;
    }
    const Expr *Next = E->IgnoreParenImpCasts();
    if (Next != E) {
      E = Next;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_LNot)
        return R;
      R.Positive = !R.Positive;
      E = UO->getSubExpr();
    } else if (const auto *Cast = dyn_cast<CStyleCastExpr>(E)) {
      E = Cast->getSubExpr();
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(E);
               Assign && Assign->getOpcode() == BO_Assign) {
      E = Assign->getRHS();
    } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (St.Returned && Call == St.Returned)
        return decideByReturned(St, R);
      if (Call->getBuiltinCallee() != Builtin::BI__builtin_expect ||
          Call->getNumArgs() < 1)
        return R;
      E = Call->getArg(0);
    } else if (isa<BinaryOperator, ConditionalOperator>(E)) {
      E = decidingOperand(*E, St, R);
    } else {
      // `ok = user_access_begin(...); if (!ok)`, or a statement expression
      // whose value is the begin's; `err = helper(...); if (err)`.
      if (std::optional<unsigned> Begin = Bindings.beginOf(E)) {
        R.Use = *Begin;
      } else if (std::optional<unsigned> Failed = Bindings.failureOf(E)) {
        R.Use = *Failed;
        R.Positive = !R.Positive;
      } else if (St.Returned && Bindings.callOf(E) == St.Returned) {
        return decideByReturned(St, R);
      }
      return R;
    }
  }
  return R;
}

// `helper() < 0` (or `err >= 0`, `0 > err`...) on a path where the sign of
// what the helper returned decides it.
void WindowWalker::decideComparison(const BinaryOperator &BO,
                                    const WindowState &St,
                                    BranchResolution &R) const {
  if (!St.Returned)
    return;
  bool ZeroOnLeft = false;
  const Expr *Other = operandAgainstZero(BO, Ctx, ZeroOnLeft);
  if (!Other || Bindings.callOf(Other) != St.Returned)
    return;
  if (std::optional<bool> Truth =
          compareWithZero(St.ReturnedSign, BO.getOpcode(), ZeroOnLeft)) {
    R.Value = *Truth == R.Positive;
    R.ByReturned = true;
  }
}

BranchResolution WindowWalker::decideByReturned(const WindowState &St,
                                                BranchResolution R) const {
  if (std::optional<bool> Truth = truthOf(St.ReturnedSign)) {
    R.Value = *Truth == R.Positive;
    R.ByReturned = true;
  }
  return R;
}

// The operand of \p E whose value is the condition's on the path of \p St,
// or null (R.Value is set when the path's choice decides the condition).
// `X == 0` and `X != 0` (either side): X, negated for `==`. `L || R`,
// `L && R` and `C ? A : B` evaluate an operand only on some paths: the
// path's choice says which, and so does what the path did in an operand
// (its pending begin, or a choice inside R, A or B, ran there).
const Expr *WindowWalker::decidingOperand(const Expr &E, const WindowState &St,
                                          BranchResolution &R) const {
  const Stmt *Begin =
      St.K == WindowState::Pending ? Uses.use(St.Begin).Anchor : nullptr;
  auto Ran = [&](const Expr *Operand) {
    return anyStmtIn(*Operand, [&](const Stmt &S) {
      return &S == Begin || (St.Choice && &S == St.Choice);
    });
  };
  if (const auto *CO = dyn_cast<ConditionalOperator>(&E)) {
    const Expr *Arm = nullptr;
    if (CO == St.Choice)
      Arm = St.ChoseTrue ? CO->getTrueExpr() : CO->getFalseExpr();
    else
      for (const Expr *Side : {CO->getTrueExpr(), CO->getFalseExpr()})
        if (!Arm && Ran(Side))
          Arm = Side;
    if (Arm && (foldsToZero(*Arm, Ctx) || foldsToNonZero(*Arm, Ctx))) {
      R.Value = foldsToNonZero(*Arm, Ctx) == R.Positive;
      return nullptr;
    }
    return Arm;
  }
  const auto &BO = cast<BinaryOperator>(E);
  // `(n++, !user_access_begin(..))`: the value is the right operand's.
  if (BO.getOpcode() == BO_Comma)
    return BO.getRHS();
  if (BO.isLogicalOp()) {
    // The left side's value that skips the right side is the operator's.
    if (&BO == St.Choice && St.ChoseTrue == (BO.getOpcode() == BO_LOr)) {
      R.Value = St.ChoseTrue == R.Positive;
      return nullptr;
    }
    return &BO == St.Choice || Ran(BO.getRHS()) ? BO.getRHS() : nullptr;
  }
  if (BO.isRelationalOp()) {
    decideComparison(BO, St, R);
    return nullptr;
  }
  if (!BO.isEqualityOp())
    return nullptr;
  bool ZeroOnLeft = false;
  const Expr *X = operandAgainstZero(BO, Ctx, ZeroOnLeft);
  if (X && BO.getOpcode() == BO_EQ)
    R.Positive = !R.Positive;
  if (!X)
    X = checkedBeginAgainstOne(BO, R);
  return X;
}

// `user_access_begin(..) != 1`: a checked begin's value is 1 or 0, so
// against 1 it is the begin itself (negated for `!=`). Only a begin's: a
// helper's value may be anything.
const Expr *WindowWalker::checkedBeginAgainstOne(const BinaryOperator &BO,
                                                 BranchResolution &R) const {
  for (auto [Side, One] : {std::pair(BO.getLHS(), BO.getRHS()),
                           std::pair(BO.getRHS(), BO.getLHS())}) {
    Expr::EvalResult V;
    if (One->isValueDependent() || !One->EvaluateAsInt(V, Ctx) ||
        V.Val.getInt() != 1 || !Bindings.beginOf(Side))
      continue;
    if (BO.getOpcode() == BO_NE)
      R.Positive = !R.Positive;
    return Side;
  }
  return nullptr;
}

bool WindowWalker::testsReturned(const Expr *Cond,
                                 const WindowState &St) const {
  return Cond && anyStmtIn(*Cond, [&](const Stmt &S) {
           const auto *E = dyn_cast<Expr>(&S);
           return E && Bindings.callOf(E) == St.Returned;
         });
}

bool WindowWalker::testsAnotherClosingCall(const Expr *Cond,
                                           const WindowState &St) const {
  return Cond && St.isOpen() && anyStmtIn(*Cond, [&](const Stmt &S) {
           const auto *Ref = dyn_cast<DeclRefExpr>(&S);
           const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
           const CallExpr *Call = V ? Bindings.BoundCalls.lookup(V) : nullptr;
           const FunctionDecl *Callee =
               Call ? Call->getDirectCallee() : nullptr;
           const WindowAnalysis *Ways =
               Call != St.Returned && Callee ? helperWays(*Callee) : nullptr;
           return Ways && signOfWays(Ways->exits(), false).has_value();
         });
}

} // namespace uaccess
