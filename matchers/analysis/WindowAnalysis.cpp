//===--- WindowAnalysis.cpp - Path reasoning about uaccess windows --------===//

#include "WindowAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"

#include <deque>
#include <set>
#include <tuple>

using namespace clang;

namespace uaccess {

namespace {

/// Cap on distinct path states per block. Beyond it, states lose their path
/// notes (which fault edge, which goto) so the analysis still terminates fast
/// on huge functions; the window facts themselves are never dropped.
constexpr size_t MaxStatesPerBlock = 48;

bool familyPermits(Family Window, Family Access) {
  return Window == Family::ReadWrite || Window == Access;
}

/// Variables that hold a checked begin's result: `ok = user_access_begin()`.
class ResultBindings : public RecursiveASTVisitor<ResultBindings> {
public:
  explicit ResultBindings(const FunctionUses &Uses) : Uses(Uses) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (const Expr *Init = VD->getInit())
      bind(VD, Init);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      if (auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
          bind(VD, BO->getRHS());
    return true;
  }

  llvm::DenseMap<const VarDecl *, unsigned> Bound;

private:
  void bind(const VarDecl *VD, const Expr *E) {
    const UaccessUse *U = Uses.ownerOf(E->IgnoreParenImpCasts());
    if (!U)
      U = Uses.ownerOf(E);
    if (U && U->Api->TheRole == Role::CheckedBegin)
      Bound[VD] = U->Id;
  }
  const FunctionUses &Uses;
};

struct Resolution {
  int Use = -1;
  bool Positive = true;
};

} // namespace

WindowAnalysis::WindowAnalysis(const FunctionDecl &FD, const FunctionUses &Uses,
                               ASTContext &Ctx, CallPolicy &Policy,
                               WindowAnalysisOptions Opts)
    : FD(FD), Uses(Uses), Ctx(Ctx), Policy(Policy), Opts(Opts) {
  run();
}

llvm::ArrayRef<WindowState>
WindowAnalysis::statesAt(const LabelStmt *Label) const {
  auto It = AtLabel.find(Label);
  if (It == AtLabel.end())
    return {};
  return It->second;
}

void WindowAnalysis::run() {
  // Dead branches (if (0), 6.19's local-label blocks, do-while (0) back
  // edges) are pruned, except where can_do_masked_user_access() is a
  // constant 1 (x86-64): the checked-begin fallback it kills is live on
  // every other arch. Where it is 0 the masked branch is dead everywhere.
  CFG::BuildOptions BO;
  BO.PruneTriviallyFalseEdges =
      llvm::none_of(Uses.uses(), [&](const UaccessUse &U) {
        const auto *Probe = dyn_cast_or_null<Expr>(U.Anchor);
        Expr::EvalResult Value;
        return U.Api->TheRole == Role::MaskedProbe && Probe &&
               Probe->EvaluateAsInt(Value, Ctx) && Value.Val.getInt() != 0;
      });
  std::unique_ptr<CFG> Graph = CFG::buildCFG(&FD, FD.getBody(), &Ctx, BO);
  if (!Graph)
    return;
  Analyzed = true;

  ResultBindings Bindings(Uses);
  Bindings.TraverseStmt(FD.getBody());

  std::set<std::tuple<int, const void *, const void *, int, int>> Reported;
  auto Report = [&](WindowEvent E, const void *Key, const void *Key2 = nullptr,
                    int Extra = -1) {
    if (Reported.insert({int(E.Kind), Key, Key2, Extra, E.State.Begin}).second)
      Events.push_back(std::move(E));
  };
  auto InScope = [&](const Stmt *S) { return S && Uses.scopeOf(S); };

  // Fires the event of entering use U on the path in state St.
  auto Fire = [&](const UaccessUse &U, WindowState &St) {
    WindowEvent E;
    E.Use = &U;
    E.State = St;
    switch (U.Api->TheRole) {
    case Role::CheckedBegin:
    case Role::MaskedBegin:
    case Role::UncheckedBegin:
    case Role::Scoped: {
      bool AlreadyOpen = St.isOpen() || St.K == WindowState::Suspended;
      if (AlreadyOpen) {
        E.Kind = WindowEventKind::NestedBegin;
        Report(E, &U);
      }
      // A scoped window lives in its scope, not in the path state.
      if (U.Api->TheRole == Role::Scoped)
        return;
      if (AlreadyOpen && St.OuterBegin < 0) {
        St.OuterBegin = St.Begin;
        St.OuterFam = St.Fam;
      }
      St.K = U.Api->TheRole == Role::CheckedBegin ? WindowState::Pending
                                                  : WindowState::Open;
      St.Fam = U.Api->TheFamily;
      St.Begin = U.Id;
      St.Closer = -1;
      St.ViaFault = -1;
      St.ViaJump = nullptr;
      return;
    }
    case Role::End:
      if (St.popNested())
        return;
      if (St.K == WindowState::Closed) {
        if (!InScope(U.Anchor)) {
          E.Kind = WindowEventKind::RedundantEnd;
          Report(E, &U);
        }
      } else if (St.Fam != U.Api->TheFamily && St.Begin >= 0) {
        E.Kind = WindowEventKind::Mismatch;
        Report(E, &U);
      }
      St.K = WindowState::Closed;
      St.Closer = U.Id;
      St.ViaFault = -1;
      St.ViaJump = nullptr;
      return;
    case Role::Save:
      if (St.isOpen())
        St.K = WindowState::Suspended;
      return;
    case Role::Restore:
      if (St.K == WindowState::Suspended)
        St.K = WindowState::Open;
      return;
    case Role::UnsafeOp:
      if (!St.isOpen() && !InScope(U.Anchor)) {
        E.Kind = WindowEventKind::UnsafeOutside;
        Report(E, &U);
      } else if (St.isOpen() && St.Begin >= 0 &&
                 !familyPermits(St.Fam, U.Api->TheFamily)) {
        E.Kind = WindowEventKind::Mismatch;
        Report(E, &U);
      }
      return;
    case Role::CheckedAccessor:
    case Role::UncheckedAccessor:
      if (St.isOpen() || InScope(U.Anchor)) {
        E.Kind = WindowEventKind::CallInside;
        Report(E, &U);
      }
      return;
    case Role::AccessOk:
    case Role::MaskedProbe:
      return;
    }
  };

  auto CheckCall = [&](const CallExpr &Call, WindowState &St) {
    bool InWindow = St.isOpen() || InScope(&Call);
    CallVerdict V = Policy.judge(Call);
    if (V.ClosesWindow) {
      St.K = WindowState::Closed;
      return;
    }
    if (V.OpensWindow) {
      St.K = WindowState::Open;
      St.Fam = Family::ReadWrite;
      St.Begin = -1;
      return;
    }
    if (V.NeedsWindow) {
      if (!InWindow) {
        WindowEvent E;
        E.Kind = WindowEventKind::UnsafeOutside;
        E.State = St;
        E.Call = &Call;
        E.Verdict = V;
        Report(E, &Call);
      }
      return;
    }
    if (!V.Safe && InWindow) {
      WindowEvent E;
      E.Kind = WindowEventKind::CallInside;
      E.State = St;
      E.Call = &Call;
      E.Verdict = std::move(V);
      Report(E, &Call);
    }
  };

  auto Step = [&](const Stmt *S, WindowState &St) {
    if (const UaccessUse *U = Uses.ownerOf(S)) {
      if (St.InUse == int(U->Id))
        return;
      St.InUse = U->Id;
      Fire(*U, St);
      return;
    }
    const UaccessUse *ArgOf = Uses.argumentOwnerOf(S);
    if (!ArgOf || int(ArgOf->Id) != St.InUse)
      St.InUse = -1;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      CheckCall(*Call, St);
  };

  // What a branch condition says about a pending checked begin.
  auto Resolve = [&](const Stmt *Cond) {
    Resolution R;
    const Expr *E = dyn_cast_or_null<Expr>(Cond);
    while (E) {
      if (const UaccessUse *U = Uses.ownerOf(E)) {
        if (U->Api->TheRole == Role::CheckedBegin)
          R.Use = U->Id;
        return R;
      }
      const Expr *Inner = E->IgnoreParenImpCasts();
      if (Inner != E) {
        E = Inner;
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->getOpcode() != UO_LNot)
          return R;
        R.Positive = !R.Positive;
        E = UO->getSubExpr();
      } else if (const auto *Cast = dyn_cast<CStyleCastExpr>(E)) {
        E = Cast->getSubExpr();
      } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
        if (Call->getBuiltinCallee() != Builtin::BI__builtin_expect ||
            Call->getNumArgs() < 1)
          return R;
        E = Call->getArg(0);
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        if (!BO->isEqualityOp())
          return R;
        Expr::EvalResult Zero;
        const Expr *Other = nullptr;
        if (BO->getRHS()->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0)
          Other = BO->getLHS();
        else if (BO->getLHS()->EvaluateAsInt(Zero, Ctx) &&
                 Zero.Val.getInt() == 0)
          Other = BO->getRHS();
        if (!Other)
          return R;
        if (BO->getOpcode() == BO_EQ)
          R.Positive = !R.Positive;
        E = Other;
      } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        auto It = VD ? Bindings.Bound.find(VD) : Bindings.Bound.end();
        if (It != Bindings.Bound.end())
          R.Use = It->second;
        return R;
      } else {
        return R;
      }
    }
    return R;
  };

  std::vector<std::vector<WindowState>> In(Graph->getNumBlockIDs());
  std::deque<const CFGBlock *> Work;
  std::vector<bool> Queued(Graph->getNumBlockIDs());
  auto AddState = [&](const CFGBlock *B, WindowState St) {
    if (const auto *Label = dyn_cast_or_null<LabelStmt>(B->getLabel())) {
      std::vector<WindowState> &AtL = AtLabel[Label];
      if (llvm::find(AtL, St) == AtL.end())
        AtL.push_back(St);
    }
    std::vector<WindowState> &Set = In[B->getBlockID()];
    if (Set.size() >= MaxStatesPerBlock) {
      St.ViaFault = -1;
      St.ViaJump = nullptr;
      St.Closer = -1;
    }
    if (llvm::find(Set, St) != Set.end())
      return;
    Set.push_back(St);
    if (!Queued[B->getBlockID()]) {
      Queued[B->getBlockID()] = true;
      Work.push_back(B);
    }
  };

  WindowState Initial;
  if (Opts.EntersOpen) {
    Initial.K = WindowState::Open;
    Initial.Fam = Family::ReadWrite;
  }
  AddState(&Graph->getEntry(), Initial);

  const CFGBlock *Exit = &Graph->getExit();
  std::vector<size_t> Done(Graph->getNumBlockIDs(), 0);
  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    Queued[B->getBlockID()] = false;
    std::vector<WindowState> &Set = In[B->getBlockID()];
    // Only states not yet pushed through this block.
    for (size_t I = Done[B->getBlockID()]; I < Set.size(); ++I) {
      WindowState St = Set[I];
      const Stmt *LastReturn = nullptr;
      for (const CFGElement &Elt : *B) {
        if (auto CS = Elt.getAs<CFGStmt>()) {
          Step(CS->getStmt(), St);
          if (isa<ReturnStmt>(CS->getStmt()))
            LastReturn = CS->getStmt();
        }
      }
      const Stmt *Term = B->getTerminatorStmt();
      if (Term)
        Step(Term, St);

      Resolution Res;
      if (St.K == WindowState::Pending && B->succ_size() == 2)
        Res = Resolve(B->getTerminatorCondition());
      const UaccessUse *TermOwner = Term ? Uses.ownerOf(Term) : nullptr;

      unsigned Index = 0;
      for (const CFGBlock::AdjacentBlock &Adj : B->succs()) {
        unsigned ThisIndex = Index++;
        const CFGBlock *Succ = Adj.getReachableBlock();
        if (!Succ)
          continue;
        WindowState Next = St;
        if (Res.Use >= 0 && Res.Use == St.Begin) {
          bool Taken = (ThisIndex == 0) == Res.Positive;
          Next.K = Taken ? WindowState::Open : WindowState::Closed;
          if (!Taken && !Next.popNested())
            Next.Begin = -1;
        }
        const auto *SuccLabel = dyn_cast_or_null<LabelStmt>(Succ->getLabel());
        if (TermOwner && TermOwner->Api->TheRole == Role::UnsafeOp &&
            SuccLabel && SuccLabel == TermOwner->FaultLabel) {
          Next.ViaFault = TermOwner->Id;
          Next.ViaJump = nullptr;
        } else if (!TermOwner && Term &&
                   (isa<GotoStmt>(Term) || isa<BreakStmt>(Term) ||
                    isa<ContinueStmt>(Term))) {
          Next.ViaJump = Term;
        }
        if (Succ == Exit) {
          if (Next.isOpen() && Next.Begin >= 0 && !Opts.LeavesOpen &&
              !B->hasNoReturnElement()) {
            WindowEvent E;
            E.Kind = WindowEventKind::Leak;
            E.State = Next;
            E.Exit = LastReturn;
            E.Use = &Uses.use(Next.Begin);
            // One report per begin and fault label: each is one fix.
            const LabelStmt *Label = Next.ViaFault >= 0
                                         ? Uses.use(Next.ViaFault).FaultLabel
                                         : nullptr;
            Report(E, E.Use, Label);
          }
          continue;
        }
        AddState(Succ, Next);
      }
    }
    Done[B->getBlockID()] = Set.size();
  }
}

} // namespace uaccess
