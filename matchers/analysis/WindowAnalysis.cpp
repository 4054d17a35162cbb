//===--- WindowAnalysis.cpp - Path reasoning about uaccess windows --------===//
//
// A worklist walk over the CFG that carries a set of WindowStates per
// block. The rules are stated in WindowAnalysis.h; here each kind of use has
// its transfer function (onBegin, onEnd, onUnsafeOp, onAccessor, onCall),
// branches on a checked begin's result are resolved in resolveBranch(), and
// propagate() moves a state to the successors and reports leaks at the exit.

#include "analysis/WindowAnalysis.h"
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

bool familyPermits(Family Window, Family Access) {
  return Window == Family::ReadWrite || Window == Access;
}

/// Variables that hold a checked begin's result: `ok = user_access_begin()`.
class ResultBindings : public RecursiveASTVisitor<ResultBindings> {
public:
  explicit ResultBindings(const FunctionUses &Uses) : Uses(Uses) {}
  // Inner bindings first: `ok = ({ bool r = user_access_begin(..); r; })`.
  bool shouldTraversePostOrder() const { return true; }

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
  /// Variables that hold a call's value (`err = helper(...)`); null when
  /// two calls are stored in one.
  llvm::DenseMap<const VarDecl *, const CallExpr *> BoundCalls;

  void bind(const VarDecl *VD, const Expr *E) {
    if (std::optional<unsigned> Begin = beginOf(E))
      Bound[VD] = *Begin;
    else if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts()))
      if (!Uses.ownerOf(Call)) {
        auto [It, New] = BoundCalls.try_emplace(VD, Call);
        if (!New && It->second != Call)
          It->second = nullptr;
      }
  }
  /// The call whose value \p E is: the call, or a variable that holds it.
  const CallExpr *callOf(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return Call;
    // `if ((err = helper(...)))`: the assignment's value is the call's.
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Assign)
      return callOf(BO->getRHS());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return BoundCalls.lookup(dyn_cast<VarDecl>(Ref->getDecl()));
    return nullptr;
  }
  /// The checked begin whose result \p E is: the begin itself, the value
  /// of a statement expression, or a variable already bound to one.
  std::optional<unsigned> beginOf(const Expr *E) const {
    const UaccessUse *U = Uses.ownerOf(E->IgnoreParenImpCasts());
    if (!U)
      U = Uses.ownerOf(E);
    if (U)
      return U->Api->TheRole == Role::CheckedBegin ? std::optional(U->Id)
                                                   : std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *SE = dyn_cast<StmtExpr>(E)) {
      const Expr *Last = statementExprValue(*SE);
      return Last ? beginOf(Last) : std::nullopt;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (auto It = Bound.find(dyn_cast<VarDecl>(Ref->getDecl()));
          It != Bound.end())
        return It->second;
    return std::nullopt;
  }

private:
  const FunctionUses &Uses;
};

struct Resolution {
  int Use = -1;
  bool Positive = true;
  /// The condition's value on this path, when the path's choices decide it:
  /// only that edge is taken.
  std::optional<bool> Value;
  /// Value was decided by what a helper call returned on this path.
  bool ByReturned = false;
};

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

/// The walk itself: state sets per block, the worklist, and the transfer
/// functions. Results go into the WindowAnalysis it was made for.
class WindowWalker {
public:
  WindowWalker(WindowAnalysis &Out, FunctionAnalyses &FA,
               WindowAnalysisOptions Opts)
      : Out(Out), Uses(FA.uses()), Ctx(FA.astContext()), Cache(FA.cache()),
        Policy(FA.policy()), Parents(FA.parents()), Body(FA.decl().getBody()),
        Opts(Opts), Bindings(Uses) {
    Bindings.TraverseStmt(FA.decl().getBody());
  }

