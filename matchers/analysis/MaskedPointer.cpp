//===--- MaskedPointer.cpp - The pointer a masked or scoped begin made ----===//

#include "analysis/MaskedPointer.h"

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
#include "analysis/WindowAnalysis.h"
#include "recognize/PointerShape.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace uaccess {

char MaskedPointers::ID;

namespace {

const VarDecl *variableOf(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// True when \p Parent passes the pointer value of its operand \p Child on:
/// parentheses, casts to a pointer, either arm of `?:`, pointer arithmetic
/// (`masked_user_access_begin(from) + 1`).
bool carriesPointer(const Stmt &Parent, const Stmt &Child) {
  if (isa<ParenExpr, FullExpr>(Parent))
    return true;
  if (const auto *Cast = dyn_cast<CastExpr>(&Parent))
    return !Cast->getType()->isVoidType();
  if (const auto *CO = dyn_cast<ConditionalOperator>(&Parent))
    return CO->getCond() != &Child;
  const auto *BO = dyn_cast<BinaryOperator>(&Parent);
  return BO && BO->isAdditiveOp() && BO->getType()->isPointerType();
}

/// The expression that carries \p E's value up (carriesPointer()).
const Stmt *valueCarrier(const Expr &E, const ParentMap &Parents) {
  const Stmt *Child = &E;
  for (const Stmt *P = Parents.getParent(Child);
       P && carriesPointer(*P, *Child); P = Parents.getParent(Child))
    Child = P;
  return Child;
}

/// What a masked begin's result becomes: stored in a variable (\p Holder),
/// back into its source, thrown away, or something else.
MaskedResult resultOf(const Expr &Begin, const VarDecl &Source,
                      const ParentMap &Parents, const VarDecl *&Holder) {
  if (isValueDiscarded(Begin, Parents))
    return MaskedResult::Discarded;
  const Stmt *Value = valueCarrier(Begin, Parents);
  const Stmt *Parent = Parents.getParent(Value);
  if (const auto *Op = dyn_cast_or_null<BinaryOperator>(Parent);
      Op && Op->getOpcode() == BO_Assign && Op->getRHS() == Value)
    Holder = variableOf(Op->getLHS());
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Parent))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit() == Value)
        Holder = V;
  if (!Holder)
    return MaskedResult::Other;
  return Holder == &Source ? MaskedResult::Kept : MaskedResult::Stored;
}

/// The variable a scoped window declares for its body: in the innermost
/// `for` of its expansion, named as the pointer the user wrote.
const VarDecl *scopeVariable(const Stmt &Anchor, llvm::StringRef Name) {
  const VarDecl *Found = nullptr;
  for (const auto *For = dyn_cast<ForStmt>(&Anchor); For;
       For = dyn_cast_or_null<ForStmt>(For->getBody()))
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
          Found = V;
  return Found;
}

/// The variable named \p Name that \p Anchor's expansion reads and that is
/// not \p Inner: the scope's outer pointer.
const VarDecl *outerVariable(const Stmt &Anchor, llvm::StringRef Name,
                             const VarDecl *Inner) {
  const VarDecl *Found = nullptr;
  anyStmtIn(Anchor, [&](const Stmt &S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&S);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (V && V != Inner && V->getName() == Name)
      Found = V;
    return Found != nullptr;
  });
  return Found;
}

/// Every variable \p S reads, in order; not in the operands of `sizeof`
/// and the like, which are never evaluated.
llvm::SmallVector<const VarDecl *, 4> variablesIn(const Stmt &S) {
  llvm::SmallVector<const VarDecl *, 4> Out;
  if (isa<UnaryExprOrTypeTraitExpr>(S))
    return Out;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      Out.push_back(V);
  for (const Stmt *Child : S.children())
    if (Child)
      for (const VarDecl *V : variablesIn(*Child))
        if (!llvm::is_contained(Out, V))
          Out.push_back(V);
  return Out;
}

/// True when \p S reads variable \p V (where it is evaluated).
bool reads(const Stmt &S, const VarDecl &V) {
  return llvm::is_contained(variablesIn(S), &V);
}

/// True when the pointer value of \p E is computed from \p V: `v`,
/// `v + n`, `&v->f`, `(T *)v` (not a load through it, nor a call).
bool derivesFrom(const Expr &E, const VarDecl &V) {
  llvm::SmallVector<const VarDecl *, 2> Origins;
  pointerOrigins(E, Origins);
  return llvm::is_contained(Origins, &V) && reads(E, V);
}

