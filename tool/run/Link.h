//===--- Link.h - The link step's rounds over the database ------*- C++ -*-===//
//
// After the TUs are analyzed, access-ok-far findings whose search for a
// check left their TU (link/CallerLink.h) are finished here. Each round
// asks the TUs of the whole database that name the functions still in
// question for their call summaries (a worker run with no checks), until
// nothing new is needed; then the findings are linked. TUs outside the run's
// selection, its shard, or what the prefilter kept are asked too: a check
// in any of them counts.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_LINK_H
#define UACCESS_LINT_TOOL_LINK_H

#include "run/Merge.h"
#include "run/Workers.h"

namespace uaccess {

/// What the link step parsed: the TUs of every round, and the rounds.
struct LinkStats {
  unsigned Rounds = 0, TUs = 0;
};

/// A TU's call summary from its analysis (RunOptions::SummarizeOwnLinks):
/// what it answered there is not asked of it again.
struct EarlyAnswer {
  clang::tooling::CompileCommand Command;
  CallSummary Calls;
};

/// Finishes \p Report's linked findings over \p Database (adjusted
/// commands); \p Workers runs the summaries. Files under \p Root are named
/// relative to it. \p FromDatabase: \p Database is a compile database's,
/// not the command line's files, so a function none of its TUs calls has
/// no caller there. \p Early: summaries the analysis gave already.
LinkStats
linkAcrossUnits(MergedReport &Report,
                const std::vector<clang::tooling::CompileCommand> &Database,
                WorkerOptions Workers, llvm::StringRef Root, bool FromDatabase,
                llvm::ArrayRef<EarlyAnswer> Early = {});

/// True when \p Text names one of \p Names as a whole identifier.
bool namesAnyOf(llvm::StringRef Text, const std::set<std::string> &Names);

} // namespace uaccess

#endif
