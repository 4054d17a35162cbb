//===--- CallPolicy.h - Which calls may run inside a window -----*- C++ -*-===//
//
// Inside a user-access window the kernel may only run code that cannot
// fault on, leak to, or sleep with user access on. A call is fine when its
// callee is on the uaccess-safe list, is a compiler builtin, or is an inline
// function in this TU whose own body is fine (the kernel makes signal-frame
// helpers __always_inline for this reason). Helpers that contain unsafe_*
// ops but no begin of their own run inside their caller's window.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CALLPOLICY_H
#define UACCESS_LINT_ANALYSIS_CALLPOLICY_H

#include "recognize/UaccessRecognizer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace uaccess {

class AnalysisCache;

struct CallVerdict {
  bool Safe = true;
  /// The callee contains unsafe_* ops and no window of its own.
  bool NeedsWindow = false;
  /// The callee ends its caller's window / opens one for its caller.
  bool ClosesWindow = false;
  bool OpensWindow = false;
  bool Indirect = false;
  /// The callee may sleep; SleepReason names the function that does.
  bool MaySleep = false;
  std::string SleepReason;
  /// For an unsafe inline callee: the first unsafe call inside it.
  std::string InnerCall;
  const clang::FunctionDecl *Callee = nullptr;
};

/// Per-TU knowledge about functions: what they do with windows and whether
/// they are safe to call inside one. Uses and CFGs come from the
/// AnalysisCache.
class CallPolicy {
public:
  CallPolicy(AnalysisCache &Cache, std::vector<std::string> ExtraSafe);
  ~CallPolicy();

  CallVerdict judge(const clang::CallExpr &Call);
  /// The same for a call of \p Callee that no expression makes: the
  /// cleanup function of a variable, run where its scope ends.
  CallVerdict judge(const clang::FunctionDecl &Callee);
  /// \p FD runs inside its caller's window: it has unsafe ops or ends, and
  /// no begin of its own.
  bool runsInCallersWindow(const clang::FunctionDecl &FD);
  /// \p FD has unsafe ops and no begin: calling it needs an open window.
  bool needsWindow(const clang::FunctionDecl &FD);
  /// \p FD ends a window and opens none (a cleanup helper).
  bool closesForCaller(const clang::FunctionDecl &FD);
  /// The ends in \p FD's body, in source order; empty without a body.
  std::vector<const UaccessUse *> endsIn(const clang::FunctionDecl &FD);
  /// The first begin of \p FD when it opens and ends a window of its own
  /// (a helper that does its own batch), or of a helper it forwards to
  /// that does, when it does nothing else with windows; null otherwise.
  const UaccessUse *ownWindowIn(const clang::FunctionDecl &FD);
  /// What a call of a function that toggles user access does.
  struct AccessToggle {
    Role Toggle = Role::Save; ///< Role::Save or Role::Restore.
    /// It also calls something that is no uaccess-safe callee, with access
    /// on: after its restore, or before its save (`user_access_restore(f);
    /// log_event(1);`). Such a call is a call in the window it resumes.
    bool CallsWithAccessOn = false;
  };
  /// The toggle of \p FD when its body does nothing with the API but one
  /// user_access_save() (restore), on every path, or call one function
  /// that does (a forwarder: `static inline unsigned long my_save(void) {
  /// return user_access_save(); }`): a call of it suspends (resumes) the
  /// caller's window as the macro does.
  std::optional<AccessToggle> accessToggleOf(const clang::FunctionDecl &FD);
  /// The unsafe ops in the body of \p FD (its own, not its callees').
  std::vector<const UaccessUse *> unsafeOpsIn(const clang::FunctionDecl &FD);
  /// \p FD opens a window, never ends one, and every caller in this TU
  /// ends a window: a helper that opens a window for its caller.
  bool opensForCaller(const clang::FunctionDecl &FD);
  bool isSafeName(llvm::StringRef Name) const;

private:
  enum class Memo { InProgress, Safe, Unsafe };
  /// What a function's body does with windows.
  struct Shape {
    bool Known = false; ///< Has a body here and is not the API itself.
    bool Begins = false, Ends = false, Unsafe = false;
  };
  const Shape &shapeOf(const clang::FunctionDecl &FD);
  /// A toggle, and how many functions down its chain the macro is (1: in
  /// the function itself).
  struct ChainedToggle {
    AccessToggle Toggle;
    unsigned Height = 1;
  };
  std::optional<ChainedToggle> toggleThrough(const clang::FunctionDecl &FD);
  std::optional<ChainedToggle> toggleOfBody(const clang::FunctionDecl &Def);
  bool forwardsToAWindowHelper(const clang::FunctionDecl &Def);
  const UaccessUse *
  ownWindowThrough(const clang::FunctionDecl &FD,
                   llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Seen);
  bool isHelper(const clang::FunctionDecl &FD);
  bool endsAWindow(const clang::FunctionDecl &Caller);
  bool mayRunInAWindow(const clang::FunctionDecl &Def);
  bool callsAnOpener(const clang::FunctionDecl &Caller);
  bool inlineBodyIsSafe(const clang::FunctionDecl &FD, std::string &Inner);
  bool maySleep(const clang::FunctionDecl &FD, std::string &Reason,
                unsigned Depth);

  AnalysisCache &Cache;
  std::vector<std::string> ExtraSafe;
  llvm::DenseMap<const clang::FunctionDecl *, Shape> Shapes;
  /// mayRunInAWindow() of the helpers with unsafe ops.
  llvm::DenseMap<const clang::FunctionDecl *, bool> RunsInWindow;
  llvm::DenseMap<const clang::FunctionDecl *, std::pair<Memo, std::string>>
      SafeMemo;
  llvm::DenseMap<const clang::FunctionDecl *, std::pair<Memo, std::string>>
      SleepMemo;
  /// toggleThrough() of each definition asked, once: every inline
  /// function a window calls is asked, and asks its own callees. A
  /// function asked while its answer is made is no toggle (recursion).
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<ChainedToggle>>
      ToggleMemo;
};

} // namespace uaccess

#endif
