//===--- SourceRoots.h - Source paths and their roots -----------*- C++ -*-===//
//
// Findings' files as the reports, fingerprints and patches name them:
// absolute, without `.`/`..`, or relative to the source root (the git
// top-level, or --source-root).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SUPPORT_SOURCEROOTS_H
#define UACCESS_LINT_TOOL_SUPPORT_SOURCEROOTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// \p File (relative to \p Directory) as an absolute path without `.`/`..`.
std::string absoluteSourcePath(llvm::StringRef Directory, llvm::StringRef File);

/// The folder fingerprints' paths are relative to: \p Explicit when set
/// (--source-root), else the nearest folder above \p File holding a
/// ".git" (the git top-level), else the current directory.
std::string sourceRoot(llvm::StringRef File, llvm::StringRef Explicit,
                       llvm::ArrayRef<std::string> Fallbacks = {});

/// \p File relative to \p Root with '/' separators; \p File, absolute,
/// when it is not under \p Root.
std::string relativeTo(llvm::StringRef File, llvm::StringRef Root);

} // namespace uaccess

#endif
