//===--- WindowUnsafeOutsideCheck.h - window-unsafe-outside -----*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_WINDOWUNSAFEOUTSIDECHECK_H
#define UACCESS_LINT_CHECKS_WINDOWUNSAFEOUTSIDECHECK_H

#include "checks/WindowEventCheck.h"

#include <string>
#include <vector>

namespace uaccess {

/// window-unsafe-outside: see docs/checks/window-unsafe-outside.md.
///
/// Option KernelAddressGuards ("is_kernel_addr"): predicates that say an
/// address is the kernel's. An unsafe access under `if (pred(ea))` targets
/// kernel memory, which no window protects (powerpc's sstep.c emulates
/// loads and stores to both with the same helpers).
class WindowUnsafeOutsideCheck : public WindowEventCheck {
public:
  WindowUnsafeOutsideCheck(llvm::StringRef Name, CheckContext &Context)
      : WindowEventCheck(Name, Context),
        KernelAddressGuards(
            splitNames(Options.get("KernelAddressGuards", "is_kernel_addr"))) {}
  static constexpr llvm::StringLiteral Summary =
      "an unsafe_* access with no window open";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "high";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;

protected:
  void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
              const WindowEvent &Event) override;

private:
  static std::vector<std::string> splitNames(llvm::StringRef List);
  /// True when \p S runs only where a KernelAddressGuards predicate holds.
  bool underKernelAddressGuard(const clang::Stmt &S,
                               FunctionAnalyses &FA) const;

  std::vector<std::string> KernelAddressGuards;
};

} // namespace uaccess

#endif
