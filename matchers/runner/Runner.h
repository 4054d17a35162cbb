//===--- Runner.h - Analyze one translation unit ----------------*- C++ -*-===//

#ifndef UACCESS_LINT_RUNNER_H
#define UACCESS_LINT_RUNNER_H

#include "Check.h"
#include "Finding.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace uaccess {

struct RunOptions {
  std::string ChecksSpec = "*";
  bool DumpUses = false;
  CheckOptions Checks;
};

/// Parses \p Command (already adjusted for clang 19) and runs the enabled
/// checks over it. Front-end errors are printed to stderr and counted.
TUReport analyzeTranslationUnit(const clang::tooling::CompileCommand &Command,
                                const RunOptions &Opts);

llvm::json::Value toJSON(const RunOptions &O);
bool fromJSON(const llvm::json::Value &V, RunOptions &O, llvm::json::Path P);

} // namespace uaccess

#endif
