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

void addUaccessChecks(CheckFactories &Factories) {
  Factories.registerCheck<WindowUnbalancedCheck>("window-unbalanced");
  Factories.registerCheck<WindowMismatchCheck>("window-mismatch");
  Factories.registerCheck<WindowUnsafeOutsideCheck>("window-unsafe-outside");
  Factories.registerCheck<WindowCallCheck>("window-call");
  Factories.registerCheck<BatchableCheck>("batchable");
  Factories.registerCheck<AccessOkFarCheck>("access-ok-far");
  Factories.registerCheck<AccessOkRedundantCheck>("access-ok-redundant");
}

} // namespace uaccess
