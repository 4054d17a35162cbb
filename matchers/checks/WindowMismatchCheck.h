//===--- WindowMismatchCheck.h - window-mismatch ----------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_WINDOWMISMATCHCHECK_H
#define UACCESS_LINT_CHECKS_WINDOWMISMATCHCHECK_H

#include "checks/WindowEventCheck.h"

namespace uaccess {

/// window-mismatch: see docs/checks/window-mismatch.md.
class WindowMismatchCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;
  static constexpr llvm::StringLiteral Summary =
      "a window closed by an end of another family, or an access the "
      "window's family does not permit";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "very-high";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says (CheckRegistry.h).
  static PatchText describePatch(const Finding &F);

protected:
  void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;

private:
  /// A window closed by a TU-local helper whose end is of another family:
  /// reported at the call (or the cleanup's variable), noted at the end.
  void reportHelperEnd(FunctionAnalyses &FA, const WindowEvent &Event);
  void reportHelperAccess(FunctionAnalyses &FA, const WindowEvent &Event);
  /// What the end does to the window on the TU's arch.
  void noteEffect(FindingBuilder &B, FunctionAnalyses &FA,
                  const WindowEvent &Event, clang::SourceLocation At);
};

} // namespace uaccess

#endif
