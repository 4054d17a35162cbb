//===--- GlobList.h - clang-tidy style check globs --------------*- C++ -*-===//
//
// `--checks='*,-window-call'`: comma-separated globs, a leading '-' negates,
// the last glob that matches a name decides. Like clang-tidy's GlobList.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_GLOBLIST_H
#define UACCESS_LINT_UTILS_GLOBLIST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uaccess {

class GlobList {
public:
  /// Parses \p Spec; sets \p Error and returns nothing for a malformed glob.
  static std::optional<GlobList> parse(llvm::StringRef Spec,
                                       std::string &Error);
  /// True when the last glob matching \p Name is not negated.
  bool contains(llvm::StringRef Name) const;
  /// The globs that match none of \p Names (typos, most likely).
  std::vector<std::string>
  unmatchedGlobs(llvm::ArrayRef<llvm::StringRef> Names) const;

private:
  /// A GlobPattern points into the text it was made from, so each glob
  /// keeps its text where moving the list does not move it.
  struct Glob {
    std::string Text;
    llvm::GlobPattern Pattern;
    bool Negative = false;
  };
  std::vector<std::unique_ptr<Glob>> Globs;
};

} // namespace uaccess

#endif
