//===--- ChangedLines.h - The lines a patch changes -------------*- C++ -*-===//
//
// CI runs the tool as a gate on a patch: only findings on lines the patch
// adds or changes should fail it. The patch is a unified diff (git diff,
// git format-patch); its paths are matched as suffixes of the findings'
// absolute paths.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHANGEDLINES_H
#define UACCESS_LINT_CHANGEDLINES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <set>

namespace uaccess {

class ChangedLines {
public:
  /// Parses the new-side line numbers that \p Diff adds.
  static llvm::Expected<ChangedLines> parse(llvm::StringRef Diff);
  bool contains(llvm::StringRef File, uint64_t Line) const;
  size_t files() const { return Added.size(); }

private:
  llvm::StringMap<std::set<uint64_t>> Added;
};

} // namespace uaccess

#endif
