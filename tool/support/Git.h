//===--- Git.h - What git knows about a source file -------------*- C++ -*-===//
//
// --diff=<rev> asks git for the patch to gate (`git diff -U0 <rev>`).
// --patch-dir asks git, in the folder of the file a patch changes, who the
// author is (`git config user.name`, `user.email`) and which commit added
// the line a finding is on (`git blame --porcelain`), for the Fixes: tag.
// Every question may go unanswered: no git, not a repository, an
// uncommitted line. Nothing here changes a repository.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_GIT_H
#define UACCESS_LINT_TOOL_GIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace uaccess {

/// The standard output of `git <Args>` run in \p Dir; git's message on
/// standard error when it fails.
llvm::Expected<std::string> runGit(llvm::StringRef Dir,
                                   llvm::ArrayRef<std::string> Args);

/// The output of `git diff -U0 <Rev> --` run in the current directory (the
/// patch of --diff=REV); git's message when it fails.
llvm::Expected<std::string> runGitDiff(llvm::StringRef Rev);

/// `git config <Key>` in \p Dir, trimmed; empty when it is not set.
std::string gitConfig(llvm::StringRef Dir, llvm::StringRef Key);

struct CommitRef {
  std::string Sha; // 40 hex digits.
  std::string Summary;
};

/// The commit that last changed line \p Line of \p File, by `git blame`;
/// none outside a repository, for an untracked file or an uncommitted line.
std::optional<CommitRef> blameLine(llvm::StringRef File, uint64_t Line);

/// The commit and summary read from `git blame --porcelain` output; none
/// for the uncommitted (all zero) commit.
std::optional<CommitRef> parseBlamePorcelain(llvm::StringRef Output);

} // namespace uaccess

#endif
