//===--- Patches.h - Fix-its as a patch series or a diff --------*- C++ -*-===//
//
// --patch-dir writes the fix-its as patches a maintainer can take: one per
// finding (or per function), in `git format-patch` form, ready for
// `git am`. The series applies in order: patch N's diff is computed on the
// files with patches 1..N-1 applied (in memory; no source is changed), and
// a finding whose edits overlap an earlier patch's is skipped with a
// message. --fix-dry-run prints the diff --fix would apply instead.
//
// Subjects and bodies are PatchMessage.h's; what git knows (the author,
// the commit a Fixes: tag names) is Git.h's.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_PATCHES_H
#define UACCESS_LINT_TOOL_PATCHES_H

#include "checks/Finding.h"
#include "support/SourceDigests.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <ctime>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace uaccess {

enum class PatchPer { Finding, Function };

/// The findings with fix-its, in patches: each alone, or those of one
/// function (file and name) together. Bug fixes come first, in file and
/// offset order; then performance changes, the largest saving first.
std::vector<std::vector<const Finding *>>
groupForPatches(llvm::ArrayRef<Finding> Findings, PatchPer Per);

struct Identity {
  std::string Name;
  std::string Email;
  bool known() const { return !Name.empty() && !Email.empty(); }
  /// As a mail header's value: a newline in user.name must not start a
  /// header of its own, so every control character becomes a space.
  std::string line() const;
};

/// What is the same in every patch of a series.
struct SeriesInfo {
  Identity Author;     // From: and Signed-off-by:, when known().
  std::time_t Date;    // The Date: header.
  std::string Version; // The signature: "uaccess-lint <Version>".
};

/// One patch's parts, before they are put in format-patch form.
struct PatchParts {
  std::string Subject;
  std::string Body;                   // Wrapped, ending in a newline.
  std::vector<std::string> FixesTags; // "Fixes: 123456789abc (\"...\")".
  std::string Diff; // `git diff` sections of every file changed.
  std::string Diffstat;
};

/// The patch's text: "From 000... Mon Sep 17 00:00:00 2001", From:, Date:,
/// "Subject: [PATCH N/Total] ..." (folded at 78 columns; "[PATCH]" for a
/// series of one), the body, Fixes: and Signed-off-by: trailers, "---",
/// the diffstat, the diff, and "-- " with the tool's version.
std::string formatPatch(const PatchParts &Parts, const SeriesInfo &Series,
                        unsigned Number, unsigned Total);

/// RFC 2822, in UTC: "Mon, 3 Feb 2025 12:00:00 +0000".
std::string rfc2822Date(std::time_t When);

/// git's diffstat of one patch; \p Files are (path, insertions, deletions).
std::string
diffstat(llvm::ArrayRef<std::tuple<std::string, unsigned, unsigned>> Files);

/// "Fixes: <12 hex> (\"<summary>\")".
std::string fixesTag(llvm::StringRef Sha, llvm::StringRef Summary);

struct PatchOptions {
  PatchPer Per = PatchPer::Finding;
  /// Paths in the diffs are relative to this (--source-root), else to each
  /// file's git top-level, else to the current directory.
  std::string SourceRoot;
  /// Where a file in no git repository and not under the current directory
  /// is taken from: the compilation database's directories (where make
  /// ran, in a tree unpacked from a tarball).
  std::vector<std::string> DatabaseDirs;
  std::string Version;
  /// What the analysis read: the fixes' offsets are into that text.
  AnalysedSources Sources;
};

struct PatchFile {
  std::string Name; // "0001-fs-select-....patch"
  std::string Text;
};

struct PatchSeries {
  std::vector<PatchFile> Patches;
  /// Findings left out, each with why (their edits overlap an earlier
  /// patch's, or change nothing).
  std::vector<std::string> Skipped;
  /// Whether From: and Signed-off-by: could be filled in.
  bool HaveAuthor = false;
  /// The folders the patches' paths are relative to (sourceRoot()).
  std::set<std::string> Roots;
};

/// The series for \p Findings; an error when a source cannot be read or
/// changed since the analysis.
llvm::Expected<PatchSeries> buildPatchSeries(llvm::ArrayRef<Finding> Findings,
                                             const PatchOptions &Options);

/// Makes \p Dir (its parent must exist) and writes each patch into it,
/// atomically. With \p Replace, the series \p Dir held before (its
/// "NNNN-*.patch" files) is removed once the new one is written, so that
/// `git am Dir/*.patch` takes no stale patch; without, such a series is an
/// error.
llvm::Error writePatchSeries(const PatchSeries &Series, llvm::StringRef Dir,
                             bool Replace);

/// True for a name of a series' file: "NNNN-*.patch", `git format-patch`'s
/// and --patch-dir's.
bool isSeriesFileName(llvm::StringRef Name);

/// The files of \p Dir that isSeriesFileName(), sorted.
std::vector<std::string> seriesFiles(llvm::StringRef Dir);

/// What would stop writing patches into \p Dir, found before the analysis:
/// it is not a directory, is not writable, is missing and its parent does
/// not exist, or (unless \p Replace) already holds a series.
llvm::Error checkPatchDir(llvm::StringRef Dir, bool Replace);

/// The unified diff (`git diff` form, a/ b/ paths as in the patches) of
/// every file --fix would change; \p Refused gets the findings --fix would
/// refuse, with why.
llvm::Expected<std::string> fixDiff(llvm::ArrayRef<Finding> Findings,
                                    const PatchOptions &Options,
                                    std::vector<std::string> &Refused);

} // namespace uaccess

#endif
