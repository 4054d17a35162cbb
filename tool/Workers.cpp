//===--- Workers.cpp - One process per translation unit -------------------===//

#include "Workers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <signal.h>
#include <thread>

namespace uaccess {

namespace {

struct Job {
  clang::tooling::CompileCommand Command;
  RunOptions Run;
  std::string Output;
  bool Crash = false, Hang = false;
};

llvm::json::Value toJSON(const Job &J) {
  return llvm::json::Object{{"directory", J.Command.Directory},
                            {"file", J.Command.Filename},
                            {"arguments", J.Command.CommandLine},
                            {"options", J.Run},
                            {"output", J.Output},
                            {"crash", J.Crash},
                            {"hang", J.Hang}};
}

bool fromJSON(const llvm::json::Value &V, Job &J, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("directory", J.Command.Directory) &&
         O.map("file", J.Command.Filename) &&
         O.map("arguments", J.Command.CommandLine) && O.map("options", J.Run) &&
         O.map("output", J.Output) && O.map("crash", J.Crash) &&
         O.map("hang", J.Hang);
}

template <typename T> llvm::Expected<T> readJSONFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read %s",
                                   Path.str().c_str());
  return llvm::json::parse<T>((*Buffer)->getBuffer());
}

llvm::Error writeJSONFile(llvm::StringRef Path, const llvm::json::Value &V) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return llvm::createStringError(EC, "cannot write %s", Path.str().c_str());
  OS << V;
  return llvm::Error::success();
}

/// The files one worker reads its job from and writes its results to;
/// removed when the TU is done.
struct JobFiles {
  llvm::SmallString<128> Job, Result, Err;
  ~JobFiles() {
    for (llvm::StringRef Path : {Job.str(), Result.str(), Err.str()})
      if (!Path.empty())
        llvm::sys::fs::remove(Path);
  }
  std::error_code create() {
    if (std::error_code EC =
            llvm::sys::fs::createTemporaryFile("uaccess-lint-job", "json", Job))
      return EC;
    if (std::error_code EC = llvm::sys::fs::createTemporaryFile(
            "uaccess-lint-out", "json", Result))
      return EC;
    return llvm::sys::fs::createTemporaryFile("uaccess-lint-err", "txt", Err);
  }
};

/// How a worker process ended.
struct WorkerExit {
  int RC = -1;
  bool ExecFailed = false, TimedOut = false;
  std::string ErrMsg;
};

// LLVM's own wait timeout uses alarm(), which one thread of a pool cannot
// own; poll instead, and kill the worker at the deadline.
WorkerExit runWorker(const WorkerOptions &Opts, const JobFiles &Files) {
  WorkerExit Exit;
  llvm::StringRef Args[] = {Opts.SelfPath, "--worker-job", Files.Job};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(""), llvm::StringRef(Files.Err)};
  llvm::sys::ProcessInfo PI =
      llvm::sys::ExecuteNoWait(Opts.SelfPath, Args, std::nullopt, Redirects, 0,
                               &Exit.ErrMsg, &Exit.ExecFailed);
  if (Exit.ExecFailed)
    return Exit;
  auto Deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(Opts.TimeoutSeconds);
  for (;;) {
    llvm::sys::ProcessInfo Done =
        llvm::sys::Wait(PI, /*SecondsToWait=*/0, &Exit.ErrMsg);
    if (Done.Pid != 0) {
      Exit.RC = Done.ReturnCode;
      return Exit;
    }
    if (Opts.TimeoutSeconds && std::chrono::steady_clock::now() > Deadline) {
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
  } else if (auto Report = readJSONFile<TUReport>(Files.Result)) {
    Out.Report = std::move(*Report);
    if (Out.Report.CompilerErrors) {
      Out.Status = TUStatus::Failed;
      Out.Reason = "the front end reported errors";
    }
  } else {
    Out.Status = TUStatus::Failed;
    Out.Reason =
        "unreadable worker result: " + llvm::toString(Report.takeError());
  }
}

TUOutcome runOne(const clang::tooling::CompileCommand &Command,
                 const WorkerOptions &Opts, std::mutex &StderrLock) {
  TUOutcome Out;
  Out.File = Command.Filename;
  JobFiles Files;
  if (Files.create()) {
    Out.Status = TUStatus::Failed;
    Out.Reason = "cannot create temporary files";
    return Out;
  }
  auto Named = [&](const std::string &Hook) {
    return !Hook.empty() && llvm::StringRef(Command.Filename).contains(Hook);
  };
  Job J{Command, Opts.Run, std::string(Files.Result), Named(Opts.DebugCrashOn),
        Named(Opts.DebugHangOn)};
  if (llvm::Error E = writeJSONFile(Files.Job, toJSON(J))) {
    Out.Status = TUStatus::Failed;
    Out.Reason = llvm::toString(std::move(E));
    return Out;
  }
  WorkerExit Exit = runWorker(Opts, Files);
  if (auto Err = llvm::MemoryBuffer::getFile(Files.Err)) {
    llvm::StringRef Text = (*Err)->getBuffer();
    if (!Text.empty()) {
      std::lock_guard<std::mutex> Lock(StderrLock);
      llvm::errs() << Text;
    }
  }
  readOutcome(Exit, Opts, Files, Out);
  return Out;
}

} // namespace

std::vector<TUOutcome>
runWorkers(const std::vector<clang::tooling::CompileCommand> &Commands,
           const WorkerOptions &Opts) {
  std::vector<TUOutcome> Outcomes(Commands.size());
  std::mutex StderrLock;
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
  for (size_t I = 0; I < Commands.size(); ++I)
    Pool.async([&, I] { Outcomes[I] = runOne(Commands[I], Opts, StderrLock); });
  Pool.wait();
  return Outcomes;
}

int runWorkerJob(llvm::StringRef JobPath) {
  auto J = readJSONFile<Job>(JobPath);
  if (!J) {
    llvm::errs() << "uaccess-lint worker: " << llvm::toString(J.takeError())
                 << "\n";
    return 2;
  }
  if (J->Crash)
    std::abort();
  if (J->Hang)
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  TUReport Report = analyzeTranslationUnit(J->Command, J->Run);
  if (llvm::Error E = writeJSONFile(J->Output, toJSON(Report))) {
    llvm::errs() << "uaccess-lint worker: " << llvm::toString(std::move(E))
                 << "\n";
    return 2;
  }
  return 0;
}

} // namespace uaccess
