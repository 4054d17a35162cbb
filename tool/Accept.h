//===--- Accept.h - Suppressions and fingerprints of findings ---*- C++ -*-===//
//
// What lets a tree with findings adopt the tool: inline suppression
// comments (utils/Suppressions.h) drop the findings they cover, and each
// finding that stays gets a fingerprint (utils/Fingerprint.h) a baseline
// can name. Both read the findings' files as they are now, in the driver,
// after the workers' findings are merged.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_ACCEPT_H
#define UACCESS_LINT_TOOL_ACCEPT_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace uaccess {

/// Source files' texts, each read once; "" for a file that cannot be read.
class SourceTexts {
public:
  llvm::StringRef get(llvm::StringRef Path);

private:
  std::map<std::string, std::string> Texts;
};

/// The folder fingerprints' paths are relative to: \p Explicit when set
/// (--source-root), else the nearest folder above \p File holding a
/// ".git" (the git top-level), else the current directory.
std::string sourceRoot(llvm::StringRef File, llvm::StringRef Explicit,
                       llvm::ArrayRef<std::string> Fallbacks = {});

/// \p File relative to \p Root with '/' separators; \p File, absolute,
/// when it is not under \p Root.
std::string relativeTo(llvm::StringRef File, llvm::StringRef Root);

/// Sets each finding's Fingerprint; identical ones are numbered in the
/// order of \p Findings (by file and offset after the merge).
void assignFingerprints(std::vector<Finding> &Findings, SourceTexts &Texts,
                        llvm::StringRef ExplicitRoot);

struct SuppressionOutcome {
  unsigned Suppressed = 0;
  /// "file:line: ..." lines: suppressions that covered no finding.
  std::vector<std::string> Unused;
  /// Suppressions that cannot work (malformed, unpaired, no such check).
  std::vector<std::string> Problems;
};

/// The checks enabled for a file: where a suppression that names one and
/// matches nothing is unused.
using EnabledChecksFn =
    llvm::function_ref<std::vector<llvm::StringRef>(llvm::StringRef File)>;

/// Drops the findings a suppression comment covers on their primary
/// location's line. \p Files (the TUs analyzed) and the findings' files
/// are searched for unused suppressions that name a check \p EnabledIn
/// the file, and for broken ones; \p AllChecks tells a typo from a check.
SuppressionOutcome applySuppressions(std::vector<Finding> &Findings,
                                     llvm::ArrayRef<std::string> Files,
                                     SourceTexts &Texts,
                                     EnabledChecksFn EnabledIn,
                                     llvm::ArrayRef<llvm::StringRef> AllChecks);

} // namespace uaccess

#endif
