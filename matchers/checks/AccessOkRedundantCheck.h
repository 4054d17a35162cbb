//===--- AccessOkRedundantCheck.h - access-ok-redundant ---------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKREDUNDANTCHECK_H
#define UACCESS_LINT_CHECKS_ACCESSOKREDUNDANTCHECK_H

#include "analysis/AccessOkModel.h"
#include "checks/UaccessCheck.h"

namespace uaccess {

/// access-ok-redundant: access_ok() before accessors that check again. See
/// docs/checks/access-ok-redundant.md.
class AccessOkRedundantCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  static constexpr llvm::StringLiteral Summary =
      "an access_ok() repeated by the self-checking accessors that follow";
  static constexpr llvm::StringLiteral Tags = "performance";
  static constexpr llvm::StringLiteral Precision = "high";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says (CheckRegistry.h).
  static PatchText describePatch(const Finding &F);

  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

private:
  /// Removes the check when nothing runs between it and the first access,
  /// which fails the same way over the same range; otherwise says why not.
  void fixRedundant(FindingBuilder &B, FunctionAnalyses &FA,
                    const UaccessUse &Check, const UaccessUse &First,
                    llvm::StringRef Base);
};

} // namespace uaccess

#endif
