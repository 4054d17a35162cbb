//===--- Workers.cpp - One process per translation unit -------------------===//

#include "run/Workers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace uaccess {

namespace {

using llvm::sys::fs::TempFile;

struct Job {
  clang::tooling::CompileCommand Command;
  RunOptions Run;
  /// The report and stderr files; the driver created both.
  std::string Output, Errors;
  /// The driver's pid: a worker whose parent is another process is orphaned.
  int64_t Driver = 0;
  uint64_t TimeoutSeconds = 0;
  bool Crash = false, Hang = false;
};

// Paths and arguments are bytes, not necessarily UTF-8.
llvm::json::Value toJSON(const Job &J) {
  return llvm::json::Object{{"directory", bytesToJSON(J.Command.Directory)},
                            {"file", bytesToJSON(J.Command.Filename)},
                            {"arguments", bytesToJSON(J.Command.CommandLine)},
                            {"options", J.Run},
                            {"output", bytesToJSON(J.Output)},
                            {"errors", bytesToJSON(J.Errors)},
                            {"driver", J.Driver},
                            {"timeout", J.TimeoutSeconds},
                            {"crash", J.Crash},
                            {"hang", J.Hang}};
}

bool fromJSON(const llvm::json::Value &V, Job &J, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && mapBytes(V, "directory", J.Command.Directory, P) &&
         mapBytes(V, "file", J.Command.Filename, P) &&
         mapBytes(V, "arguments", J.Command.CommandLine, P) &&
         O.map("options", J.Run) && mapBytes(V, "output", J.Output, P) &&
         mapBytes(V, "errors", J.Errors, P) && O.map("driver", J.Driver) &&
         O.map("timeout", J.TimeoutSeconds) && O.map("crash", J.Crash) &&
         O.map("hang", J.Hang);
}

llvm::Expected<Job> readJob(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read %s",
                                   Path.str().c_str());
  return llvm::json::parse<Job>((*Buffer)->getBuffer());
}

/// Writes into a file the driver created. Never creates one: the driver's
/// signal handler may have removed it, and a new one would outlive the run.
llvm::Error writeReport(llvm::StringRef Path, const llvm::json::Value &V) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::CD_OpenExisting,
                          llvm::sys::fs::FA_Write, llvm::sys::fs::OF_None);
  if (EC)
    return llvm::createStringError(EC, "cannot write %s", Path.str().c_str());
  OS << V;
  return llvm::Error::success();
}

/// A file in $TMPDIR that sys::RemoveFileOnSignal removes if the driver is
/// interrupted (SIGINT, SIGTERM).
llvm::Expected<TempFile> createJobFile(llvm::StringRef Role,
                                       llvm::StringRef Extension) {
  llvm::SmallString<128> Model;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
  llvm::sys::path::append(Model,
                          "uaccess-lint-" + Role + "-%%%%%%%%." + Extension);
  return TempFile::create(Model, llvm::sys::fs::owner_read |
                                     llvm::sys::fs::owner_write);
}

/// The files one worker reads its job from and writes its report and
/// stderr to, removed when the TU is done. The driver keeps them open and
/// reads through its descriptors, because a worker that dies of a signal
/// removes their names (so a driver killed with SIGKILL leaves none).
struct JobFiles {
  std::optional<TempFile> Job, Result, Err;

  ~JobFiles() {
    for (std::optional<TempFile> *File : {&Job, &Result, &Err})
      if (*File)
        llvm::consumeError((*File)->discard());
  }

  llvm::Error create() {
    for (auto [File, Role, Extension] :
         {std::tuple(&Job, "job", "json"), std::tuple(&Result, "out", "json"),
          std::tuple(&Err, "err", "txt")}) {
      llvm::Expected<TempFile> Created = createJobFile(Role, Extension);
      if (!Created)
        return Created.takeError();
      File->emplace(std::move(*Created));
    }
    return llvm::Error::success();
  }
};