  void run(const CFG &Graph);

private:
  // Transfer functions, one per kind of use or statement.
  void step(const Stmt *S, WindowState &St);
  void onUse(const UaccessUse &U, WindowState &St);
  void onBegin(const UaccessUse &U, WindowState &St);
  void onEnd(const UaccessUse &U, WindowState &St);
  void onUnsafeOp(const UaccessUse &U, WindowState &St);
  /// Records which window \p U runs in, for the access_ok checks.
  void noteOpener(const UaccessUse &U, const WindowState &St);
  void noteCallOpener(const CallExpr &Call, const WindowState &St);
  void addOpener(llvm::SmallVector<int, 2> &Seen, const clang::Stmt *At,
                 const WindowState &St);
  void onAccessor(const UaccessUse &U, WindowState &St);
  void onCall(const CallExpr &Call, WindowState &St);
  bool throughClosingHelper(const CallExpr &Call, const FunctionDecl &Helper,
                            WindowState &St);
  void throughOpeningHelper(const CallExpr &Call, const FunctionDecl &Helper,
                            WindowState &St);
  /// Every use of the value of \p E is one the walk follows: none, a
  /// return, a branch it decides, a variable used only so.
  bool valueFollowed(const Expr &E, bool MayStore) const;
  /// The ways out of \p Helper, by its own window analysis; null when it
  /// has none (no body here, or it is being analyzed: recursion).
  const WindowAnalysis *helperWays(const FunctionDecl &Helper) const;
  void onCleanup(const CFGCleanupFunction &Cleanup, WindowState &St);
  /// A mismatch between the open window and the ends of \p Helper, which
  /// closes it at \p Call or as the cleanup of \p Guard.
  void checkHelperEnds(const FunctionDecl &Helper, const CallExpr *Call,
                       const VarDecl *Guard, const WindowState &St);

  // Branches and edges.
  Resolution resolveBranch(const clang::Expr *Cond,
                           const WindowState &St) const;
  const clang::Expr *decidingOperand(const clang::Expr &E,
                                     const WindowState &St,
                                     Resolution &R) const;
  Resolution decideByReturned(const WindowState &St, Resolution R) const;
  void decideComparison(const clang::BinaryOperator &BO, const WindowState &St,
                        Resolution &R) const;
  /// \p Cond tests the value of the helper call \p St went through.
  bool testsReturned(const clang::Expr *Cond, const WindowState &St) const;
  /// \p Cond tests a variable that holds the value of a call to a helper
  /// that may end the window, on a path that did not come through that
  /// call (`ret = 0; if (x) ret = h(); if (ret)`).
  bool testsAnotherClosingCall(const clang::Expr *Cond,
                               const WindowState &St) const;
  void walkBlock(const CFGBlock &B, WindowState St, size_t From = 0);
  void propagate(const CFGBlock &B, const WindowState &St,
                 const Stmt *LastReturn);
  WindowState edgeState(const CFGBlock &B, const WindowState &St,
                        const Resolution &Res, unsigned SuccIndex,
                        const CFGBlock &Succ) const;
  void reportLeak(const CFGBlock &B, const WindowState &St,
                  const Stmt *LastReturn);
  void noteExit(const CFGBlock &B, const WindowState &St,
                const Stmt *LastReturn);
  ValueSign returnedSign(const Stmt *LastReturn, const WindowState &St) const;
  void addState(const CFGBlock *B, WindowState St);

  void report(WindowEvent E, const void *Key, const void *Key2 = nullptr);
  WindowEvent event(WindowEventKind Kind, const UaccessUse *U,
                    const WindowState &St) const {
    WindowEvent E;
    E.Kind = Kind;
    E.Use = U;
    E.State = St;
    return E;
  }
  bool inScope(const Stmt *S) const { return S && Uses.scopeOf(S); }

  WindowAnalysis &Out;
  const FunctionUses &Uses;
  ASTContext &Ctx;
  AnalysisCache &Cache;
  CallPolicy &Policy;
  const ParentMap &Parents;
  const Stmt *Body;
  WindowAnalysisOptions Opts;
  ResultBindings Bindings;
  std::set<std::tuple<int, const void *, const void *, int>> Reported;
  const CFGBlock *Exit = nullptr;
  std::vector<std::vector<WindowState>> In;
  std::deque<const CFGBlock *> Work;
  std::vector<bool> Queued;
  /// States a transfer function split off the one it was given (one per
  /// way out of a helper), walked from the next element on.
  std::vector<WindowState> Forks;
};

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
  if (const auto *Call = dyn_cast<CallExpr>(S))
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
    if (St.isOpen())
      St.K = WindowState::Suspended;
    return;
  case Role::Restore:
    if (St.K == WindowState::Suspended)
      St.K = WindowState::Open;
    return;
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

