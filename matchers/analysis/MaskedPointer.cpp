//===--- MaskedPointer.cpp - The pointer a masked or scoped begin made ----===//

#include "analysis/MaskedPointer.h"

#include "analysis/WindowAnalysis.h"
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

/// The expression that carries \p E's value up: through parentheses,
/// conversions and casts to a pointer.
const Stmt *valueCarrier(const Expr &E, const ParentMap &Parents) {
  const Stmt *Child = &E;
  for (const Stmt *P = Parents.getParent(Child); P;
       P = Parents.getParent(Child)) {
    const auto *Cast = dyn_cast<CastExpr>(P);
    if (!isa<ParenExpr, FullExpr>(P) &&
        !(Cast && !Cast->getType()->isVoidType()))
      break;
    Child = P;
  }
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

/// True when \p S reads variable \p V.
bool reads(const Stmt &S, const VarDecl &V) {
  return anyStmtIn(S, [&](const Stmt &Sub) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&Sub);
    return Ref && Ref->getDecl() == &V;
  });
}

/// Every variable \p E reads, in order.
llvm::SmallVector<const VarDecl *, 4> variablesIn(const Expr &E) {
  llvm::SmallVector<const VarDecl *, 4> Out;
  anyStmtIn(E, [&](const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && !llvm::is_contained(Out, V))
        Out.push_back(V);
    return false;
  });
  return Out;
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
  llvm::SmallVector<const VarDecl *, 4> Vars = variablesIn(Pointer);
  if (P->Holder && llvm::is_contained(Vars, P->Holder))
    return {};
  if (llvm::is_contained(Vars, P->Source) && P->Source != P->Holder) {
    RawKind Kind = P->Result == MaskedResult::Discarded ? RawKind::Discarded
                   : P->Result == MaskedResult::Stored  ? RawKind::Stored
                                                        : RawKind::Unmasked;
    return {Kind, P->Source};
  }
  for (const VarDecl *V : Vars)
    if (V != P->Source && V->getType()->isPointerType() &&
        copiedBefore(*V, *P->Source, Begin))
      return {RawKind::CopyBefore, V};
  return {};
}

bool MaskedPointers::throughHolder(const UaccessUse &Begin,
                                   const Expr &Pointer) const {
  const MaskedPointer *P = of(Begin);
  return P && P->Holder && reads(Pointer, *P->Holder);
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
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->getBuiltinID() || isApiBody(*Callee) ||
        Uses.ownerOf(Call) || Uses.argumentOwnerOf(Call))
      continue;
    if (std::optional<RawCall> Raw = rawCall(*Call, *Callee, Windows))
      Out.push_back(*Raw);
  }
  return Out;
}

std::optional<RawCall>
MaskedPointers::rawCall(const CallExpr &Call, const FunctionDecl &Callee,
                        const WindowAnalysis &Windows) const {
  for (int Opener : Windows.openersOf(Call)) {
    const MaskedPointer *P = Opener < 0 ? nullptr : of(FA.uses().use(Opener));
    for (unsigned I = 0; P && I < Call.getNumArgs(); ++I)
      if (RawPointer Raw = classify(*P->Begin, *Call.getArg(I));
          Raw && mayAccess(Callee, I))
        return RawCall{&Call, P, Raw};
  }
  return std::nullopt;
}

bool MaskedPointers::copiedBefore(const VarDecl &V, const VarDecl &Source,
                                  const UaccessUse &Begin) const {
  if (!V.isLocalVarDecl() || V.hasGlobalStorage())
    return false;
  const SourceManager &SM = FA.astContext().getSourceManager();
  auto Before = [&](const Stmt &S) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S.getBeginLoc()),
                                        Begin.loc());
  };
  bool Copies = false;
  if (const Expr *Init = V.getInit()) {
    if (!Before(*Init))
      return false;
    Copies = reads(*Init, Source);
  }
  bool Later = anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    const auto *Op = dyn_cast<BinaryOperator>(&S);
    if (!Op || Op->getOpcode() != BO_Assign || variableOf(Op->getLHS()) != &V)
      return false;
    if (!Before(*Op))
      return true;
    Copies |= reads(*Op->getRHS(), Source);
    return false;
  });
  return Copies && !Later;
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
  }
  return "";
}

} // namespace uaccess
