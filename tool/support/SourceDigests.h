//===--- SourceDigests.h - What the analysis read of a source ---*- C++ -*-===//
//
// A fix-it is a byte range of the text the analysis read. A plain run
// applies it in the same process, and a file changed since the run began
// is refused. A JSON report carries its fixes to a later `merge`, in which
// the sources may have changed in any way; so the report records, for each
// file its fixes edit, the SHA-256 of the text they were computed on, and
// a fix is applied only to that text.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SUPPORT_SOURCEDIGESTS_H
#define UACCESS_LINT_TOOL_SUPPORT_SOURCEDIGESTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"

#include <map>
#include <optional>
#include <string>

namespace uaccess {

/// File, as a fix names it -> lowercase hex SHA-256 of its text as
/// analysed. An empty digest is a file whose text is not known (two
/// reports that saw two texts of it).
using SourceDigests = std::map<std::string, std::string>;

/// What the analysis read of the sources a fix edits.
struct AnalysedSources {
  /// A file changed after this was read after the analysis began.
  llvm::sys::TimePoint<> Since;
  /// A merged report's digests: a file they do not list, or whose text
  /// now has another digest, is not the text the fixes were computed on.
  /// None in the run that analysed the files.
  std::optional<SourceDigests> Digests;
};

/// The lowercase hex SHA-256 of \p Text.
std::string sourceDigest(llvm::StringRef Text);

/// Why \p Text, read from \p File, is not the text \p Sources recorded,
/// as a predicate of the file ("changed since ..."); "" when it is (or
/// \p Sources records no digests).
std::string digestMismatch(llvm::StringRef File, llvm::StringRef Text,
                           const AnalysedSources &Sources);

/// Adds \p From to \p Into; a file the two give different digests is
/// left with none.
void uniteDigests(SourceDigests &Into, const SourceDigests &From);

} // namespace uaccess

#endif