/// True when the masked branch of a scope's begin is compiled: its
/// `if (can_do_masked_user_access())` is a constant other than 0. Where it
/// is 0, the scope's pointer is the checked outer one, and copies of that
/// are checked too.
bool masksScope(const Stmt &Anchor, const ASTContext &Ctx) {
  return anyStmtIn(Anchor, [&](const Stmt &S) {
    const auto *If = dyn_cast<IfStmt>(&S);
    Expr::EvalResult Value;
    return If && If->getCond() && If->getCond()->EvaluateAsInt(Value, Ctx) &&
           Value.Val.getInt() != 0;
  });
}

MaskedPointer scopedPointer(const UaccessUse &U, const ASTContext &Ctx) {
  MaskedPointer P;
  P.Begin = &U;
  P.Result = MaskedResult::Scope;
  llvm::StringRef Name = U.arg(U.Api->PointerArg).trim();
  if (!U.Anchor || Name.empty() || !masksScope(*U.Anchor, Ctx))
    return P;
  P.Holder = scopeVariable(*U.Anchor, Name);
  if (P.Holder)
    P.Source = outerVariable(*U.Anchor, Name, P.Holder);
  return P;
}

MaskedPointer maskedPointer(const UaccessUse &U, FunctionAnalyses &FA) {
  MaskedPointer P;
  P.Begin = &U;
  P.Source = variableOf(argumentExpr(U, U.Api->PointerArg, FA.astContext()));
  const auto *Anchor = dyn_cast_or_null<Expr>(U.Anchor);
  if (P.Source && Anchor)
    P.Result = resultOf(*Anchor, *P.Source, FA.parents(), P.Holder);
  return P;
}

} // namespace

MaskedPointers::MaskedPointers(FunctionAnalyses &FA) : FA(FA) {
  for (const UaccessUse &U : FA.uses().uses()) {
    if (U.Api->TheRole == Role::MaskedBegin)
      ByBegin[U.Id] = maskedPointer(U, FA);
    else if (U.Api->TheRole == Role::Scoped)
      ByBegin[U.Id] = scopedPointer(U, FA.astContext());
  }
}

std::unique_ptr<MaskedPointers> MaskedPointers::create(FunctionAnalyses &FA) {
  if (llvm::none_of(FA.uses().uses(), [](const UaccessUse &U) {
        return U.Api->TheRole == Role::MaskedBegin ||
               U.Api->TheRole == Role::Scoped;
      }))
    return nullptr;
  return std::make_unique<MaskedPointers>(FA);
}

const MaskedPointer *MaskedPointers::of(const UaccessUse &Begin) const {
  auto It = ByBegin.find(Begin.Id);
  if (It == ByBegin.end() || !It->second.Source)
    return nullptr;
  return &It->second;
}

RawPointer MaskedPointers::classify(const UaccessUse &Begin,
                                    const Expr &Pointer) const {
  const MaskedPointer *P = of(Begin);
  if (!P)
    return {};
  // The begin itself, passed on: `read_word(dst, masked_...(src))`.
  if (Begin.Anchor &&
      anyStmtIn(Pointer, [&](const Stmt &S) { return &S == Begin.Anchor; }))
    return {};
  llvm::SmallVector<const VarDecl *, 4> Vars = variablesIn(Pointer);
  if (P->Holder && llvm::is_contained(Vars, P->Holder))
    return {};
  bool SourceRaw = P->Source != P->Holder;
  if (SourceRaw && llvm::is_contained(Vars, P->Source) &&
      !storedAfter(*P->Source, Begin, Pointer))
    return {sourceKind(*P), P->Source};
  for (const VarDecl *V : Vars) {
    if (V == P->Source || !V->getType()->isPointerType())
      continue;
    CopyTime When = copyOf(*V, *P->Source, Begin);
    if (When == CopyTime::Before)
      return {RawKind::CopyBefore, V};
    // A copy made after the begin holds what the source then holds.
    if (When == CopyTime::After && SourceRaw)
      return {RawKind::CopyAfter, V};
  }
  return {};
}

bool MaskedPointers::throughHolder(const UaccessUse &Begin,
                                   const Expr &Pointer) const {
  const MaskedPointer *P = of(Begin);
  return P && P->Holder && reads(Pointer, *P->Holder) &&
         !storedAfter(*P->Holder, Begin, Pointer);
}

RawKind MaskedPointers::sourceKind(const MaskedPointer &P) {
  return P.Result == MaskedResult::Discarded ? RawKind::Discarded
         : P.Result == MaskedResult::Stored  ? RawKind::Stored
                                             : RawKind::Unmasked;
}

