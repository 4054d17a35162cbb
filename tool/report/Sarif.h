//===--- Sarif.h - SARIF 2.1.0 for code scanning ----------------*- C++ -*-===//
//
// The log GitHub code scanning and other SARIF consumers read (docs/ci.md):
// one rule per check, described by its page in docs/checks/; one result per
// finding, with a region, its notes as related locations and as a thread
// flow, its fix-its as fixes, its file relative to %SRCROOT%; the TUs that
// could not be analyzed as notifications of the invocation.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SARIF_H
#define UACCESS_LINT_TOOL_SARIF_H

#include "inputs/Inputs.h"
#include "report/Reporters.h"
#include "support/SourceRoots.h"

#include <map>
#include <optional>

namespace uaccess {

struct SarifOptions {
  llvm::StringRef Version;
  /// Absolute. Files under it are named relative to it, with the uriBaseId
  /// %SRCROOT% that run.originalUriBaseIds maps to it; others by absolute
  /// file: URIs.
  std::string SourceRoot;
};

void renderSARIF(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                 const SarifOptions &Options, llvm::raw_ostream &OS);

/// How many UTF-16 code units \p Bytes are as UTF-8; a byte that starts no
/// valid sequence is one (the U+FFFD it is shown as).
uint64_t utf16Length(llvm::StringRef Bytes);

/// Positions in source files as the log counts them (run.columnKind
/// "utf16CodeUnits"): lines and columns from 1, columns and character
/// offsets in UTF-16 code units.
class SourcePositions {
public:
  struct Position {
    uint64_t Line = 0, Column = 0;
  };
  /// Where byte \p Offset of \p File is; nullopt when the file cannot be
  /// read or is shorter.
  std::optional<Position> position(llvm::StringRef File, uint64_t Offset);
  /// The byte just past the token at \p Offset: an identifier's end, else
  /// the next character's start (\p Offset at a line end or the file's).
  uint64_t tokenEnd(llvm::StringRef File, uint64_t Offset);
  /// \p Offset in UTF-16 code units from the start of \p File (\p Offset
  /// itself when the file cannot be read or is shorter).
  uint64_t charOffset(llvm::StringRef File, uint64_t Offset);

private:
  SourceTexts Texts;
  std::map<std::string, std::vector<uint64_t>> LineStarts;
  const std::vector<uint64_t> &lineStarts(llvm::StringRef File);
};

} // namespace uaccess

#endif
