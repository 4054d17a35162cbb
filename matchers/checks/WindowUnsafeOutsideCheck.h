//===--- WindowUnsafeOutsideCheck.h - window-unsafe-outside -----*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_WINDOWUNSAFEOUTSIDECHECK_H
#define UACCESS_LINT_CHECKS_WINDOWUNSAFEOUTSIDECHECK_H

#include "checks/WindowEventCheck.h"

namespace uaccess {

/// window-unsafe-outside: see docs/window-unsafe-outside.md.
class WindowUnsafeOutsideCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;
  static constexpr llvm::StringLiteral Summary =
      "an unsafe_* access with no window open";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "high";

protected:
  void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;
};

} // namespace uaccess

#endif