void WindowWalker::onBegin(const UaccessUse &U, WindowState &St) {
  bool AlreadyOpen = St.isOpen() || St.K == WindowState::Suspended;
  if (AlreadyOpen)
    report(event(WindowEventKind::NestedBegin, &U, St), &U);
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
    WindowState InScope = St;
    InScope.K = WindowState::Open;
    InScope.Begin = Scope->Id;
    InScope.Fam = Scope->Api->TheFamily;
    report(event(WindowEventKind::Mismatch, &U, InScope), &U);
  } else if (St.isOpen() && St.Begin >= 0 &&
             !familyPermits(St.Fam, U.Api->TheFamily)) {
    report(event(WindowEventKind::Mismatch, &U, St), &U);
  }
}

void WindowWalker::noteOpener(const UaccessUse &U, const WindowState &St) {
  if (St.isOpen() || inScope(U.Anchor))
    addOpener(Out.Openers[U.Id], U.Anchor, St);
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
  bool InWindow = St.isOpen() || inScope(&Call);
  if (InWindow)
    noteCallOpener(Call, St);
  CallVerdict V = Policy.judge(Call);
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

namespace {
/// The sign of what a helper returns on its ways out that leave the window
/// \p Open (or closed); none when it has no such way.
std::optional<ValueSign> signOfWays(llvm::ArrayRef<WindowExit> Ways,
                                    bool Open) {
  std::optional<ValueSign> Sign;
  for (const WindowExit &W : Ways)
    if (W.Open == Open)
      Sign = Sign ? joinSigns(*Sign, W.Returns) : W.Returns;
  return Sign;
}
} // namespace

// A helper that runs in the window and ends it on some of its ways out (an
// end at its fault label, objtool's double-disable when the caller's label
// ends it again): the path goes on once per kind of way (open, closed),
// each knowing what the helper returned there when its ways agree. One that
// ends it on every way is an end.
bool WindowWalker::throughClosingHelper(const CallExpr &Call,
                                        const FunctionDecl &Helper,
                                        WindowState &St) {
  const WindowAnalysis *Body = helperWays(Helper);
  if (!Body)
    return false;
  std::optional<ValueSign> OpenSign = signOfWays(Body->exits(), true);
  std::optional<ValueSign> ClosedSign = signOfWays(Body->exits(), false);
  // A state that is itself one way of an earlier call splits no further
  // (N calls keep N + 1 states, not 2^N): it goes on open, as before.
  if (!ClosedSign || (OpenSign && St.Tentative))
    return false;
  checkHelperEnds(Helper, &Call, nullptr, St);
  WindowState Closed = St;
  Closed.K = WindowState::Closed;
  Closed.Closer = -1;
  Closed.ClosedBy = &Call;
  Closed.ViaFault = -1;
  Closed.ViaJump = nullptr;
  if (!OpenSign) {
    St = Closed;
    return true;
  }
  // A value the walk loses (a switch, `?:`, a copy, `|=`): each way would
  // take every edge after it. Only the open way goes on, with no leak told
  // past a branch the walk does not decide.
  if (!valueFollowed(Call, true)) {
    St.ReturnedLost = true;
    return true;
  }
  // Each state stands for its kind of ways: what they all return decides
  // a later branch on the value for that state alone.
  St.Returned = Closed.Returned = &Call;
  St.ReturnedSign = *OpenSign;
  Closed.ReturnedSign = *ClosedSign;
  Closed.Tentative = true;
  Forks.push_back(Closed);
  return true;
}

namespace {
/// \p E is the operand of \p P that a branch on P still decides: under
/// `!`, a cast, __builtin_expect(), a comparison with 0, `&&` or `||`.
bool passesValue(const Stmt &P, const Expr &E, ASTContext &Ctx) {
  if (isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr>(P))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(&P))
    return UO->getOpcode() == UO_LNot;
  if (const auto *Call = dyn_cast<CallExpr>(&P))
    return Call->getBuiltinCallee() == Builtin::BI__builtin_expect &&
           Call->getNumArgs() > 0 && Call->getArg(0) == &E;
  const auto *BO = dyn_cast<BinaryOperator>(&P);
  if (!BO)
    return false;
  if (BO->isLogicalOp())
    return true;
  const Expr *Other = BO->getLHS() == &E ? BO->getRHS() : BO->getLHS();
  return BO->isComparisonOp() && foldsToZero(*Other, Ctx);
}

bool isConditionOf(const Stmt &P, const Expr &E) {
  if (const auto *If = dyn_cast<IfStmt>(&P))
    return If->getCond() == &E;
  if (const auto *While = dyn_cast<WhileStmt>(&P))
    return While->getCond() == &E;
  if (const auto *Do = dyn_cast<DoStmt>(&P))
    return Do->getCond() == &E;
  if (const auto *For = dyn_cast<ForStmt>(&P))
    return For->getCond() == &E;
  return false;
}
} // namespace

