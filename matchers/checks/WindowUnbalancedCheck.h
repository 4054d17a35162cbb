//===--- WindowUnbalancedCheck.h - window-unbalanced ------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_WINDOWUNBALANCEDCHECK_H
#define UACCESS_LINT_CHECKS_WINDOWUNBALANCEDCHECK_H

#include "checks/WindowEventCheck.h"

namespace uaccess {

/// window-unbalanced: see docs/checks/window-unbalanced.md.
class WindowUnbalancedCheck : public WindowEventCheck {
public:
  using WindowEventCheck::WindowEventCheck;
  static constexpr llvm::StringLiteral Summary =
      "a window left open on some path, an end with no open window, "
      "or a begin inside a window";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "high";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says (CheckRegistry.h).
  static PatchText describePatch(const Finding &F);

protected:
  void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;

private:
  void reportLeak(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
                  const WindowEvent &E);
  void reportRedundantEnd(FunctionAnalyses &FA, const WindowEvent &E);
  /// The fix-it for a leak through a fault label: the end, first thing
  /// under the label.
  void closeAtFaultLabel(FindingBuilder &B, FunctionAnalyses &FA,
                         const WindowAnalysis &Analysis,
                         const UaccessUse &Begin,
                         const clang::LabelStmt &Label);
};

} // namespace uaccess

#endif
