//===--- RangeCoverage.cpp - Does a check's range cover an access ---------===//

#include "analysis/RangeCoverage.h"

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
#include "utils/Fingerprint.h"
#include "utils/NameMatch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace clang;

namespace uaccess {

namespace {

std::optional<int64_t> constantOf(const Expr &E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E.isValueDependent() || !E.EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().trySExtValue();
}

std::optional<int64_t> sizeOf(QualType T, const ASTContext &Ctx) {
  if (!T.isNull() && T->isVoidType())
    return 1; // GNU C steps a `void *` by one byte.
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isFunctionType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

/// \p Place moved by \p Count elements of \p Elem bytes; \p Count unknown
/// makes the offset vary.
BytePlace moved(BytePlace Place, std::optional<int64_t> Count,
                std::optional<int64_t> Elem) {
  if (Place.Bytes && Count && Elem)
    *Place.Bytes += *Count * *Elem;
  else
    Place.Bytes.reset();
  return Place;
}

BytePlace placeOfLValue(const Expr &E, const ASTContext &Ctx) {
  const Expr *L = E.IgnoreParens();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(L)) {
    BytePlace Array = bytePlaceOf(*Sub->getBase(), Ctx);
    std::optional<int64_t> Index = constantOf(*Sub->getIdx(), Ctx);
    QualType Member = Sub->getBase()->IgnoreParenImpCasts()->getType();
    // Any element of an array member lies inside that member.
    if (!Index && Array.Bytes && Ctx.getAsConstantArrayType(Member)) {
      Array.Extent = sizeOf(Member, Ctx).value_or(0);
      return Array;
    }
    return moved(Array, Index, sizeOf(Sub->getType(), Ctx));
  }
  if (const auto *M = dyn_cast<MemberExpr>(L)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field || Field->isBitField())
      return {};
    BytePlace Place = M->isArrow() ? bytePlaceOf(*M->getBase(), Ctx)
                                   : placeOfLValue(*M->getBase(), Ctx);
    if (Place.Bytes)
      *Place.Bytes += Ctx.getFieldOffset(Field) / Ctx.getCharWidth();
    return Place;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(L);
      UO && UO->getOpcode() == UO_Deref)
    return bytePlaceOf(*UO->getSubExpr(), Ctx);
  return {};
}

/// The bytes \p Access reaches from its pointer: a constant length, or
/// what its pointer points to.
std::optional<int64_t> accessSize(const UaccessUse &Access, const Expr &Pointer,
                                  const ASTContext &Ctx) {
  if (Access.Api->LengthArg != NoArg) {
    const Expr *Length = argumentExpr(Access, Access.Api->LengthArg, Ctx);
    return Length ? constantOf(*Length, Ctx) : std::nullopt;
  }
  if (!Pointer.getType()->isPointerType())
    return std::nullopt;
  return sizeOf(Pointer.getType()->getPointeeType(), Ctx);
}

const Expr *loopCondition(const Stmt &Loop) {
  if (const auto *For = dyn_cast<ForStmt>(&Loop))
    return For->getCond();
  if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(&Loop))
    return Do->getCond();
  return nullptr;
}

/// True when \p Loop may stop at a constant bound: no condition (a break
/// decides), a constant one, or a count up to a nonzero constant (`i < 4`,
/// `i != 4`). A count down (`n > 1`, `n-- > 0`) is bounded by its start.
bool boundedByConstant(const Stmt &Loop, const ASTContext &Ctx) {
  const Expr *Cond = loopCondition(Loop);
  if (!Cond || constantOf(*Cond, Ctx))
    return true;
  auto NonZero = [&](const Expr *E) {
    std::optional<int64_t> V = constantOf(*E, Ctx);
    return V && *V != 0;
  };
  return anyStmtIn(*Cond, [&](const Stmt &S) {
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    if (!BO)
      return false;
    switch (BO->getOpcode()) {
    case BO_LT:
    case BO_LE:
      return NonZero(BO->getRHS());
    case BO_GT:
    case BO_GE:
      return NonZero(BO->getLHS());
    case BO_NE:
    case BO_EQ:
      return NonZero(BO->getLHS()) || NonZero(BO->getRHS());
    default:
      return false;
    }
  });
}

/// True when \p Loop writes a variable named in \p Names (`p++`, `i += 2`,
/// `q = next`).
bool writesAnyOf(const Stmt &Loop, const llvm::StringSet<> &Names) {
  auto Named = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Names.contains(Ref->getDecl()->getName());
  };
  return anyStmtIn(Loop, [&](const Stmt &S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(&S))
      return UO->isIncrementDecrementOp() && Named(UO->getSubExpr());
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    return BO && BO->isAssignmentOp() && Named(BO->getLHS());
  });
}

