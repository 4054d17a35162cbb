//===--- PointerDerivation.cpp - Pointers derived from one another --------===//

#include "analysis/PointerDerivation.h"
#include "analysis/ArgumentTrace.h"
#include "utils/Fingerprint.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/IdentifierTable.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace uaccess {

namespace {

bool isPointerLike(QualType T) {
  return T->isPointerType() || T->isArrayType();
}

/// The pointer whose object the lvalue \p E lies in: `p` of `p->f`,
/// `p[i].f`, `p->arr[2].g` and `*p`, `p->q` of `p->q->f`; or the array
/// itself (`arr` of `arr[2]`). Null for a local object (`s.f`).
const Expr *containingPointer(const Expr &E) {
  const Expr *Cur = E.IgnoreParenCasts();
  bool Inside = false; // Cur was reached as the base of one of them.
  while (true) {
    const Expr *Base = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(Cur))
      Base = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur))
      Base = AS->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(Cur);
             UO && UO->getOpcode() == UO_Deref)
      return UO->getSubExpr();
    else
      return Inside && Cur->getType()->isArrayType() ? Cur : nullptr;
    Base = Base->IgnoreParenImpCasts();
    if (Base->getType()->isPointerType())
      return Base;
    Cur = Base->IgnoreParenCasts(); // `p->inner.f`, `p->arr[2]`: still in *p.
    Inside = true;
  }
}

/// `&p->f.g`, `&p[i].f`: the pointer the address is inside of.
void addressOrigins(const Expr &E,
                    llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (const Expr *Pointer = containingPointer(E))
    pointerOrigins(*Pointer, Out);
}

bool samePointee(QualType A, QualType B) {
  if (!A->isPointerType() || !B->isPointerType())
    return false;
  return A->getPointeeType().getCanonicalType().getUnqualifiedType() ==
         B->getPointeeType().getCanonicalType().getUnqualifiedType();
}

/// The pointer variable whose object the lvalue \p E lies in: `p` of
/// `p->f`, `p[i]`, `p->arr[2].g`; null for another object's (`p->q->f`,
/// `p->ptr[1]`, a local struct's field or array).
const DeclRefExpr *objectPointer(const Expr &E) {
  const Expr *Pointer = containingPointer(E);
  const auto *Ref =
      Pointer ? dyn_cast<DeclRefExpr>(Pointer->IgnoreParenImpCasts()) : nullptr;
  return Ref && isa<VarDecl>(Ref->getDecl()) && Ref->getType()->isPointerType()
             ? Ref
             : nullptr;
}

/// `&p->b`, `&p[i]`, `&p->arr[2].f` stored: an address inside *p
/// (PointerCopy::Address), or `p + k` for `&p[k]`.
std::optional<PointerCopy> addressSource(const Expr &LValue, QualType To,
                                         const ASTContext &Ctx) {
  const DeclRefExpr *Ref = objectPointer(LValue);
  if (!Ref)
    return std::nullopt;
  PointerCopy C;
  C.Origin = Ref->getDecl()->getNameAsString();
  C.SameType = samePointee(To, Ref->getType());
  const auto *AS = dyn_cast<ArraySubscriptExpr>(LValue.IgnoreParens());
  std::optional<llvm::APSInt> K =
      AS && AS->getBase()->IgnoreParenImpCasts() == Ref
          ? AS->getIdx()->getIntegerConstantExpr(Ctx)
          : std::nullopt;
  if (K && !K->isNegative() && C.SameType)
    C.Offset = K->getExtValue();
  else
    C.Address = true, C.SameType = false;
  return C;
}

