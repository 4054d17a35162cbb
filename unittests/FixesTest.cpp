//===--- FixesTest.cpp - Fix-its apply whole or not at all ----------------===//

#include "Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace uaccess;

namespace {

Finding findingWith(std::vector<FindingFix> Fixes) {
  Finding F;
  F.Check = "window-mismatch";
  F.Fixes = std::move(Fixes);
  return F;
}

std::string makeFile(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("fixes", "c", FD, Path));
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

std::string read(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "<unreadable>";
}

TEST(FixesTest, OverlappingFindingIsRefusedWhole) {
  std::string File = makeFile("abcdef\n");
  std::vector<Finding> Findings = {
      findingWith({{File, 0, 2, "XY"}}),
      // Its second edit overlaps the first finding's: refuse both edits.
      findingWith({{File, 4, 1, "Q"}, {File, 1, 2, "ZZ"}}),
      findingWith({{File, 6, 0, "!"}}),
  };
  FixPlan Plan = planFixes(Findings);
  EXPECT_EQ(Plan.Accepted, 2u);
  ASSERT_EQ(Plan.Refused.size(), 1u);
  EXPECT_EQ(Plan.Refused[0].first, &Findings[1]);
  ASSERT_FALSE(applyFixPlan(Plan));
  // The refused finding's non-overlapping edit ('e' -> 'Q') is not applied.
  EXPECT_EQ(read(File), "XYcdef!\n");
  llvm::sys::fs::remove(File);
}

TEST(FixesTest, SameEditFromTwoFindingsAppliesOnce) {
  std::string File = makeFile("efault:\n\treturn -EFAULT;\n");
  FindingFix End{File, 9, 0, "user_access_end();\n\t"};
  std::vector<Finding> Findings = {findingWith({End}), findingWith({End})};
  FixPlan Plan = planFixes(Findings);
  EXPECT_EQ(Plan.Accepted, 2u);
  EXPECT_TRUE(Plan.Refused.empty());
  ASSERT_FALSE(applyFixPlan(Plan));
  EXPECT_EQ(read(File), "efault:\n\tuser_access_end();\n\treturn -EFAULT;\n");
  llvm::sys::fs::remove(File);
}

TEST(FixesTest, UnreadableFileChangesNothing) {
  std::string Good = makeFile("abc\n");
  std::vector<Finding> Findings = {
      findingWith({{Good, 0, 1, "A"}}),
      findingWith({{"/nonexistent/uaccess-lint/x.c", 0, 1, "B"}}),
  };
  FixPlan Plan = planFixes(Findings);
  llvm::Error E = applyFixPlan(Plan);
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
  EXPECT_EQ(read(Good), "abc\n");
  llvm::sys::fs::remove(Good);
}

} // namespace
