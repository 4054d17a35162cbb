//===--- WindowAnalysis.cpp - Path reasoning about uaccess windows --------===//
//
// A worklist walk over the CFG that carries a set of WindowStates per
// block. The rules are stated in WindowAnalysis.h; here each kind of use has
// its transfer function (onBegin, onEnd, onUnsafeOp, onAccessor, onCall),
// and propagate() moves a state to the successors and reports leaks at the
// exit. Branches are decided in WindowBranches.cpp, and calls of helpers
// that open or end the caller's window are followed in
// WindowHelperWays.cpp.

#include "analysis/WindowAnalysis.h"
#include "analysis/WindowWalker.h"
#include "utils/ExprValues.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"

#include <deque>
#include <set>
#include <tuple>

using namespace clang;

namespace uaccess {

namespace {

/// Cap on distinct path states per block (docs/performance.md, stress
/// files: 48 made 10,000 gotos cost 2.3x clang). Beyond it, states lose their
/// path notes (which fault edge, which goto) so the analysis still terminates
/// fast on huge functions; the window facts themselves are never dropped.
constexpr size_t MaxStatesPerBlock = 8;

/// Dead branches (if (0), 6.19's local-label blocks, do-while (0) back
/// edges) are pruned, except where can_do_masked_user_access() is a
/// constant 1 (x86-64): the checked-begin fallback it kills is live on every
/// other arch. Where it is 0 the masked branch is dead everywhere.
bool pruneTriviallyFalseEdges(const FunctionUses &Uses, ASTContext &Ctx) {
  return llvm::none_of(Uses.uses(), [&](const UaccessUse &U) {
    const auto *Probe = dyn_cast_or_null<Expr>(U.Anchor);
    return U.Api->TheRole == Role::MaskedProbe && Probe &&
           foldsToNonZero(*Probe, Ctx);
  });
}

/// A function with no uses of its own matters only when it calls a helper
/// that needs a window.
bool callsWindowHelper(const FunctionDecl &FD, CallPolicy &Policy) {
  return llvm::any_of(callsIn(FD.getBody()), [&](const CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    return Callee && Policy.needsWindow(*Callee);
  });
}

} // namespace

void WindowWalker::report(WindowEvent E, const void *Key, const void *Key2) {
  if (Reported.insert({int(E.Kind), Key, Key2, E.State.Begin}).second)
    Out.Events.push_back(std::move(E));
}

void WindowWalker::step(const Stmt *S, WindowState &St) {
  if (const UaccessUse *U = Uses.ownerOf(S)) {
    // Every node of one expansion belongs to one event.
    if (St.InUse == int(U->Id))
      return;
    St.InUse = U->Id;
    onUse(*U, St);
    return;
  }
  const UaccessUse *ArgOf = Uses.argumentOwnerOf(S);
  if (!ArgOf || int(ArgOf->Id) != St.InUse)
    St.InUse = -1;
  // `__builtin_constant_p(f(x))` runs no f.
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && !neverEvaluated(*Call, Parents))
    onCall(*Call, St);
}

void WindowWalker::onUse(const UaccessUse &U, WindowState &St) {
  switch (U.Api->TheRole) {
  case Role::CheckedBegin:
  case Role::MaskedBegin:
  case Role::UncheckedBegin:
  case Role::Scoped:
    return onBegin(U, St);
  case Role::End:
    return onEnd(U, St);
  case Role::Save:
  case Role::Restore:
    return toggleAccess(U.Api->TheRole, St);
  case Role::UnsafeOp:
    return onUnsafeOp(U, St);
  case Role::CheckedAccessor:
  case Role::UncheckedAccessor:
    return onAccessor(U, St);
  case Role::AccessOk:
  case Role::MaskedProbe:
    return;
  }
}

void WindowWalker::toggleAccess(Role R, WindowState &St) {
  if (R == Role::Save && St.isOpen())
    St.K = WindowState::Suspended;
  else if (R == Role::Restore && St.K == WindowState::Suspended)
    St.K = WindowState::Open;
}

