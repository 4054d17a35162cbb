//===--- UaccessChecksModule.cpp - The checks uaccess-lint ships ----------===//
//
// One line per check. A new check is one .h/.cpp in this folder, one line
// here, one page in docs/ and one lit test (docs/adding-a-check.md).
//
//===----------------------------------------------------------------------===//

#include "checks/AccessOkFarCheck.h"
#include "checks/AccessOkRedundantCheck.h"
#include "checks/BatchableCheck.h"
#include "checks/CheckRegistry.h"
#include "checks/WindowCallCheck.h"
#include "checks/WindowMismatchCheck.h"
#include "checks/WindowUnbalancedCheck.h"
#include "checks/WindowUnsafeOutsideCheck.h"

namespace uaccess {

// The default levels: a broken window is an error, a far access_ok() a
// warning, a saving (batchable, a redundant access_ok()) a note.
void addUaccessChecks(CheckFactories &Factories) {
  Factories.registerCheck<WindowUnbalancedCheck>("window-unbalanced",
                                                 Severity::Error);
  Factories.registerCheck<WindowMismatchCheck>("window-mismatch",
                                               Severity::Error);
  Factories.registerCheck<WindowUnsafeOutsideCheck>("window-unsafe-outside",
                                                    Severity::Error);
  Factories.registerCheck<WindowCallCheck>("window-call", Severity::Error);
  Factories.registerCheck<BatchableCheck>("batchable", Severity::Note);
  Factories.registerCheck<AccessOkFarCheck>("access-ok-far", Severity::Warning);
  Factories.registerCheck<AccessOkRedundantCheck>("access-ok-redundant",
                                                  Severity::Note);
}

} // namespace uaccess