/// The names \p E reads (`p`, `i` of `&p[i]`).
static llvm::StringSet<> namesIn(const Expr &E) {
  llvm::StringSet<> Names;
  anyStmtIn(E, [&](const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
      Names.insert(Ref->getDecl()->getName());
    return false;
  });
  return Names;
}

/// The loop in which \p Access may go on past any fixed length that
/// \p Check covers: one bounded by no constant that advances a variable
/// the access reads (\p Names), and that \p Check runs before, or runs in
/// each turn for a pointer the loop does not move (`access_ok(p, 4)`
/// ahead of `&p[i]`; `access_ok(&p[i], 4)` moves with it). Null when
/// there is none.
const Stmt *growingLoop(FunctionAnalyses &FA, const UaccessUse &Check,
                        const UaccessUse &Access,
                        const llvm::StringSet<> &Names) {
  if (!Access.Anchor)
    return nullptr;
  const Stmt *Loop = enclosingLoop(*Access.Anchor, FA.parents());
  const SourceManager &SM = FA.astContext().getSourceManager();
  if (!Loop || boundedByConstant(*Loop, FA.astContext()) ||
      !writesAnyOf(*Loop, Names))
    return nullptr;
  SourceLocation Start = SM.getExpansionLoc(Loop->getBeginLoc());
  SourceLocation At = SM.getExpansionLoc(Check.loc());
  if (SM.isBeforeInTranslationUnit(At, Start))
    return Loop;
  SourceLocation End = SM.getExpansionLoc(Loop->getEndLoc());
  const Expr *Checked =
      argumentExpr(Check, Check.Api->PointerArg, FA.astContext());
  bool InLoop = !SM.isBeforeInTranslationUnit(End, At);
  return InLoop && Checked && !writesAnyOf(*Loop, namesIn(*Checked)) ? Loop
                                                                     : nullptr;
}

/// The last value of \p Var in \p For when the loop counts it by one from
/// a constant up to a constant (`for (i = 0; i < 4; i++)`, `i <= 3`) and
/// its body never writes it. None otherwise, or when it never runs.
std::optional<int64_t> lastCount(const ForStmt &For, const VarDecl &Var,
                                 const ASTContext &Ctx) {
  auto IsVar = [&](const Expr *E) {
    const auto *Ref =
        E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    return Ref && Ref->getDecl() == &Var;
  };
  std::optional<int64_t> First;
  if (const auto *Init = dyn_cast_or_null<BinaryOperator>(For.getInit());
      Init && Init->getOpcode() == BO_Assign && IsVar(Init->getLHS()))
    First = constantOf(*Init->getRHS(), Ctx);
  else if (const auto *DS = dyn_cast_or_null<DeclStmt>(For.getInit());
           DS && DS->isSingleDecl() && DS->getSingleDecl() == &Var &&
           Var.getInit())
    First = constantOf(*Var.getInit(), Ctx);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For.getCond());
  const auto *Step = dyn_cast_or_null<UnaryOperator>(For.getInc());
  llvm::StringSet<> Names{Var.getName()};
  if (!First || !Cond || !IsVar(Cond->getLHS()) || !Step ||
      !Step->isIncrementOp() || !IsVar(Step->getSubExpr()) || !For.getBody() ||
      writesAnyOf(*For.getBody(), Names))
    return std::nullopt;
  std::optional<int64_t> Bound = constantOf(*Cond->getRHS(), Ctx);
  if (!Bound || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return std::nullopt;
  int64_t Last = Cond->getOpcode() == BO_LT ? *Bound - 1 : *Bound;
  return Last >= *First ? std::optional<int64_t>(Last) : std::nullopt;
}

/// True when \p Leave leaves only on a fault: a goto of an unsafe op's own
/// expansion, or the branch of an `if` that tests an access
/// (`if (__put_user(...)) return -EFAULT;`).
bool leavesOnFault(const Stmt &Leave, FunctionAnalyses &FA) {
  const FunctionUses &Uses = FA.uses();
  if (Uses.ownerOf(&Leave))
    return true;
  const Stmt *P = FA.parents().getParent(&Leave);
  while (P && isa<CompoundStmt>(P))
    P = FA.parents().getParent(P);
  const auto *If = dyn_cast_or_null<IfStmt>(P);
  return If && anyStmtIn(*If->getCond(), [&](const Stmt &S) {
           return Uses.ownerOf(&S) != nullptr;
         });
}

/// True when \p Body may end the loop, or skip the rest of a turn, before
/// it reaches \p Access: a `break`, `continue`, `return` or `goto` ahead of
/// it (`if (i == n) break;`) that is no fault exit. The last turn then
/// need not run the access.
bool leavesBefore(const Stmt &Body, SourceLocation Access,
                  FunctionAnalyses &FA) {
  const SourceManager &SM = FA.astContext().getSourceManager();
  return anyStmtIn(Body, [&](const Stmt &S) {
    return isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt>(
               S) &&
           SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S.getBeginLoc()),
                                        Access) &&
           !leavesOnFault(S, FA);
  });
}

