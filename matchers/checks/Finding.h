//===--- Finding.h - A diagnostic, detached from its AST --------*- C++ -*-===//
//
// What a check produces: a message at a file offset, with notes and fix-its,
// as plain values that outlive the AST. Workers hand findings back as JSON
// (runner/FindingsFormat.h) and every output format is rendered from them.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_FINDING_H
#define UACCESS_LINT_CHECKS_FINDING_H

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
  /// Set by the driver after the merge (tool/Accept.h): what a baseline
  /// knows the finding by. Workers leave it empty.
  std::string Fingerprint;
};

} // namespace uaccess

#endif