bool MaskedPointers::storedAfter(const VarDecl &V, const UaccessUse &Begin,
                                 const Expr &Use) const {
  const SourceManager &SM = FA.astContext().getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Use.getBeginLoc());
  return anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    const auto *Op = dyn_cast<BinaryOperator>(&S);
    if (!Op || Op->getOpcode() != BO_Assign || variableOf(Op->getLHS()) != &V ||
        &S == valueCarrierParent(Begin))
      return false;
    SourceLocation Loc = SM.getExpansionLoc(Op->getBeginLoc());
    return SM.isBeforeInTranslationUnit(Begin.loc(), Loc) &&
           SM.isBeforeInTranslationUnit(Loc, At);
  });
}

const Stmt *MaskedPointers::valueCarrierParent(const UaccessUse &Begin) const {
  const auto *Anchor = dyn_cast_or_null<Expr>(Begin.Anchor);
  return Anchor ? FA.parents().getParent(valueCarrier(*Anchor, FA.parents()))
                : nullptr;
}

namespace {

/// True when \p Callee may access what it is passed as argument \p Arg:
/// its body reads that parameter, or the TU has no body for it.
bool mayAccess(const FunctionDecl &Callee, unsigned Arg) {
  const FunctionDecl *Def = parsedDefinition(Callee);
  if (!Def || !Def->getBody() || Arg >= Def->getNumParams())
    return true;
  return reads(*Def->getBody(), *Def->getParamDecl(Arg));
}

} // namespace

std::vector<RawCall>
MaskedPointers::rawCalls(const WindowAnalysis &Windows) const {
  std::vector<RawCall> Out;
  const FunctionUses &Uses = FA.uses();
  for (const CallExpr *Call : callsIn(FA.decl().getBody())) {
    // A call through a pointer (`ops->read(dst, src)`) may access anything.
    const FunctionDecl *Callee = Call->getDirectCallee();
    if ((Callee && (Callee->getBuiltinID() || isApiBody(*Callee))) ||
        Uses.ownerOf(Call) || Uses.argumentOwnerOf(Call))
      continue;
    if (std::optional<RawCall> Raw = rawCall(*Call, Callee, Windows))
      Out.push_back(*Raw);
  }
  return Out;
}

std::optional<RawCall>
MaskedPointers::rawCall(const CallExpr &Call, const FunctionDecl *Callee,
                        const WindowAnalysis &Windows) const {
  for (int Opener : Windows.openersOf(Call)) {
    const MaskedPointer *P = Opener < 0 ? nullptr : of(FA.uses().use(Opener));
    for (unsigned I = 0; P && I < Call.getNumArgs(); ++I) {
      // Only a pointer passed on can be accessed: not `(unsigned long)p`.
      const Expr *Arg = Call.getArg(I);
      if (!Arg->getType()->isPointerType())
        continue;
      if (RawPointer Raw = classify(*P->Begin, *Arg);
          Raw && (!Callee || mayAccess(*Callee, I)))
        return RawCall{{P, Raw}, &Call};
    }
  }
  return std::nullopt;
}

MaskedPointers::CopyTime MaskedPointers::copyOf(const VarDecl &V,
                                                const VarDecl &Source,
                                                const UaccessUse &Begin) const {
  if (!V.isLocalVarDecl() || V.hasGlobalStorage())
    return CopyTime::None;
  const SourceManager &SM = FA.astContext().getSourceManager();
  auto Before = [&](const Stmt &S) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S.getBeginLoc()),
                                        Begin.loc());
  };
  // Every store copies the source, or steps the copy itself (`c = c + 1`),
  // all on one side of the begin.
  unsigned Copies = 0, Earlier = 0, Stores = 0;
  auto Store = [&](const Expr &From) {
    ++Stores;
    Earlier += Before(From);
    if (derivesFrom(From, Source))
      ++Copies;
    else if (derivesFrom(From, V))
      --Stores, Earlier -= Before(From);
  };
  if (const Expr *Init = V.getInit())
    Store(*Init);
  anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    const auto *Op = dyn_cast<BinaryOperator>(&S);
    if (Op && Op->getOpcode() == BO_Assign && variableOf(Op->getLHS()) == &V)
      Store(*Op->getRHS());
    return false;
  });
  if (!Copies || Copies != Stores)
    return CopyTime::None;
  if (Earlier == Stores)
    return CopyTime::Before;
  return Earlier == 0 ? CopyTime::After : CopyTime::None;
}

const UaccessUse *maskedProbeOf(const FunctionUses &Uses,
                                const UaccessUse &Begin,
                                const ParentMap &Parents) {
  auto ProbeOf = [&](const Expr &Cond) -> const UaccessUse * {
    const UaccessUse *U = Uses.ownerOf(Cond.IgnoreParenImpCasts());
    return U && U->Api->TheRole == Role::MaskedProbe ? U : nullptr;
  };
  const IfStmt *If =
      Begin.Anchor ? enclosingIfThen(*Begin.Anchor, Parents,
                                     [&](const Expr &C) { return ProbeOf(C); })
                   : nullptr;
  return If ? ProbeOf(*If->getCond()) : nullptr;
}

