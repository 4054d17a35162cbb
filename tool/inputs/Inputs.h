//===--- Inputs.h - Files the user hands the tool ---------------*- C++ -*-===//
//
// The database, the --diff patch, the uaccess-safe list: each is read once,
// up front, and refused with a clear message when it is not what it should
// be (a device, a directory, binary, too large) rather than read until the
// machine runs out of memory or taken as an empty input.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_INPUTS_INPUTS_H
#define UACCESS_LINT_TOOL_INPUTS_INPUTS_H

#include "support/SourceRoots.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace uaccess {

/// The contents of \p Path, a regular file or a pipe (`<(git diff)`), of at
/// most \p MaxBytes; \p What names it in errors ("the patch").
llvm::Expected<std::string>
readInputFile(llvm::StringRef Path, llvm::StringRef What, uint64_t MaxBytes);

/// The names of a uaccess-safe list: one a line, '#' starts a comment.
std::vector<std::string> parseNameList(llvm::StringRef Text);

/// A JSON compilation database from its text; \p Base is the folder
/// relative "directory" entries are relative to.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
parseJSONDatabase(llvm::StringRef Text, llvm::StringRef Base);

/// Loads a JSON compilation database. A relative "directory" is relative to
/// the database file's folder, as the format's specification says.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadJSONDatabase(llvm::StringRef JsonPath);

/// Source files' texts, each read once; "" for a file that cannot be read.
class SourceTexts {
public:
  llvm::StringRef get(llvm::StringRef Path);

private:
  std::map<std::string, std::string> Texts;
};

/// An output path that is a directory, or whose folder does not exist.
/// What a replacement would refuse (read-only, hard-linked, an unwritable
/// folder) is checkOutputFile()'s, in Fixes.h.
llvm::Error checkOutputPath(llvm::StringRef Path, llvm::StringRef What);

} // namespace uaccess

#endif
