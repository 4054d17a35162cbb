//===--- WorkingDirectoryTest.cpp - The current directory past PATH_MAX ---===//

#include "utils/WorkingDirectory.h"

#include "ScratchDir.h"

#include <climits>
#include <fcntl.h>
#include <unistd.h>

namespace uaccess {
namespace {

/// Enters a directory whose path is longer than PATH_MAX, made one
/// component at a time under the scratch directory (no system call takes
/// the whole name), and comes back out at the end.
class DeepDirectory : public ScratchDir {
protected:
  void SetUp() override {
    ScratchDir::SetUp();
    Back = ::open(".", O_RDONLY | O_DIRECTORY);
    ASSERT_GE(Back, 0);
    ASSERT_EQ(::chdir(Dir.c_str()), 0);
    std::string Part(200, 'd');
    for (size_t Length = Dir.size(); Length <= PATH_MAX; Length += 201) {
      ASSERT_EQ(::mkdir(Part.c_str(), 0755), 0);
      ASSERT_EQ(::chdir(Part.c_str()), 0);
      ++Depth;
    }
  }
  void TearDown() override {
    // Out and down one component at a time: no call takes the whole name.
    std::string Part(200, 'd');
    for (; Depth; --Depth) {
      ASSERT_EQ(::chdir(".."), 0);
      ASSERT_EQ(::rmdir(Part.c_str()), 0);
    }
    ASSERT_EQ(::fchdir(Back), 0);
    ::close(Back);
    ScratchDir::TearDown();
  }
  int Back = -1;
  unsigned Depth = 0;
};

TEST_F(DeepDirectory, IsKnownPastPathMax) {
  llvm::SmallString<256> Short;
  EXPECT_TRUE(bool(llvm::sys::fs::current_path(Short))); // LLVM's fails.
  std::string Cwd = currentDirectoryPath();
  EXPECT_GT(Cwd.size(), size_t(PATH_MAX));
  EXPECT_TRUE(llvm::StringRef(Cwd).starts_with(Dir));
  llvm::ErrorOr<std::string> FromFS =
      realFileSystemAnyDepth()->getCurrentWorkingDirectory();
  ASSERT_TRUE(bool(FromFS));
  EXPECT_EQ(*FromFS, Cwd);
  // ClangTool goes back to the directory it started in, by name.
  EXPECT_FALSE(realFileSystemAnyDepth()->setCurrentWorkingDirectory(Cwd));
}

TEST_F(DeepDirectory, NamesTooLongStayRelative) {
  llvm::SmallString<256> Path("a.c");
  makeAbsolute(Path);
  EXPECT_EQ(Path, "a.c");
}

TEST_F(ScratchDir, MakeAbsoluteAsLLVMDoes) {
  llvm::SmallString<256> Path("a.c"), Expected("a.c");
  makeAbsolute(Path);
  llvm::sys::fs::make_absolute(Expected);
  EXPECT_EQ(Path, Expected);
  llvm::SmallString<256> Absolute("/x/y.c");
  makeAbsolute(Absolute);
  EXPECT_EQ(Absolute, "/x/y.c");
}

} // namespace
} // namespace uaccess