std::string rawPointerText(const MaskedPointer &P, const RawPointer &Raw) {
  std::string Begin = "'" + P.Begin->name().str() + "'";
  std::string Source = "'" + P.Source->getName().str() + "'";
  switch (Raw.Kind) {
  case RawKind::None:
    return "";
  case RawKind::Discarded:
    return "the result of " + Begin + " is discarded, so " + Source +
           " is not masked";
  case RawKind::Stored:
    return Begin + " stores the masked pointer in '" +
           P.Holder->getName().str() + "', and " + Source + " is not masked";
  case RawKind::Unmasked:
    return Source + " is not the pointer " + Begin +
           (P.Result == MaskedResult::Scope ? " declares for its scope"
                                            : " returned");
  case RawKind::CopyBefore:
    return "'" + Raw.Through->getName().str() + "' is a copy of " + Source +
           " made before " + Begin +
           (P.Result == MaskedResult::Scope ? " opened its scope"
                                            : " masked it");
  case RawKind::CopyAfter: {
    RawPointer Of{MaskedPointers::sourceKind(P), P.Source};
    return "'" + Raw.Through->getName().str() + "' is a copy of " + Source +
           ", and " + rawPointerText(P, Of);
  }
  }
  return "";
}

/// True when a caller in the TU calls \p FA's function where the call can
/// run: one behind `if (!can_do_masked_user_access()) return;` on an arch
/// where that is 0 opens no window for it.
static bool calledWhereReachable(FunctionAnalyses &FA) {
  return llvm::any_of(
      FA.cache().callers().callsTo(FA.decl()), [&](const CallerIndex::Site &S) {
        const FunctionDecl *Caller = parsedDefinition(*S.Caller);
        return Caller &&
               FA.cache().get(*Caller).getAnalysis<AccessOkModel>()->reachable(
                   *S.Call);
      });
}

bool needsOwnGuard(FunctionAnalyses &FA, const UaccessUse &Op, bool Internal,
                   RawUse &Raw) {
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  if (!Windows)
    return false;
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  PointerShape Ptr = PD.accessShape(Op);
  const MaskedPointers *Masked = FA.getAnalysis<MaskedPointers>();
  const Expr *OpPointer = argumentExpr(Op, Op.Api->PointerArg, FA.astContext());
  for (int Opener : Windows->openersOf(Op)) {
    // The caller's window: the callers' begins check it (CallerSearch),
    // but the arch's own helpers (do_strncpy_from_user()) are checked by
    // a mask or a range of the arch's making.
    if (Opener < 0) {
      if (Internal || !calledWhereReachable(FA))
        continue;
      return true;
    }
    const UaccessUse &Begin = FA.uses().use(Opener);
    const MaskedPointer *Mask = Masked ? Masked->of(Begin) : nullptr;
    if (Mask && OpPointer) {
      if (RawPointer R = Masked->classify(Begin, *OpPointer)) {
        Raw = RawUse{Mask, R};
        return true;
      }
      // Through the masked result: what the begin made is the op's.
      if (Masked->throughHolder(Begin, *OpPointer))
        continue;
    }
    PointerShape Window = PD.accessShape(Begin);
    if (Window.Base.empty()) {
      if (Begin.Api->TheRole == Role::UncheckedBegin && !Internal)
        return true;
      continue;
    }
    // A temporary that macros of several uses declare names no one
    // pointer: which one it is, the name does not say.
    bool Related = PD.related(Ptr.Base, Window.Base) &&
                   !PD.staleCopy(Ptr.Base, Window.Base, Begin.loc());
    if (!Ptr.Base.empty() && !Related && !PD.repeatedMacroLocal(Ptr.Base) &&
        !PD.repeatedMacroLocal(Window.Base))
      return true;
  }
  return false;
}

std::vector<RawCall> uncheckedRawCalls(FunctionAnalyses &FA) {
  const MaskedPointers *Masked = FA.getAnalysis<MaskedPointers>();
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  if (!Masked || !Windows)
    return {};
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  std::vector<RawCall> Calls = Masked->rawCalls(*Windows);
  llvm::erase_if(Calls, [&](const RawCall &C) {
    std::string Name = C.Raw.Through->getName().str();
    // Its own access_ok() before the call, on every path, vouches for it.
    return llvm::any_of(Model.checks(), [&](const UaccessUse *Check) {
      return AccessOkModel::pointerOf(*Check).Base == Name &&
             Model.dominates(*Check, *C.Call);
    });
  });
  return Calls;
}

} // namespace uaccess