/// The bytes from \p Holder that \p Pointer (`&p[i]`, `p + i`) points to
/// at the last turn of a counted loop around \p Access (lastCount()),
/// which runs after \p Check. None when it is not that shape, or when the
/// loop may stop before the access at its last turn (leavesBefore()).
std::optional<int64_t> lastTurnBytes(FunctionAnalyses &FA,
                                     const UaccessUse &Check,
                                     const UaccessUse &Access,
                                     const Expr &Pointer,
                                     llvm::StringRef Holder) {
  PointerStepExpr Step = pointerStepOf(Pointer);
  const DeclRefExpr *Ref = Step.Back ? nullptr : Step.Base;
  const auto *Var =
      Ref ? dyn_cast<DeclRefExpr>(Step.Count->IgnoreParenImpCasts()) : nullptr;
  const auto *For = Access.Anchor ? dyn_cast_or_null<ForStmt>(enclosingLoop(
                                        *Access.Anchor, FA.parents()))
                                  : nullptr;
  if (!Ref || Ref->getDecl()->getName() != Holder || !Var ||
      !isa<VarDecl>(Var->getDecl()) || !For || !Ref->getType()->isPointerType())
    return std::nullopt;
  const SourceManager &SM = FA.astContext().getSourceManager();
  std::optional<int64_t> Last =
      lastCount(*For, *cast<VarDecl>(Var->getDecl()), FA.astContext());
  std::optional<int64_t> Size =
      sizeOf(Ref->getType()->getPointeeType(), FA.astContext());
  if (!Last || !Size ||
      !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Check.loc()),
                                    SM.getExpansionLoc(For->getBeginLoc())) ||
      leavesBefore(*For->getBody(), SM.getExpansionLoc(Access.loc()), FA))
    return std::nullopt;
  return *Last * *Size;
}

/// `p + 2`, `p - 1`, `&p[2]` of the pointer variable \p Holder: the
/// elements it adds; none for another value.
std::optional<int64_t> selfStepOf(const Expr &Value, llvm::StringRef Holder,
                                  const ASTContext &Ctx) {
  PointerStepExpr Step = pointerStepOf(Value);
  if (!Step.Base || Step.Base->getDecl()->getName() != Holder)
    return std::nullopt;
  std::optional<int64_t> K = constantOf(*Step.Count, Ctx);
  if (K && Step.Back)
    *K = -*K;
  return K;
}

/// How \p S moves the pointer variable \p Holder, in its elements:
/// `p++` 1, `p -= 2` -2; Moves without Elements for another write (`p +=
/// n`, `p = q`); nothing when S is no write of Holder.
struct PointerStep {
  bool Moves = false;
  std::optional<int64_t> Elements;
  clang::QualType Pointee;
};
PointerStep stepOf(const Stmt &S, llvm::StringRef Holder,
                   const ASTContext &Ctx) {
  auto Named = [&](const Expr *E) -> const Expr * {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return Ref && Ref->getDecl()->getName() == Holder &&
                   Ref->getType()->isPointerType()
               ? Ref
               : nullptr;
  };
  const Expr *Written = nullptr;
  std::optional<int64_t> Elements;
  if (const auto *UO = dyn_cast<UnaryOperator>(&S);
      UO && UO->isIncrementDecrementOp()) {
    Written = Named(UO->getSubExpr());
    Elements = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(&S);
             BO && BO->isAssignmentOp()) {
    Written = Named(BO->getLHS());
    bool Add = BO->getOpcode() == BO_AddAssign;
    if (Add || BO->getOpcode() == BO_SubAssign)
      Elements = constantOf(*BO->getRHS(), Ctx);
    if (Elements && !Add)
      *Elements = -*Elements;
    if (BO->getOpcode() == BO_Assign && Written)
      Elements = selfStepOf(*BO->getRHS(), Holder, Ctx);
  }
  if (!Written)
    return {};
  return {true, Elements, Written->getType()->getPointeeType()};
}

