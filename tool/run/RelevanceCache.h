//===--- RelevanceCache.h - The scan cache of Kbuild's checker --*- C++ -*-===//
//
// Kbuild's checker runs once per object (docs/kbuild.md), and most objects
// name no uaccess API. Learning that took a scan of the ~1,000 headers the
// object's record lists, most of them the tree's own include folders. The
// scan cache reads those folders once (the *universe*: every `*.h` under
// the command's -I folders named `include`, in the build's tree) and keeps
// a bound on the relevant names of any set of its headers
// (boundRelevance()) in a file. A call then scans its main file and the
// headers the universe does not hold as they are (boundWith()), and skips
// the TU when its main file names nothing in the bound: what the full
// prefilter would have done. When it cannot tell, or the cache cannot be
// read or written, the full prefilter decides, as without the cache.
//
// The file: `universe-<hash of the folders>` in the cache folder, text:
//   uaccess-lint relevance universe <format> <tool version> <API hash>
//   # dirs, then one folder a line
//   # files, then `path<TAB>mtime-ns<TAB>size`, sorted by path
//   # relevant, # pasting, # identifiers: a RelevanceBound, sorted
//   # end
// It is replaced atomically, and rebuilt when its first line differs or
// more than 64 of a TU's headers changed since.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_RELEVANCECACHE_H
#define UACCESS_LINT_TOOL_RELEVANCECACHE_H

#include "run/BuildRecords.h"
#include "run/SourceScan.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

/// Where the scan cache is, and what its files are keyed by.
struct ScanCacheSettings {
  /// The cache folder; empty: `.uaccess-lint-cache` in the command's
  /// folder.
  std::string Dir;
  /// What the files are good for: the tool's version, and the binary's
  /// identity.
  std::string ToolVersion;
  unsigned Jobs = 0;
  /// How long a call waits for another that builds the file (a few
  /// seconds on a kernel tree) before it takes the lock over.
  unsigned LockWaitSeconds = 60;
};

/// What the scan cache told of one TU.
struct CachedChoice {
  /// Its main file names nothing relevant: it has no finding.
  bool Skip = false;
  /// The cache file.
  std::string Path;
  /// For --explain-prefilter: what the cache did ("built"), and why the
  /// full prefilter decides when it does.
  std::string Note;
};

/// One header of a universe, as it was scanned.
struct UniverseFile {
  std::string Path;
  int64_t Time = 0; ///< Modification time, ns since the epoch.
  uint64_t Size = 0;
};

/// What a universe file holds.
struct UniverseContents {
  std::vector<std::string> Dirs;
  std::vector<UniverseFile> Files; ///< Sorted by path.
  RelevanceBound Bound;
};

/// A universe file as a call reads it: the bound's short lists parsed,
/// the files' stamps and the identifiers (most of the file) left as the
/// file has them, sorted lines, and looked up by binary search.
struct Universe {
  std::unique_ptr<llvm::MemoryBuffer> Text;
  std::vector<std::string> Dirs;
  llvm::StringRef FileLines;
  llvm::StringRef IdentifierLines;
  /// Its Identifiers are left empty: see hasIdentifier().
  RelevanceBound Bound;

  /// The time and size the file has for \p Path; nullopt when none.
  std::optional<std::pair<int64_t, uint64_t>> stamp(llvm::StringRef Path) const;
  bool hasIdentifier(llvm::StringRef Name) const;
};

/// The universe folders of \p Command: its -I, -isystem and -iquote
/// folders inside its own folder with a component named `include`, that
/// exist, sorted, none inside another.
std::vector<std::string>
universeFolders(const clang::tooling::CompileCommand &Command);

/// The first line of a universe file of this tool.
std::string universeHeader(llvm::StringRef ToolVersion);

std::string formatUniverse(const UniverseContents &U, llvm::StringRef Header);

/// Nullopt when \p Text is not a whole universe file with \p Header.
std::optional<Universe> parseUniverse(std::unique_ptr<llvm::MemoryBuffer> Text,
                                      llvm::StringRef Header);

/// The scan cache's choice for the TU of \p Command, whose files (main
/// first) are \p Files, as its fresh build record lists them.
CachedChoice chooseByScanCache(const ScanCacheSettings &Settings,
                               const clang::tooling::CompileCommand &Command,
                               llvm::ArrayRef<std::string> Files);

} // namespace uaccess

#endif
