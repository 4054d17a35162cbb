//===--- ChangedLines.h - The lines a patch changes -------------*- C++ -*-===//
//
// CI runs the tool as a gate on a patch: only findings the patch touches
// should fail it. The patch is a unified diff (git diff, git format-patch,
// diff -u); for each file it names, this records the new-side lines it
// adds and where it deletes lines (as new-side positions). A gate must
// never be wrong about which file a patch touched (kernel/signal.c is not
// arch/x86/kernel/signal.c), so the patch's paths are resolved against
// the directory they are relative to (resolve()) and matched exactly, by
// real path, never as suffixes.
//
// The diff's prefixes ("a/" "b/", --no-prefix, --src-prefix/--dst-prefix,
// git's mnemonic "i/" "w/" "c/" "o/") are taken from the pair of paths a
// file section names: `diff --git A B`, or the `---`/`+++` lines; where
// there is no pair, a leading component is dropped from a relative path
// that does not exist. Hunks end where their header's line counts say.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHANGEDLINES_H
#define UACCESS_LINT_CHANGEDLINES_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>

namespace uaccess {

class ChangedLines {
public:
  /// Whether a relative path exists (from the current directory by
  /// default); used only to guess an unknown prefix.
  using ExistsFn = llvm::function_ref<bool(llvm::StringRef)>;

  /// Parses the lines \p Diff adds and deletes.
  static llvm::Expected<ChangedLines> parse(llvm::StringRef Diff);
  static llvm::Expected<ChangedLines> parse(llvm::StringRef Diff,
                                            ExistsFn Exists);

  /// Makes the relative paths absolute: each from the first of \p Bases
  /// under which it names a file, else from the one of \p Fallback that
  /// holds it (the first of \p Bases when none has it: a deleted file).
  /// Paths are matched exactly, by their real paths, from then on. A path
  /// two of \p Fallback hold (two files) is an error: see existingUnder().
  /// Where two of \p Bases hold the name, the one that holds the patch's
  /// new side (checkNewSide()) is the patch's; both is an error.
  llvm::Error resolve(llvm::ArrayRef<std::string> Bases,
                      llvm::ArrayRef<std::string> Fallback = {});
  /// After resolve(): an error unless each C source and header holds the
  /// patch's new side (added and context lines) at its line numbers, and,
  /// with \p MissingIsError, is there at all.
  llvm::Error checkNewSide(bool MissingIsError = true) const;

  /// Line \p Line of \p File is added by the patch.
  bool contains(llvm::StringRef File, uint64_t Line) const;
  /// The patch deletes a line at a new-side position in [First, Last] of
  /// \p File (a deletion before new line N is at position N).
  bool deletesWithin(llvm::StringRef File, uint64_t First, uint64_t Last) const;
  /// The patch adds or deletes a line of \p File.
  bool touchesFile(llvm::StringRef File) const;
  /// The patch changes what \p File's suppression comments cover
  /// (FileChanges::Suppressions).
  bool movesSuppressions(llvm::StringRef File) const;
  /// The patch adds or deletes a layout pragma (`#pragma pack`) in some
  /// file (FileChanges::LayoutPragmas).
  bool changesLayoutPragmas() const;
  /// Reads each changed C file, as the patch left it, and the file before
  /// the patch (the same text with the patch's hunks undone), and marks
  /// the file when their suppressions act otherwise: one more or less, or
  /// on other lines (a line added or deleted right after a directive that
  /// covers the next one), however the patch did it (a directive swallowed
  /// by a literal an added line opens). After resolve().
  void markMovedSuppressions();
  /// The patch adds a line in [First, Last] of \p File, or deletes one
  /// there (deletesWithin()), or copies the file.
  bool touchesLines(llvm::StringRef File, uint64_t First, uint64_t Last) const;
  /// The files the patch names: changed, copied, or deleted.
  size_t files() const { return Files.size() + DeletedFiles; }
  /// The paths as matched, prefixes stripped (for tests).
  std::vector<std::string> paths() const;
  /// The submodules the patch moves by their commits alone, as matched.
  std::vector<std::string> submodules() const;

  struct FileChanges {
    std::set<uint64_t> Added;
    std::set<uint64_t> Deleted;
    /// A copy of another file (`copy to`): every line of it is new code,
    /// though its hunks show only where it differs from the original.
    bool Copied = false;
    /// The new side's lines the patch shows, added and context, by number.
    std::map<uint64_t, std::string> NewText;
    /// The deleted lines' text, in order, at their new-side position.
    std::multimap<uint64_t, std::string> DeletedText;
    /// A symbolic link (git's mode 120000): its one line is its target.
    bool Link = false;
    /// A submodule (git's mode 160000) the patch moves to another commit:
    /// its lines are "Subproject commit <sha>", not the files it holds.
    bool Submodule = false;
    /// The patch changes what the file's suppression comments cover: an
    /// added or deleted line names a directive (`uaccess-lint:`,
    /// `NOLINT...`: a region's end, a one-line ignore, a line of a comment
    /// block that holds one), or a line comes or goes right after one that
    /// covers the next line (markMovedSuppressions()). A finding anywhere
    /// in the file may be covered where it was not, or no more.
    bool Suppressions = false;
    /// An added or deleted line sets records' layout from outside them
    /// (`#pragma pack(push, 1)`, `_Pragma("pack(1)")`): the fields of every
    /// record after it, in any file that includes this one, may have moved.
    bool LayoutPragmas = false;
  };

private:
  friend class DiffParser;
  /// The suppressions of the file before \p Changes (undone from
  /// \p NewText, the file after them) act otherwise than \p NewText's.
  static bool changesSuppressions(const FileChanges &Changes,
                                  llvm::StringRef NewText);
  /// The changes of \p File, matched exactly; null when it has none.
  const FileChanges *find(llvm::StringRef File) const;
  std::map<std::string, FileChanges> Files;
  size_t DeletedFiles = 0;
};

/// True when \p Diff has a `diff --git` header: git writes its paths from
/// the top level of the work tree.
bool isGitPatch(llvm::StringRef Diff);

/// \p Path without `.` components and, when it exists, through its
/// symbolic links: the one name the gate compares.
std::string canonicalPath(llvm::StringRef Path);

/// canonicalPath() of \p File made absolute: the one name a gate or a
/// filter compares a finding's file by.
std::string canonicalFile(llvm::StringRef File);

/// The canonical file relative \p Path names under the first of \p Bases
/// that holds it (an absolute \p Path: itself); else under the one of
/// \p Fallback (the compilation database's directories, which have no
/// order) that holds it; empty when none does. Two of \p Fallback that
/// hold two files of that name are an error: the name is ambiguous.
llvm::Expected<std::string> existingUnder(llvm::StringRef Path,
                                          llvm::ArrayRef<std::string> Bases,
                                          llvm::ArrayRef<std::string> Fallback);

/// The gate's rule: \p F is changed when its location or a note's is on an
/// added line, or the patch changes what a suppression comment of its file
/// covers (movesSuppressions()), or the patch deletes a line inside its
/// function, or adds or deletes one in the code it depends on
/// (Finding::Depends: the macros its function expands, the functions of its
/// file it calls, the functions its notes are in).
bool touchesFinding(const ChangedLines &Changed, const Finding &F);

/// Undoes git's C-style quoting of a path ("caf\303\251.c"); \p Quoted
/// starts at the opening quote, and is left after the closing one.
std::optional<std::string> unquoteGitPath(llvm::StringRef &Quoted);

} // namespace uaccess

#endif
