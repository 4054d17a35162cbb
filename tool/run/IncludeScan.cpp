//===--- IncludeScan.cpp - The files one TU reads ------------------------===//
//
// The prefilter's include scan: the files a TU reads, from clang's
// dependency scanner or a preprocessor-only run, never blocking on a FIFO
// or a device.
//
//===----------------------------------------------------------------------===//

#include "run/IncludeScan.h"

#include "api/UaccessApi.h"
#include "run/Workers.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningService.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningTool.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;
namespace deps = clang::tooling::dependencies;

namespace uaccess {

namespace {

/// \p File, absolute (against \p Dir) and without '.' and '..'.
std::string normalPath(llvm::StringRef Dir, llvm::StringRef File) {
  llvm::SmallString<256> Path(File);
  if (!llvm::sys::path::is_absolute(Path)) {
    Path = Dir;
    llvm::sys::path::append(Path, File);
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The largest source or header the prefilter reads: far above any
/// kernel file, far below a device's endless stream.
constexpr uint64_t MaxScannedBytes = uint64_t(64) << 20;

} // namespace

std::string unreadable(const llvm::vfs::Status &S) {
  if (S.getType() != llvm::sys::fs::file_type::regular_file &&
      S.getType() != llvm::sys::fs::file_type::directory_file)
    return "not a regular file";
  if (S.getSize() > MaxScannedBytes)
    return "larger than 64 MiB";
  return "";
}

namespace {

/// The physical file system, refusing to open what unreadable() names. A
/// refused file is a failed TU, with the reason in clang's error.
class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  RegularFilesOnly() : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (S && !unreadable(*S).empty())
      return std::make_error_code(std::errc::operation_not_supported);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

deps::DependencyScanningService &scanningService() {
  static deps::DependencyScanningService Service(
      deps::ScanningMode::DependencyDirectivesScan,
      deps::ScanningOutputFormat::Full);
  return Service;
}

llvm::Expected<std::vector<std::string>>
scannedDependencies(const tooling::CompileCommand &Command) {
  deps::DependencyScanningTool Tool(
      scanningService(), llvm::makeIntrusiveRefCnt<RegularFilesOnly>());
  llvm::DenseSet<deps::ModuleID> Seen;
  auto Deps = Tool.getTranslationUnitDependencies(
      Command.CommandLine, Command.Directory, Seen,
      [](const deps::ModuleID &, deps::ModuleOutputKind) { return ""; });
  if (!Deps)
    return Deps.takeError();
  return std::move(Deps->FileDeps);
}

/// The preprocessor alone; the files are those the source manager read.
class FileListAction : public PreprocessOnlyAction {
public:
  explicit FileListAction(std::vector<std::string> &Files) : Files(Files) {}
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Files.push_back(std::string(It->first.getName()));
  }

private:
  std::vector<std::string> &Files;
};

llvm::Expected<std::vector<std::string>>
preprocessedFiles(const tooling::CompileCommand &Command) {
  std::vector<std::string> Files;
  auto Action = std::make_unique<FileListAction>(Files);
  std::vector<std::string> Args = Command.CommandLine;
  TextDiagnosticBuffer Diagnostics;
  // Relative -I paths are relative to the command's folder, in this
  // thread's file system (never the process's working directory).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::makeIntrusiveRefCnt<RegularFilesOnly>();
  FS->setCurrentWorkingDirectory(Command.Directory);
  FileSystemOptions Options;
  Options.WorkingDir = Command.Directory;
  tooling::ToolInvocation Run(Args, std::move(Action),
                              new FileManager(Options, FS));
  Run.setDiagnosticConsumer(&Diagnostics);
  if (!Run.run()) {
    std::string Errors;
    for (auto It = Diagnostics.err_begin(); It != Diagnostics.err_end(); ++It)
      Errors += "error: " + It->second + "\n";
    return llvm::createStringError(Errors.empty() ? "the preprocessor failed"
                                                  : Errors);
  }
  Files.insert(Files.begin(), Command.Filename);
  return Files;
}

} // namespace

llvm::Expected<std::vector<std::string>>
includedFiles(const tooling::CompileCommand &Command, IncludeScanner Scanner) {
  // The main file too: a source linked to /dev/zero would never end.
  std::string Main = normalPath(Command.Directory, Command.Filename);
  if (llvm::ErrorOr<llvm::vfs::Status> S =
          llvm::vfs::getRealFileSystem()->status(Main);
      S && !unreadable(*S).empty())
    return llvm::createStringError(
        "error: cannot open file '" + Main + "': " +
        std::make_error_code(std::errc::operation_not_supported).message());
  auto Files = Scanner == IncludeScanner::DependencyScan
                   ? scannedDependencies(Command)
                   : preprocessedFiles(Command);
  if (!Files)
    return Files.takeError();
  std::vector<std::string> Out{normalPath(Command.Directory, Command.Filename)};
  for (const std::string &F : *Files) {
    std::string Path = normalPath(Command.Directory, F);
    if (Path != Out.front())
      Out.push_back(std::move(Path));
  }
  return Out;
}

std::string missingIncludeError(llvm::StringRef ScanErrors) {
  // The first error decides: a later one may follow from it.
  size_t At = ScanErrors.find("error: ");
  if (At == llvm::StringRef::npos)
    return "";
  llvm::StringRef First =
      ScanErrors.drop_front(At + strlen("error: ")).split('\n').first.trim();
  // A file RegularFilesOnly refused: a parse would block or never end.
  if (First.contains(
          std::make_error_code(std::errc::operation_not_supported).message()))
    return First.str() + " (not a regular file, or larger than 64 MiB)";
  // clang's err_pp_file_not_found: "'x.h' file not found", perhaps with
  // ", did you mean 'y.h'?" after it.
  size_t Quote = First.find("' file not found");
  if (!First.starts_with("'") || Quote == llvm::StringRef::npos || Quote == 0)
    return "";
  return First.str();
}

} // namespace uaccess
