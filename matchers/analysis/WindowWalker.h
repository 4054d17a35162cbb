//===--- WindowWalker.h - The walk behind WindowAnalysis --------*- C++ -*-===//
//
// Private to WindowAnalysis: the walker's class, whose members live in three
// files. WindowAnalysis.cpp has the worklist, the transfer functions of the
// uses, the edges and the leaks; WindowBranches.cpp decides which edge a
// branch takes on a path; WindowHelperWays.cpp follows calls of helpers that
// open or end the caller's window, and records the ways out of a function
// for its own callers.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_WINDOWWALKER_H
#define UACCESS_LINT_ANALYSIS_WINDOWWALKER_H

#include "analysis/WindowAnalysis.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace uaccess {

/// Variables that hold a checked begin's result: `ok = user_access_begin()`.
class ResultBindings : public clang::RecursiveASTVisitor<ResultBindings> {
public:
  explicit ResultBindings(const FunctionUses &Uses) : Uses(Uses) {}
  // Inner bindings first: `ok = ({ bool r = user_access_begin(..); r; })`.
  bool shouldTraversePostOrder() const { return true; }

  bool VisitVarDecl(clang::VarDecl *VD) {
    if (const clang::Expr *Init = VD->getInit())
      bind(VD, Init);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *BO) {
    if (BO->getOpcode() == clang::BO_Assign)
      if (auto *Ref =
              llvm::dyn_cast<clang::DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (auto *VD = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()))
          bind(VD, BO->getRHS());
    return true;
  }

  llvm::DenseMap<const clang::VarDecl *, unsigned> Bound;
  /// Variables that hold a call's value (`err = helper(...)`); null when
  /// two calls are stored in one.
  llvm::DenseMap<const clang::VarDecl *, const clang::CallExpr *> BoundCalls;

  /// Variables that hold a checked begin's failure: `bad = !begin(..)`.
  llvm::DenseMap<const clang::VarDecl *, unsigned> BoundFailures;

  void bind(const clang::VarDecl *VD, const clang::Expr *E) {
    const auto *Not =
        llvm::dyn_cast<clang::UnaryOperator>(E->IgnoreParenImpCasts());
    std::optional<unsigned> Failed;
    if (Not && Not->getOpcode() == clang::UO_LNot && !Uses.ownerOf(Not))
      Failed = beginOf(Not->getSubExpr());
    if (std::optional<unsigned> Begin = beginOf(E))
      Bound[VD] = *Begin;
    else if (Failed)
      BoundFailures[VD] = *Failed;
    else if (const auto *Call =
                 llvm::dyn_cast<clang::CallExpr>(E->IgnoreParenImpCasts()))
      if (!Uses.ownerOf(Call)) {
        auto [It, New] = BoundCalls.try_emplace(VD, Call);
        if (!New && It->second != Call)
          It->second = nullptr;
      }
  }
  /// The call whose value \p E is: the call, or a variable that holds it.
  const clang::CallExpr *callOf(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(E))
      return Call;
    // `if ((err = helper(...)))`: the assignment's value is the call's.
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E);
        BO && BO->getOpcode() == clang::BO_Assign)
      return callOf(BO->getRHS());
    if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E))
      return BoundCalls.lookup(llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()));
    return nullptr;
  }
  /// The checked begin whose result \p E is: the begin itself, the value
  /// of a statement expression, or a variable already bound to one.
  std::optional<unsigned> beginOf(const clang::Expr *E) const {
    const UaccessUse *U = Uses.ownerOf(E->IgnoreParenImpCasts());
    if (!U)
      U = Uses.ownerOf(E);
    if (U)
      return U->Api->TheRole == Role::CheckedBegin ? std::optional(U->Id)
                                                   : std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *SE = llvm::dyn_cast<clang::StmtExpr>(E)) {
      const clang::Expr *Last = statementExprValue(*SE);
      return Last ? beginOf(Last) : std::nullopt;
    }
    if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E))
      if (auto It = Bound.find(llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()));
          It != Bound.end())
        return It->second;
    return std::nullopt;
  }
  /// The checked begin whose failure variable \p E reads.
  std::optional<unsigned> failureOf(const clang::Expr *E) const {
    const auto *Ref =
        llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    auto It =
        Ref ? BoundFailures.find(llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()))
            : BoundFailures.end();
    return It != BoundFailures.end() ? std::optional(It->second) : std::nullopt;
  }

private:
  const FunctionUses &Uses;
};

struct BranchResolution {
  int Use = -1;
  bool Positive = true;
  /// The condition's value on this path, when the path's choices decide it:
  /// only that edge is taken.
  std::optional<bool> Value;
  /// Value was decided by what a helper call returned on this path.
  bool ByReturned = false;
};

/// A window of family \p Window permits an access of family \p Access.
inline bool familyPermits(Family Window, Family Access) {
  return Window == Family::ReadWrite || Window == Access;
}

/// The sign of what a helper returns on its ways out that leave the window
/// \p Open (or closed); none when it has no such way.
std::optional<ValueSign> signOfWays(llvm::ArrayRef<WindowExit> Ways, bool Open);

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

  void run(const clang::CFG &Graph);

