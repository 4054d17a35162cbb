//===--- FieldChecks.cpp - User pointers checked through a struct field ---===//

#include "analysis/FieldChecks.h"
#include "analysis/PointerDerivation.h"
#include "recognize/PointerShape.h"
#include "utils/CfgPaths.h"
#include "utils/Fingerprint.h"
#include "utils/SourceUtils.h"
#include "utils/StmtEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace uaccess {

namespace {

/// \p E without what keeps it inside the same object: casts,
/// `u64_to_user_ptr()` and the pointer side of `p + n` or `p - n`.
const Expr *pointedValue(const Expr &E) {
  const Expr *X = valueOf(E);
  while (const auto *BO = dyn_cast<BinaryOperator>(X)) {
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    if (BO->isAdditiveOp() && L->getType()->isPointerType())
      X = valueOf(*L);
    else if (BO->getOpcode() == BO_Add && R->getType()->isPointerType())
      X = valueOf(*R);
    else
      break;
  }
  return X;
}

const VarDecl *localOf(const Expr &E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(&E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) ? V : nullptr;
}

/// The field every store of the local \p V in \p FD reads, steps of \p V
/// aside (`v = v + n`, `v += n`, `v++`).
FieldRead storedField(const VarDecl &V, const FunctionDecl &FD) {
  FieldRead Out;
  bool Unknown = false;
  auto Store = [&](const Expr &Value) {
    const Expr *X = pointedValue(Value);
    if (localOf(*X) == &V ||
        Value.isNullPointerConstant(FD.getASTContext(),
                                    Expr::NPC_ValueDependentIsNotNull))
      return;
    const auto *ME = dyn_cast<MemberExpr>(X);
    std::string Key = ME ? fieldKey(*ME) : "";
    if (Key.empty() || (!Out.Key.empty() && Key != Out.Key))
      Unknown = true;
    else if (Out.Key.empty())
      Out = FieldRead{Key, ME};
  };
  if (const Expr *Init = V.getInit())
    Store(*Init);
  anyStmtIn(*FD.getBody(), [&](const Stmt &S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(&S))
      Unknown |= UO->getOpcode() == UO_AddrOf &&
                 localOf(*UO->getSubExpr()->IgnoreParens()) == &V;
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    if (BO && BO->getOpcode() == BO_Assign &&
        localOf(*BO->getLHS()->IgnoreParenImpCasts()) == &V)
      Store(*BO->getRHS());
    return Unknown;
  });
  return Unknown ? FieldRead() : Out;
}

bool isCheck(const UaccessUse &U) {
  Role R = U.Api->TheRole;
  return (R == Role::AccessOk || R == Role::CheckedAccessor ||
          R == Role::CheckedBegin) &&
         U.Api->PointerArg != NoArg;
}

/// The index of the parameter whose field \p Member reads
/// (`entry->relocs_ptr` for parameter `entry`), or -1.
int holderParam(const MemberExpr &Member) {
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member.getBase()->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return Member.isArrow() && P ? int(P->getFunctionScopeIndex()) : -1;
}

/// True when \p FD stores the variable \p V into field \p Key after
/// \p Loc.
bool storesAfter(const FunctionDecl &FD, const VarDecl &V, llvm::StringRef Key,
                 SourceLocation Loc) {
  const SourceManager &SM = FD.getASTContext().getSourceManager();
  return anyStmtIn(*FD.getBody(), [&](const Stmt &S) {
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    const auto *ME =
        BO && BO->getOpcode() == BO_Assign
            ? dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts())
            : nullptr;
    const auto *Ref =
        ME ? dyn_cast<DeclRefExpr>(valueOf(*BO->getRHS())) : nullptr;
    return Ref && Ref->getDecl() == &V && fieldKey(*ME) == Key &&
           SM.isBeforeInTranslationUnit(Loc,
                                        SM.getExpansionLoc(BO->getBeginLoc()));
  });
}

/// The key of \p Field ("record::member").
std::string keyOf(const FieldDecl *Field) {
  if (!Field || Field->getName().empty())
    return "";
  const RecordDecl *Record = Field->getParent();
  // A member of an anonymous union is its enclosing struct's (6.12
  // io_uring's `struct io_sr_msg { union { ... *umsg; ... }; }`).
  while (Record->isAnonymousStructOrUnion())
    if (const auto *Outer = dyn_cast<RecordDecl>(Record->getDeclContext()))
      Record = Outer;
    else
      break;
  std::string Name = Record->getName().str();
  if (Name.empty())
    if (const TypedefNameDecl *T = Record->getTypedefNameForAnonDecl())
      Name = T->getName().str();
  return Name.empty() ? "" : Name + "::" + Field->getName().str();
}

