//===--- Fixes.h - Apply or export findings' fix-its ------------*- C++ -*-===//
//
// A finding's fix-its are applied all together or not at all: a finding
// whose edits overlap an edit already accepted is refused whole. Files are
// rewritten atomically (a temporary file renamed over the original), so an
// interrupted run never leaves a half-written source.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_FIXES_H
#define UACCESS_LINT_FIXES_H

#include "checks/Finding.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <map>

namespace uaccess {

struct FixPlan {
  /// Accepted edits, per file.
  std::map<std::string, clang::tooling::Replacements> Edits;
  unsigned Accepted = 0;
  /// Findings refused, with why.
  std::vector<std::pair<const Finding *, std::string>> Refused;
};

/// Sorts the fix-its of \p Findings into non-conflicting edits.
FixPlan planFixes(llvm::ArrayRef<Finding> Findings);

/// Rewrites each file of \p Plan in place, atomically.
llvm::Error applyFixPlan(const FixPlan &Plan);

/// Writes the findings in clang-apply-replacements' YAML format.
llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings, llvm::StringRef Path);

} // namespace uaccess

#endif
