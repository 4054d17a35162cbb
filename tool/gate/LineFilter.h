//===--- LineFilter.h - clang-tidy's --line-filter ---------------*- C++
//-*-===//
//
// `--line-filter='[{"name":"select.c","lines":[[1,3],[5,7]]},{"name":"x.h"}]'`
// as clang-tidy reads it: only findings in the files named, and in those
// with "lines", only on those lines. An empty list is no filter, as in
// clang-tidy. Unlike clang-tidy, a name is never matched as a bare suffix
// (`sig.c` would take `ksig.c` and `arch/x86/kernel/sig.c`): it names the
// file it names from the current directory (or the database's), else the
// one file of the run whose path ends in it at a `/`. A name that could
// be two files of the run is an error: a gate must know which one.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_LINEFILTER_H
#define UACCESS_LINT_TOOL_LINEFILTER_H

#include "llvm/ADT/ArrayRef.h"
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
  /// True when the filter names no file: no filter at all.
  bool empty() const { return Entries.empty(); }
  /// True when, once resolved, an entry names one of the run's files, or
  /// names a header (which the run may have read without a finding in
  /// it). A filter of sources none of which the run analyzed would drop
  /// every finding: a gate that passes on nothing.
  bool namesAnyOf() const;
  /// Ties each name to one file: the file it names from the first of
  /// \p Bases where it exists, else from the one of \p Fallback (the
  /// database's directories) where it exists, else the one of \p Files
  /// (the run's sources and the files of its findings) whose path ends in
  /// `/name`. Fails when that could be two files.
  llvm::Error resolve(llvm::ArrayRef<std::string> Bases,
                      llvm::ArrayRef<std::string> Fallback,
                      llvm::ArrayRef<std::string> Files);

private:
  struct Entry {
    std::string Name;
    std::string Path;   ///< The file named, once resolved; canonical.
    bool OfRun = false; ///< Path is one of the run's files.
    std::vector<std::pair<uint64_t, uint64_t>> Lines; ///< Empty: all.
  };
  std::vector<Entry> Entries;
};

} // namespace uaccess

#endif
