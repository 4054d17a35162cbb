//===--- Fixes.h - Apply or export findings' fix-its ------------*- C++ -*-===//
//
// A finding's fix-its are applied all together or not at all: a finding
// whose edits overlap an edit already accepted is refused whole. The files
// of a plan are rewritten together or not at all, and each is replaced the
// way a careful editor would: through its symbolic links, keeping its mode
// and owner, never over something that is not a regular file, never
// half-written. Inserted lines get the line endings the file already has.
//
// The same replacement serves the tool's other outputs (-o,
// --export-fixes): writeOutputFile().
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_FIXES_H
#define UACCESS_LINT_FIXES_H

#include "checks/Finding.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <map>

namespace uaccess {

struct FixPlan {
  /// Accepted edits, per file.
  std::map<std::string, clang::tooling::Replacements> Edits;
  unsigned Accepted = 0;
  /// Findings refused, with why.
  std::vector<std::pair<const Finding *, std::string>> Refused;
  /// No later than the workers read the sources: the edits' offsets are
  /// into the text they read, so a file changed since is refused.
  llvm::sys::TimePoint<> AnalysisStart;
};

/// Sorts the fix-its of \p Findings into non-conflicting edits, to apply to
/// the files as they were at \p AnalysisStart.
FixPlan planFixes(llvm::ArrayRef<Finding> Findings,
                  llvm::sys::TimePoint<> AnalysisStart);

/// As above, with the time the program was loaded for the start: earlier
/// than any analysis, so never too late.
FixPlan planFixes(llvm::ArrayRef<Finding> Findings);

/// \p File's text as the analysis read it: refused when the file changed
/// after \p Since (its fix-its' offsets would be wrong). Nothing is written:
/// --fix-dry-run and --patch-dir read their sources through this.
llvm::Expected<std::string> readAsAnalysed(llvm::StringRef File,
                                           llvm::sys::TimePoint<> Since);

/// When the program was loaded: earlier than any analysis.
llvm::sys::TimePoint<> loadTime();

/// A file checked for replacement (see writeFileAtomically()).
struct ReplaceTarget {
  /// As the caller named it, for messages.
  std::string Name;
  /// Symbolic links resolved: the file replaced.
  std::string Path;
  /// False for a file yet to be created; else what its replacement keeps.
  bool Exists = false;
  llvm::sys::fs::perms Mode = llvm::sys::fs::perms::no_perms;
  uint32_t Owner = 0;
  uint32_t Group = 0;
  llvm::sys::fs::UniqueID ID;
};

/// One file of a plan: checked, with its text as read and as edited.
struct FileRewrite {
  ReplaceTarget Target;
  std::string OldText;
  std::string NewText;
};

/// Phase one of applyFixPlan(): every file checked (a readable, writable
/// regular file with one link, unchanged since the analysis, not named
/// twice) and its new text computed. Nothing is written.
llvm::Expected<std::vector<FileRewrite>> prepareFixes(const FixPlan &Plan);

/// Phases two and three: every new text written and synced to a temporary
/// file beside its target, with the target's mode and owner; only when all
/// are, each renamed over its target. A failure before the renames changes
/// no file. Should a rename fail, the files already replaced get their old
/// text back, and the error says which could not.
llvm::Error rewriteFiles(llvm::ArrayRef<FileRewrite> Rewrites);

/// Rewrites the files of \p Plan, all or none: prepareFixes() then
/// rewriteFiles().
llvm::Error applyFixPlan(const FixPlan &Plan);

/// Writes the findings in clang-apply-replacements' YAML format, through
/// writeOutputFile(); replacement texts get their file's line endings.
llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings, llvm::StringRef Path);

/// Replaces \p Path by a file holding \p Content, atomically: a temporary
/// file in the same directory, synced, renamed over it. A symbolic link is
/// written through to its target; an existing file keeps its mode and
/// owner. Refused, with an error naming the file and leaving it untouched:
/// a file that is not regular, is read-only (by its mode, or to this
/// process), or has more than one hard link (a rename would break the
/// links, writing in place would not be atomic); a link to a missing file.
/// A missing \p Path is created with the mode a new file gets.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

/// Writes every file of \p Files (path, content) or none: all are staged
/// beside their targets first (a full disk fails there, with nothing
/// written), then renamed into place. A rename that fails takes back the
/// files of this call that were new.
llvm::Error
writeFilesAtomically(llvm::ArrayRef<std::pair<std::string, std::string>> Files);

/// For the tool's outputs: "-" is standard output, and an existing FIFO or
/// character device (/dev/null, a pipe a reader waits on) is written into
/// as a stream; anything else goes through writeFileAtomically().
llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Content);

/// What writeOutputFile() would refuse, found before there is anything to
/// write (and before a long analysis): also a new file in a directory that
/// is missing or not writable.
llvm::Error checkOutputFile(llvm::StringRef Path);

/// \p Edits, with the line breaks of their texts made "\r\n" when most
/// lines of \p FileText end so.
llvm::Expected<clang::tooling::Replacements>
matchLineEndings(const clang::tooling::Replacements &Edits,
                 llvm::StringRef FileText);

} // namespace uaccess

#endif
