//===--- CheckWrapper.cpp - Functions that access_ok() a parameter --------===//

#include "analysis/CheckWrapper.h"
#include "analysis/AccessOkModel.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/PointerDerivation.h"
#include "recognize/PointerShape.h"
#include "utils/CfgPaths.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/SmallPtrSet.h"

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

/// True when \p Body assigns to the parameter \p P.
bool assigns(const Stmt &Body, const ParmVarDecl &P) {
  return anyStmtIn(Body, [&](const Stmt &S) {
    const auto *Op = dyn_cast<BinaryOperator>(&S);
    return Op && Op->isAssignmentOp() && parameterOf(Op->getLHS()) == &P;
  });
}

/// What a call checks when its truth decides: an access_ok() fails when
/// false, a checked accessor (`copy_from_user()`, which runs access_ok()
/// itself) when true.
enum class Fails { WhenFalse, WhenTrue };

/// \p E as a check of a parameter of the function: access_ok() or
/// __access_ok(), or a checked accessor, whose pointer is the parameter.
std::optional<CheckWrapper> checkOfParameter(const Expr *E, Fails When,
                                             const FunctionDecl &FD,
                                             ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const ApiEntry *Api = Callee && Callee->getIdentifier()
                            ? lookupApi(Callee->getName())
                            : nullptr;
  Role Expected =
      When == Fails::WhenFalse ? Role::AccessOk : Role::CheckedAccessor;
  if (!Api || Api->TheRole != Expected || Api->PointerArg == NoArg ||
      Api->LengthArg == NoArg ||
      Call->getNumArgs() <= unsigned(std::max(Api->PointerArg, Api->LengthArg)))
    return std::nullopt;
  const Expr *PointerArg = Call->getArg(Api->PointerArg);
  CheckWrapper W;
  if (const ParmVarDecl *Pointer = parameterOf(PointerArg)) {
    W.PointerParam = Pointer->getFunctionScopeIndex();
  } else {
    // A field of a parameter, which the body does not write first.
    std::string Field = fieldHeld(*PointerArg);
    TracedParam Held = tracedParamOf(FD, Field);
    if (Held.Index < 0 || Held.Field.empty() ||
        !PointerDerivation(FD).stable(Field))
      return std::nullopt;
    W.PointerParam = Held.Index;
    W.Field = Held.Field;
  }
  // A length the body changes first (`nr = FDS_BYTES(nr)`) is not the
  // caller's: unknown.
  const Expr *Length = Call->getArg(Api->LengthArg);
  if (const ParmVarDecl *P = parameterOf(Length)) {
    if (!assigns(*FD.getBody(), *P))
      W.LengthParam = P->getFunctionScopeIndex();
  } else if (!namesAParameter(*Length) ||
             Length->getIntegerConstantExpr(Ctx)) { // `sizeof(*f)`
    // Under a macro (`unlikely(!access_ok(uaddr, sizeof(u32)))`), the
    // argument as spelled, not the whole expansion.
    W.LengthText = Length->getBeginLoc().isMacroID()
                       ? spelledText(*Length, Ctx)
                       : writtenText(*Length, Ctx);
    W.LengthExpr = Length;
  }
  return W;
}

/// \p S as an `if` with no else, init statement or condition variable.
const IfStmt *plainIf(const Stmt &S) {
  const auto *If = dyn_cast<IfStmt>(&S);
  return If && !If->getElse() && !If->getInit() && !If->getConditionVariable()
             ? If
             : nullptr;
}

