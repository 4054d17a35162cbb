//===--- Results.h - A results folder: one record per TU --------*- C++ -*-===//
//
// A build checks its TUs one by one, many at once and on many machines
// (make -j, distcc, a build farm's jobs per arch and config). With
// --results-dir each TU leaves its record in a folder, written atomically
// under a name its command decides (two configs of one file are two
// records; a file checked again replaces its own): the adjusted command,
// whether it was analyzed, failed (and why) or skipped by the prefilter,
// and its findings as the TU found them, before the link step and before
// any filter. `uaccess-lint report DIR...` reads the folders and makes of
// them what a plain run over the same TUs makes (README, "In the kernel's
// build").
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_RESULTS_H
#define UACCESS_LINT_TOOL_RESULTS_H

#include "run/Workers.h"
#include "support/SourceDigests.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace uaccess {

/// What became of a TU: Prefiltered, the prefilter found that it cannot
/// have findings and it was not parsed.
enum class ResultStatus { Analyzed, Failed, Prefiltered };

/// One TU's record.
struct ResultRecord {
  /// The position of its folder among those read: one folder is one build
  /// (one arch and config), linked on its own.
  unsigned Folder = 0;
  clang::tooling::CompileCommand Command;
  ResultStatus Status = ResultStatus::Analyzed;
  std::string Reason;
  /// The checks that ran (--checks, the config's Checks): a report cannot
  /// ask for more.
  std::string Checks;
  TUReport Report;
  /// The SHA-256 of each file the record names (namedFiles()), by its
  /// absolute path, of the text the analysis read; "" for one that changed
  /// while it was analyzed. A file with another text now has findings the
  /// record no longer places, and fix-its that would land elsewhere.
  SourceDigests Sources;
};

/// The files whose text a record's places and fix-its depend on: its
/// source, and each file its findings and fix-its name; absolute.
std::set<std::string> namedFiles(const ResultRecord &R);

/// The record's file name in its folder: the source's name and a hash of
/// the folder and the object the compile makes (its -o, else the source):
/// the same object built again, with other flags, replaces its record;
/// another build tree's is another record.
std::string resultFileName(const clang::tooling::CompileCommand &Command);

/// Writes \p Record into \p Dir (made if missing), replacing its earlier
/// record atomically.
llvm::Error writeResult(llvm::StringRef Dir, const ResultRecord &Record);

/// Every record of every folder in \p Dirs, ordered by folder, then file;
/// a record met twice (the same object in two folders) counts once, in
/// the first. A folder that is missing or holds no record, a file that is
/// not a whole record of this version, and a folder whose records are of
/// two builds (two arches, or two build folders: linked as one program
/// they would check each other's callers) are errors that name them.
llvm::Expected<std::vector<ResultRecord>>
readResults(llvm::ArrayRef<std::string> Dirs);

} // namespace uaccess

#endif