/// The bytes \p Holder, a pointer the function advances, has moved by
/// from \p Start (the check, `access_ok(p, 8); p += 2;`, or the store of
/// a copy, `q = p; q++;`) to \p To (an access's statement, or a call
/// given the pointer), which \p Reaches tells a statement runs before on
/// every path: the steps written between them, when each is constant, runs
/// on every path to To and in no loop, and To is in no loop either. None
/// otherwise: where it points is not known.
std::optional<int64_t>
bytesSteppedTo(FunctionAnalyses &FA, SourceLocation Start, const Stmt &To,
               llvm::StringRef Holder,
               llvm::function_ref<bool(const Stmt &)> Reaches) {
  const Stmt *Body = FA.decl().getBody();
  const SourceManager &SM = FA.astContext().getSourceManager();
  if (!Body || enclosingLoop(To, FA.parents()))
    return std::nullopt;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  SourceLocation From = SM.getExpansionLoc(Start);
  SourceLocation Until = SM.getExpansionLoc(To.getBeginLoc());
  std::optional<int64_t> Bytes = 0;
  anyStmtIn(*Body, [&](const Stmt &S) {
    PointerStep Step = stepOf(S, Holder, FA.astContext());
    SourceLocation At = SM.getExpansionLoc(S.getBeginLoc());
    if (!Step.Moves || !SM.isBeforeInTranslationUnit(From, At) ||
        !SM.isBeforeInTranslationUnit(At, Until) ||
        neverEvaluated(S, FA.parents()) || !Model.reachable(S))
      return false;
    std::optional<int64_t> Size = sizeOf(Step.Pointee, FA.astContext());
    if (!Step.Elements || !Size || enclosingLoop(S, FA.parents()) ||
        !Reaches(S))
      Bytes.reset();
    else
      *Bytes += *Step.Elements * *Size;
    return !Bytes;
  });
  return Bytes;
}

std::optional<int64_t> bytesStepped(FunctionAnalyses &FA, SourceLocation Start,
                                    const UaccessUse &Access,
                                    llvm::StringRef Holder) {
  if (!Access.Anchor)
    return std::nullopt;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  return bytesSteppedTo(FA, Start, *Access.Anchor, Holder, [&](const Stmt &S) {
    return Model.dominates(S, Access);
  });
}

} // namespace

std::optional<int64_t> bytesSteppedBefore(FunctionAnalyses &FA,
                                          const UaccessUse &Check,
                                          const Stmt &Call,
                                          llvm::StringRef Holder) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  return bytesSteppedTo(FA, Check.loc(), Call, Holder, [&](const Stmt &S) {
    return Model.dominates(S, Call);
  });
}

std::string holderOf(const Expr &E) {
  const Expr *H = E.IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(H))
    return Ref->getDecl()->getName().str();
  const auto *M = dyn_cast<MemberExpr>(H);
  if (!M)
    return "";
  std::string Base = holderOf(*M->getBase());
  return Base.empty() ? ""
                      : Base + (M->isArrow() ? "->" : ".") +
                            M->getMemberDecl()->getName().str();
}

BytePlace bytePlaceOf(const Expr &Pointer, const ASTContext &Ctx) {
  const Expr *P = valueOf(Pointer);
  if (!P)
    return {};
  if (P->getType()->isArrayType())
    return placeOfLValue(*P, Ctx);
  if (isa<DeclRefExpr>(P) || isa<MemberExpr>(P)) {
    std::string Holder = holderOf(*P);
    return {Holder, Holder.empty() ? std::nullopt : std::optional<int64_t>(0)};
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    if (UO->getOpcode() == UO_AddrOf)
      return placeOfLValue(*UO->getSubExpr(), Ctx);
    if (UO->isIncrementDecrementOp())
      return moved(bytePlaceOf(*UO->getSubExpr(), Ctx), std::nullopt, 0);
    return {};
  }
  const auto *BO = dyn_cast<BinaryOperator>(P);
  if (!BO || !BO->isAdditiveOp() || !BO->getLHS()->getType()->isPointerType())
    return {};
  std::optional<int64_t> Count = constantOf(*BO->getRHS(), Ctx);
  if (Count && BO->getOpcode() == BO_Sub)
    *Count = -*Count;
  return moved(bytePlaceOf(*BO->getLHS(), Ctx), Count,
               sizeOf(BO->getLHS()->getType()->getPointeeType(), Ctx));
}

BytePlace placeInOrigin(const PointerDerivation &PD, BytePlace At,
                        llvm::StringRef Origin, const ASTContext &Ctx) {
  const Expr *Store = PD.onlyStore(At.Holder);
  if (!Store || !At.Bytes || Origin.empty())
    return At;
  BytePlace Copied = bytePlaceOf(*Store, Ctx);
  if (Copied.Holder != Origin || !Copied.Bytes)
    return At;
  Copied.Bytes = *Copied.Bytes + *At.Bytes;
  Copied.Extent = At.Extent;
  return Copied;
}

/// The bytes \p Check covers from \p Checked, its pointer: its constant
/// length, or the object the pointer points to (coversItsPointee()).
static std::optional<int64_t> checkedBytes(const UaccessUse &Check,
                                           const Expr &Checked,
                                           const ASTContext &Ctx) {
  if (Check.Api->LengthArg != NoArg) {
    const Expr *Length = argumentExpr(Check, Check.Api->LengthArg, Ctx);
    return Length ? constantOf(*Length, Ctx) : std::nullopt;
  }
  if (!Checked.getType()->isPointerType())
    return std::nullopt;
  return sizeOf(Checked.getType()->getPointeeType(), Ctx);
}

