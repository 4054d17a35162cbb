//===--- CheckRegistry.h - Which checks exist -------------------*- C++ -*-===//
//
// The checks are registered in one module file, UaccessChecksModule.cpp,
// one line each, as clang-tidy's modules do. The base class knows nothing
// of them; the runner and the driver ask this registry.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_CHECKREGISTRY_H
#define UACCESS_LINT_CHECKS_CHECKREGISTRY_H

#include "checks/FindingText.h"
#include "checks/UaccessCheck.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <memory>

namespace uaccess {

struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Summary;
  /// Comma-separated tags for code-scanning dashboards (SARIF's
  /// properties.tags): "security", "correctness", "performance".
  llvm::StringRef Tags;
  /// How often a finding is a real problem (SARIF's properties.precision):
  /// "very-high", "high", "medium" or "low".
  llvm::StringRef Precision;
  /// The level of its findings unless its Severity option says otherwise.
  Severity DefaultLevel;
  std::function<std::unique_ptr<UaccessCheck>(llvm::StringRef, CheckContext &)>
      Make;
  /// The messages its findings are rendered from (FindingText.h).
  llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says, from a finding's arguments.
  PatchText (*DescribePatch)(const Finding &);
};

class CheckFactories {
public:
  /// Registers check class \p T (which has static Summary, Tags,
  /// Precision, Messages and describePatch) as \p Name, its findings at
  /// \p Level unless the option "<Name>.Severity" is set.
  template <typename T>
  void registerCheck(llvm::StringRef Name, Severity Level) {
    Checks.push_back({Name, T::Summary, T::Tags, T::Precision, Level,
                      [Level](llvm::StringRef N, CheckContext &Ctx) {
                        auto Check = std::make_unique<T>(N, Ctx);
                        Check->readSeverity(Level);
                        return Check;
                      },
                      T::Messages, &T::describePatch});
  }
  llvm::ArrayRef<CheckInfo> checks() const { return Checks; }

private:
  std::vector<CheckInfo> Checks;
};

/// Registers every check uaccess-lint ships (UaccessChecksModule.cpp).
void addUaccessChecks(CheckFactories &Factories);

/// Every check, in registration order.
llvm::ArrayRef<CheckInfo> allChecks();
std::vector<llvm::StringRef> allCheckNames();
/// The check named \p Name, or null.
const CheckInfo *findCheck(llvm::StringRef Name);

/// \p F's message, rendered again from its MessageId and Args by its
/// check's format: after the link step changed them. \p F's Message as it
/// is when its check has no such message.
std::string renderMessage(const Finding &F);

/// What a patch that applies \p F's fix-its says (its check's
/// describePatch); the generic words where the check has none to say.
PatchText describePatch(const Finding &F);

/// Every option of every check, with its value under \p Given (its default
/// where \p Given does not set it); and the errors: values that do not
/// parse, and keys of \p Given that name no option of any check.
OptionsRecord readCheckOptions(const CheckOptionMap &Given);

} // namespace uaccess

#endif
