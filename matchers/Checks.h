//===--- Checks.h - The checks uaccess-lint ships ---------------*- C++ -*-===//
//
// One class per check, each in its own file, each with a doc page in docs/.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_H
#define UACCESS_LINT_CHECKS_H

#include "AccessOkModel.h"
#include "Check.h"

namespace uaccess {

/// Base of the checks that report window analysis events.
class WindowEventCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  virtual void report(const clang::FunctionDecl &FD,
                      const WindowAnalysis &Analysis,
                      const WindowEvent &Event) = 0;
  /// "window opened by 'x' here" at the begin of \p State, if known.
  void noteBegin(FindingBuilder &B, const FunctionUses &Uses,
                 const WindowState &State);
  const FunctionUses &usesOf(const clang::FunctionDecl &FD) {
    return context().usesOf(FD);
  }
};

class WindowUnbalancedCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;

protected:
  void report(const clang::FunctionDecl &FD, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;
};

class WindowMismatchCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;

protected:
  void report(const clang::FunctionDecl &FD, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;
};

class WindowUnsafeOutsideCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;

protected:
  void report(const clang::FunctionDecl &FD, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;
};

class WindowCallCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;

protected:
  void report(const clang::FunctionDecl &FD, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;
};

/// batchable: accessors that could share one window.
class BatchableCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

/// access-ok-far: accesses whose access_ok() is missing, far, elsewhere,
/// on another pointer, or too short.
class AccessOkFarCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  struct CallerCheck {
    const clang::FunctionDecl *Caller = nullptr;
    const UaccessUse *Check = nullptr;
    std::vector<const clang::FunctionDecl *> Chain;
  };
  /// An access_ok() in a caller (up to the configured depth) that guards
  /// parameter \p Param of \p FD at every call.
  std::optional<CallerCheck> checkedInCallers(const clang::FunctionDecl &FD,
                                              unsigned Param, unsigned Depth);
  void indexCallers();
  /// One CFG and dominator tree per function, shared by the function's own
  /// accesses and by callee searches that pass through it.
  const AccessOkModel &modelOf(const clang::FunctionDecl &FD);

  bool Indexed = false;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<AccessOkModel>>
      Models;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<std::pair<const clang::FunctionDecl *,
                                       const clang::CallExpr *>>>
      Callers;
};

/// access-ok-redundant: access_ok() before accessors that check again.
class AccessOkRedundantCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace uaccess

#endif