/// \p Check is a scoped window, and \p Pointer reads \p Name through the
/// scope's own variable of that name (declared by the scope's macro for
/// its body): the pointer it checked, whatever the function does with the
/// outer one outside the scope.
static bool throughScopeOwn(const UaccessUse &Check, const Expr &Pointer,
                            llvm::StringRef Name, const ASTContext &Ctx) {
  if (Check.Api->TheRole != Role::Scoped || Name.empty())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Scope = SM.getExpansionLoc(Check.loc());
  return anyStmtIn(Pointer, [&](const Stmt &S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&S);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && V->getName() == Name && V->getLocation().isMacroID() &&
           SM.getExpansionLoc(V->getLocation()) == Scope;
  });
}

/// True when \p Holder holds the pointer a check at \p CheckedAt (if
/// valid) checked, or one derived from it: one value wherever read, or
/// from the check on; advanced or copied (the callers read the offset).
static bool holdsOneValue(const PointerDerivation &PD, llvm::StringRef Holder,
                          SourceLocation CheckedAt) {
  return PD.stable(Holder) || PD.walks(Holder) || PD.copyOf(Holder) ||
         (CheckedAt.isValid() && PD.settledBefore(Holder, CheckedAt));
}

/// Where \p Pointer points, read as a place of \p Holder's pointer where
/// it is a copy of it (`tmp = buf`, at an offset that varies unless the
/// copy is exact) or a local pointer set once from it (`q = &p->b`).
/// Holder empty when a pointer the function assigns again may hold
/// another value by then, unless \p Own: the pointer is a scope's own
/// (throughScopeOwn()).
static BytePlace placeFrom(FunctionAnalyses &FA, const Expr &Pointer,
                           llvm::StringRef Holder, bool Own = false,
                           SourceLocation CheckedAt = SourceLocation()) {
  BytePlace At = bytePlaceOf(Pointer, FA.astContext());
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  if (!Own && !At.Holder.empty() && !holdsOneValue(PD, At.Holder, CheckedAt))
    return {};
  if (std::optional<PointerCopy> Copy = PD.copyOf(At.Holder);
      Copy && !Holder.empty() && Copy->Origin == Holder) {
    // `tail = &p->b`: at the bytes its one store names, if constant.
    if (BytePlace Inner = placeInOrigin(PD, At, Holder, FA.astContext());
        Inner.Holder == Holder)
      return Inner;
    At.Holder = Copy->Origin;
    if (!Copy->exact())
      At.Bytes.reset();
  } else if (PD.walks(At.Holder)) {
    At.Bytes.reset();
  }
  if (At.Holder != Holder && PD.stable(At.Holder) && !PD.walks(At.Holder))
    At = placeInOrigin(PD, At, Holder, FA.astContext());
  // `q = p; access_ok(q, 8);` then `&p[3]`: an exact copy is its origin.
  if (std::optional<PointerCopy> Checked = PD.copyOf(Holder);
      At.Holder != Holder && Checked && Checked->exact() &&
      Checked->Origin == At.Holder)
    At.Holder = Holder.str();
  return At;
}

/// Where \p Pointer, through a local copy of \p Holder that is set once
/// and then advanced (`q = p; q++;`), points at \p Access, in bytes from
/// Holder: the store's place plus the steps since (bytesStepped()).
static std::optional<int64_t> walkedCopyBytes(FunctionAnalyses &FA,
                                              const UaccessUse &Access,
                                              const Expr &Pointer,
                                              llvm::StringRef Holder) {
  const ASTContext &Ctx = FA.astContext();
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  BytePlace Here = bytePlaceOf(Pointer, Ctx);
  std::optional<PointerCopy> Copy = PD.copyOf(Here.Holder);
  const Expr *Store = PD.walkStart(Here.Holder);
  if (!Here.Bytes || !Copy || Copy->Origin != Holder || !Store)
    return std::nullopt;
  BytePlace Start = bytePlaceOf(*Store, Ctx);
  if (Start.Holder != Holder || !Start.Bytes)
    return std::nullopt;
  std::optional<int64_t> Moved =
      bytesStepped(FA, Store->getBeginLoc(), Access, Here.Holder);
  if (!Moved)
    return std::nullopt;
  return *Start.Bytes + *Moved + *Here.Bytes;
}

/// The bytes \p Access reaches from \p At, its place.
static std::optional<ByteRange> reachedFrom(const UaccessUse &Access,
                                            const Expr &Pointer,
                                            const BytePlace &At,
                                            const ASTContext &Ctx) {
  std::optional<int64_t> Size = accessSize(Access, Pointer, Ctx);
  if (!At.Bytes || !Size)
    return std::nullopt;
  return ByteRange{*At.Bytes, *At.Bytes + std::max(*Size, At.Extent)};
}

