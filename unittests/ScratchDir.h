//===--- ScratchDir.h - A directory of files for one test -------*- C++ -*-===//
//
// Tests of how files are replaced look at the files beside them too (no
// temporary file left behind), so each test gets a directory of its own.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UNITTESTS_SCRATCHDIR_H
#define UACCESS_LINT_UNITTESTS_SCRATCHDIR_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <csignal>
#include <sys/resource.h>

namespace uaccess {

class ScratchDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("uaccess-lint", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    return std::string(Path);
  }

  /// A file \p Name in the directory, holding \p Text, with mode \p Mode.
  std::string make(llvm::StringRef Name, llvm::StringRef Text,
                   unsigned Mode = 0644) const {
    std::string Path = path(Name);
    std::error_code EC;
    {
      llvm::raw_fd_ostream OS(Path, EC);
      EXPECT_FALSE(EC) << Path;
      OS << Text;
    }
    EXPECT_FALSE(llvm::sys::fs::setPermissions(
        Path, static_cast<llvm::sys::fs::perms>(Mode)));
    return Path;
  }

  /// The names in the directory, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> Names;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
         I.increment(EC))
      Names.push_back(llvm::sys::path::filename(I->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }

  static std::string read(llvm::StringRef Path) {
    auto B = llvm::MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : "<unreadable>";
  }

  static unsigned mode(llvm::StringRef Path) {
    llvm::sys::fs::file_status Status;
    EXPECT_FALSE(llvm::sys::fs::status(Path, Status)) << Path.str();
    return Status.permissions();
  }

  static llvm::sys::fs::file_type type(llvm::StringRef Path) {
    llvm::sys::fs::file_status Status;
    EXPECT_FALSE(llvm::sys::fs::status(Path, Status)) << Path.str();
    return Status.type();
  }

  llvm::SmallString<128> Dir;
};

/// While alive, a write that would make a file longer than the limit
/// fails (EFBIG), as on a full disk, instead of killing the process.
class FileSizeLimit {
public:
  explicit FileSizeLimit(rlim_t Bytes) {
    ::getrlimit(RLIMIT_FSIZE, &Old);
    rlimit New = Old;
    New.rlim_cur = Bytes;
    EXPECT_EQ(::setrlimit(RLIMIT_FSIZE, &New), 0);
    OldHandler = std::signal(SIGXFSZ, SIG_IGN);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &Old);
    std::signal(SIGXFSZ, OldHandler);
  }

private:
  rlimit Old;
  void (*OldHandler)(int);
};

} // namespace uaccess

#endif
