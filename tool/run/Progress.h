//===--- Progress.h - Progress while TUs run, and a summary ---*- C++ -*-===//
//
// A whole tree takes minutes. On a terminal, standard error shows one line
// that is rewritten as TUs finish (done/total, the TU just done and its
// findings, findings so far, failed, elapsed, ETA); elsewhere nothing,
// unless --progress asks for a plain line per TU. Every run ends with a
// summary: findings per check, TUs analyzed, skipped by the prefilter and
// failed, and the wall time.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_PROGRESS_H
#define UACCESS_LINT_TOOL_PROGRESS_H

#include "run/Merge.h"
#include "run/Workers.h"
#include "support/RunSummary.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>
#include <set>
#include <tuple>

namespace uaccess {

/// "0.4 s", "12 s", "3 min 05 s", "1 h 02 min".
std::string formatDuration(double Seconds);

class ProgressMeter {
public:
  enum class Mode {
    Off,
    Terminal, ///< One line, rewritten in place.
    Plain,    ///< One line per TU.
  };
  /// \p Total TUs to run; \p FailedBefore more failed before any ran (a
  /// source file that is missing): counted as done and failed, so that the
  /// totals are the summary's.
  ProgressMeter(Mode M, size_t Total, llvm::raw_ostream &OS,
                size_t FailedBefore = 0);

  /// One TU is done; safe to call from any thread.
  void done(const TUOutcome &O);
  /// Clears the terminal line.
  void finish();

  /// "[3/25] fs/select.c: 1 finding; so far 4 findings, 0 failed, 2.0 s
  /// elapsed, ETA 14 s", naming the TU that finished last.
  std::string line() const;

private:
  double elapsed() const;

  Mode M;
  size_t Total, Done = 0, Failed = 0, FailedBefore;
  std::set<FindingKey> Findings; ///< Counted once each, as merged.
  std::string CurrentDir;        ///< With a trailing '/'; empty if unknown.
  /// The TU done last, relative to CurrentDir when under it, and its
  /// result: "1 finding", "failed".
  std::string LastFile, LastResult;
  llvm::raw_ostream &OS;
  std::chrono::steady_clock::time_point Start;
  mutable std::mutex Lock;
};

/// The closing lines: findings per check, the TU counts, the wall time.
void printSummary(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                  const RunSummary &Summary, double Seconds);

} // namespace uaccess

#endif
