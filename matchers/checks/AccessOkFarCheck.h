//===--- AccessOkFarCheck.h - access-ok-far ---------------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H
#define UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H

#include "analysis/AccessOkModel.h"
#include "checks/UaccessCheck.h"

#include <optional>

namespace uaccess {

/// access-ok-far: accesses whose access_ok() is missing, far, elsewhere, on
/// another pointer, or too short. See docs/access-ok-far.md.
///
/// Options: MaxStatements (10) and MaxLines (20), the farthest a check may
/// be from the access it guards; CallerDepth (3), how many callers up to
/// look for it.
class AccessOkFarCheck : public UaccessCheck {
public:
  AccessOkFarCheck(llvm::StringRef Name, CheckContext &Context)
      : UaccessCheck(Name, Context),
        MaxStatements(Options.get("MaxStatements", 10u)),
        MaxLines(Options.get("MaxLines", 20u)),
        CallerDepth(Options.get("CallerDepth", 3u)) {}
  static constexpr llvm::StringLiteral Summary =
      "an access relying on an access_ok() that is missing, far away, in "
      "another function, on another pointer, or too short";

  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

private:
  /// The access_ok() (or self-checking use) before an access, by how it
  /// relates to the access.
  struct Guards {
    const UaccessUse *Guard = nullptr;        ///< Same pointer, dominates.
    const UaccessUse *OnOtherPath = nullptr;  ///< Same pointer, earlier.
    const UaccessUse *OtherPointer = nullptr; ///< Dominates, other pointer.
  };
  struct CallerCheck {
    const clang::FunctionDecl *Caller = nullptr;
    const UaccessUse *Check = nullptr;
    std::vector<const clang::FunctionDecl *> Chain;
  };

  /// The filldir shape: an unsafe op outside its checked begin's range.
  void checkWindowRange(FunctionAnalyses &FA, const UaccessUse &Begin);
  void checkAccess(FunctionAnalyses &FA, const UaccessUse &A);
  Guards findGuards(FunctionAnalyses &FA, const UaccessUse &A);
  void reportGuarded(FunctionAnalyses &FA, const UaccessUse &A,
                     const UaccessUse &Guard);
  void reportUnguarded(FunctionAnalyses &FA, const UaccessUse &A);
  /// The epoll v2 fix: a checked begin of the same family, failing the way
  /// the window's fault path already does.
  void fixUncheckedBegin(FindingBuilder &B, FunctionAnalyses &FA,
                         const UaccessUse &A);
  /// An access_ok() in a caller (up to CallerDepth) that guards parameter
  /// \p Param of \p FD at every call.
  std::optional<CallerCheck> checkedInCallers(AnalysisCache &Cache,
                                              const clang::FunctionDecl &FD,
                                              unsigned Param, unsigned Depth);
  std::optional<CallerCheck> checkedAtCall(AnalysisCache &Cache,
                                           const CallerIndex::Site &Site,
                                           unsigned Param, unsigned Depth);

  const unsigned MaxStatements;
  const unsigned MaxLines;
  const unsigned CallerDepth;
};

} // namespace uaccess

#endif
