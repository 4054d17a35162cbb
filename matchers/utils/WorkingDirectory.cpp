//===--- WorkingDirectory.cpp - The current directory, whatever its length ===//

#include "utils/WorkingDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace uaccess {

std::string currentDirectoryPath() {
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    return std::string(Cwd);
  // glibc's getcwd(NULL, 0) allocates what the path needs, past PATH_MAX.
  char *Long = ::getcwd(nullptr, 0);
  if (!Long)
    return "";
  std::string Path(Long);
  std::free(Long);
  return Path;
}

void makeAbsolute(llvm::SmallVectorImpl<char> &Path) {
  if (llvm::sys::path::is_absolute(Path))
    return;
  // An absolute name past PATH_MAX cannot be opened; the relative one can.
  std::string Cwd = currentDirectoryPath();
  if (!Cwd.empty() && Cwd.size() + 1 + Path.size() < PATH_MAX)
    llvm::sys::fs::make_absolute(Cwd, Path);
}

namespace {
class AnyDepthFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  AnyDepthFileSystem() : ProxyFileSystem(llvm::vfs::getRealFileSystem()) {}

  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override {
    llvm::ErrorOr<std::string> Cwd =
        ProxyFileSystem::getCurrentWorkingDirectory();
    if (Cwd)
      return Cwd;
    std::string Long = currentDirectoryPath();
    if (Long.empty())
      return Cwd;
    return Long;
  }

  /// ClangTool ends by going back to the directory it started in, by
  /// name; a name past PATH_MAX cannot be entered, but it is where the
  /// process already is.
  std::error_code setCurrentWorkingDirectory(const llvm::Twine &Path) override {
    std::error_code EC = ProxyFileSystem::setCurrentWorkingDirectory(Path);
    if (EC == std::errc::filename_too_long &&
        Path.str() == currentDirectoryPath())
      return std::error_code();
    return EC;
  }
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> realFileSystemAnyDepth() {
  return llvm::makeIntrusiveRefCnt<AnyDepthFileSystem>();
}

} // namespace uaccess