std::optional<ByteRange> bytesReached(FunctionAnalyses &FA,
                                      const UaccessUse &Access,
                                      llvm::StringRef Holder) {
  const Expr *Pointer =
      argumentExpr(Access, Access.Api->PointerArg, FA.astContext());
  if (!Pointer || Holder.empty())
    return std::nullopt;
  BytePlace At = placeFrom(FA, *Pointer, Holder);
  if (At.Holder != Holder)
    return std::nullopt;
  return reachedFrom(Access, *Pointer, At, FA.astContext());
}

/// True when \p Check checks the object its pointer points to: a scope
/// without a length (coversItsPointee()), or an accessor that checks what
/// it accesses (`get_user(x, &r->a)` checks the 4 bytes of `r->a`).
static bool checksItsPointee(const UaccessUse &Check) {
  return coversItsPointee(Check) ||
         (Check.Api->TheRole == Role::CheckedAccessor &&
          Check.Api->LengthArg == NoArg && Check.Api->PointerArg != NoArg);
}

std::optional<ByteRange> bytesChecked(const UaccessUse &Check,
                                      llvm::StringRef Holder,
                                      const ASTContext &Ctx) {
  if (Check.Api->PointerArg == NoArg ||
      (Check.Api->LengthArg == NoArg && !checksItsPointee(Check)))
    return std::nullopt;
  const Expr *Checked = argumentExpr(Check, Check.Api->PointerArg, Ctx);
  std::optional<int64_t> Bytes =
      Checked ? checkedBytes(Check, *Checked, Ctx) : std::nullopt;
  // A length of 0 covers no byte: every access past it is outside.
  if (!Bytes || *Bytes < 0)
    return std::nullopt;
  BytePlace From = bytePlaceOf(*Checked, Ctx);
  if (From.Holder.empty() || From.Holder != Holder || !From.Bytes)
    return std::nullopt;
  return ByteRange{*From.Bytes, *From.Bytes + *Bytes};
}

/// An element of a pointer variable at a variable index plus a constant:
/// `&p[i]`, `&p[i + 1]`, `p + i - 1`.
/// An element of a pointer variable at an index that varies, plus a
/// constant: `&p[i]`, `&p[i + 1]`, `p + i - 1`, `&p[i * 2 + 1]`.
struct IndexedElement {
  const DeclRefExpr *Base = nullptr;
  const Expr *Index = nullptr; ///< The part that varies (`i`, `i * 2`).
  std::string IndexText;       ///< As printed.
  int64_t Plus = 0;
};

static std::optional<IndexedElement> indexedElement(const Expr &Pointer,
                                                    const ASTContext &Ctx) {
  // `p + i + 1` is `(p + i) + 1`; `&p[i] + 1` is past `&p[i]`.
  if (const auto *Outer = dyn_cast<BinaryOperator>(Pointer.IgnoreParenCasts());
      Outer && Outer->isAdditiveOp() &&
      Outer->getLHS()->getType()->isPointerType())
    if (std::optional<int64_t> K = constantOf(*Outer->getRHS(), Ctx))
      if (std::optional<IndexedElement> Inner =
              indexedElement(*Outer->getLHS(), Ctx)) {
        Inner->Plus += Outer->getOpcode() == BO_Sub ? -*K : *K;
        return Inner;
      }
  PointerStepExpr Step = pointerStepOf(Pointer);
  if (!Step.Base || Step.Back || constantOf(*Step.Count, Ctx))
    return std::nullopt;
  IndexedElement Out{Step.Base, Step.Count->IgnoreParenImpCasts(), "", 0};
  if (const auto *BO = dyn_cast<BinaryOperator>(Out.Index);
      BO && BO->isAdditiveOp()) {
    std::optional<int64_t> K = constantOf(*BO->getRHS(), Ctx);
    if (K) {
      Out.Index = BO->getLHS()->IgnoreParenImpCasts();
      Out.Plus = BO->getOpcode() == BO_Sub ? -*K : *K;
    } else if (BO->getOpcode() == BO_Add &&
               (K = constantOf(*BO->getLHS(), Ctx))) { // `1 + i`
      Out.Index = BO->getRHS()->IgnoreParenImpCasts();
      Out.Plus = *K;
    }
  }
  // Printed, not as spelled: a macro's argument has no text of its own.
  llvm::raw_string_ostream Printed(Out.IndexText);
  Out.Index->printPretty(Printed, nullptr, PrintingPolicy(Ctx.getLangOpts()));
  return Out;
}