private:
  // Transfer functions, one per kind of use or statement.
  void step(const clang::Stmt *S, WindowState &St);
  void onUse(const UaccessUse &U, WindowState &St);
  /// user_access_save() suspends an open window, user_access_restore()
  /// resumes a suspended one.
  void toggleAccess(Role R, WindowState &St);
  void onBegin(const UaccessUse &U, WindowState &St);
  void onEnd(const UaccessUse &U, WindowState &St);
  void onUnsafeOp(const UaccessUse &U, WindowState &St);
  /// Records which window \p U runs in, for the access_ok checks.
  void noteOpener(const UaccessUse &U, const WindowState &St);
  void noteCallOpener(const clang::CallExpr &Call, const WindowState &St);
  void addOpener(llvm::SmallVector<int, 2> &Seen, const clang::Stmt *At,
                 const WindowState &St);
  void onAccessor(const UaccessUse &U, WindowState &St);
  void onCall(const clang::CallExpr &Call, WindowState &St);
  /// A call that toggles nothing: a call in the window, a helper that
  /// opens or closes it, or one that needs it.
  void onOrdinaryCall(const clang::CallExpr &Call, WindowState &St);
  bool throughClosingHelper(const clang::CallExpr &Call,
                            const clang::FunctionDecl &Helper, WindowState &St);
  void throughOpeningHelper(const clang::CallExpr &Call,
                            const clang::FunctionDecl &Helper, WindowState &St);
  /// Every use of the value of \p E is one the walk follows: none, a
  /// return, a branch it decides, a variable used only so.
  bool valueFollowed(const clang::Expr &E, bool MayStore) const;
  /// The ways out of \p Helper, by its own window analysis; null when it
  /// has none (no body here, or it is being analyzed: recursion).
  const WindowAnalysis *helperWays(const clang::FunctionDecl &Helper) const;
  void onCleanup(const clang::CFGCleanupFunction &Cleanup, WindowState &St);
  /// A mismatch between the open window and the ends of \p Helper, which
  /// closes it at \p Call or as the cleanup of \p Guard.
  /// \p Helper, called at \p Call in a window, opens one of its own.
  void checkHelperBegins(const clang::FunctionDecl &Helper,
                         const clang::CallExpr &Call, const WindowState &St);
  /// \p St with the window that \p Scope (a 6.19 scope) holds open: the
  /// window a use in the scope's body is in, where the path state has none.
  static WindowState inScopeWindow(WindowState St, const UaccessUse &Scope);
  /// An op of \p Helper, called at \p Call, that the window's family does
  /// not permit.
  void checkHelperOps(const clang::FunctionDecl &Helper,
                      const clang::CallExpr &Call, const WindowState &St);
  void checkHelperEnds(const clang::FunctionDecl &Helper,
                       const clang::CallExpr *Call, const clang::VarDecl *Guard,
                       const WindowState &St);

  // Branches and edges.
  BranchResolution resolveBranch(const clang::Expr *Cond,
                                 const WindowState &St) const;
  const clang::Expr *checkedBeginAgainstOne(const clang::BinaryOperator &BO,
                                            BranchResolution &R) const;
  const clang::Expr *decidingOperand(const clang::Expr &E,
                                     const WindowState &St,
                                     BranchResolution &R) const;
  BranchResolution decideByReturned(const WindowState &St,
                                    BranchResolution R) const;
  void decideComparison(const clang::BinaryOperator &BO, const WindowState &St,
                        BranchResolution &R) const;
  /// \p Cond tests the value of the helper call \p St went through.
  bool testsReturned(const clang::Expr *Cond, const WindowState &St) const;
  /// \p Cond tests a variable that holds the value of a call to a helper
  /// that may end the window, on a path that did not come through that
  /// call (`ret = 0; if (x) ret = h(); if (ret)`).
  bool testsAnotherClosingCall(const clang::Expr *Cond,
                               const WindowState &St) const;
  void walkBlock(const clang::CFGBlock &B, WindowState St, size_t From = 0);
  void propagate(const clang::CFGBlock &B, const WindowState &St,
                 const clang::Stmt *LastReturn);
  WindowState edgeState(const clang::CFGBlock &B, const WindowState &St,
                        const BranchResolution &Res, unsigned SuccIndex,
                        const clang::CFGBlock &Succ) const;
  void reportLeak(const clang::CFGBlock &B, const WindowState &St,
                  const clang::Stmt *LastReturn);
  void noteExit(const clang::CFGBlock &B, const WindowState &St,
                const clang::Stmt *LastReturn);
  ValueSign returnedSign(const clang::Stmt *LastReturn,
                         const WindowState &St) const;
  void addState(const clang::CFGBlock *B, WindowState St);
  /// The first op whose fault edge goes where \p Op's goes.
  int firstFaultTo(int Op);

  void report(WindowEvent E, const void *Key, const void *Key2 = nullptr);
  WindowEvent event(WindowEventKind Kind, const UaccessUse *U,
                    const WindowState &St) const {
    WindowEvent E;
    E.Kind = Kind;
    E.Use = U;
    E.State = St;
    return E;
  }
  bool inScope(const clang::Stmt *S) const { return S && Uses.scopeOf(S); }

  WindowAnalysis &Out;
  const FunctionUses &Uses;
  clang::ASTContext &Ctx;
  AnalysisCache &Cache;
  CallPolicy &Policy;
  const clang::ParentMap &Parents;
  const clang::Stmt *Body;
  WindowAnalysisOptions Opts;
  ResultBindings Bindings;
  std::set<std::tuple<int, const void *, const void *, int>> Reported;
  const clang::CFGBlock *Exit = nullptr;
  std::vector<std::vector<WindowState>> In;
  std::deque<const clang::CFGBlock *> Work;
  std::vector<bool> Queued;
  /// States a transfer function split off the one it was given (one per
  /// way out of a helper), walked from the next element on.
  std::vector<WindowState> Forks;
  llvm::DenseMap<const clang::LabelStmt *, int> FirstFaultTo;
};

} // namespace uaccess

#endif
