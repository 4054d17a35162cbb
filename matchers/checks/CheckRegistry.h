//===--- CheckRegistry.h - Which checks exist -------------------*- C++ -*-===//
//
// The checks are registered in one module file, UaccessChecksModule.cpp,
// one line each, as clang-tidy's modules do. The base class knows nothing
// of them; the runner and the driver ask this registry.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_CHECKREGISTRY_H
#define UACCESS_LINT_CHECKS_CHECKREGISTRY_H

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
};

class CheckFactories {
public:
  /// Registers check class \p T (which has static Summary, Tags and
  /// Precision) as \p Name, its findings at \p Level unless the option
  /// "<Name>.Severity" is set.
  template <typename T>
  void registerCheck(llvm::StringRef Name, Severity Level) {
    Checks.push_back({Name, T::Summary, T::Tags, T::Precision, Level,
                      [Level](llvm::StringRef N, CheckContext &Ctx) {
                        auto Check = std::make_unique<T>(N, Ctx);
                        Check->readSeverity(Level);
                        return Check;
                      }});
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

/// Every option of every check, with its value under \p Given (its default
/// where \p Given does not set it); and the errors: values that do not
/// parse, and keys of \p Given that name no option of any check.
OptionsRecord readCheckOptions(const CheckOptionMap &Given);

} // namespace uaccess

#endif
