//===--- WindowAnalysis.h - Path reasoning about windows --------*- C++ -*-===//
//
// The rules, in the spirit of the analyzer's SimpleStreamChecker:
//  * A checked begin opens a window only on the path where it returned true;
//    a masked or unchecked begin opens one unconditionally.
//  * Every path from an open window reaches an end of the same family before
//    the function returns; fault labels of unsafe_* ops are paths too.
//  * An end needs an open window; a begin needs a closed one.
//  * A TU-local helper that ends its caller's window ends it with the family
//    of the ends in its body.
//  * unsafe_* ops need an open window whose family permits their direction.
//  * Inside a window only uaccess-safe code runs: no calls to functions that
//    are not on the safe list, and no self-checking accessors (they toggle
//    access themselves and close the window early).
//  * user_access_save() suspends a window, user_access_restore() resumes it.
//  * Scoped windows (6.19) close on every exit of their scope by construction.
//
// This file only reasons about paths. It produces WindowEvents; the checks
// turn events into diagnostics and fix-its. The walk is a worklist over the
// CFG with one transfer function per kind of use (WindowAnalysis.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_WINDOWANALYSIS_H
#define UACCESS_LINT_ANALYSIS_WINDOWANALYSIS_H

#include "analysis/AnalysisCache.h"
#include "analysis/CallPolicy.h"
#include "recognize/UaccessRecognizer.h"
#include "utils/ExprValues.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class GotoStmt;
class VarDecl;
} // namespace clang

namespace uaccess {

/// The state of the window on one path: a tiny value type.
struct WindowState {
  enum Kind : unsigned char { Closed, Pending, Open, Suspended };
  Kind K = Closed;
  Family Fam = Family::None;
  int Begin = -1;    ///< Use that opened the window; -1: opened by the caller.
  int Closer = -1;   ///< Use that last closed it.
  int ViaFault = -1; ///< Unsafe op whose fault edge this path took last.
  const clang::Stmt *ViaJump = nullptr; ///< User goto/break taken last.
  int InUse = -1; ///< Use whose expansion the path is in the middle of.
  /// A window begun inside another (already reported) is modelled as a
  /// two-deep stack, so its end or failure returns to the outer window
  /// instead of cascading into more reports.
  int OuterBegin = -1;
  Family OuterFam = Family::None;
  /// The last `&&`, `||` or `?:` whose way this path chose (the true edge
  /// of its left side or condition, or the false one): a later branch on
  /// the value it computed (`unlikely(bad || !user_access_begin())`) is
  /// decided by that choice. Reset at every other two-way branch.
  const clang::Expr *Choice = nullptr;
  bool ChoseTrue = false;
  /// After a call to a helper that ends its caller's window on some of its
  /// ways out (an end at its fault label): the call, and the sign of what it
  /// returned on the ways this state stands for. A later branch on the value
  /// (`if (helper())`, `helper() < 0`, or a variable that holds it) takes
  /// only the edge that sign takes.
  const clang::CallExpr *Returned = nullptr;
  ValueSign ReturnedSign = ValueSign::Unknown;
  /// The state exists only because the helper may close the window, and no
  /// branch on the value has chosen it yet: a branch that tests the value
  /// in a way the walk cannot decide drops it.
  bool Tentative = false;
  /// The helper's value went where the walk cannot follow it (a switch, a
  /// copy, `?:`): a branch it does not decide after that may be the one
  /// that tells the helper's closing way, and a leak past it is not told.
  bool ReturnedLost = false;
  bool LeakUntold = false;
  /// The helper call that closed the window last, for the notes.
  const clang::CallExpr *ClosedBy = nullptr;
  /// The call to a TU-local helper that opened the window (Begin is -1):
  /// a leak of it is this function's.
  const clang::CallExpr *OpenedBy = nullptr;

  /// Back to the outer window after the inner one ends or fails to open.
  bool popNested() {
    if (OuterBegin < 0)
      return false;
    K = Open;
    Begin = OuterBegin;
    Fam = OuterFam;
    OuterBegin = -1;
    OuterFam = Family::None;
    return true;
  }

  /// The state without its path notes (which fault edge, which jump, which
  /// end, which expansion, which way through a condition): only the window
  /// facts.
  WindowState facts() const {
    WindowState F = *this;
    F.ViaFault = -1;
    F.ViaJump = nullptr;
    F.Closer = -1;
    F.InUse = -1;
    F.Choice = nullptr;
    F.ChoseTrue = false;
    F.Returned = nullptr;
    F.ReturnedSign = ValueSign::Unknown;
    F.Tentative = false;
    F.ClosedBy = nullptr;
    return F;
  }