/// True when \p Index or \p Base may change from \p Check to \p Access:
/// a write of either between them in the file, or in a loop around the
/// access that does not hold the check.
static bool movesBetween(FunctionAnalyses &FA, const UaccessUse &Check,
                         const UaccessUse &Access, const IndexedElement &E) {
  llvm::StringSet<> Names = namesIn(*E.Index);
  Names.insert(E.Base->getDecl()->getName());
  const SourceManager &SM = FA.astContext().getSourceManager();
  SourceLocation From = SM.getExpansionLoc(Check.loc());
  SourceLocation To = SM.getExpansionLoc(Access.loc());
  for (const Stmt *Loop = enclosingLoop(*Access.Anchor, FA.parents()); Loop;
       Loop = enclosingLoop(*Loop, FA.parents()))
    if (SM.isBeforeInTranslationUnit(From,
                                     SM.getExpansionLoc(Loop->getBeginLoc())) &&
        writesAnyOf(*Loop, Names))
      return true;
  return anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    SourceLocation At = SM.getExpansionLoc(S.getBeginLoc());
    return SM.isBeforeInTranslationUnit(From, At) &&
           SM.isBeforeInTranslationUnit(At, To) && writesAnyOf(S, Names);
  });
}

/// A check of one element at a variable index and an access of another at
/// a constant distance from it (`access_ok(&p[i], sizeof(*p))`, then
/// `&p[i + 1]`): compared in elements of the same index. None when the two
/// are not that shape, or the index or the pointer may change in between.
static std::optional<RangeExcess> sameIndexExcess(FunctionAnalyses &FA,
                                                  const UaccessUse &Check,
                                                  const Expr &Checked,
                                                  const UaccessUse &Access,
                                                  const Expr &Pointer) {
  const ASTContext &Ctx = FA.astContext();
  std::optional<IndexedElement> C = indexedElement(Checked, Ctx);
  std::optional<IndexedElement> A = indexedElement(Pointer, Ctx);
  if (!C || !A || !Access.Anchor || C->IndexText != A->IndexText ||
      C->Base->getDecl() != A->Base->getDecl() ||
      (Check.Api->LengthArg == NoArg && !checksItsPointee(Check)))
    return std::nullopt;
  std::optional<int64_t> Length = checkedBytes(Check, Checked, Ctx);
  std::optional<int64_t> Element =
      sizeOf(C->Base->getType()->getPointeeType(), Ctx);
  if (!Length || *Length < 0 || !Element || movesBetween(FA, Check, Access, *A))
    return std::nullopt;
  BytePlace At{"", (A->Plus - C->Plus) * *Element, 0};
  std::optional<ByteRange> Reached = reachedFrom(Access, Pointer, At, Ctx);
  if (!Reached)
    return std::nullopt;
  RangeExcess Out;
  Out.Compared = true;
  Out.Length = *Length;
  Out.Begin = Reached->Begin;
  Out.End = Reached->End;
  if (Out.Begin < 0 || Out.End > *Length)
    Out.Kind = RangeExcess::PastEnd;
  return Out;
}

/// A copy of a length no constant tells, from byte \p Start: outside
/// \p Range whatever it copies but nothing, where it starts at or past
/// the range's end, or before it (put_cmsg()'s payload after a window of
/// its header). Else not compared: kernel code clamps such lengths.
static RangeExcess startsOutside(int64_t Start, ByteRange Range,
                                 RangeExcess Out) {
  if (Start >= Range.Begin && Start < Range.End)
    return Out;
  Out.Compared = true;
  Out.Kind = RangeExcess::PastEnd;
  Out.Begin = Start - Range.Begin;
  Out.EndUnknown = true;
  return Out;
}