/// The best check in the TU of field \p Key outside \p FD, when \p FD
/// does not write the field.
const FieldCheck *checkOutside(AnalysisCache &Cache, const FunctionDecl &FD,
                               llvm::StringRef Key) {
  if (Key.empty() || writesField(FD, Key))
    return nullptr;
  for (const FieldCheck &C : Cache.fieldChecks().find(Key))
    if (C.Function->getCanonicalDecl() != FD.getCanonicalDecl())
      return &C;
  return nullptr;
}

} // namespace

std::string fieldKey(const MemberExpr &Member) {
  return keyOf(dyn_cast<FieldDecl>(Member.getMemberDecl()));
}

FieldRead fieldReadOf(const Expr &Pointer, const FunctionDecl &FD) {
  const Expr *X = pointedValue(Pointer);
  if (const auto *ME = dyn_cast<MemberExpr>(X)) {
    std::string Key = fieldKey(*ME);
    return Key.empty() ? FieldRead() : FieldRead{Key, ME};
  }
  const VarDecl *V = localOf(*X);
  return V && FD.getBody() ? storedField(*V, FD) : FieldRead();
}

bool writesFieldAt(const Stmt &S, llvm::StringRef Key) {
  auto IsField = [&](const Expr *E) {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return ME && fieldKey(*ME) == Key;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(&S))
    return BO->isAssignmentOp() && IsField(BO->getLHS());
  const auto *UO = dyn_cast<UnaryOperator>(&S);
  return UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
         IsField(UO->getSubExpr());
}

bool writesField(const FunctionDecl &FD, llvm::StringRef Key) {
  return FD.getBody() && anyStmtIn(*FD.getBody(), [&](const Stmt &S) {
           return writesFieldAt(S, Key);
         });
}

const Expr *pointerExprOf(FunctionAnalyses &FA, const UaccessUse &U,
                          llvm::StringRef Base) {
  int Arg = U.Api->PointerArg;
  if (Arg >= 0 && unsigned(Arg) < U.ArgExprs.size())
    return U.ArgExprs[Arg];
  if (!U.Anchor || Base.empty())
    return nullptr;
  std::string Wanted = collapseWhitespace(Base);
  const Expr *Found = nullptr;
  // Inside a macro use: the member or variable the caller spelled.
  anyStmtIn(*U.Anchor, [&](const Stmt &S) {
    if ((!isa<MemberExpr>(S) && !isa<DeclRefExpr>(S)) ||
        spelledText(S, FA.astContext()) != Wanted)
      return false;
    Found = cast<Expr>(&S);
    return true;
  });
  return Found;
}

const FieldCheck *checkOfPassedField(AnalysisCache &Cache,
                                     const FunctionDecl &Caller,
                                     const CallExpr &Call, unsigned Arg) {
  if (Arg >= Call.getNumArgs())
    return nullptr;
  return checkOutside(Cache, Caller,
                      fieldReadOf(*Call.getArg(Arg), Caller).Key);
}

llvm::ArrayRef<ForeignFieldCall>
foreignChecksOfPassedField(AnalysisCache &Cache, const FunctionDecl &Caller,
                           const CallExpr &Call, unsigned Arg) {
  if (Arg >= Call.getNumArgs())
    return {};
  std::string Key = fieldReadOf(*Call.getArg(Arg), Caller).Key;
  if (Key.empty() || writesField(Caller, Key))
    return {};
  return Cache.fieldChecks().foreignCalls(Key);
}

const FieldCheck *checkOfParamField(AnalysisCache &Cache,
                                    const FunctionDecl &FD, unsigned Param,
                                    llvm::StringRef Field) {
  if (Param >= FD.getNumParams() || !Field.consume_front("->") ||
      Field.contains("->") || Field.contains('.'))
    return nullptr;
  QualType Pointee = FD.getParamDecl(Param)->getType()->getPointeeType();
  const RecordDecl *Record =
      Pointee.isNull() ? nullptr : Pointee->getAsRecordDecl();
  if (!Record || !(Record = Record->getDefinition()))
    return nullptr;
  const FieldDecl *Member = nullptr;
  for (const NamedDecl *D :
       Record->lookup(&FD.getASTContext().Idents.get(Field)))
    if (const auto *F = dyn_cast<FieldDecl>(D))
      Member = F;
    else if (const auto *I = dyn_cast<IndirectFieldDecl>(D))
      Member = I->getAnonField();
  return checkOutside(Cache, FD, keyOf(Member));
}

