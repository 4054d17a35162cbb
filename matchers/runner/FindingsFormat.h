//===--- FindingsFormat.h - Findings as the workers send them ---*- C++ -*-===//
//
// Each TU is analyzed in a worker process; what it found travels back to
// the driver as one JSON document, a TUReport. The same JSON form of a
// finding is what --format=json prints.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RUNNER_FINDINGSFORMAT_H
#define UACCESS_LINT_RUNNER_FINDINGSFORMAT_H

#include "checks/Finding.h"

#include "llvm/Support/JSON.h"

namespace uaccess {

/// What one worker reports for one TU.
struct TUReport {
  std::string File;
  std::vector<Finding> Findings;
  /// --dump-uaccess text, one block per function; the first line of a
  /// block names the function and where it is.
  std::vector<std::string> Dump;
  /// Errors the front end reported; the TU counts as failed when non-zero.
  uint64_t CompilerErrors = 0;
};

llvm::json::Value toJSON(const FindingLocation &L);
llvm::json::Value toJSON(const FindingNote &N);
llvm::json::Value toJSON(const FindingFix &F);
llvm::json::Value toJSON(const Finding &F);
llvm::json::Value toJSON(const TUReport &R);
bool fromJSON(const llvm::json::Value &V, FindingLocation &L,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FindingNote &N, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FindingFix &F, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, Finding &F, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TUReport &R, llvm::json::Path P);

} // namespace uaccess

#endif
