//===--- Finding.h - A diagnostic, detached from its AST ---------*- C++
//-*-===//
//
// Workers analyze one TU each in their own process; a Finding is what they
// hand back (as JSON) and what every output format is rendered from.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_FINDING_H
#define UACCESS_LINT_FINDING_H

#include "llvm/Support/JSON.h"
#include <cstdint>
#include <string>
#include <vector>

namespace uaccess {

struct FindingLocation {
  std::string File;
  uint64_t Offset = 0;
  uint64_t Line = 0;
  uint64_t Column = 0;
};

struct FindingNote {
  FindingLocation Loc;
  std::string Message;
};

struct FindingFix {
  std::string File;
  uint64_t Offset = 0;
  uint64_t Length = 0;
  std::string Replacement;
};

struct Finding {
  std::string Check;
  std::string Message;
  FindingLocation Loc;
  std::string Function;
  std::vector<FindingNote> Notes;
  std::vector<FindingFix> Fixes;
  /// Higher sorts first among findings of one check (batchable savings).
  uint64_t Rank = 0;
};

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