/// A returned check: `return access_ok(p, n);`, `return copy_from_user(k,
/// p, n);`, `return copy_from_user(k, p, n) ? -EFAULT : 0;`.
std::optional<CheckWrapper>
returnedCheck(const Expr *Value, const FunctionDecl &FD, ASTContext &Ctx) {
  if (!Value)
    return std::nullopt;
  Value = truthOf(Value);
  const auto *Cond = dyn_cast<ConditionalOperator>(Value);
  const Expr *Tested = Cond ? truthOf(Cond->getCond()) : Value;
  // `return !access_ok(...)`: true when it failed.
  const Expr *Negated = negated(Tested);
  for (Fails When : {Fails::WhenFalse, Fails::WhenTrue}) {
    std::optional<CheckWrapper> W =
        checkOfParameter(Negated ? Negated : Tested, When, FD, Ctx);
    if (!W)
      continue;
    bool FailsTrue = (When == Fails::WhenTrue) != (Negated != nullptr);
    if (Cond)
      W->FailsWith = signOf(
          *(FailsTrue ? Cond->getTrueExpr() : Cond->getFalseExpr()), Ctx);
    else
      W->FailsWith = FailsTrue ? ValueSign::NonZero : ValueSign::Zero;
    return W;
  }
  return std::nullopt;
}

/// `if (!access_ok(p, n)) return ...;` or `if (copy_from_user(k, p, n))
/// return ...;`, with no else.
std::optional<CheckWrapper> failsEarly(const Stmt &S, const FunctionDecl &FD,
                                       ASTContext &Ctx) {
  const IfStmt *If = plainIf(S);
  if (!If)
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then))
    Then = Block->body_empty() ? nullptr : Block->body_back();
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(Then);
  if (!Ret)
    return std::nullopt;
  std::optional<CheckWrapper> W =
      checkOfParameter(negated(If->getCond()), Fails::WhenFalse, FD, Ctx);
  if (!W)
    W = checkOfParameter(truthOf(If->getCond()), Fails::WhenTrue, FD, Ctx);
  if (W && Ret->getRetValue())
    W->FailsWith = signOf(*Ret->getRetValue(), Ctx);
  return W;
}

/// `if (p) return <check of p>;`, with no else: the function returns
/// unchecked only when `p` is NULL, which access_ok() passes anyway (6.12
/// fs/select.c get_fd_set()).
std::optional<CheckWrapper>
checksUnlessNull(const Stmt &S, const FunctionDecl &FD, ASTContext &Ctx) {
  const IfStmt *If = plainIf(S);
  if (!If)
    return std::nullopt;
  const ParmVarDecl *Tested = parameterOf(truthOf(If->getCond()));
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then))
    Then = Block->size() == 1 ? Block->body_back() : nullptr;
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(Then);
  if (!Tested || !Ret)
    return std::nullopt;
  std::optional<CheckWrapper> W = returnedCheck(Ret->getRetValue(), FD, Ctx);
  if (!W || W->PointerParam != Tested->getFunctionScopeIndex() ||
      !W->Field.empty())
    return std::nullopt;
  return W;
}

/// The tested checks of one pointer parameter in a body, as the CFG
/// elements that run them: uses of the API, and calls of check wrappers.
struct ParamChecks {
  llvm::SmallPtrSet<const UaccessUse *, 4> Uses;
  llvm::SmallPtrSet<const Stmt *, 4> Calls;
  /// The calls that check only if a function of another TU is a wrapper.
  llvm::SmallPtrSet<const Stmt *, 4> ForeignCalls;
  std::string RequiredCallee;
  unsigned RequiredArg = 0;
  bool TwoRequired = false;

  void require(llvm::StringRef Callee, unsigned Arg) {
    if (!RequiredCallee.empty() &&
        (RequiredCallee != Callee || RequiredArg != Arg))
      TwoRequired = true;
    RequiredCallee = Callee.str();
    RequiredArg = Arg;
  }
};

/// True when \p Text is the parameter \p P, or a local copy of it that
/// holds its value wherever it is read (`msg_compat = (struct
/// compat_msghdr __user *)umsg`).
bool namesParam(llvm::StringRef Text, const ParmVarDecl &P,
                const PointerDerivation &PD) {
  PointerShape S = pointerShape(Text);
  if (S.Kind != PointerShape::WholeObject || S.Base.empty())
    return false;
  if (S.Base == P.getName())
    return true;
  std::optional<PointerCopy> C = PD.copyOf(S.Base);
  return C && C->exact() && C->Origin == P.getName();
}

