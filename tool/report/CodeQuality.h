//===--- CodeQuality.h - GitLab's Code Quality report ------------*- C++
//-*-===//
//
// GitLab shows Code Quality reports (a JSON array of CodeClimate issues) in
// merge requests; it does not read SARIF. --format=codequality writes one:
// per finding the check, the message, the file relative to the source root
// (as GitLab names files, from the repository's top), the line, a severity
// from the level, categories from the check's tags, and the baseline
// fingerprint, by which GitLab matches issues across pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_CODEQUALITY_H
#define UACCESS_LINT_TOOL_CODEQUALITY_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace uaccess {

/// CodeClimate's categories for a check of \p Tags (CheckInfo::Tags):
/// "Performance" for a performance check, else "Bug Risk", with
/// "Security" when the check is tagged so.
std::vector<std::string> codeQualityCategories(llvm::StringRef Tags);

/// The report; files under \p SourceRoot (absolute) are named relative to
/// it, others by their absolute paths.
void renderCodeQuality(llvm::ArrayRef<Finding> Findings,
                       llvm::StringRef SourceRoot, llvm::raw_ostream &OS);

} // namespace uaccess

#endif