/// `p`, `(T *)p`, `p + 2` stored into a \p To: the variable copied, and
/// the elements of *p added; or the field read (`args->data_ptr`). A sum
/// in another type's elements, or a variable or negative offset, copies
/// nothing this can follow.
std::optional<PointerCopy> copySource(const Expr &From, QualType To,
                                      const ASTContext &Ctx) {
  const Expr *E = valueOf(From);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return addressSource(*UO->getSubExpr(), To, Ctx);
  if (std::string Field = fieldHeld(*E); !Field.empty()) {
    PointerCopy C;
    C.Origin = Field;
    C.SameType = samePointee(To, E->getType());
    return C;
  }
  long Offset = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenCasts());
    std::optional<llvm::APSInt> K = BO->getRHS()->getIntegerConstantExpr(Ctx);
    if (BO->getOpcode() != BO_Add || !L || !K || K->isNegative() ||
        !samePointee(BO->getType(), L->getType()))
      return std::nullopt;
    Offset = K->getExtValue();
    E = L;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref || !isa<VarDecl>(Ref->getDecl()) || !Ref->getType()->isPointerType())
    return std::nullopt;
  PointerCopy C;
  C.Origin = Ref->getDecl()->getNameAsString();
  C.Offset = Offset;
  C.SameType = samePointee(To, Ref->getType());
  return C;
}

} // namespace

std::string fieldHeld(const Expr &E) {
  const auto *ME = dyn_cast<MemberExpr>(valueOf(E));
  if (!ME || !ME->isArrow())
    return "";
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  std::string Outer;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    Outer =
        isa<VarDecl>(Ref->getDecl()) ? Ref->getDecl()->getNameAsString() : "";
  else
    Outer = fieldHeld(*Base);
  if (Outer.empty())
    return "";
  return Outer + "->" + ME->getMemberDecl()->getNameAsString();
}

void pointerOrigins(const Expr &E,
                    llvm::SmallVectorImpl<const VarDecl *> &Out) {
  const Expr *X = valueOf(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && isPointerLike(Ref->getType()))
      Out.push_back(VD);
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
  }
}

/// Every `p = <from q>` and `T *p = <from q>` of the body joins p and q.
class DerivationCollector : public RecursiveASTVisitor<DerivationCollector> {
public:
  DerivationCollector(PointerDerivation &Out, const ASTContext &Ctx,
                      const FunctionUses *Uses)
      : Out(Out), Ctx(Ctx), Uses(Uses) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && isPointerLike(VD->getType()))
      join(*VD, *VD->getInit());
    if (!VD->getType()->isPointerType())
      return true;
    PointerDerivation::VarUse &U = Out.Vars[VD->getName()];
    U.Local |= VD->isLocalVarDecl() && !VD->isStaticLocal();
    U.Foreign |= VD->isStaticLocal();
    if (VD->getInit()) {
      store(U, *VD->getInit(), VD->getType());
      wroteName(VD->getName(), VD->getLocation());
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD || !VD->getType()->isPointerType())
      return true;
    PointerDerivation::VarUse &U = Out.Vars[VD->getName()];
    U.Param |= isa<ParmVarDecl>(VD);
    U.Foreign |= VD->hasGlobalStorage();
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      writesField(*UO->getSubExpr());
    // Its address taken, a field may be written anywhere after.
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      wrote(*UO->getSubExpr(), UO->getOpcode() == UO_AddrOf
                                   ? Out.Function.getBody()->getEndLoc()
                                   : UO->getBeginLoc());
    if (PointerDerivation::VarUse *U = varUse(*UO->getSubExpr())) {
      U->Walks |= UO->isIncrementDecrementOp();
      U->Escapes |= UO->getOpcode() == UO_AddrOf;
    }
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getType()->isArrayType())
      Out.ArrayFields.insert(ME->getMemberDecl()->getName());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      writesField(*BO->getLHS()), wrote(*BO->getLHS(), BO->getBeginLoc());
    const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    if (BO->isAssignmentOp() && Ref && isPointerLike(Ref->getType()))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        join(*VD, *BO->getRHS());
    PointerDerivation::VarUse *U = varUse(*BO->getLHS());
    if (!U || !BO->isAssignmentOp())
      return true;
    bool Steps = stepsItself(*BO);
    if (BO->getOpcode() == BO_Assign && !masksItself(*BO) && !Steps)
      store(*U, *BO->getRHS(), BO->getLHS()->getType());
    else if (BO->getOpcode() == BO_AddAssign ||
             BO->getOpcode() == BO_SubAssign || Steps)
      U->Walks = true;
    else
      U->Copies.push_back(std::nullopt);
    return true;
  }