std::vector<FieldCheck> FieldCheckIndex::checksIn(const FunctionDecl &FD,
                                                  llvm::StringRef Key) {
  std::vector<FieldCheck> Out;
  FunctionAnalyses &FA = Cache.get(FD);
  for (const UaccessUse &U : FA.uses().uses()) {
    if (!isCheck(U))
      continue;
    std::string Base = pointerShape(U.arg(U.Api->PointerArg)).Base;
    const Expr *P = pointerExprOf(FA, U, Base);
    if (!P)
      continue;
    FieldRead Read = fieldReadOf(*P, FD);
    if (Read.Key == Key) {
      Out.push_back({Key.str(), &FD, &U, false, holderParam(*Read.Member)});
      continue;
    }
    // A checked value the function then stores into the field.
    const auto *Ref = dyn_cast<DeclRefExpr>(pointedValue(*P));
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Read.Key.empty() && V &&
        storesAfter(
            FD, *V, Key,
            FA.astContext().getSourceManager().getExpansionLoc(U.loc())))
      Out.push_back({Key.str(), &FD, &U, true, -1});
  }
  return Out;
}

std::vector<ForeignFieldCall>
FieldCheckIndex::foreignCallsIn(const FunctionDecl &FD, llvm::StringRef Key) {
  std::vector<ForeignFieldCall> Out;
  FunctionAnalyses &FA = Cache.get(FD);
  const ParentMap &Parents = FA.parents();
  for (const CallExpr *Call : FA.calls()) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || parsedDefinition(*Callee) ||
        !isResultTested(*Call, *FD.getBody(), Parents))
      continue;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (fieldReadOf(*Call->getArg(I), FD).Key == Key)
        Out.push_back({Key.str(), &FD, Call, Callee->getNameAsString(), I});
  }
  return Out;
}

llvm::ArrayRef<const FunctionDecl *>
FieldCheckIndex::namingField(llvm::StringRef Key) {
  if (!Listed) {
    struct Lister : RecursiveASTVisitor<Lister> {
      std::vector<const FunctionDecl *> &Out;
      explicit Lister(std::vector<const FunctionDecl *> &O) : Out(O) {}
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (FD->doesThisDeclarationHaveABody() && FD->getBody())
          Out.push_back(FD);
        return true;
      }
    } L(Definitions);
    L.TraverseDecl(Cache.astContext().getTranslationUnitDecl());
    Listed = true;
  }
  auto [It, New] = Naming.try_emplace(Key);
  llvm::StringRef Member = Key.rsplit("::").second;
  if (New)
    for (const FunctionDecl *FD : Definitions)
      if (anyStmtIn(*FD->getBody(), [&](const Stmt &S) {
            const auto *ME = dyn_cast<MemberExpr>(&S);
            return ME && ME->getMemberDecl()->getName() == Member &&
                   fieldKey(*ME) == Key;
          }))
        It->second.push_back(FD);
  return It->second;
}

llvm::ArrayRef<FieldCheck> FieldCheckIndex::find(llvm::StringRef Key) {
  auto [It, New] = Found.try_emplace(Key);
  if (!New)
    return It->second;
  std::vector<FieldCheck> All;
  for (const FunctionDecl *FD : namingField(Key))
    llvm::append_range(All, checksIn(*FD, Key));
  // An access_ok() of its own says most plainly that the field is
  // checked: it comes first, before an accessor's or a begin's.
  llvm::stable_sort(All, [](const FieldCheck &A, const FieldCheck &B) {
    return A.Check->Api->TheRole == Role::AccessOk &&
           B.Check->Api->TheRole != Role::AccessOk;
  });
  It->second = std::move(All);
  return It->second;
}

llvm::ArrayRef<ForeignFieldCall>
FieldCheckIndex::foreignCalls(llvm::StringRef Key) {
  auto [It, New] = FoundForeign.try_emplace(Key);
  if (New)
    for (const FunctionDecl *FD : namingField(Key))
      llvm::append_range(It->second, foreignCallsIn(*FD, Key));
  return It->second;
}

