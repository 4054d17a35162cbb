//===--- Results.cpp - A results folder: one record per TU ----------------===//

#include "run/Results.h"

#include "run/BuildRecords.h"
#include "support/OutputFile.h"
#include "support/SourceRoots.h"
#include "utils/JsonSlices.h"
#include "utils/KernelArch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <tuple>

namespace uaccess {

namespace {
/// The record format's version: a reader refuses any other.
constexpr int64_t RecordVersion = 3;

const char *statusName(ResultStatus S) {
  switch (S) {
  case ResultStatus::Analyzed:
    return "analyzed";
  case ResultStatus::Failed:
    return "failed";
  case ResultStatus::Prefiltered:
    return "prefiltered";
  }
  return "";
}

llvm::json::Object sourcesToJSON(const SourceDigests &Sources) {
  llvm::json::Object O;
  for (const auto &[File, Digest] : Sources)
    O[File] = Digest;
  return O;
}

llvm::json::Value toJSON(const ResultRecord &R) {
  return llvm::json::Object{{"uaccess_lint_record", RecordVersion},
                            {"directory", R.Command.Directory},
                            {"file", R.Command.Filename},
                            {"arguments", R.Command.CommandLine},
                            {"status", statusName(R.Status)},
                            {"reason", R.Reason},
                            {"checks", R.Checks},
                            {"sources", sourcesToJSON(R.Sources)},
                            {"report", uaccess::toJSON(R.Report)}};
}

bool fromJSON(const llvm::json::Value &V, ResultRecord &R, llvm::json::Path P) {
  llvm::json::ObjectMapper M(V, P);
  int64_t Version = 0;
  std::string Status;
  if (!M || !M.map("uaccess_lint_record", Version) ||
      !M.map("directory", R.Command.Directory) ||
      !M.map("file", R.Command.Filename) ||
      !M.map("arguments", R.Command.CommandLine) || !M.map("status", Status) ||
      !M.map("reason", R.Reason) || !M.map("checks", R.Checks) ||
      !M.map("sources", R.Sources) || !M.map("report", R.Report))
    return false;
  if (Version != RecordVersion) {
    P.field("uaccess_lint_record").report("a record of another version");
    return false;
  }
  // What a record's readers take for granted (the link step parses it).
  if (!llvm::sys::path::is_absolute(R.Command.Directory) ||
      R.Command.Filename.empty() || R.Command.CommandLine.empty() ||
      R.Checks.empty()) {
    P.report("a record needs an absolute directory, a file, arguments and "
             "its checks");
    return false;
  }
  for (ResultStatus S : {ResultStatus::Analyzed, ResultStatus::Failed,
                         ResultStatus::Prefiltered})
    if (Status == statusName(S)) {
      R.Status = S;
      return true;
    }
  P.field("status").report("expected analyzed, failed or prefiltered");
  return false;
}

llvm::Error recordError(const llvm::Twine &Path, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "results: '" + Path + "': " + Why);
}

llvm::Expected<ResultRecord> readRecord(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return recordError(Path, Buffer.getError().message());
  auto Parsed = parseJsonInput((*Buffer)->getBuffer());
  if (!Parsed)
    return recordError(Path, llvm::toString(Parsed.takeError()));
  ResultRecord R;
  llvm::json::Path::Root Root("record");
  if (!fromJSON(*Parsed, R, Root))
    return recordError(Path, "not a uaccess-lint record: " +
                                 llvm::toString(Root.getError()));
  return R;
}

/// One folder, one build: its records share one build folder and arch
/// (or its 32-bit compat arch: an x86_64 build's vDSO32 is i386).
llvm::Error checkOneBuild(llvm::StringRef Dir,
                          llvm::ArrayRef<ResultRecord> Records) {
  const ResultRecord *WithArch = nullptr;
  for (const ResultRecord &R : Records) {
    if (R.Command.Directory != Records.front().Command.Directory)
      return recordError(Dir, "holds the records of two builds, made in '" +
                                  Records.front().Command.Directory +
                                  "' and '" + R.Command.Directory +
                                  "': give each build its own --results-dir");
    if (R.Report.Arch.empty())
      continue;
    WithArch = WithArch ? WithArch : &R;
    if (!sameKernelBuild(R.Report.Arch, WithArch->Report.Arch))
      return recordError(Dir, "holds the records of two builds, for " +
                                  WithArch->Report.Arch + " and " +
                                  R.Report.Arch +
                                  ": give each build its own --results-dir");
  }
  return llvm::Error::success();
}
} // namespace

std::set<std::string> namedFiles(const ResultRecord &R) {
  std::set<std::string> Files;
  auto Add = [&](llvm::StringRef File) {
    Files.insert(absoluteSourcePath(R.Command.Directory, File));
  };
  Add(R.Command.Filename);
  for (const Finding &F : R.Report.Findings) {
    Add(F.Loc.File);
    for (const FindingFix &FF : F.Fixes)
      Add(FF.File);
  }
  return Files;
}

std::string resultFileName(const clang::tooling::CompileCommand &Command) {
  std::string Key = Command.Directory + '\0' +
                    compiledObject(Command).value_or(Command.Filename);
  return llvm::sys::path::stem(Command.Filename).str() + "." +
         llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true) + ".json";
}

llvm::Error writeResult(llvm::StringRef Dir, const ResultRecord &Record) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return recordError(Dir, "cannot make the results folder: " + EC.message());
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, resultFileName(Record.Command));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << toJSON(Record) << "\n";
  return writeOutputFile(Path, Text);
}

llvm::Expected<std::vector<ResultRecord>>
readResults(llvm::ArrayRef<std::string> Dirs) {
  std::map<std::string, ResultRecord> ByName;
  for (unsigned Folder = 0; Folder < Dirs.size(); ++Folder) {
    const std::string &Dir = Dirs[Folder];
    std::vector<ResultRecord> OfFolder;
    if (!llvm::sys::fs::is_directory(Dir))
      return recordError(Dir, "not a results folder (--results-dir)");
    std::error_code EC;
    size_t Found = 0;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      // A write still under way is a ".tmp" file beside its record.
      if (!Name.ends_with(".json"))
        continue;
      ++Found;
      auto Record = readRecord(It->path());
      if (!Record)
        return Record.takeError();
      Record->Folder = Folder;
      OfFolder.push_back(std::move(*Record));
    }
    if (EC)
      return recordError(Dir, EC.message());
    if (!Found)
      return recordError(Dir, "holds no record");
    if (llvm::Error E = checkOneBuild(Dir, OfFolder))
      return E;
    for (ResultRecord &R : OfFolder)
      ByName.emplace(resultFileName(R.Command), std::move(R));
  }
  std::vector<ResultRecord> Records;
  for (auto &[Name, Record] : ByName)
    Records.push_back(std::move(Record));
  llvm::stable_sort(Records, [](const ResultRecord &A, const ResultRecord &B) {
    return std::tie(A.Folder, A.Command.Filename) <
           std::tie(B.Folder, B.Command.Filename);
  });
  return Records;
}

} // namespace uaccess