bool WindowWalker::valueFollowed(const Expr &E, bool MayStore) const {
  const Expr *Value = &E;
  const Stmt *P = Parents.getParent(Value);
  while (P && isa<Expr>(P) && passesValue(*P, *Value, Ctx)) {
    Value = cast<Expr>(P);
    P = Parents.getParent(P);
  }
  if (!P || isa<CompoundStmt, ReturnStmt>(P) || isConditionOf(*P, *Value))
    return true;
  // `err = helper(...)` (or its declaration), and every use of err.
  const VarDecl *Var = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(P);
      BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Value)
    if (const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      Var = dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *DS = dyn_cast<DeclStmt>(P); DS && DS->isSingleDecl())
    Var = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!MayStore || !Var || !Bindings.BoundCalls.lookup(Var) ||
      (isa<BinaryOperator>(P) && !valueFollowed(*cast<Expr>(P), false)))
    return false;
  return !anyStmtIn(*Body, [&](const Stmt &S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&S);
    if (!Ref || Ref->getDecl() != Var)
      return false;
    const auto *Store =
        dyn_cast_or_null<BinaryOperator>(Parents.getParent(Ref));
    if (Store && Store->getOpcode() == BO_Assign && Store->getLHS() == Ref)
      return false;
    return !valueFollowed(*Ref, false);
  });
}

const WindowAnalysis *
WindowWalker::helperWays(const FunctionDecl &Helper) const {
  const FunctionDecl *Def = parsedDefinition(Helper);
  return Def ? Cache.get(*Def).getAnalysis<WindowAnalysis>() : nullptr;
}

// A helper that opens a window for its caller (`return
// user_write_access_begin(...)`): the window is this function's to close,
// opened at the call, of the family of the helper's begin. Where the
// helper's value says whether it opened (its checked begin's result, or 0
// against -EFAULT), the path splits as at a closing helper.
void WindowWalker::throughOpeningHelper(const CallExpr &Call,
                                        const FunctionDecl &Helper,
                                        WindowState &St) {
  WindowState Before = St;
  const WindowAnalysis *Body = helperWays(Helper);
  if (St.isOpen() || St.K == WindowState::Suspended) {
    WindowEvent E = event(WindowEventKind::NestedBegin,
                          Body ? Body->openingBegin() : nullptr, St);
    E.Call = &Call;
    E.Helper = &Helper;
    report(std::move(E), &Call);
  }
  St.K = WindowState::Open;
  St.Fam = Family::ReadWrite;
  St.Begin = -1;
  St.OpenedBy = &Call;
  St.Closer = -1;
  St.ClosedBy = nullptr;
  St.ViaFault = -1;
  St.ViaJump = nullptr;
  if (!Body)
    return;
  if (std::optional<Family> Fam = Body->openedFamily())
    St.Fam = *Fam;
  std::optional<ValueSign> OpenSign = signOfWays(Body->exits(), true);
  std::optional<ValueSign> ClosedSign = signOfWays(Body->exits(), false);
  // A state that is itself one way of an earlier call splits no further:
  // a block of N openers keeps N + 1 states, not 2^N.
  if (!OpenSign || !ClosedSign || Before.Tentative)
    return;
  // Where the value is lost, where the helper failed is too: no leak of
  // this window is told.
  if (!valueFollowed(Call, true)) {
    St.OpenedBy = nullptr;
    return;
  }
  St.Returned = Before.Returned = &Call;
  St.ReturnedSign = *OpenSign;
  Before.ReturnedSign = *ClosedSign;
  Before.Tentative = true;
  Forks.push_back(Before);
}

// `__attribute__((cleanup(f)))` runs f where the variable's scope ends: a
// guard whose f ends the window closes it on every exit, as 6.19's scoped
// guards do.
void WindowWalker::onCleanup(const CFGCleanupFunction &Cleanup,
                             WindowState &St) {
  const FunctionDecl *F = Cleanup.getFunctionDecl();
  if (!F || !Policy.closesForCaller(*F) || !St.isOpen())
    return;
  checkHelperEnds(*F, nullptr, Cleanup.getVarDecl(), St);
  St.K = WindowState::Closed;
  St.Closer = -1;
  St.ClosedBy = nullptr;
  St.ViaFault = -1;
  St.ViaJump = nullptr;
}