void WindowWalker::onBegin(const UaccessUse &U, WindowState &St) {
  // A begin in a scope's body opens a window inside the scope's, whose end
  // (or the inner scope's) then closes the scope's for the rest of it.
  const UaccessUse *Scope = Uses.scopeOf(U.Anchor);
  bool InScope = !St.isOpen() && Scope && Scope != &U;
  bool AlreadyOpen = St.isOpen() || St.K == WindowState::Suspended || InScope;
  if (AlreadyOpen)
    report(event(WindowEventKind::NestedBegin, &U,
                 InScope ? inScopeWindow(St, *Scope) : St),
           &U);
  // A scoped window lives in its scope, not in the path state.
  if (U.Api->TheRole == Role::Scoped)
    return;
  // The scope's window is not in the path state: no outer one to resume.
  if (AlreadyOpen && !InScope && St.OuterBegin < 0) {
    St.OuterBegin = St.Begin;
    St.OuterFam = St.Fam;
  }
  St.K = U.Api->TheRole == Role::CheckedBegin ? WindowState::Pending
                                              : WindowState::Open;
  St.Fam = U.Api->TheFamily;
  St.Begin = U.Id;
  St.OpenedBy = nullptr;
  St.ReturnedLost = St.LeakUntold = false;
  St.Closer = -1;
  St.ClosedBy = nullptr;
  St.ViaFault = -1;
  St.ViaJump = nullptr;
}

void WindowWalker::onEnd(const UaccessUse &U, WindowState &St) {
  noteOpener(U, St);
  if (St.popNested())
    return;
  // Between user_access_save() and user_access_restore() access is off
  // already, and the restore turns it back on: this end closes nothing.
  if (St.K == WindowState::Suspended)
    return;
  if (St.K == WindowState::Closed) {
    // Inside a scoped window (6.19) the end closes the scope's window,
    // which its scope ends again on the way out.
    report(event(WindowEventKind::RedundantEnd, &U, St), &U);
  } else if (St.Fam != U.Api->TheFamily && St.Begin >= 0) {
    report(event(WindowEventKind::Mismatch, &U, St), &U);
  }
  St.K = WindowState::Closed;
  St.Closer = U.Id;
  St.ClosedBy = nullptr;
  St.ViaFault = -1;
  St.ViaJump = nullptr;
}

void WindowWalker::onUnsafeOp(const UaccessUse &U, WindowState &St) {
  noteOpener(U, St);
  const UaccessUse *Scope = St.isOpen() ? nullptr : Uses.scopeOf(U.Anchor);
  if (!St.isOpen() && !Scope) {
    report(event(WindowEventKind::UnsafeOutside, &U, St), &U);
  } else if (Scope && !familyPermits(Scope->Api->TheFamily, U.Api->TheFamily)) {
    // A write inside scoped_user_read_access(): the scope is the window.
    report(event(WindowEventKind::Mismatch, &U, inScopeWindow(St, *Scope)), &U);
  } else if (St.isOpen() && St.Begin >= 0 &&
             !familyPermits(St.Fam, U.Api->TheFamily)) {
    report(event(WindowEventKind::Mismatch, &U, St), &U);
  }
}

void WindowWalker::noteOpener(const UaccessUse &U, const WindowState &St) {
  if (St.isOpen() || inScope(U.Anchor))
    addOpener(Out.Openers[U.Id], U.Anchor, St);
}

// A helper with a window of its own, called in this one: its begin is a
// begin while a window is open, and its end closes this window too, so the
// ops after the call run with user access off.
void WindowWalker::checkHelperBegins(const FunctionDecl &Helper,
                                     const CallExpr &Call,
                                     const WindowState &St) {
  const UaccessUse *Begin = Policy.ownWindowIn(Helper);
  if (!Begin)
    return;
  const UaccessUse *Scope = St.isOpen() ? nullptr : Uses.scopeOf(&Call);
  WindowEvent E = event(WindowEventKind::NestedBegin, Begin,
                        Scope ? inScopeWindow(St, *Scope) : St);
  E.Call = &Call;
  E.Helper = &Helper;
  report(std::move(E), &Call);
}

WindowState WindowWalker::inScopeWindow(WindowState St,
                                        const UaccessUse &Scope) {
  St.K = WindowState::Open;
  St.Begin = Scope.Id;
  St.Fam = Scope.Api->TheFamily;
  return St;
}

void WindowWalker::noteCallOpener(const CallExpr &Call, const WindowState &St) {
  addOpener(Out.CallOpeners[&Call], &Call, St);
}

// The scope that holds \p At, else the path's open window (-1: the
// caller's), once in \p Seen.
void WindowWalker::addOpener(llvm::SmallVector<int, 2> &Seen, const Stmt *At,
                             const WindowState &St) {
  int Opener = St.Begin;
  if (const UaccessUse *Scope = Uses.scopeOf(At))
    Opener = Scope->Id;
  if (!llvm::is_contained(Seen, Opener))
    Seen.push_back(Opener);
}

void WindowWalker::onAccessor(const UaccessUse &U, WindowState &St) {
  if (St.isOpen() || inScope(U.Anchor))
    report(event(WindowEventKind::CallInside, &U, St), &U);
}