RangeExcess rangeExcess(FunctionAnalyses &FA, const UaccessUse &Check,
                        const UaccessUse &Access) {
  const ASTContext &Ctx = FA.astContext();
  RangeExcess Out;
  const Expr *Checked = Check.Api->PointerArg == NoArg
                            ? nullptr
                            : argumentExpr(Check, Check.Api->PointerArg, Ctx);
  const Expr *Pointer = argumentExpr(Access, Access.Api->PointerArg, Ctx);
  std::string Holder = Checked ? bytePlaceOf(*Checked, Ctx).Holder : "";
  std::optional<ByteRange> Range = bytesChecked(Check, Holder, Ctx);
  if (!Range && Checked && Pointer)
    if (std::optional<RangeExcess> Same =
            sameIndexExcess(FA, Check, *Checked, Access, *Pointer))
      return *Same;
  if (!Range || !Pointer)
    return Out;
  // A pointer the function assigns again may hold another value by then;
  // a scope's own one (its name again, for its body) holds what it checked.
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  bool OwnName = bytePlaceOf(*Pointer, Ctx).Holder == Holder &&
                 throughScopeOwn(Check, *Pointer, Holder, Ctx);
  if (!OwnName && !holdsOneValue(PD, Holder, Check.loc()))
    return Out;
  BytePlace At = placeFrom(FA, *Pointer, Holder, OwnName, Check.loc());
  if (At.Holder != Holder)
    return Out;
  // Moved in straight code since the check: where is known. `p++` as the
  // pointer accesses where p was (`__put_user(c, p++)` in a row).
  const auto *Post = dyn_cast<UnaryOperator>(valueOf(*Pointer));
  bool PostStep = Post && Post->isPostfix() && Post->isIncrementDecrementOp();
  if (BytePlace Here =
          bytePlaceOf(PostStep ? *Post->getSubExpr() : *Pointer, Ctx);
      !At.Bytes && PD.walks(Holder) && Here.Holder == Holder && Here.Bytes)
    if (std::optional<int64_t> Moved =
            bytesStepped(FA, Check.loc(), Access, Holder)) {
      At = Here;
      *At.Bytes += *Moved;
    }
  if (!At.Bytes)
    At.Bytes = walkedCopyBytes(
        FA, Access, PostStep ? *Post->getSubExpr() : *Pointer, Holder);
  // Counted up to a constant: its last turn reaches furthest.
  if (!At.Bytes && !PD.walks(Holder))
    At.Bytes = lastTurnBytes(FA, Check, Access, *Pointer, Holder);
  Out.Length = Range->End - Range->Begin;
  Out.Compared = At.Bytes.has_value();
  if (!At.Bytes) {
    if (growingLoop(FA, Check, Access, namesIn(*Pointer)))
      Out.Kind = RangeExcess::GrowsInLoop;
    return Out;
  }
  std::optional<ByteRange> Reached = reachedFrom(Access, *Pointer, At, Ctx);
  Out.Compared = Reached.has_value();
  if (!Reached)
    return startsOutside(*At.Bytes, *Range, Out);
  Out.Begin = Reached->Begin - Range->Begin;
  Out.End = Reached->End - Range->Begin;
  if (Out.Begin < 0 || Out.End > int64_t(Out.Length))
    Out.Kind = RangeExcess::PastEnd;
  return Out;
}

bool coveredByAnotherCheck(FunctionAnalyses &FA, const UaccessUse &Guard,
                           const UaccessUse &A) {
  // `access_ok(h, sizeof(*h))`, then `access_ok(&h->b, ...)`: the first
  // covers what the nearer one does not.
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  for (const UaccessUse *C : Model.checks()) {
    if (C == &Guard || !Model.dominates(*C, A))
      continue;
    RangeExcess Other = rangeExcess(FA, *C, A);
    if (Other.Compared && Other.Kind == RangeExcess::Covered)
      return true;
  }
  return false;
}

std::string excessText(FunctionAnalyses &FA, const UaccessUse &Check,
                       const UaccessUse &Access, const RangeExcess &Excess) {
  std::string Pointer =
      FA.getAnalysis<PointerDerivation>()->pointerName(Access);
  // Bytes count from the pointer the check names.
  std::string Checked = collapseWhitespace(Check.arg(Check.Api->PointerArg));
  if (Excess.Kind == RangeExcess::PastEnd && Excess.EndUnknown)
    return " accesses bytes " + std::to_string(Excess.Begin) + " onward of '" +
           Checked + "'";
  if (Excess.Kind == RangeExcess::PastEnd)
    return " accesses bytes " + std::to_string(Excess.Begin) + " to " +
           std::to_string(Excess.End - 1) + " of '" + Checked + "'";
  return " accesses '" + Pointer + "' at an offset that grows with the loop";
}

bool coversItsPointee(const UaccessUse &Check) {
  return Check.Api->TheRole == Role::Scoped && Check.Api->LengthArg == NoArg &&
         Check.Api->PointerArg != NoArg;
}

std::string lengthWritten(const UaccessUse &Check) {
  if (checksItsPointee(Check)) {
    // `&r->a` reads better as `sizeof(r->a)` than as `sizeof(*&r->a)`.
    llvm::StringRef Pointer = Check.arg(Check.Api->PointerArg).trim();
    if (Pointer.consume_front("&") && namesOneObject(Pointer.ltrim()))
      return "sizeof(" + Pointer.ltrim().str() + ")";
    return "sizeof(*" + Check.arg(Check.Api->PointerArg).trim().str() + ")";
  }
  if (Check.Api->LengthArg == NoArg)
    return "";
  return Check.arg(Check.Api->LengthArg).trim().str();
}

std::string lengthText(const UaccessUse &Check, uint64_t Bytes) {
  std::string Length = lengthWritten(Check);
  if (std::to_string(Bytes) == Length)
    return "'" + Length + "'";
  return "'" + Length + "' (" + std::to_string(Bytes) + " bytes)";
}

} // namespace uaccess
