//===--- Progress.cpp - Progress while TUs run, a summary at the end ------===//

#include "run/Progress.h"

#include "utils/WorkingDirectory.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

#include <cmath>
#include <map>

namespace uaccess {

std::string formatDuration(double Seconds) {
  if (Seconds < 10)
    return llvm::formatv("{0:f1} s", Seconds).str();
  long S = std::lround(Seconds);
  if (S < 60)
    return llvm::formatv("{0} s", S).str();
  if (S < 3600)
    return llvm::formatv("{0} min {1:2} s", S / 60, S % 60).str();
  return llvm::formatv("{0} h {1:2} min", S / 3600, S % 3600 / 60).str();
}

ProgressMeter::ProgressMeter(Mode M, size_t Total, llvm::raw_ostream &OS,
                             size_t FailedBefore)
    : M(M), Total(Total), FailedBefore(FailedBefore), OS(OS),
      Start(std::chrono::steady_clock::now()) {
  std::string Here = currentDirectoryPath();
  if (!Here.empty())
    CurrentDir = Here + "/";
}

double ProgressMeter::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

std::string ProgressMeter::line() const {
  double Elapsed = elapsed();
  std::string Counts =
      llvm::formatv("{0} finding{1}, {2} failed, {3} elapsed", Findings.size(),
                    Findings.size() == 1 ? "" : "s", FailedBefore + Failed,
                    formatDuration(Elapsed))
          .str();
  if (Done && Done < Total)
    Counts += ", ETA " + formatDuration(Elapsed / Done * (Total - Done));
  std::string Head =
      llvm::formatv("[{0}/{1}] ", FailedBefore + Done, FailedBefore + Total);
  if (LastFile.empty())
    return Head + Counts;
  llvm::StringRef File = LastFile;
  std::string Tail = ": " + LastResult + "; so far " + Counts;
  // On a terminal the line is rewritten in place, so it must not wrap:
  // the start of a long path gives way.
  if (M == Mode::Terminal) {
    unsigned Columns = llvm::sys::Process::StandardErrColumns();
    size_t Width = Columns ? Columns : 80;
    size_t Fixed = strlen("uaccess-lint: ...") + Head.size() + Tail.size() + 1;
    size_t Room = Width > Fixed ? Width - Fixed : 0;
    if (File.size() > Room)
      return Head + "..." + File.take_back(Room).str() + Tail;
  }
  return Head + File.str() + Tail;
}

void ProgressMeter::done(const TUOutcome &O) {
  if (M == Mode::Off)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  ++Done;
  if (O.Status == TUStatus::Failed)
    ++Failed;
  else
    for (const Finding &F : O.Report.Findings)
      Findings.insert(keyOf(F));
  llvm::StringRef File = O.File;
  if (!CurrentDir.empty())
    File.consume_front(CurrentDir);
  LastFile = File.str();
  size_t N = O.Report.Findings.size();
  LastResult =
      O.Status == TUStatus::Failed
          ? std::string("failed")
          : llvm::formatv("{0} finding{1}", N, N == 1 ? "" : "s").str();
  if (M == Mode::Terminal)
    OS << "\r\x1b[K" << "uaccess-lint: " << line();
  else
    OS << "uaccess-lint: " << line() << "\n";
  OS.flush();
}

void ProgressMeter::finish() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (M == Mode::Terminal && Done)
    OS << "\r\x1b[K";
  OS.flush();
}

void printSummary(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                  const RunSummary &Summary, double Seconds) {
  std::map<std::string, unsigned> PerCheck;
  for (const Finding &F : Findings)
    ++PerCheck[F.Check];
  OS << "uaccess-lint: summary: " << Findings.size() << " finding"
     << (Findings.size() == 1 ? "" : "s");
  const char *Sep = ": ";
  for (const auto &[Check, Count] : PerCheck) {
    OS << Sep << Check << " " << Count;
    Sep = ", ";
  }
  if (Summary.OutsideDiff)
    OS << "; " << Summary.OutsideDiff << " more the patch does not touch";
  if (Summary.OutsideLineFilter)
    OS << "; " << Summary.OutsideLineFilter << " more outside --line-filter";
  OS << "\nuaccess-lint: summary: " << Summary.Analyzed << " TUs analyzed, "
     << Summary.Prefiltered << " skipped by the prefilter, " << Summary.Failed
     << " failed";
  if (Summary.Skipped)
    OS << ", " << Summary.Skipped << " not C";
  OS << "; wall time " << formatDuration(Seconds) << "\n";
  if (Summary.LinkTUs)
    OS << "uaccess-lint: summary: the link step parsed " << Summary.LinkTUs
       << " TUs in " << Summary.LinkRounds
       << (Summary.LinkRounds == 1 ? " round" : " rounds")
       << " for callers in other files; " << formatDuration(Summary.LinkSeconds)
       << "\n";
}

} // namespace uaccess