// The helper's body is analyzed as running in some caller's window, where
// its ends match any family; here the caller's window is known. Only a
// helper none of whose ends matches is reported: one with ends of several
// families may pick by its arguments. One report per call or guard.
void WindowWalker::checkHelperEnds(const FunctionDecl &Helper,
                                   const CallExpr *Call, const VarDecl *Guard,
                                   const WindowState &St) {
  std::vector<const UaccessUse *> Ends = Policy.endsIn(Helper);
  if (!St.isOpen() || St.Begin < 0 || Ends.empty() ||
      llvm::any_of(
          Ends,
          [&](const UaccessUse *End) { return End->Api->TheFamily == St.Fam; }))
    return;
  WindowEvent E = event(WindowEventKind::Mismatch, Ends.front(), St);
  E.Call = Call;
  E.Helper = &Helper;
  E.Guard = Guard;
  report(std::move(E), Call ? static_cast<const void *>(Call) : Guard);
}

// What a branch condition says on the path of \p St: whether the true edge
// is the one where its pending checked begin succeeded, or which edge the
// path's choices take. Neither when the condition does not decide it.
Resolution WindowWalker::resolveBranch(const Expr *Cond,
                                       const WindowState &St) const {
  Resolution R;
  const Expr *E = Cond;
  while (E && !R.Value) {
    if (const UaccessUse *U = Uses.ownerOf(E)) {
      if (U->Api->TheRole == Role::CheckedBegin)
        R.Use = U->Id;
      return R;
    }
    const Expr *Next = E->IgnoreParenImpCasts();
    if (Next != E) {
      E = Next;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_LNot)
        return R;
      R.Positive = !R.Positive;
      E = UO->getSubExpr();
    } else if (const auto *Cast = dyn_cast<CStyleCastExpr>(E)) {
      E = Cast->getSubExpr();
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(E);
               Assign && Assign->getOpcode() == BO_Assign) {
      E = Assign->getRHS();
    } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (St.Returned && Call == St.Returned)
        return decideByReturned(St, R);
      if (Call->getBuiltinCallee() != Builtin::BI__builtin_expect ||
          Call->getNumArgs() < 1)
        return R;
      E = Call->getArg(0);
    } else if (isa<BinaryOperator, ConditionalOperator>(E)) {
      E = decidingOperand(*E, St, R);
    } else {
      // `ok = user_access_begin(...); if (!ok)`, or a statement expression
      // whose value is the begin's; `err = helper(...); if (err)`.
      if (std::optional<unsigned> Begin = Bindings.beginOf(E))
        R.Use = *Begin;
      else if (St.Returned && Bindings.callOf(E) == St.Returned)
        return decideByReturned(St, R);
      return R;
    }
  }
  return R;
}

// `helper() < 0` (or `err >= 0`, `0 > err`...) on a path where the sign of
// what the helper returned decides it.
void WindowWalker::decideComparison(const BinaryOperator &BO,
                                    const WindowState &St,
                                    Resolution &R) const {
  if (!St.Returned)
    return;
  bool ZeroOnLeft = false;
  const Expr *Other = operandAgainstZero(BO, Ctx, ZeroOnLeft);
  if (!Other || Bindings.callOf(Other) != St.Returned)
    return;
  if (std::optional<bool> Truth =
          compareWithZero(St.ReturnedSign, BO.getOpcode(), ZeroOnLeft)) {
    R.Value = *Truth == R.Positive;
    R.ByReturned = true;
  }
}

Resolution WindowWalker::decideByReturned(const WindowState &St,
                                          Resolution R) const {
  if (std::optional<bool> Truth = truthOf(St.ReturnedSign)) {
    R.Value = *Truth == R.Positive;
    R.ByReturned = true;
  }
  return R;
}

