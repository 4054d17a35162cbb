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

TUOutcome runOne(const clang::tooling::CompileCommand &Command,
                 const WorkerOptions &Opts, std::mutex &StderrLock) {
  TUOutcome Out;
  Out.File = Command.Filename;
  llvm::SmallString<128> JobPath, ResultPath, ErrPath;
  if (llvm::sys::fs::createTemporaryFile("uaccess-lint-job", "json", JobPath) ||
      llvm::sys::fs::createTemporaryFile("uaccess-lint-out", "json",
                                         ResultPath) ||
      llvm::sys::fs::createTemporaryFile("uaccess-lint-err", "txt", ErrPath)) {
    Out.Status = TUStatus::Failed;
    Out.Reason = "cannot create temporary files";
    return Out;
  }
  Job J{Command, Opts.Run, std::string(ResultPath),
        !Opts.DebugCrashOn.empty() &&
            llvm::StringRef(Command.Filename).contains(Opts.DebugCrashOn),
        !Opts.DebugHangOn.empty() &&
            llvm::StringRef(Command.Filename).contains(Opts.DebugHangOn)};
  if (llvm::Error E = writeJSONFile(JobPath, toJSON(J))) {
    Out.Status = TUStatus::Failed;
    Out.Reason = llvm::toString(std::move(E));
    return Out;
  }
  llvm::StringRef Args[] = {Opts.SelfPath, "--worker-job", JobPath};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(""), llvm::StringRef(ErrPath)};
  std::string ErrMsg;
  bool ExecFailed = false;
  // LLVM's own wait timeout uses alarm(), which one thread of a pool cannot
  // own; poll instead, and kill the worker at the deadline.
  int RC = -1;
  bool TimedOut = false;
  llvm::sys::ProcessInfo PI = llvm::sys::ExecuteNoWait(
      Opts.SelfPath, Args, std::nullopt, Redirects, 0, &ErrMsg, &ExecFailed);
  if (!ExecFailed) {
    auto Deadline = std::chrono::steady_clock::now() +
                    std::chrono::seconds(Opts.TimeoutSeconds);
    for (;;) {
      llvm::sys::ProcessInfo Done =
          llvm::sys::Wait(PI, /*SecondsToWait=*/0, &ErrMsg);
      if (Done.Pid != 0) {
        RC = Done.ReturnCode;
        break;
      }
      if (Opts.TimeoutSeconds && std::chrono::steady_clock::now() > Deadline) {
        ::kill(PI.Pid, SIGKILL);
        llvm::sys::Wait(PI, std::nullopt, &ErrMsg);
        TimedOut = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  if (auto Err = llvm::MemoryBuffer::getFile(ErrPath)) {
    llvm::StringRef Text = (*Err)->getBuffer();
    if (!Text.empty()) {
      std::lock_guard<std::mutex> Lock(StderrLock);
      llvm::errs() << Text;
    }
  }
  if (RC != 0) {
    Out.Status = TUStatus::Failed;
    if (ExecFailed)
      Out.Reason = "could not start a worker: " + ErrMsg;
    else if (TimedOut)
      Out.Reason =
          "timed out after " + std::to_string(Opts.TimeoutSeconds) + " s";
    else if (RC == -2)
      Out.Reason = "the front end crashed (" + ErrMsg + ")";
    else
      Out.Reason = "worker exited with status " + std::to_string(RC);
  } else if (auto Report = readJSONFile<TUReport>(ResultPath)) {
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
  llvm::sys::fs::remove(JobPath);
  llvm::sys::fs::remove(ResultPath);
  llvm::sys::fs::remove(ErrPath);
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
