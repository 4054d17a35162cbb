//===--- StmtEffects.cpp - What a statement reads and writes --------------===//

#include "utils/StmtEffects.h"
#include "utils/EvaluatedVisitor.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace uaccess {

namespace {

/// The local variable an lvalue is (a field of): `x`, `s.f`, `s.a.b`.
const VarDecl *localRoot(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() ? Var : nullptr;
}

class AddressTakenFinder : public EvaluatedVisitor<AddressTakenFinder> {
public:
  VarSet Found;
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      add(UO->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      add(Cast->getSubExpr());
    return true;
  }

private:
  void add(const Expr *E) {
    if (const VarDecl *Var = localRoot(E))
      Found.insert(Var);
  }
};

class EffectsFinder : public EvaluatedVisitor<EffectsFinder> {
public:
  EffectsFinder(const VarSet &AddressTaken,
                llvm::function_ref<bool(const Stmt &)> Skip)
      : AddressTaken(AddressTaken), Skip(Skip) {}

  StmtEffects Out;

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      access(Cast->getSubExpr(), /*Write=*/false);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    access(BO->getLHS(), /*Write=*/true);
    if (BO->isCompoundAssignmentOp())
      access(BO->getLHS(), /*Write=*/false);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp()) {
      access(UO->getSubExpr(), /*Write=*/true);
      access(UO->getSubExpr(), /*Write=*/false);
    }
    return true;
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    if (skipped(*DS))
      return true;
    for (const Decl *D : DS->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D);
          Var && Var->hasLocalStorage() && Var->hasInit())
        Out.Writes.insert(Var);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call);
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm);
  bool VisitAtomicExpr(AtomicExpr *E) {
    if (!skipped(*E))
      opaque();
    return true;
  }

private:
  bool skipped(const Stmt &S) const { return Skip && Skip(S); }
  void opaque() { Out.ReadsMemory = Out.WritesMemory = true; }
  /// A read or a write of the lvalue \p E.
  void access(const Expr *E, bool Write) {
    E = E->IgnoreParens();
    if (skipped(*E))
      return;
    const VarDecl *Var = localRoot(E);
    if (Var && !AddressTaken.count(Var))
      (Write ? Out.Writes : Out.Reads).insert(Var);
    else
      (Write ? Out.WritesMemory : Out.ReadsMemory) = true;
  }

  const VarSet &AddressTaken;
  llvm::function_ref<bool(const Stmt &)> Skip;
};

bool EffectsFinder::VisitCallExpr(CallExpr *Call) {
  if (skipped(*Call))
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Callee && Callee->isNoReturn() && !Out.NoReturnCall)
    Out.NoReturnCall = Call;
  switch (callEffect(*Call)) {
  case CallEffect::None:
    break;
  case CallEffect::ReadsMemory:
    Out.ReadsMemory = true;
    if (!Out.ReadingCall)
      Out.ReadingCall = Call;
    break;
  case CallEffect::Any:
    opaque();
    if (!Out.WritingCall)
      Out.WritingCall = Call;
    break;
  }
  return true;
}

/// Outputs are written (and read too when `+`), memory inputs are read;
/// the asm itself may touch any memory.
bool EffectsFinder::VisitGCCAsmStmt(GCCAsmStmt *Asm) {
  for (unsigned I = 0; I < Asm->getNumOutputs(); ++I) {
    access(Asm->getOutputExpr(I), /*Write=*/true);
    if (Asm->isOutputPlusConstraint(I))
      access(Asm->getOutputExpr(I), /*Write=*/false);
  }
  for (unsigned I = 0; I < Asm->getNumInputs(); ++I)
    if (Asm->getInputExpr(I)->isGLValue())
      access(Asm->getInputExpr(I), /*Write=*/false);
  if (!skipped(*Asm))
    opaque();
  return true;
}

} // namespace

VarSet addressTakenLocals(const Stmt &Body) {
  AddressTakenFinder F;
  F.TraverseStmt(const_cast<Stmt *>(&Body));
  return std::move(F.Found);
}

CallEffect callEffect(const CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee)
    return CallEffect::Any;
  // A compile-time assertion's call fails the build if it is ever emitted:
  // it never runs.
  if (const auto *Error = Callee->getAttr<ErrorAttr>();
      Error && Error->isError())
    return CallEffect::None;
  if (Callee->hasAttr<ConstAttr>())
    return CallEffect::None;
  if (Callee->hasAttr<PureAttr>())
    return CallEffect::ReadsMemory;
  return CallEffect::Any;
}

const Expr *changedOperand(const Stmt &S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(&S); BO && BO->isAssignmentOp())
    return BO->getLHS();
  if (const auto *UO = dyn_cast<UnaryOperator>(&S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
    return UO->getSubExpr();
  return nullptr;
}

StmtEffects effectsOf(const Stmt &S, const VarSet &AddressTaken,
                      llvm::function_ref<bool(const Stmt &)> Skip) {
  EffectsFinder F(AddressTaken, Skip);
  F.TraverseStmt(const_cast<Stmt *>(&S));
  return std::move(F.Out);
}

} // namespace uaccess
