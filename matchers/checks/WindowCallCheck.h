//===--- WindowCallCheck.h - window-call ------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_WINDOWCALLCHECK_H
#define UACCESS_LINT_CHECKS_WINDOWCALLCHECK_H

#include "checks/WindowEventCheck.h"

namespace uaccess {

/// window-call: see docs/checks/window-call.md.
class WindowCallCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;
  static constexpr llvm::StringLiteral Summary =
      "a call that is not uaccess-safe while a window is open";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "medium";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;

protected:
  void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;

private:
  void reportCleanup(FunctionAnalyses &FA, const WindowEvent &Event);
};

} // namespace uaccess

#endif