  bool isOpen() const { return K == Open || K == Pending; }
  bool operator==(const WindowState &O) const {
    return K == O.K && Fam == O.Fam && Begin == O.Begin && Closer == O.Closer &&
           ViaFault == O.ViaFault && ViaJump == O.ViaJump && InUse == O.InUse &&
           OuterBegin == O.OuterBegin && OuterFam == O.OuterFam &&
           Choice == O.Choice && ChoseTrue == O.ChoseTrue &&
           Returned == O.Returned && ReturnedSign == O.ReturnedSign &&
           Tentative == O.Tentative && ClosedBy == O.ClosedBy &&
           ReturnedLost == O.ReturnedLost && LeakUntold == O.LeakUntold &&
           OpenedBy == O.OpenedBy;
  }
};

enum class WindowEventKind {
  Leak,          ///< A path returns with the window open.
  RedundantEnd,  ///< An end on a path with no open window.
  NestedBegin,   ///< A begin while a window is open.
  Mismatch,      ///< An end, or an op, of another family than the window.
  UnsafeOutside, ///< An unsafe op (or a helper needing a window) outside one.
  CallInside,    ///< A call that is not uaccess-safe inside a window.
};

struct WindowEvent {
  WindowEventKind Kind = WindowEventKind::Leak;
  /// The use the event is about (the end, the op, the begin); null for calls.
  const UaccessUse *Use = nullptr;
  /// The path's state when the event happened.
  WindowState State;
  /// For leaks: the statement that leaves the function (null: falls off).
  const clang::Stmt *Exit = nullptr;
  /// For calls: the call, its callee and what the policy said.
  const clang::CallExpr *Call = nullptr;
  CallVerdict Verdict;
  /// For a mismatch at a TU-local helper that ends the caller's window:
  /// the helper, whose end Use is (a use of the helper's body, not of this
  /// function). The helper runs at Call, or as the cleanup of Guard where
  /// Guard's scope ends. For a leak of a window a helper opened: the
  /// helper, called at Call, whose begin Use is.
  const clang::FunctionDecl *Helper = nullptr;
  const clang::VarDecl *Guard = nullptr;
};

/// One way out of a function that runs in its caller's window: whether the
/// window is still open there, and the sign of what the function returns.
struct WindowExit {
  bool Open = true;
  ValueSign Returns = ValueSign::Unknown;
  bool operator==(const WindowExit &O) const {
    return Open == O.Open && Returns == O.Returns;
  }
};

struct WindowAnalysisOptions {
  /// Analyze the function as if its caller had opened a window (helpers that
  /// run inside their caller's window).
  bool EntersOpen = false;
  /// The function opens a window for its caller: leaving it open is its job.
  bool LeavesOpen = false;
};

class WindowAnalysis : public ManagedAnalysis {
public:
  WindowAnalysis(FunctionAnalyses &FA, WindowAnalysisOptions Opts = {});

  /// For FunctionAnalyses::getAnalysis<WindowAnalysis>(): null for the API's
  /// own bodies, for functions with no uses and no calls to helpers that
  /// need a window, and where clang builds no CFG. Helpers that run in
  /// their caller's window, or open one for it, get the options that say so.
  static std::unique_ptr<WindowAnalysis> create(FunctionAnalyses &FA);
  static char ID;

  llvm::ArrayRef<WindowEvent> events() const { return Events; }
  /// The window facts (kind, family, begin; no path notes) of the paths
  /// that reach \p Label.
  llvm::ArrayRef<WindowState> statesAt(const clang::LabelStmt *Label) const;
  /// The begins (or scoped windows) whose windows are open at unsafe op or
  /// end \p Op on some path; -1 stands for a window the caller opened.
  /// Empty when none is.
  llvm::ArrayRef<int> openersOf(const UaccessUse &Op) const;
  /// The same for a call that is no use of the API: the windows it runs in.
  llvm::ArrayRef<int> openersOf(const clang::CallExpr &Call) const;
  /// For a function that runs in its caller's window, or opens one for
  /// it: its ways out, each once, in the order the walk met them. An
  /// opener that returns its checked begin's result has two: open where
  /// it returns non-zero, closed where it returns 0.
  llvm::ArrayRef<WindowExit> exits() const { return Exits; }
  /// The function's first begin (not a scoped window), and the family of
  /// its begins when they agree: what a helper opens for its caller.
  const UaccessUse *openingBegin() const { return OpeningBegin; }
  std::optional<Family> openedFamily() const { return OpenedFamily; }
  bool analyzed() const { return Analyzed; }

private:
  friend class WindowWalker;

  bool Analyzed = false;
  std::vector<WindowEvent> Events;
  llvm::SmallVector<WindowExit, 4> Exits;
  const UaccessUse *OpeningBegin = nullptr;
  std::optional<Family> OpenedFamily;
  llvm::DenseMap<const clang::LabelStmt *, std::vector<WindowState>> AtLabel;
  llvm::DenseMap<unsigned, llvm::SmallVector<int, 2>> Openers;
  llvm::DenseMap<const clang::CallExpr *, llvm::SmallVector<int, 2>>
      CallOpeners;
};

/// For an unsafe op: the begin that opened its window without a check,
/// or null.
const UaccessUse *uncheckedOpener(FunctionAnalyses &FA, const UaccessUse &Op);

/// What the window's fault path does after ending the window: the
/// statement after the end in the label block (`return -EFAULT;`), or "".
std::string faultStatement(FunctionAnalyses &FA, const UaccessUse &Begin);

/// The unsafe ops in the window \p Begin opens, on some path (by the
/// window paths; by dominance when clang builds no CFG).
std::vector<const UaccessUse *> opsOpenedBy(FunctionAnalyses &FA,
                                            const UaccessUse &Begin);

} // namespace uaccess

#endif
