//===--- OutputFile.h - Replace files atomically ----------------*- C++ -*-===//
//
// A file is replaced the way a careful editor would: through its symbolic
// links, keeping its mode and owner, never over something that is not a
// regular file, never half-written. Several files are rewritten together or
// not at all. The tool's outputs (-o, --export-fixes, the results folder)
// and the fixes' edits (fix/Fixes.h) are written so.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SUPPORT_OUTPUTFILE_H
#define UACCESS_LINT_TOOL_SUPPORT_OUTPUTFILE_H

#include "support/SourceDigests.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <string>
#include <utility>

namespace uaccess {

/// \p File's text as the analysis read it: refused when the file changed
/// after \p Sources.Since, or its text is not the one \p Sources.Digests
/// records (its fix-its' offsets would be wrong). Nothing is written:
/// --fix-dry-run and --patch-dir read their sources through this.
llvm::Expected<std::string> readAsAnalysed(llvm::StringRef File,
                                           const AnalysedSources &Sources);

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

/// \p File checked for replacement (a readable, writable regular file with
/// one link) with its text as read, refused as readAsAnalysed() refuses;
/// NewText is left empty.
llvm::Expected<FileRewrite> readForRewrite(llvm::StringRef File,
                                           const AnalysedSources &Sources);

/// Phases two and three of applyFixPlan() (fix/Fixes.h): every new text written
/// and synced to a temporary file beside its target, with the target's mode and
/// owner; only when all are, each renamed over its target. A failure before the
/// renames changes no file. Should a rename fail, the files already replaced
/// get their old text back, and the error says which could not.
llvm::Error rewriteFiles(llvm::ArrayRef<FileRewrite> Rewrites);

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

} // namespace uaccess

#endif