/// What a worker wrote into one of its files.
std::string contents(const TempFile &File) {
  auto Buffer = llvm::MemoryBuffer::getOpenFile(
      File.FD, File.TmpName, /*FileSize=*/-1, /*RequiresNullTerminator=*/false);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

/// How a worker process ended.
struct WorkerExit {
  int RC = -1;
  bool ExecFailed = false, TimedOut = false;
  std::string ErrMsg;
  int Signal = 0; ///< The signal that killed it, if one did.
};

/// The signals that end a worker early: the driver's death (SIGTERM), and a
/// terminal's or a CI runner's interrupt sent to the whole group.
const int InterruptSignals[] = {SIGTERM, SIGINT, SIGHUP};

sigset_t interruptSignalSet() {
  sigset_t Set;
  sigemptyset(&Set);
  for (int Signal : InterruptSignals)
    sigaddset(&Set, Signal);
  return Set;
}

/// A worker killed by an interrupt the driver did not die of (it ignores
/// SIGINT, as a command started with `&` by a shell does, or someone
/// signalled the worker alone): the run was interrupted, and stops as the
/// driver's own interrupt would stop it. Nothing is written: no report, no
/// fix, no record; the driver's temporary files are removed.
[[noreturn]] void stopInterrupted(int Signal) {
  // One interrupt of the group kills every worker at once: the first
  // thread to see it stops the run, and the others wait here for the
  // process to end (they printed the message into it, interleaved).
  static std::mutex First;
  First.lock();
  llvm::errs() << "uaccess-lint: interrupted (" << ::strsignal(Signal)
               << " in a worker): nothing written\n";
  llvm::sys::RunInterruptHandlers();
  ::signal(Signal, SIG_DFL);
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, Signal);
  ::pthread_sigmask(SIG_UNBLOCK, &Set, nullptr);
  ::raise(Signal);
  ::_exit(128 + Signal);
}

/// Starts the worker with the interrupt signals blocked: a spawned process
/// inherits its thread's mask, so a signal that comes while the worker
/// still loads waits until its handler can remove the job's files, instead
/// of killing it with the files left behind.
llvm::sys::ProcessInfo
spawnWorker(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Args,
            llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects,
            WorkerExit &Exit) {
  sigset_t Interrupts = interruptSignalSet(), Old;
  ::pthread_sigmask(SIG_BLOCK, &Interrupts, &Old);
  llvm::sys::ProcessInfo PI =
      llvm::sys::ExecuteNoWait(Program, Args, std::nullopt, Redirects, 0,
                               &Exit.ErrMsg, &Exit.ExecFailed);
  ::pthread_sigmask(SIG_SETMASK, &Old, nullptr);
  return PI;
}

/// A wait for worker \p Pid that does not block: its exit code, -2 when a
/// signal killed it (as sys::Wait says), none while it runs. Not
/// sys::Wait(PI, 0): that installs its own SIGALRM handler around every
/// call, from every thread, and the driver then ignored a SIGALRM.
std::optional<int> reapWorker(pid_t Pid, std::string &ErrMsg, int &Signal) {
  int Status = 0;
  pid_t Got;
  do
    Got = ::waitpid(Pid, &Status, WNOHANG);
  while (Got < 0 && errno == EINTR);
  if (Got == 0)
    return std::nullopt;
  if (Got < 0) {
    ErrMsg = std::string("waitpid: ") + std::strerror(errno);
    return -1;
  }
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  if (WIFSIGNALED(Status)) {
    Signal = WTERMSIG(Status);
    ErrMsg = ::strsignal(Signal);
    return -2;
  }
  return -1;
}