void WindowWalker::onCall(const CallExpr &Call, WindowState &St) {
  // A forwarder of user_access_save() or _restore() acts as the macro. One
  // that calls more runs it with access on: after its restore, before its
  // save; a call in the window (that the judge of its body reports).
  const FunctionDecl *Callee = Call.getDirectCallee();
  std::optional<CallPolicy::AccessToggle> T =
      Callee ? Policy.accessToggleOf(*Callee) : std::nullopt;
  if (T && !T->CallsWithAccessOn)
    return toggleAccess(T->Toggle, St);
  if (T && T->Toggle == Role::Restore)
    toggleAccess(Role::Restore, St);
  onOrdinaryCall(Call, St);
  if (T && T->Toggle == Role::Save)
    toggleAccess(Role::Save, St);
}

void WindowWalker::onOrdinaryCall(const CallExpr &Call, WindowState &St) {
  bool InWindow = St.isOpen() || inScope(&Call);
  if (InWindow)
    noteCallOpener(Call, St);
  CallVerdict V = Policy.judge(Call);
  if (InWindow && V.Callee && !V.OpensWindow)
    checkHelperBegins(*V.Callee, Call, St);
  if (V.NeedsWindow && St.isOpen())
    checkHelperOps(*V.Callee, Call, St);
  if (V.NeedsWindow && St.isOpen() && throughClosingHelper(Call, *V.Callee, St))
    return;
  if (V.ClosesWindow) {
    checkHelperEnds(*V.Callee, &Call, nullptr, St);
    St.K = WindowState::Closed;
    St.Closer = -1;
    St.ClosedBy = &Call;
    return;
  }
  if (V.OpensWindow)
    return throughOpeningHelper(Call, *V.Callee, St);
  WindowEventKind Kind;
  if (V.NeedsWindow && !InWindow)
    Kind = WindowEventKind::UnsafeOutside;
  else if (!V.NeedsWindow && !V.Safe && InWindow)
    Kind = WindowEventKind::CallInside;
  else
    return;
  WindowEvent E = event(Kind, nullptr, St);
  E.Call = &Call;
  E.Verdict = std::move(V);
  report(std::move(E), &Call);
}

int WindowWalker::firstFaultTo(int Op) {
  if (Op < 0)
    return Op;
  if (FirstFaultTo.empty())
    for (const UaccessUse &U : Uses.uses())
      if (U.FaultLabel)
        FirstFaultTo.try_emplace(U.FaultLabel, U.Id);
  return FirstFaultTo.lookup(Uses.use(Op).FaultLabel);
}

void WindowWalker::addState(const CFGBlock *B, WindowState St) {
  const auto *Label = dyn_cast_or_null<LabelStmt>(B->getLabel());
  // A label the user wrote is never in the middle of an expansion; without
  // this, every unsafe op's fault edge would bring its own state to the
  // fault label, and a window of N ops would cost N^2.
  if (Label && !Uses.ownerOf(Label))
    St.InUse = -1;
  if (Label) {
    // Only the window facts: with the path notes, a label at the end of a
    // chain of N gotos would keep N states, and the walk would go cubic.
    WindowState Facts = St.facts();
    std::vector<WindowState> &AtL = Out.AtLabel[Label];
    if (llvm::find(AtL, Facts) == AtL.end())
      AtL.push_back(Facts);
  }
  std::vector<WindowState> &Set = In[B->getBlockID()];
  // Without its notes a helper's closing way could not be told from the
  // other: it goes, as it would have before helpers' ways were followed.
  if (Set.size() >= MaxStatesPerBlock && St.Tentative)
    return;
  if (Set.size() >= MaxStatesPerBlock) {
    // The fault label stays (a leak through it is the one its noted states
    // tell, not another finding): the first op that faults to it stands
    // for all of them, so the states of a label's N ops stay one.
    St.ViaFault = firstFaultTo(St.ViaFault);
    St.ViaJump = nullptr;
    St.Closer = -1;
    St.ClosedBy = nullptr;
    St.Returned = nullptr;
    St.ReturnedSign = ValueSign::Unknown;
  }
  if (llvm::find(Set, St) != Set.end())
    return;
  Set.push_back(St);
  if (!Queued[B->getBlockID()]) {
    Queued[B->getBlockID()] = true;
    Work.push_back(B);
  }
}