// The operand of \p E whose value is the condition's on the path of \p St,
// or null (R.Value is set when the path's choice decides the condition).
// `X == 0` and `X != 0` (either side): X, negated for `==`. `L || R`,
// `L && R` and `C ? A : B` evaluate an operand only on some paths: the
// path's choice says which, and so does what the path did in an operand
// (its pending begin, or a choice inside R, A or B, ran there).
const Expr *WindowWalker::decidingOperand(const Expr &E, const WindowState &St,
                                          Resolution &R) const {
  const Stmt *Begin =
      St.K == WindowState::Pending ? Uses.use(St.Begin).Anchor : nullptr;
  auto Ran = [&](const Expr *Operand) {
    return anyStmtIn(*Operand, [&](const Stmt &S) {
      return &S == Begin || (St.Choice && &S == St.Choice);
    });
  };
  if (const auto *CO = dyn_cast<ConditionalOperator>(&E)) {
    const Expr *Arm = nullptr;
    if (CO == St.Choice)
      Arm = St.ChoseTrue ? CO->getTrueExpr() : CO->getFalseExpr();
    else
      for (const Expr *Side : {CO->getTrueExpr(), CO->getFalseExpr()})
        if (!Arm && Ran(Side))
          Arm = Side;
    if (Arm && (foldsToZero(*Arm, Ctx) || foldsToNonZero(*Arm, Ctx))) {
      R.Value = foldsToNonZero(*Arm, Ctx) == R.Positive;
      return nullptr;
    }
    return Arm;
  }
  const auto &BO = cast<BinaryOperator>(E);
  if (BO.isLogicalOp()) {
    // The left side's value that skips the right side is the operator's.
    if (&BO == St.Choice && St.ChoseTrue == (BO.getOpcode() == BO_LOr)) {
      R.Value = St.ChoseTrue == R.Positive;
      return nullptr;
    }
    return &BO == St.Choice || Ran(BO.getRHS()) ? BO.getRHS() : nullptr;
  }
  if (BO.isRelationalOp()) {
    decideComparison(BO, St, R);
    return nullptr;
  }
  if (!BO.isEqualityOp())
    return nullptr;
  const Expr *X = foldsToZero(*BO.getRHS(), Ctx)   ? BO.getLHS()
                  : foldsToZero(*BO.getLHS(), Ctx) ? BO.getRHS()
                                                   : nullptr;
  if (X && BO.getOpcode() == BO_EQ)
    R.Positive = !R.Positive;
  return X;
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
    St.ViaFault = -1;
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
  Resolution Res;
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
                                    const Resolution &Res, unsigned SuccIndex,
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

bool WindowWalker::testsReturned(const Expr *Cond,
                                 const WindowState &St) const {
  return Cond && anyStmtIn(*Cond, [&](const Stmt &S) {
           const auto *E = dyn_cast<Expr>(&S);
           return E && Bindings.callOf(E) == St.Returned;
         });
}

bool WindowWalker::testsAnotherClosingCall(const Expr *Cond,
                                           const WindowState &St) const {
  return Cond && St.isOpen() && anyStmtIn(*Cond, [&](const Stmt &S) {
           const auto *Ref = dyn_cast<DeclRefExpr>(&S);
           const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
           const CallExpr *Call = V ? Bindings.BoundCalls.lookup(V) : nullptr;
           const FunctionDecl *Callee =
               Call ? Call->getDirectCallee() : nullptr;
           const WindowAnalysis *Ways =
               Call != St.Returned && Callee ? helperWays(*Callee) : nullptr;
           return Ways && signOfWays(Ways->exits(), false).has_value();
         });
}

// The ways out of a function that runs in its caller's window, for its
// callers (throughClosingHelper()).
void WindowWalker::noteExit(const CFGBlock &B, const WindowState &St,
                            const Stmt *LastReturn) {
  if (!(Opts.EntersOpen || Opts.LeavesOpen) || B.hasNoReturnElement())
    return;
  auto Add = [&](bool Open, ValueSign Returns) {
    WindowExit Way{Open, Returns};
    if (!llvm::is_contained(Out.Exits, Way))
      Out.Exits.push_back(Way);
  };
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(LastReturn);
  const Expr *Value = Ret ? Ret->getRetValue() : nullptr;
  // `return user_write_access_begin(...)`: open exactly where it is true.
  if (St.K == WindowState::Pending && Value &&
      Bindings.beginOf(Value) == std::optional<unsigned>(St.Begin)) {
    Add(true, ValueSign::NonZero);
    Add(false, ValueSign::Zero);
    return;
  }
  Add(St.isOpen(), returnedSign(LastReturn, St));
}

ValueSign WindowWalker::returnedSign(const Stmt *LastReturn,
                                     const WindowState &St) const {
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(LastReturn);
  const Expr *Value = Ret ? Ret->getRetValue() : nullptr;
  if (!Value)
    return ValueSign::Unknown;
  // `return helper(...)`: what the helper returned on this path.
  if (St.Returned && Bindings.callOf(Value) == St.Returned)
    return St.ReturnedSign;
  return signOf(*Value, Ctx);
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