// LLVM's own wait timeout uses alarm(), which one thread of a pool cannot
// own; poll instead, and kill the worker at the deadline. The calling
// thread waits for its worker, so it outlives it: PR_SET_PDEATHSIG, which
// the worker sets, fires when the thread that started it ends.
WorkerExit runWorker(const WorkerOptions &Opts, const JobFiles &Files) {
  WorkerExit Exit;
  llvm::StringRef Args[] = {Opts.SelfPath, "--worker-job", Files.Job->TmpName};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(""),
      llvm::StringRef(Files.Err->TmpName)};
  llvm::sys::ProcessInfo PI = spawnWorker(Opts.SelfPath, Args, Redirects, Exit);
  if (Exit.ExecFailed)
    return Exit;
  auto Deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(Opts.TimeoutSeconds);
  for (;;) {
    std::optional<int> Done = reapWorker(PI.Pid, Exit.ErrMsg, Exit.Signal);
    bool Late =
        Opts.TimeoutSeconds && std::chrono::steady_clock::now() > Deadline;
    if (Done) {
      Exit.RC = *Done;
      // Killed by its own time limit, a moment before this loop's.
      Exit.TimedOut = Exit.RC == -2 && Late;
      if (!Exit.TimedOut && llvm::is_contained(InterruptSignals, Exit.Signal))
        stopInterrupted(Exit.Signal);
      return Exit;
    }
    if (Late) {
      ::kill(PI.Pid, SIGKILL);
      llvm::sys::Wait(PI, std::nullopt, &Exit.ErrMsg);
      Exit.TimedOut = true;
      return Exit;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

/// The outcome of a worker that exited: its report, or why there is none.
void readOutcome(const WorkerExit &Exit, const WorkerOptions &Opts,
                 const JobFiles &Files, TUOutcome &Out) {
  if (Exit.RC != 0) {
    Out.Status = TUStatus::Failed;
    if (Exit.ExecFailed)
      Out.Reason = "could not start a worker: " + Exit.ErrMsg;
    else if (Exit.TimedOut)
      Out.Reason =
          "timed out after " + std::to_string(Opts.TimeoutSeconds) + " s";
    else if (Exit.RC == -2)
      Out.Reason = "the front end crashed (" + Exit.ErrMsg + ")";
    else
      Out.Reason = "worker exited with status " + std::to_string(Exit.RC);
  } else if (auto Report =
                 llvm::json::parse<TUReport>(contents(*Files.Result))) {
    Out.Report = std::move(*Report);
    if (Out.Report.CompilerErrors) {
      Out.Status = TUStatus::Failed;
      Out.Reason = "the front end reported errors";
      if (!Out.Report.FirstError.empty())
        Out.Reason += "; the first: " + Out.Report.FirstError;
    }
  } else {
    Out.Status = TUStatus::Failed;
    Out.Reason =
        "unreadable worker result: " + llvm::toString(Report.takeError());
  }
}

/// Writes the job into its file; false (with the reason in \p Out) if not.
bool writeJob(const clang::tooling::CompileCommand &Command,
              const RunOptions &Run, const WorkerOptions &Opts,
              const JobFiles &Files, TUOutcome &Out) {
  auto Named = [&](const std::string &Hook) {
    return !Hook.empty() && llvm::StringRef(Command.Filename).contains(Hook);
  };
  Job J{Command,
        Run,
        Files.Result->TmpName,
        Files.Err->TmpName,
        llvm::sys::Process::getProcessId(),
        Opts.TimeoutSeconds,
        Named(Opts.DebugCrashOn),
        Named(Opts.DebugHangOn)};
  llvm::raw_fd_ostream OS(Files.Job->FD, /*shouldClose=*/false);
  OS << toJSON(J);
  OS.flush();
  if (!OS.has_error())
    return true;
  Out.Status = TUStatus::Failed;
  Out.Reason =
      "cannot write " + Files.Job->TmpName + ": " + OS.error().message();
  OS.clear_error();
  return false;
}

TUOutcome runOne(const clang::tooling::CompileCommand &Command,
                 const RunOptions &Run, const WorkerOptions &Opts,
                 std::mutex &StderrLock) {
  TUOutcome Out;
  Out.File = Command.Filename;
  JobFiles Files;
  if (llvm::Error E = Files.create()) {
    Out.Status = TUStatus::Failed;
    Out.Reason = "cannot create temporary files: " + toString(std::move(E));
    return Out;
  }
  if (!writeJob(Command, Run, Opts, Files, Out))
    return Out;
  WorkerExit Exit = runWorker(Opts, Files);
  std::string Text = contents(*Files.Err);
  if (!Text.empty()) {
    std::lock_guard<std::mutex> Lock(StderrLock);
    llvm::errs() << Text;
  }
  readOutcome(Exit, Opts, Files, Out);
  return Out;
}

// The driver's death reaches a worker as one SIGTERM per driver thread
// that exits: the kernel sends PR_SET_PDEATHSIG again at every reparenting,
// first to the driver's other threads, then to the subreaper. LLVM's
// handler restores the default action before it removes the files, so a
// second SIGTERM killed the worker with its files still there. This one
// keeps the interrupt signals blocked while it removes them, then dies of
// the signal it got.
extern "C" void endAsTerminated(int) {
  // LLVM's SIGTERM handler removes the files, then dies of SIGTERM.
  ::raise(SIGTERM);
}

extern "C" void removeJobFilesAndDie(int Signal) {
  llvm::sys::RunInterruptHandlers();
  ::signal(Signal, SIG_DFL);
  // Pending until the handler returns and the mask is restored.
  ::raise(Signal);
}

void removeJobFilesOnInterrupt() {
  struct sigaction Action = {};
  Action.sa_handler = removeJobFilesAndDie;
  Action.sa_mask = interruptSignalSet();
  // After LLVM registered its handlers, which never register again.
  for (int Signal : InterruptSignals)
    ::sigaction(Signal, &Action, nullptr);
}

/// Ties this worker to the driver that started it: the driver's death
/// sends SIGTERM, whose handler removes the job's files (the driver cannot
/// when it is killed with SIGKILL). False when the driver is already gone.
bool followDriver(llvm::StringRef JobPath, const Job &J) {
  for (llvm::StringRef Path :
       {JobPath, llvm::StringRef(J.Output), llvm::StringRef(J.Errors)})
    llvm::sys::RemoveFileOnSignal(Path);
  removeJobFilesOnInterrupt();
  // PR_SET_PDEATHSIG came too late if the driver died before it: then this
  // process has been reparented, and no signal will come.
  if (::getppid() == J.Driver)
    return true;
  llvm::sys::RunInterruptHandlers();
  return false;
}

/// The worker keeps to --timeout itself too, for when the driver cannot
/// enforce it (stopped, or gone). A second later than the driver's
/// deadline, so that a driver that runs is the one that reports it.
void limitOwnTime(uint64_t TimeoutSeconds) {
  if (!TimeoutSeconds)
    return;
  rlim_t Seconds = TimeoutSeconds + 1;
  ::alarm(std::min<rlim_t>(Seconds, std::numeric_limits<unsigned>::max()));
  // SIGKILL at the hard limit, should SIGALRM be blocked. An existing
  // lower limit stays: raising it would fail.
  rlimit CPU{Seconds, Seconds + 1};
  ::setrlimit(RLIMIT_CPU, &CPU);
}

} // namespace

unsigned workerCount(unsigned Requested, size_t TUs) {
  size_t Count = Requested
                     ? Requested
                     : llvm::hardware_concurrency().compute_thread_count();
  return std::max<size_t>(1, std::min<size_t>({Count, TUs, MaxWorkers}));
}

void parallelFor(size_t N, unsigned Jobs,
                 llvm::function_ref<void(size_t)> Work) {
  // As many threads as workers would run (-j 2147483648 is 256).
  llvm::DefaultThreadPool Pool(
      llvm::hardware_concurrency(workerCount(Jobs, N)));
  for (size_t I = 0; I < N; ++I)
    Pool.async([&, I] { Work(I); });
  Pool.wait();
}

std::vector<TUOutcome>
runWorkers(const std::vector<clang::tooling::CompileCommand> &Commands,
           const WorkerOptions &Opts) {
  std::vector<TUOutcome> Outcomes(Commands.size());
  std::mutex StderrLock;
  llvm::DefaultThreadPool Pool(
      llvm::hardware_concurrency(workerCount(Opts.Jobs, Commands.size())));
  for (size_t I = 0; I < Commands.size(); ++I)
    Pool.async([&, I] {
      const RunOptions &Run = Opts.RunOf.empty() ? Opts.Run : *Opts.RunOf[I];
      Outcomes[I] = runOne(Commands[I], Run, Opts, StderrLock);
      if (Opts.OnDone)
        Opts.OnDone(Outcomes[I]);
    });
  Pool.wait();
  return Outcomes;
}

int runWorkerJob(llvm::StringRef JobPath) {
  // The driver's death is a SIGTERM; it waits until the job's files are
  // registered for removal (the driver started this process with the
  // interrupt signals blocked already, see spawnWorker()).
  sigset_t Interrupts = interruptSignalSet();
  ::pthread_sigmask(SIG_BLOCK, &Interrupts, nullptr);
#ifdef __linux__
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
  auto J = readJob(JobPath);
  if (!J) {
    llvm::errs() << "uaccess-lint worker: " << llvm::toString(J.takeError())
                 << "\n";
    return 2;
  }
  if (!followDriver(JobPath, *J))
    return 2;
  ::pthread_sigmask(SIG_UNBLOCK, &Interrupts, nullptr);
  limitOwnTime(J->TimeoutSeconds);
  if (J->Crash)
    std::abort();
  if (J->Hang)
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  TUReport Report = analyzeTranslationUnit(J->Command, J->Run);
  if (llvm::Error E = writeReport(J->Output, toJSON(Report))) {
    llvm::errs() << "uaccess-lint worker: " << llvm::toString(std::move(E))
                 << "\n";
    return 2;
  }
  return 0;
}

std::vector<int> ignoredInterrupts() {
  std::vector<int> Ignored;
  for (int Signal : InterruptSignals) {
    struct sigaction Old = {};
    if (::sigaction(Signal, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      Ignored.push_back(Signal);
  }
  return Ignored;
}

void keepIgnoredInterrupts(llvm::ArrayRef<int> Ignored) {
  if (Ignored.empty())
    return;
  // LLVM registers its handlers once (InitLLVM does, for stack dumps):
  // make sure they are, and ignore again what the driver was told to.
  llvm::sys::SetInterruptFunction(nullptr);
  for (int Signal : Ignored)
    ::signal(Signal, SIG_IGN);
}

void endDriverOnStopSignals() {
  struct sigaction Action = {};
  Action.sa_handler = endAsTerminated;
  sigemptyset(&Action.sa_mask);
  for (int Signal : {SIGQUIT, SIGALRM, SIGXCPU})
    ::sigaction(Signal, &Action, nullptr);
}

} // namespace uaccess
