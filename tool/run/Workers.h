//===--- Workers.h - One process per translation unit -----------*- C++ -*-===//
//
// A TU that crashes or hangs the front end must not end the run, so every
// TU is analyzed by a child process (this binary, re-run with --worker-job),
// with a timeout. The children write their TUReport as JSON.
//
// Nothing outlives the driver: a worker ends when the driver does (however
// it is killed) and keeps to the timeout by itself as well, and the job's
// temporary files are removed on SIGINT and SIGTERM, by the driver and by
// the worker.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_WORKERS_H
#define UACCESS_LINT_WORKERS_H

#include "runner/FindingsFormat.h"
#include "runner/Runner.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>

namespace uaccess {

enum class TUStatus { Analyzed, Failed, Skipped };

struct TUOutcome {
  std::string File;
  TUStatus Status = TUStatus::Analyzed;
  std::string Reason; ///< Why it failed.
  TUReport Report;
  /// The index of the settings it ran with (tool/Settings.h).
  unsigned Config = 0;
};

struct WorkerOptions {
  std::string SelfPath;
  unsigned Jobs = 1;
  unsigned TimeoutSeconds = 0; ///< 0: none.
  RunOptions Run;
  /// When not empty, one per command: the options of its TU's own config,
  /// in place of Run.
  std::vector<const RunOptions *> RunOf;
  /// Testing hooks: a worker whose file name contains this aborts / hangs.
  std::string DebugCrashOn, DebugHangOn;
  /// Called as each TU is done, from the thread that ran it.
  std::function<void(const TUOutcome &)> OnDone;
};

/// More workers than this only cost memory and file descriptors (three
/// per running TU).
constexpr unsigned MaxWorkers = 256;

/// How many workers run at once: \p Requested (0: one per hardware
/// thread), but no more than there are TUs or MaxWorkers, and at least one.
unsigned workerCount(unsigned Requested, size_t TUs);

/// Runs \p Work(I) for I in [0, N) on workerCount(\p Jobs, N) threads.
void parallelFor(size_t N, unsigned Jobs,
                 llvm::function_ref<void(size_t)> Work);

/// Analyzes each command in a worker process, workerCount() at a time.
std::vector<TUOutcome>
runWorkers(const std::vector<clang::tooling::CompileCommand> &Commands,
           const WorkerOptions &Opts);

/// The interrupt signals the process was started with ignored (SIGINT, as
/// a script's `cmd &` leaves it): read before InitLLVM, whose handlers take
/// them over.
std::vector<int> ignoredInterrupts();
/// A driver keeps ignoring \p Ignored: LLVM's handler, which removes the
/// driver's temporary files, would otherwise take them, and the run would
/// go on without its workers' job files.
void keepIgnoredInterrupts(llvm::ArrayRef<int> Ignored);

/// In the driver: SIGQUIT, SIGALRM and SIGXCPU (a CI runner's or a shell's
/// time limit) end it as SIGTERM does, its temporary files removed and its
/// workers ending with it. LLVM's handler would print a stack dump and
/// carry on until the TUs time out.
void endDriverOnStopSignals();

/// The worker side: reads the job, analyzes, writes the report. Returns the
/// process exit code.
int runWorkerJob(llvm::StringRef JobPath);

} // namespace uaccess

#endif