void WindowWalker::run(const CFG &Graph) {
  In.assign(Graph.getNumBlockIDs(), {});
  Queued.assign(Graph.getNumBlockIDs(), false);
  Exit = &Graph.getExit();
  WindowState Initial;
  if (Opts.EntersOpen) {
    Initial.K = WindowState::Open;
    Initial.Fam = Family::ReadWrite;
  }
  addState(&Graph.getEntry(), Initial);
  // Per block, how many of its states have been pushed through it.
  std::vector<size_t> Done(Graph.getNumBlockIDs(), 0);
  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    Queued[B->getBlockID()] = false;
    // walkBlock() may add states to this very block (a loop): by index.
    for (size_t I = Done[B->getBlockID()]; I < In[B->getBlockID()].size(); ++I)
      walkBlock(*B, In[B->getBlockID()][I]);
    Done[B->getBlockID()] = In[B->getBlockID()].size();
  }
}

void WindowWalker::walkBlock(const CFGBlock &B, WindowState St, size_t From) {
  const Stmt *LastReturn = nullptr;
  for (size_t I = From, N = B.size(); I < N; ++I) {
    const CFGElement &Elt = B[I];
    if (auto CS = Elt.getAs<CFGStmt>()) {
      step(CS->getStmt(), St);
      if (isa<ReturnStmt>(CS->getStmt()))
        LastReturn = CS->getStmt();
    } else if (auto Cleanup = Elt.getAs<CFGCleanupFunction>()) {
      onCleanup(*Cleanup, St);
    }
    // A split state walks the rest of the block on its own.
    std::vector<WindowState> Split = std::move(Forks);
    Forks.clear();
    for (WindowState &Fork : Split)
      walkBlock(B, std::move(Fork), I + 1);
  }
  if (const Stmt *Term = B.getTerminatorStmt())
    step(Term, St);
  propagate(B, St, LastReturn);
}

void WindowWalker::propagate(const CFGBlock &B, const WindowState &St,
                             const Stmt *LastReturn) {
  BranchResolution Res;
  // The begin's own edge opens the window: with `bad || !begin()`, the
  // block that tests the begin, not the whole condition.
  // A switch's edges are its cases, not true and false.
  if (B.succ_size() == 2 &&
      !isa_and_nonnull<SwitchStmt>(B.getTerminatorStmt()) &&
      (St.K == WindowState::Pending || St.Choice || St.Returned))
    Res = resolveBranch(ownBranchCondition(B), St);
  // A helper's closing way, at a test of its value that the walk cannot
  // decide (`helper() < 0`): followed, it would take the other way's edge.
  if (B.succ_size() >= 2 && !Res.Value && !St.LeakUntold &&
      (St.ReturnedLost || testsAnotherClosingCall(ownBranchCondition(B), St))) {
    WindowState Untold = St;
    Untold.LeakUntold = true;
    return propagate(B, Untold, LastReturn);
  }
  bool Undecided = B.succ_size() == 2 && !Res.Value && St.Returned &&
                   testsReturned(ownBranchCondition(B), St);
  if (St.Tentative && Undecided)
    return;
  // The opener's open way on an edge that may be its failure: the window
  // is followed as before, but its leaks are not told.
  if (Undecided && St.OpenedBy == St.Returned) {
    WindowState Quiet = St;
    Quiet.OpenedBy = nullptr;
    Quiet.Returned = nullptr;
    return propagate(B, Quiet, LastReturn);
  }
  unsigned Index = 0;
  for (const CFGBlock::AdjacentBlock &Adj : B.succs()) {
    unsigned ThisIndex = Index++;
    const CFGBlock *Succ = Adj.getReachableBlock();
    if (!Succ || (Res.Value && *Res.Value != (ThisIndex == 0)))
      continue;
    WindowState Next = edgeState(B, St, Res, ThisIndex, *Succ);
    if (Succ == Exit) {
      noteExit(B, Next, LastReturn);
      reportLeak(B, Next, LastReturn);
    } else
      addState(Succ, Next);
  }
}