namespace {

/// True when the variables of \p Holder keep their values from \p Call to
/// \p Access, which it runs before: no loop that holds the access but not
/// the call writes one (eb_copy_relocations()'s `eb->exec[i]` from the
/// call to the copy loop in the same iteration).
bool holderKept(FunctionAnalyses &FA, const Stmt &Call, const Stmt &Access,
                const Expr &Holder) {
  VarSet Vars;
  anyStmtIn(Holder, [&](const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Vars.insert(V);
    return false;
  });
  const ParentMap &Parents = FA.parents();
  const Stmt *Outer = enclosingLoop(Call, Parents);
  VarSet AddressTaken = addressTakenLocals(*FA.decl().getBody());
  for (const Stmt *Loop = enclosingLoop(Access, Parents); Loop != Outer;
       Loop = enclosingLoop(*Loop, Parents)) {
    if (!Loop) // The call's loop does not hold the access.
      return false;
    StmtEffects Effects = effectsOf(*Loop, AddressTaken);
    if (llvm::any_of(Vars, [&](const VarDecl *V) {
          return Effects.Writes.contains(V) || AddressTaken.contains(V);
        }))
      return false;
  }
  return true;
}

} // namespace

bool checkedBySiblingCall(FunctionAnalyses &FA, const UaccessUse &A,
                          const FieldRead &Read,
                          llvm::ArrayRef<FieldCheck> Checks) {
  const ASTContext &Ctx = FA.astContext();
  std::string Holder = (Read.Member->isArrow() ? "" : "&") +
                       spelledText(*Read.Member->getBase(), Ctx);
  const ParentMap &Parents = FA.parents();
  const CFG *Graph = FA.cfg();
  const Stmt *Access = FA.cfgElementOf(A);
  for (const CallExpr *Call : FA.calls()) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    auto ChecksHolder = [&](const FieldCheck &C) {
      return C.HolderParam >= 0 && !C.AtStore &&
             Callee->getCanonicalDecl() == C.Function->getCanonicalDecl() &&
             Call->getNumArgs() > unsigned(C.HolderParam) &&
             spelledText(*Call->getArg(C.HolderParam), Ctx) == Holder;
    };
    if (!Callee || llvm::none_of(Checks, ChecksHolder))
      continue;
    // No write of the field between them: 6.12 eb_copy_relocations()
    // replaces `relocs_ptr` at the end of each iteration, after its copy.
    auto Runs = [&](const Stmt &S) { return &S == Call; };
    auto Writes = [&](const Stmt &S) { return writesFieldAt(S, Read.Key); };
    if (isResultTested(*Call, *FA.decl().getBody(), Parents) && Graph &&
        Access && everyPathRunsFirst(*Graph, *Access, Runs, Writes) &&
        holderKept(FA, *Call, *A.Anchor, *Read.Member->getBase()))
      return true;
  }
  return false;
}

FieldVerdict fieldVerdictOf(FunctionAnalyses &FA, const UaccessUse &A,
                            bool UncheckedWindow) {
  FieldVerdict V;
  const Expr *Pointer = pointerExprOf(
      FA, A, FA.getAnalysis<PointerDerivation>()->accessShape(A).Base);
  V.Read = Pointer ? fieldReadOf(*Pointer, FA.decl()) : FieldRead();
  const std::string &Key = V.Read.Key;
  // The function's own checks of the pointer are its guards (guardsOf()).
  std::vector<FieldCheck> Checks;
  if (!Key.empty())
    for (const FieldCheck &C : FA.cache().fieldChecks().find(Key))
      if (C.Function->getCanonicalDecl() != FA.decl().getCanonicalDecl())
        Checks.push_back(C);
  if (Checks.empty()) {
    if (!Key.empty() && !writesField(FA.decl(), Key))
      V.OtherUnits = Key;
    return V;
  }
  // A window opened with no check in ordinary code shows its access_ok():
  // one that a callee made is named, not taken.
  if (!UncheckedWindow && checkedBySiblingCall(FA, A, V.Read, Checks)) {
    V.Kind = FieldVerdict::CheckedBySibling;
    return V;
  }
  // A field the function sets may hold what it stored there, not what
  // was checked elsewhere.
  if (writesField(FA.decl(), Key))
    return V;
  V.Kind = FieldVerdict::CheckedElsewhere;
  V.Check = Checks.front();
  return V;
}

} // namespace uaccess
