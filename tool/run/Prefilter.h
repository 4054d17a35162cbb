//===--- Prefilter.h - Which TUs can have findings, before parsing -*- C++
//-*-===//
//
// Nearly every kernel TU includes linux/uaccess.h, but few have a function
// body that uses the API. Findings are only ever in such bodies, so a TU is
// parsed only when one of them can be in it:
//
//  * the main file names a *relevant* name: an API name (UaccessApi's
//    table), or, transitively, a macro or function defined in a header the
//    run includes whose body names a relevant name (a wrapper macro, an
//    inline helper);
//  * or a header it includes defines a body that names a relevant name,
//    and no TU already chosen includes that header (header coverage: a
//    header's findings are the same in every TU, and the merge keeps one).
//
// The included files come from clang's dependency scanner (the library of
// clang-scan-deps), run in the driver; the files are read with clang's raw
// lexer, so comments and strings do not count. A TU the scanner cannot
// handle is analyzed. --exhaustive turns all of this off.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_PREFILTER_H
#define UACCESS_LINT_TOOL_PREFILTER_H

#include "run/BuildRecords.h"
#include "run/IncludeScan.h"
#include "run/RelevanceCache.h"
#include "run/SourceScan.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

struct PrefilterResult {
  /// One per command: parse it.
  std::vector<bool> Analyze;
  /// One per command: why it is parsed ("names 'x'", "covers 'h.h'", "the
  /// scanner failed"), or empty.
  std::vector<std::string> Why;
  /// One per command: when not empty, the TU is not parsed because its
  /// parse would fail: an #include names a missing file (this error). The
  /// run reports the TU failed, as a parse would.
  std::vector<std::string> Unparsable;
  /// TUs not parsed because they can have no findings.
  unsigned Skipped = 0;
  /// One per command: skippableBodies() of a TU that is parsed; empty
  /// when it is not, or when its includes could not be learned.
  std::vector<std::vector<std::string>> SkippableBodies;
  /// One per command: where its includes came from: its build record
  /// ("from fs/.select.o.cmd"), or the scan, and why not the record.
  std::vector<std::string> IncludesFrom;
  /// Every file a TU's includes name (its main file too), each with the
  /// index of the first command that reads it.
  std::vector<std::pair<std::string, size_t>> FilesRead;
  /// One per command: what the scan cache did ("built") and, when the
  /// full prefilter decided, why; empty without the cache.
  std::vector<std::string> ScanCache;
};

/// Whether a patch touches a file (absolute path); see --diff.
using TouchedFileFn = llvm::function_ref<bool(llvm::StringRef)>;

/// How the prefilter runs.
struct PrefilterSettings {
  /// Threads that scan at once.
  unsigned Jobs = 0;
  IncludeScanner Scanner = IncludeScanner::DependencyScan;
  /// With a patch gate, a TU none of whose files the patch touches is
  /// skipped too: every finding it could give is outside the patch.
  TouchedFileFn Touched = nullptr;
  /// The result lists the bodies each parsed TU may skip.
  bool FindSkippable = false;
  /// A TU whose build record is fresh takes its includes from it,
  /// unscanned.
  BuildRecords *Records = nullptr;
  /// Without it, a TU is never parsed only to cover a header: Kbuild's
  /// checker sees one TU per call, and would parse nearly every TU of a
  /// build for the headers they all include.
  bool CoverHeaders = true;
  /// With it, a lone TU with a fresh record (Kbuild's checker) is first
  /// asked of the scan cache (RelevanceCache.h), which may skip it.
  std::optional<ScanCacheSettings> ScanCache;
};

/// Decides, for each of \p Commands (adjusted for clang 19), whether it
/// must be parsed.
PrefilterResult
prefilterCommands(const std::vector<clang::tooling::CompileCommand> &Commands,
                  const PrefilterSettings &Settings);

/// prefilterCommands() over the commands of each group apart: \p Group
/// has one entry per command. The TUs of a group cover the headers they
/// include for themselves (TUs of other settings may find other things in
/// a header).
PrefilterResult
prefilterGroups(const std::vector<clang::tooling::CompileCommand> &Commands,
                llvm::ArrayRef<unsigned> Group,
                const PrefilterSettings &Settings);

} // namespace uaccess

#endif
