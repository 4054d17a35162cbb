//===--- WindowHelperWays.cpp - Helpers that open or end the window -------===//
//
// A helper that runs in the caller's window and ends it on some ways out,
// or opens a window for its caller, changes the caller's window at the
// call. Its own WindowAnalysis records its ways out (noteExit(): open or
// closed, and the sign of what it returns there); at the call, the caller's
// path splits per kind of way, and a later branch on the value takes only
// that way's edge (WindowBranches.cpp). Where the value is lost, the walk
// goes on with the open way only and tells no leak past it.
//
//===----------------------------------------------------------------------===//

#include "analysis/WindowWalker.h"
#include "utils/ExprValues.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace uaccess {

std::optional<ValueSign> signOfWays(llvm::ArrayRef<WindowExit> Ways,
                                    bool Open) {
  std::optional<ValueSign> Sign;
  for (const WindowExit &W : Ways)
    if (W.Open == Open)
      Sign = Sign ? joinSigns(*Sign, W.Returns) : W.Returns;
  return Sign;
}

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
  if (!F || !St.isOpen())
    return;
  if (!Policy.closesForCaller(*F)) {
    // `char *buf __free(kfree)` whose scope ends in the window: kfree()
    // runs there with user access on, as a call by name would.
    CallVerdict V = Policy.judge(*F);
    if (V.Safe || V.NeedsWindow || V.OpensWindow)
      return;
    WindowEvent E = event(WindowEventKind::CallInside, nullptr, St);
    E.Guard = Cleanup.getVarDecl();
    E.Verdict = std::move(V);
    report(std::move(E), Cleanup.getVarDecl());
    return;
  }
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

// The helper's ops run in this window: one its family does not permit (a
// write in a read window, through lib/strnlen_user.c's do_strnlen_user()
// shape) is a mismatch at the call, with a note at the op. The helper's
// own analysis lets any family through, as it runs in windows of each.
void WindowWalker::checkHelperOps(const FunctionDecl &Helper,
                                  const CallExpr &Call, const WindowState &St) {
  if (St.Begin < 0)
    return;
  for (const UaccessUse *Op : Policy.unsafeOpsIn(Helper))
    if (!familyPermits(St.Fam, Op->Api->TheFamily)) {
      WindowEvent E = event(WindowEventKind::Mismatch, Op, St);
      E.Call = &Call;
      E.Helper = &Helper;
      return report(std::move(E), &Call, Op);
    }
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

} // namespace uaccess