/// Adds \p Call to \p Out when its argument \p Arg reaches a check: a
/// wrapper of the TU, or a function only another TU defines.
void addWrapperCall(FunctionAnalyses &FA, const CallExpr &Call, unsigned Arg,
                    ParamChecks &Out) {
  std::optional<CallCheck> Check = checkByCall(FA.cache(), Call, Arg);
  if (!Check)
    return;
  if (Check->RequiredCallee.empty())
    return void(Out.Calls.insert(&Call));
  Out.ForeignCalls.insert(&Call);
  Out.require(Check->RequiredCallee, Check->RequiredArg);
}

ParamChecks checksOf(FunctionAnalyses &FA, const ParmVarDecl &P) {
  ParamChecks Out;
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  const ParentMap &Parents = FA.parents();
  for (const UaccessUse &U : FA.uses().uses()) {
    Role R = U.Api->TheRole;
    const auto *Value = dyn_cast_or_null<Expr>(U.Anchor);
    if ((R == Role::AccessOk || R == Role::CheckedAccessor ||
         R == Role::CheckedBegin) &&
        Value && isResultTested(*Value, *FA.decl().getBody(), Parents) &&
        namesParam(U.arg(U.Api->PointerArg), P, PD))
      Out.Uses.insert(&U);
  }
  ASTContext &Ctx = FA.astContext();
  for (const CallExpr *Call : callsIn(FA.decl().getBody())) {
    if (FA.uses().ownerOf(Call) ||
        !isResultTested(*Call, *FA.decl().getBody(), Parents))
      continue;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (namesParam(writtenText(*Call->getArg(I), Ctx), P, PD))
        addWrapperCall(FA, *Call, I, Out);
  }
  return Out;
}

/// `return -EFAULT;`, or `return false;` from a function returning bool.
bool returnsFailure(const ReturnStmt &R, QualType Type, const ASTContext &Ctx) {
  const Expr *Value = R.getRetValue();
  std::optional<llvm::APSInt> K =
      Value ? Value->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx)
            : std::nullopt;
  if (!K)
    return false;
  return Type->isBooleanType() ? K->isZero() : K->isNegative();
}

/// `return 0;`, `return true;`: a constant that says the check passed.
bool returnsSuccess(const ReturnStmt &R, QualType Type, const ASTContext &Ctx) {
  const Expr *Value = R.getRetValue();
  return Value && Value->getIntegerConstantExpr(Ctx) &&
         !returnsFailure(R, Type, Ctx);
}

/// True when a path on which one of \p Checks failed reaches \p R, which
/// says success (`if (access_ok(p, n)) return -EFAULT; return 0;`): the
/// function passes what its check rejected.
bool failureReaches(FunctionAnalyses &FA, const ParamChecks &Checks,
                    const ReturnStmt &R) {
  if (!returnsSuccess(R, FA.decl().getReturnType(), FA.astContext()))
    return false;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  return llvm::any_of(Model.checks(), [&](const UaccessUse *C) {
    bool Ours = Checks.Uses.contains(C) ||
                (C->Anchor && Checks.Calls.contains(C->Anchor));
    return Ours && !Model.failureStops(*C, R);
  });
}

/// True when each return of \p FA's function fails, or follows one of
/// \p Checks on every path and on none where it failed; and some return
/// can fail.
bool checksBeforeEveryReturn(FunctionAnalyses &FA, const ParamChecks &Checks,
                             bool WithForeign) {
  CFG *Graph = FA.cfg();
  if (!Graph)
    return false;
  const FunctionUses &Uses = FA.uses();
  auto Runs = [&](const Stmt &S) {
    const UaccessUse *U = Uses.ownerOf(&S);
    return (U && Checks.Uses.contains(U)) || Checks.Calls.contains(&S) ||
           (WithForeign && Checks.ForeignCalls.contains(&S));
  };
  const FunctionDecl &FD = FA.decl();
  bool CanFail = false, Unchecked = false;
  anyStmtIn(*FD.getBody(), [&](const Stmt &S) {
    const auto *R = dyn_cast<ReturnStmt>(&S);
    if (!R)
      return false;
    if (returnsFailure(*R, FD.getReturnType(), FA.astContext())) {
      CanFail = true;
      return false;
    }
    const Expr *Value = R->getRetValue();
    CanFail |= Value && !Value->getIntegerConstantExpr(FA.astContext());
    Unchecked =
        !everyPathRunsFirst(*Graph, *R, Runs) || failureReaches(FA, Checks, *R);
    return Unchecked;
  });
  return CanFail && !Unchecked;
}