/// The state on the edge to successor \p SuccIndex: a resolved checked
/// begin opens or fails, the way through an `&&`, `||` or `?:` is the
/// path's choice, a fault edge or a user jump is remembered for the notes.
WindowState WindowWalker::edgeState(const CFGBlock &B, const WindowState &St,
                                    const BranchResolution &Res,
                                    unsigned SuccIndex,
                                    const CFGBlock &Succ) const {
  WindowState Next = St;
  if (Res.ByReturned)
    Next.Tentative = false;
  if (Res.Use >= 0 && Res.Use == St.Begin) {
    bool Taken = (SuccIndex == 0) == Res.Positive;
    Next.K = Taken ? WindowState::Open : WindowState::Closed;
    if (!Taken && !Next.popNested())
      Next.Begin = -1;
  }
  const Stmt *Term = B.getTerminatorStmt();
  if (B.succ_size() == 2) {
    const auto *Logical = dyn_cast_or_null<BinaryOperator>(Term);
    bool Chooses = isa_and_nonnull<ConditionalOperator>(Term) ||
                   (Logical && Logical->isLogicalOp());
    Next.Choice = Chooses ? cast<Expr>(Term) : nullptr;
    Next.ChoseTrue = Chooses && SuccIndex == 0;
  }
  const UaccessUse *TermOwner = Term ? Uses.ownerOf(Term) : nullptr;
  const auto *SuccLabel = dyn_cast_or_null<LabelStmt>(Succ.getLabel());
  if (TermOwner && TermOwner->Api->TheRole == Role::UnsafeOp && SuccLabel &&
      SuccLabel == TermOwner->FaultLabel) {
    Next.ViaFault = TermOwner->Id;
    Next.ViaJump = nullptr;
  } else if (!TermOwner && Term &&
             (isa<GotoStmt>(Term) || isa<BreakStmt>(Term) ||
              isa<ContinueStmt>(Term))) {
    Next.ViaJump = Term;
  }
  return Next;
}

void WindowWalker::reportLeak(const CFGBlock &B, const WindowState &St,
                              const Stmt *LastReturn) {
  if (!St.isOpen() || (St.Begin < 0 && !St.OpenedBy) || Opts.LeavesOpen ||
      St.LeakUntold || B.hasNoReturnElement())
    return;
  WindowEvent E = event(WindowEventKind::Leak, nullptr, St);
  const void *Key = St.OpenedBy;
  if (St.Begin >= 0) {
    E.Use = &Uses.use(St.Begin);
    Key = E.Use;
  } else {
    E.Call = St.OpenedBy;
    E.Helper = St.OpenedBy->getDirectCallee();
    const WindowAnalysis *Body = E.Helper ? helperWays(*E.Helper) : nullptr;
    E.Use = Body ? Body->openingBegin() : nullptr;
  }
  E.Exit = LastReturn;
  // One report per begin and fault label (each is one fix), and per begin
  // and exit otherwise: a new way out of an accepted window is a new
  // finding to a baseline and to the --diff gate.
  const LabelStmt *Label =
      St.ViaFault >= 0 ? Uses.use(St.ViaFault).FaultLabel : nullptr;
  report(std::move(E), Key,
         Label ? static_cast<const void *>(Label) : LastReturn);
}

char WindowAnalysis::ID = 0;

WindowAnalysis::WindowAnalysis(FunctionAnalyses &FA,
                               WindowAnalysisOptions Opts) {
  const CFG *Graph =
      FA.cfg(pruneTriviallyFalseEdges(FA.uses(), FA.astContext()));
  if (!Graph)
    return;
  Analyzed = true;
  for (const UaccessUse &U : FA.uses().uses()) {
    if (!isBegin(U.Api->TheRole))
      continue;
    if (!OpeningBegin)
      OpenedFamily = U.Api->TheFamily;
    else if (OpenedFamily != U.Api->TheFamily)
      OpenedFamily = std::nullopt;
    if (!OpeningBegin)
      OpeningBegin = &U;
  }
  WindowWalker(*this, FA, Opts).run(*Graph);
}

std::unique_ptr<WindowAnalysis> WindowAnalysis::create(FunctionAnalyses &FA) {
  const FunctionDecl &FD = FA.decl();
  if (!isAnalyzable(FD))
    return nullptr;
  CallPolicy &Policy = FA.policy();
  if (FA.uses().empty() && !callsWindowHelper(FD, Policy))
    return nullptr;
  WindowAnalysisOptions Opts;
  Opts.EntersOpen = Policy.runsInCallersWindow(FD);
  Opts.LeavesOpen = Policy.opensForCaller(FD);
  auto Analysis = std::make_unique<WindowAnalysis>(FA, Opts);
  if (!Analysis->analyzed())
    return nullptr;
  return Analysis;
}

llvm::ArrayRef<int> WindowAnalysis::openersOf(const UaccessUse &Op) const {
  auto It = Openers.find(Op.Id);
  if (It == Openers.end())
    return {};
  return It->second;
}

llvm::ArrayRef<int> WindowAnalysis::openersOf(const CallExpr &Call) const {
  auto It = CallOpeners.find(&Call);
  if (It == CallOpeners.end())
    return {};
  return It->second;
}

llvm::ArrayRef<WindowState>
WindowAnalysis::statesAt(const LabelStmt *Label) const {
  auto It = AtLabel.find(Label);
  if (It == AtLabel.end())
    return {};
  return It->second;
}

} // namespace uaccess
