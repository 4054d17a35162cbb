//===--- LineFilter.h - clang-tidy's --line-filter ---------------*- C++
//-*-===//
//
// `--line-filter='[{"name":"select.c","lines":[[1,3],[5,7]]},{"name":"x.h"}]'`
// as clang-tidy reads it: only findings in the files named (a path ends
// with the name), and in those with "lines", only on those lines.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_LINEFILTER_H
#define UACCESS_LINT_TOOL_LINEFILTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace uaccess {

class LineFilter {
public:
  static llvm::Expected<LineFilter> parse(llvm::StringRef JSON);
  /// True when a finding at \p File:\p Line passes the filter.
  bool accepts(llvm::StringRef File, uint64_t Line) const;

private:
  struct Entry {
    std::string Name;
    std::vector<std::pair<uint64_t, uint64_t>> Lines; ///< Empty: all.
  };
  std::vector<Entry> Entries;
};

} // namespace uaccess

#endif