/// The parameter \p FA's function checks on every path to each return
/// that does not fail (checkWrapper()).
std::optional<CheckWrapper> checksOnEveryPath(FunctionAnalyses &FA) {
  const FunctionDecl &FD = FA.decl();
  QualType Type = FD.getReturnType();
  if (!Type->isIntegerType() || !FD.getBody())
    return std::nullopt;
  for (const ParmVarDecl *P : FD.parameters()) {
    if (!P->getType()->isPointerType())
      continue;
    ParamChecks Checks = checksOf(FA, *P);
    if (Checks.Uses.empty() && Checks.Calls.empty() &&
        Checks.ForeignCalls.empty())
      continue;
    CheckWrapper W;
    W.PointerParam = P->getFunctionScopeIndex();
    // Its failures are the constants returnsFailure() reads.
    W.FailsWith = Type->isBooleanType() ? ValueSign::Zero : ValueSign::Negative;
    if (checksBeforeEveryReturn(FA, Checks, false))
      return W;
    if (Checks.TwoRequired || Checks.ForeignCalls.empty() ||
        !checksBeforeEveryReturn(FA, Checks, true))
      continue;
    W.RequiredCallee = Checks.RequiredCallee;
    W.RequiredArg = Checks.RequiredArg;
    return W;
  }
  return std::nullopt;
}

} // namespace

char WrapperAnalysis::ID = 0;

std::unique_ptr<WrapperAnalysis> WrapperAnalysis::create(FunctionAnalyses &FA) {
  const FunctionDecl &FD = FA.decl();
  if (std::optional<CheckWrapper> W = checkWrapperOf(FD, FA.astContext()))
    return std::make_unique<WrapperAnalysis>(std::move(W));
  // Wrappers of wrappers, a few deep; a cycle of calls checks nothing new.
  static thread_local llvm::SmallPtrSet<const FunctionDecl *, 8> Open;
  if (Open.size() >= 4 || !Open.insert(&FD).second)
    return nullptr;
  std::optional<CheckWrapper> W = checksOnEveryPath(FA);
  Open.erase(&FD);
  return W ? std::make_unique<WrapperAnalysis>(std::move(W)) : nullptr;
}

const CheckWrapper *checkWrapper(FunctionAnalyses &FA) {
  WrapperAnalysis *A = FA.getAnalysis<WrapperAnalysis>();
  return A && A->Wrapper ? &*A->Wrapper : nullptr;
}

std::optional<CallCheck> checkByCall(AnalysisCache &Cache, const CallExpr &Call,
                                     unsigned Arg) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || lookupApi(Callee->getName()))
    return std::nullopt;
  const FunctionDecl *Def = parsedDefinition(*Callee);
  // Only declared here: its body, if any, is another TU's.
  if (!Def)
    return Callee->isExternallyVisible()
               ? std::optional<CallCheck>({Callee->getName().str(), Arg})
               : std::nullopt;
  const CheckWrapper *W = checkWrapper(Cache.get(*Def));
  if (!W || W->PointerParam != Arg || !W->Field.empty())
    return std::nullopt;
  return CallCheck{W->RequiredCallee, W->RequiredArg};
}

std::optional<CheckWrapper> checkWrapperOf(const FunctionDecl &FD,
                                           ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  if (!Body || FD.getReturnType()->isVoidType())
    return std::nullopt;
  for (const Stmt *S : Body->body()) {
    if (const auto *Ret = dyn_cast<ReturnStmt>(S))
      return returnedCheck(Ret->getRetValue(), FD, Ctx);
    if (std::optional<CheckWrapper> W = failsEarly(*S, FD, Ctx))
      return W;
    if (std::optional<CheckWrapper> W = checksUnlessNull(*S, FD, Ctx))
      return W;
  }
  return std::nullopt;
}

} // namespace uaccess
