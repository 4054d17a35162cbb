//===--- PointerDerivation.cpp - Pointers derived from one another --------===//

#include "analysis/PointerDerivation.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace uaccess {

namespace {

bool isPointerLike(QualType T) {
  return T->isPointerType() || T->isArrayType();
}

/// `&p->f.g`, `&p[i].f`: the pointer the address is inside of.
void addressOrigins(const Expr &E, llvm::SmallVectorImpl<std::string> &Out) {
  const Expr *Cur = E.IgnoreParenCasts();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(Cur)) {
      if (ME->isArrow())
        return pointerOrigins(*ME->getBase(), Out);
      Cur = ME->getBase()->IgnoreParenCasts();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur)) {
      return pointerOrigins(*AS->getBase(), Out);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(Cur);
               UO && UO->getOpcode() == UO_Deref) {
      return pointerOrigins(*UO->getSubExpr(), Out);
    } else {
      return;
    }
  }
}

} // namespace

void pointerOrigins(const Expr &E, llvm::SmallVectorImpl<std::string> &Out) {
  const Expr *X = E.IgnoreParenCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
    if (isa<VarDecl>(Ref->getDecl()) && isPointerLike(Ref->getType()))
      Out.push_back(Ref->getDecl()->getNameAsString());
  } else if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
    if (BO->isAdditiveOp() || BO->isAssignmentOp())
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
        if (isPointerLike(Side->IgnoreParenCasts()->getType()))
          pointerOrigins(*Side, Out);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
    if (UO->getOpcode() == UO_AddrOf)
      addressOrigins(*UO->getSubExpr(), Out);
    else if (UO->isIncrementDecrementOp())
      pointerOrigins(*UO->getSubExpr(), Out);
  } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(X)) {
    pointerOrigins(*CO->getTrueExpr(), Out);
    pointerOrigins(*CO->getFalseExpr(), Out);
  } else if ((isa<MemberExpr>(X) || isa<ArraySubscriptExpr>(X)) &&
             X->getType()->isArrayType()) {
    // An array member decays to its address: `dirent->d_name`.
    addressOrigins(*X, Out);
  } else if (const auto *SE = dyn_cast<StmtExpr>(X)) {
    const CompoundStmt *Body = SE->getSubStmt();
    if (const auto *Last = dyn_cast_or_null<Expr>(
            Body->body_empty() ? nullptr : Body->body_back()))
      pointerOrigins(*Last, Out);
  }
}

/// Every `p = <from q>` and `T *p = <from q>` of the body joins p and q.
class DerivationCollector : public RecursiveASTVisitor<DerivationCollector> {
public:
  explicit DerivationCollector(PointerDerivation &Out) : Out(Out) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && isPointerLike(VD->getType()))
      join(VD->getNameAsString(), *VD->getInit());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getType()->isArrayType())
      Out.ArrayFields.insert(ME->getMemberDecl()->getName());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    if (BO->isAssignmentOp() && Ref && isPointerLike(Ref->getType()))
      join(Ref->getDecl()->getNameAsString(), *BO->getRHS());
    return true;
  }

private:
  void join(const std::string &Var, const Expr &From) {
    llvm::SmallVector<std::string, 2> Origins;
    pointerOrigins(From, Origins);
    for (const std::string &O : Origins)
      Out.Classes.unionSets(Var, O);
  }

  PointerDerivation &Out;
};

char PointerDerivation::ID = 0;

PointerDerivation::PointerDerivation(const FunctionDecl &FD) {
  if (FD.getBody())
    DerivationCollector(*this).TraverseStmt(FD.getBody());
}

PointerShape PointerDerivation::objectShape(PointerShape Shape) const {
  llvm::StringRef Base = Shape.Base;
  bool Stripped = false;
  while (true) {
    auto [Outer, Field] = Base.rsplit("->");
    if (Field == Base || !ArrayFields.contains(Field.trim()))
      break;
    Base = Outer.rtrim();
    Stripped = true;
  }
  if (Stripped) {
    Shape.Base = Base.str();
    Shape.Kind = PointerShape::FieldOf;
    Shape.IndexText.clear();
  }
  return Shape;
}

bool PointerDerivation::related(llvm::StringRef A, llvm::StringRef B) const {
  if (A == B)
    return true;
  auto IA = Classes.findValue(A.str());
  auto IB = Classes.findValue(B.str());
  if (IA == Classes.end() || IB == Classes.end())
    return false;
  return Classes.getLeaderValue(A.str()) == Classes.getLeaderValue(B.str());
}

} // namespace uaccess
