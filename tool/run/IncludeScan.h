//===--- IncludeScan.h - The files one TU reads -----------------*- C++ -*-===//
//
// The files a TU reads, for the prefilter (Prefilter.h): from clang's
// dependency scanner, or a preprocessor-only run, never reading a FIFO or
// a device (the scan runs in the driver, where no --timeout applies).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_INCLUDESCAN_H
#define UACCESS_LINT_TOOL_INCLUDESCAN_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm::vfs {
class Status;
} // namespace llvm::vfs

namespace uaccess {

/// Why the scan must not read the file whose status is \p S: a FIFO or a device
/// would block it or never end (the scan runs in the driver, where no --timeout
/// applies);
/// "" for a regular file of bounded size.
std::string unreadable(const llvm::vfs::Status &S);

enum class IncludeScanner {
  DependencyScan, ///< clang::tooling::dependencies, minimized sources.
  Preprocess,     ///< A PreprocessOnlyAction per TU.
};

/// The files (absolute paths) one TU reads, its main file first; or, when
/// the command cannot be preprocessed, the preprocessor's errors.
llvm::Expected<std::vector<std::string>>
includedFiles(const clang::tooling::CompileCommand &Command,
              IncludeScanner Scanner);

/// The first error of \p ScanErrors (what includedFiles() failed with)
/// when it is an #include of a file that does not exist; else empty. A
/// parse of the TU fails with the same error, so it need not be run.
std::string missingIncludeError(llvm::StringRef ScanErrors);

} // namespace uaccess

#endif
