//===--- Fixes.h - Apply or export findings' fix-its ------------*- C++ -*-===//
//
// A finding's fix-its are applied all together or not at all: a finding
// whose edits overlap an edit already accepted is refused whole. The files
// of a plan are rewritten together or not at all, and each is replaced the
// way a careful editor would: through its symbolic links, keeping its mode
// and owner, never over something that is not a regular file, never
// half-written. Inserted lines get the line endings the file already has.
//
// The files are replaced as support/OutputFile.h replaces the tool's other
// outputs (-o, --export-fixes).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_FIX_FIXES_H
#define UACCESS_LINT_TOOL_FIX_FIXES_H

#include "checks/Finding.h"
#include "support/OutputFile.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <map>

namespace uaccess {

struct FixPlan {
  /// Accepted edits, per file.
  std::map<std::string, clang::tooling::Replacements> Edits;
  unsigned Accepted = 0;
  /// Findings refused, with why.
  std::vector<std::pair<const Finding *, std::string>> Refused;
  /// What the analysis read: the edits' offsets are into that text, so a
  /// file changed since is refused.
  AnalysedSources Sources;
};

/// Sorts the fix-its of \p Findings into non-conflicting edits, to apply to
/// the files as \p Sources records them.
FixPlan planFixes(llvm::ArrayRef<Finding> Findings, AnalysedSources Sources);

/// As above, for files unchanged since the program was loaded: earlier
/// than any analysis, so never too late.
FixPlan planFixes(llvm::ArrayRef<Finding> Findings);

/// Refused when an edit of \p Edits reaches past the end of \p FileText,
/// \p File's text: it is not the text the edits were computed on (a
/// report's offsets into a file since made shorter, or edited by hand).
llvm::Error checkEditsFit(llvm::StringRef File,
                          const clang::tooling::Replacements &Edits,
                          llvm::StringRef FileText);

/// When the program was loaded: earlier than any analysis.
llvm::sys::TimePoint<> loadTime();

/// The sources as this run read them: unchanged since the program was
/// loaded and, for a merged report, as its \p Digests record.
AnalysedSources analysedSources(std::optional<SourceDigests> Digests);

/// The digest of each file the fix-its of \p Findings edit, for a report
/// to carry; a file changed since the program was loaded gets none, and
/// its fixes apply nowhere later.
SourceDigests digestFixedSources(llvm::ArrayRef<Finding> Findings);

/// Phase one of applyFixPlan(): every file checked (a readable, writable
/// regular file with one link, unchanged since the analysis, not named
/// twice) and its new text computed. Nothing is written.
llvm::Expected<std::vector<FileRewrite>> prepareFixes(const FixPlan &Plan);

/// Rewrites the files of \p Plan, all or none: prepareFixes() then
/// rewriteFiles().
llvm::Error applyFixPlan(const FixPlan &Plan);

/// Writes the findings in clang-apply-replacements' YAML format, through
/// writeOutputFile(); replacement texts get their file's line endings. A
/// file name that is not UTF-8 is refused: the YAML cannot hold it.
llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings, llvm::StringRef Path);

/// \p Edits, with the line breaks of their texts made "\r\n" when most
/// lines of \p FileText end so.
llvm::Expected<clang::tooling::Replacements>
matchLineEndings(const clang::tooling::Replacements &Edits,
                 llvm::StringRef FileText);

} // namespace uaccess

#endif
