//===--- UnifiedDiff.h - Unified diffs of a file's two texts ----*- C++ -*-===//
//
// What --fix-dry-run prints and --patch-dir mails: the difference between a
// file's text and its text with fixes applied, as `git diff` writes it
// (three lines of context, hunk headers with git's default function
// context, "\ No newline at end of file"). The lines are compared whole;
// a fix that changes a word shows as that line removed and added.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_UNIFIEDDIFF_H
#define UACCESS_LINT_TOOL_UNIFIEDDIFF_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

struct FileDiff {
  /// The hunks, from the first "@@" on; empty when the texts are equal.
  std::string Hunks;
  unsigned Insertions = 0;
  unsigned Deletions = 0;
};

/// The hunks that turn \p Old into \p New, with \p Context lines around
/// each change (hunks closer than twice that are joined, as git does).
FileDiff diffTexts(llvm::StringRef Old, llvm::StringRef New,
                   unsigned Context = 3);

/// git's blob name of \p Text: SHA-1 of "blob <size>\0<text>", 40 hex
/// digits (the "index" line of a git diff).
std::string gitBlobHash(llvm::StringRef Text);

/// A whole file's section of a git diff: "diff --git a/P b/P", an index
/// line (blob names and \p Mode, "100644"), "--- a/P", "+++ b/P", hunks.
/// Empty when the texts are equal.
/// \p Prefix + \p Path as git writes it in a patch: in double quotes with
/// C escapes when it holds a control character, a quote or a backslash
/// (a tab or a newline would split the header), else as it is.
std::string gitQuotedPath(llvm::StringRef Prefix, llvm::StringRef Path);

std::string gitFileDiff(llvm::StringRef Path, llvm::StringRef Old,
                        llvm::StringRef New, llvm::StringRef Mode = "100644");

} // namespace uaccess

#endif