private:
  /// `p = p + 2`, `p = &p[2]`: a walk, as `p += 2` is.
  static bool stepsItself(const BinaryOperator &BO) {
    const auto *To = dyn_cast<DeclRefExpr>(BO.getLHS()->IgnoreParens());
    PointerStepExpr Step = pointerStepOf(*BO.getRHS());
    return BO.getOpcode() == BO_Assign && To && Step.Base &&
           To->getDecl() == Step.Base->getDecl();
  }
  /// `from = masked_user_access_begin(from)`: the same pointer, clamped so
  /// that speculation cannot reach past it. Its range is still the
  /// checked fallback's, where the two branches join (6.12
  /// get_sigset_argpack()).
  bool masksItself(const BinaryOperator &BO) const {
    const UaccessUse *Begin =
        Uses ? Uses->ownerOf(BO.getRHS()->IgnoreParenCasts()) : nullptr;
    const auto *Ref = dyn_cast<DeclRefExpr>(BO.getLHS()->IgnoreParens());
    return Begin && Ref && Begin->Api->TheRole == Role::MaskedBegin &&
           Begin->arg(Begin->Api->PointerArg).trim() ==
               Ref->getDecl()->getName();
  }
  /// Notes a write of the variable or field \p E at \p At.
  void wrote(const Expr &E, SourceLocation At) {
    const Expr *L = E.IgnoreParens();
    std::string Name;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(L))
      Name = Ref->getDecl()->getNameAsString();
    else if (isa<MemberExpr>(L))
      Name = fieldHeld(*L);
    if (!Name.empty())
      wroteName(Name, At);
  }
  /// Keeps \p At as \p Name's last write when it is later in the file.
  void wroteName(llvm::StringRef Name, SourceLocation At) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(At);
    SourceLocation &Last = Out.LastWrites[Name];
    if (Last.isInvalid() || SM.isBeforeInTranslationUnit(Last, Loc))
      Last = Loc;
  }
  void writesField(const Expr &E) {
    if (isa<MemberExpr>(E.IgnoreParens()))
      if (std::string Field = fieldHeld(E); !Field.empty())
        Out.WrittenFields.insert(Field);
  }
  PointerDerivation::VarUse *varUse(const Expr &E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E.IgnoreParens());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isPointerType())
      return nullptr;
    return &Out.Vars[VD->getName()];
  }
  void store(PointerDerivation::VarUse &U, const Expr &From, QualType To) {
    ++U.Stores;
    U.LastStore = &From;
    U.Copies.push_back(copySource(From, To, Ctx));
  }

  void join(const VarDecl &Var, const Expr &From) {
    llvm::SmallVector<const VarDecl *, 2> Origins;
    pointerOrigins(From, Origins);
    for (const VarDecl *O : Origins)
      Out.Classes.unionSets(Out.keyOf(Var), Out.keyOf(*O));
  }

  PointerDerivation &Out;
  const ASTContext &Ctx;
  const FunctionUses *Uses;
};

char PointerDerivation::ID = 0;

PointerDerivation::PointerDerivation(const FunctionDecl &FD,
                                     const FunctionUses *Uses)
    : Function(FD), SM(&FD.getASTContext().getSourceManager()) {
  if (!FD.getBody())
    return;
  // The locals macros declare, by name: one declared by two uses of macros
  // (`__ptr` of each put_user()) is a temporary of each, not one variable.
  anyStmtIn(*FD.getBody(), [&](const Stmt &S) {
    if (const auto *DS = dyn_cast<DeclStmt>(&S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && declaredByMacro(VD->getLocation(), *SM))
          ++MacroLocals[VD->getName()];
    return false;
  });
  DerivationCollector(*this, FD.getASTContext(), Uses)
      .TraverseStmt(FD.getBody());
}

std::string PointerDerivation::keyOf(const VarDecl &VD) const {
  if (!repeatedMacroLocal(VD.getName()) ||
      !declaredByMacro(VD.getLocation(), *SM))
    return VD.getNameAsString();
  return VD.getNameAsString() + "@" +
         std::to_string(SM->getExpansionLoc(VD.getLocation()).getRawEncoding());
}

bool PointerDerivation::repeatedMacroLocal(llvm::StringRef Name) const {
  return MacroLocals.lookup(Name) > 1;
}

PointerShape PointerDerivation::objectShape(PointerShape Shape) const {
  llvm::StringRef Base = Shape.Base;
  bool Stripped = false;
  while (true) {
    auto [Outer, Field] = Base.rsplit("->");
    // `frame->sc.regs`: an array in a struct member, inside *frame too.
    llvm::StringRef Last = Field.rsplit('.').second;
    if (Last.empty())
      Last = Field;
    if (Field == Base || !ArrayFields.contains(Last.trim()))
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

PointerShape PointerDerivation::accessShape(const UaccessUse &U) const {
  auto Known = AccessShapes.find(&U);
  if (Known != AccessShapes.end())
    return Known->second;
  // `p++` and `p--` access what `p` points to before the step.
  llvm::StringRef Text = U.arg(U.Api->PointerArg).trim();
  if (Text.ends_with("++") || Text.ends_with("--"))
    Text = Text.drop_back(2).rtrim();
  PointerShape Shape = pointerShape(Text);
  if (Shape.Base.empty())
    Shape = macroArgumentShape(Text);
  return AccessShapes[&U] = objectShape(Shape);
}

PointerShape PointerDerivation::originShape(PointerShape Shape,
                                            bool ForCheck) const {
  std::optional<PointerCopy> Copy = copyOf(Shape.Base);
  if (!Copy || (ForCheck && !Copy->exact()))
    return Shape;
  std::optional<long> Index = Shape.constantIndex();
  Shape.Base = Copy->Origin;
  if (Copy->exact() && Copy->SameType)
    return Shape; // Its indices are the origin's.
  Shape.IndexText.clear();
  // A walking copy, one copied at several offsets, or an index in another
  // type's elements: somewhere in the origin's object, the range undecided.
  if (Copy->Walks || Copy->OffsetVaries || Copy->Address || !Index ||
      (*Index != 0 && !Copy->SameType)) {
    Shape.Kind = PointerShape::Other;
    return Shape;
  }
  Shape.Kind = PointerShape::Indexed;
  Shape.IndexText = std::to_string(Copy->Offset + *Index);
  return Shape;
}

std::string PointerDerivation::pointerName(const UaccessUse &U) const {
  std::string Base = accessShape(U).Base;
  if (!Base.empty())
    return Base;
  return collapseWhitespace(U.arg(U.Api->PointerArg));
}

/// A pointer written as a function-like macro of one pointer parameter
/// (or a local copy of one): `COMPAT_FLAGS(msg)` in 6.12
/// ____sys_recvmsg(), which picks a field of `msg` or of its compat cast.
/// It is inside that parameter's object, at an offset not read here.
PointerShape PointerDerivation::macroArgumentShape(llvm::StringRef Text) const {
  static const llvm::Regex Macro(
      "^([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*[(](.*)[)]$");
  llvm::SmallVector<llvm::StringRef, 3> M;
  if (!Macro.match(Text, &M))
    return {};
  const IdentifierTable &Idents = Function.getASTContext().Idents;
  auto Name = Idents.find(M[1]);
  if (Name == Idents.end() || !Name->second->hasMacroDefinition())
    return {};
  llvm::SmallVector<llvm::StringRef, 4> Args;
  M[2].split(Args, ',');
  PointerShape Out;
  for (llvm::StringRef Arg : Args) {
    Arg = Arg.trim();
    int Index = parameterIndex(Function, Arg);
    bool Pointer = (Index >= 0 &&
                    Function.getParamDecl(Index)->getType()->isPointerType()) ||
                   copyOf(Arg);
    if (!Pointer)
      continue;
    if (!Out.Base.empty())
      return {}; // Two pointers: which one is unknown.
    Out.Base = Arg.str();
  }
  return Out; // Kind Other: the offset is not known.
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

bool PointerDerivation::stable(llvm::StringRef Var) const {
  // A field: the body never writes it, nor what it is read from.
  auto [Holder, Field] = Var.rsplit("->");
  if (!Field.empty())
    return !WrittenFields.contains(Var) && stable(Holder);
  auto It = Vars.find(Var);
  if (It == Vars.end())
    return false;
  const VarUse &U = It->second;
  if (U.Escapes || U.Walks || U.Foreign || U.Param == U.Local)
    return false;
  // A parameter is never assigned; a local, only where it gets its value.
  return U.Stores == (U.Local ? 1u : 0u);
}

const Expr *PointerDerivation::onlyStore(llvm::StringRef Var) const {
  auto It = Vars.find(Var);
  if (It == Vars.end() || It->second.Stores != 1 || !stable(Var))
    return nullptr;
  return It->second.LastStore;
}

const Expr *PointerDerivation::walkStart(llvm::StringRef Var) const {
  auto It = Vars.find(Var);
  if (It == Vars.end())
    return nullptr;
  const VarUse &U = It->second;
  if (!U.Local || U.Param || U.Foreign || U.Escapes || U.Stores != 1 ||
      U.Copies.size() != 1)
    return nullptr;
  return U.LastStore;
}

bool PointerDerivation::staleCopy(llvm::StringRef Copy, llvm::StringRef Origin,
                                  SourceLocation CheckedAt) const {
  if (Copy == Origin || stable(Origin))
    return false;
  const Expr *Store = onlyStore(Copy);
  if (!Store)
    return false;
  llvm::SmallVector<const VarDecl *, 2> From;
  pointerOrigins(*Store, From);
  if (llvm::none_of(From,
                    [&](const VarDecl *V) { return V->getName() == Origin; }))
    return false;
  auto Last = LastWrites.find(Origin);
  if (Last == LastWrites.end())
    return false;
  // The last write of Origin between the copy and the check, in either
  // order: the two saw different values. Earlier writes are not kept.
  SourceLocation A = SM->getExpansionLoc(Store->getBeginLoc());
  SourceLocation B = SM->getExpansionLoc(CheckedAt);
  if (SM->isBeforeInTranslationUnit(B, A))
    std::swap(A, B);
  return SM->isBeforeInTranslationUnit(A, Last->second) &&
         SM->isBeforeInTranslationUnit(Last->second, B);
}

bool PointerDerivation::settledBefore(llvm::StringRef Var,
                                      SourceLocation Loc) const {
  if (stable(Var))
    return true;
  auto [Holder, Field] = Var.rsplit("->");
  if (!Field.empty() && !settledBefore(Holder, Loc))
    return false;
  auto Var0 = Vars.find(Field.empty() ? Var : Holder);
  if (Var0 == Vars.end() || Var0->second.Escapes || Var0->second.Foreign)
    return false;
  auto Last = LastWrites.find(Var);
  return Last == LastWrites.end() ||
         SM->isBeforeInTranslationUnit(Last->second, SM->getExpansionLoc(Loc));
}

bool PointerDerivation::walks(llvm::StringRef Var) const {
  auto It = Vars.find(Var);
  return It != Vars.end() && It->second.Walks;
}

std::optional<PointerCopy>
PointerDerivation::copyOf(llvm::StringRef Var) const {
  auto It = Vars.find(Var);
  if (It == Vars.end())
    return std::nullopt;
  const VarUse &U = It->second;
  if (!U.Local || U.Param || U.Foreign || U.Escapes)
    return std::nullopt;
  std::optional<PointerCopy> Out;
  bool SelfStep = false;
  for (const std::optional<PointerCopy> &C : U.Copies) {
    if (!C)
      return std::nullopt;
    if (C->Origin == Var) { // `q = q + 1` advances q.
      SelfStep = true;
      continue;
    }
    if (Out && (Out->Origin != C->Origin || Out->SameType != C->SameType))
      return std::nullopt;
    // 6.12 fpu__restore_sig(): `buf_fx = buf`, then, for 32-bit frames,
    // `buf_fx = buf + sizeof(struct fregs_state)`.
    if (Out && (Out->Offset != C->Offset || Out->Address || C->Address))
      Out->OffsetVaries = true;
    else
      Out = C;
  }
  if (!Out || !stable(Out->Origin))
    return std::nullopt;
  Out->Walks = U.Walks || SelfStep;
  return Out;
}

} // namespace uaccess
