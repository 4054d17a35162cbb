//===--- ChangedLinesTest.cpp - Lines a unified diff adds -----------------===//

#include "ChangedLines.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

ChangedLines parseOk(llvm::StringRef Diff) {
  llvm::Expected<ChangedLines> Lines = ChangedLines::parse(Diff);
  if (!Lines) {
    ADD_FAILURE() << llvm::toString(Lines.takeError());
    return ChangedLines();
  }
  return std::move(*Lines);
}

std::string parseError(llvm::StringRef Diff) {
  llvm::Expected<ChangedLines> Lines = ChangedLines::parse(Diff);
  if (Lines)
    return "<parsed>";
  return llvm::toString(Lines.takeError());
}

/// The lines of 1..Max that \p Lines holds for \p File.
std::vector<uint64_t> linesOf(const ChangedLines &Lines, llvm::StringRef File,
                              uint64_t Max = 30) {
  std::vector<uint64_t> Out;
  for (uint64_t L = 0; L <= Max; ++L)
    if (Lines.contains(File, L))
      Out.push_back(L);
  return Out;
}

using LineList = std::vector<uint64_t>;

TEST(ChangedLinesTest, EmptyDiffHasNoFiles) {
  ChangedLines Lines = parseOk("");
  EXPECT_EQ(Lines.files(), 0u);
  EXPECT_FALSE(Lines.contains("a.c", 1));
}

TEST(ChangedLinesTest, ZeroContextHunksAddTheirPlusLines) {
  ChangedLines Lines =
      parseOk("diff --git a/fs/read_write.c b/fs/read_write.c\n"
              "index 1234567..89abcde 100644\n"
              "--- a/fs/read_write.c\n"
              "+++ b/fs/read_write.c\n"
              "@@ -10,0 +11,2 @@ static int foo(void)\n"
              "+\tint a;\n"
              "+\tint b;\n"
              "@@ -20 +22 @@ int bar(void)\n"
              "-\told();\n"
              "+\tnew();\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "fs/read_write.c"), LineList({11, 12, 22}));
}

TEST(ChangedLinesTest, ContextLinesCountButAreNotChanged) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,5 +1,6 @@\n"
                               " line1\n"
                               " line2\n"
                               "-old3\n"
                               "+new3\n"
                               "+new3b\n"
                               " line4\n"
                               "-old5\n"
                               " line5\n"
                               "+new7\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({3, 4, 7}));
}

TEST(ChangedLinesTest, EachHunkStartsAtItsHeader) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,2 +1,3 @@\n"
                               " a\n"
                               "+b\n"
                               " c\n"
                               "@@ -20,2 +21,3 @@ int f(void)\n"
                               " x\n"
                               " y\n"
                               "+z\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2, 23}));
}

TEST(ChangedLinesTest, HunkHeaderWithoutCounts) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1 +1 @@\n"
                               "-old\n"
                               "+new\n"
                               "@@ -9 +9,2 @@\n"
                               " keep\n"
                               "+add\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({1, 10}));
}

TEST(ChangedLinesTest, MultipleFilesKeepTheirOwnLines) {
  ChangedLines Lines = parseOk("diff --git a/a.c b/a.c\n"
                               "--- a/a.c\n"
                               "+++ b/a.c\n"
                               "@@ -3,0 +4 @@\n"
                               "+x\n"
                               "diff --git a/dir/b.c b/dir/b.c\n"
                               "--- a/dir/b.c\n"
                               "+++ b/dir/b.c\n"
                               "@@ -7,0 +8,2 @@\n"
                               "+y\n"
                               "+z\n");
  EXPECT_EQ(Lines.files(), 2u);
  EXPECT_EQ(linesOf(Lines, "a.c"), LineList({4}));
  EXPECT_EQ(linesOf(Lines, "dir/b.c"), LineList({8, 9}));
}

TEST(ChangedLinesTest, DeletedOnlyHunkAddsNoLinesButCountsTheFile) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -5,2 +4,0 @@\n"
                               "-gone1\n"
                               "-gone2\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList());
}

TEST(ChangedLinesTest, NewFileFromDevNull) {
  ChangedLines Lines = parseOk("diff --git a/new.c b/new.c\n"
                               "new file mode 100644\n"
                               "index 0000000..1111111\n"
                               "--- /dev/null\n"
                               "+++ b/new.c\n"
                               "@@ -0,0 +1,3 @@\n"
                               "+a\n"
                               "+b\n"
                               "+c\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "new.c"), LineList({1, 2, 3}));
}

TEST(ChangedLinesTest, DeletedFileIsNotAFile) {
  ChangedLines Lines = parseOk("diff --git a/old.c b/old.c\n"
                               "deleted file mode 100644\n"
                               "--- a/old.c\n"
                               "+++ /dev/null\n"
                               "@@ -1,2 +0,0 @@\n"
                               "-x\n"
                               "-y\n"
                               "diff --git a/kept.c b/kept.c\n"
                               "--- a/kept.c\n"
                               "+++ b/kept.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+added\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "old.c"), LineList());
  EXPECT_EQ(linesOf(Lines, "kept.c"), LineList({2}));
}

TEST(ChangedLinesTest, TimestampAfterTabIsDropped) {
  ChangedLines Lines =
      parseOk("--- x.c.orig\t2024-01-01 00:00:00.000000000 +0000\n"
              "+++ x.c\t2024-01-02 00:00:00.000000000 +0000\n"
              "@@ -1 +1 @@\n"
              "-a\n"
              "+b\n");
  EXPECT_EQ(linesOf(Lines, "/src/x.c"), LineList({1}));
}

TEST(ChangedLinesTest, CarriageReturnsAreTolerated) {
  ChangedLines Lines = parseOk("--- a/x.c\r\n"
                               "+++ b/x.c\r\n"
                               "@@ -1,0 +2 @@\r\n"
                               "+b\r\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2}));
}

TEST(ChangedLinesTest, NoNewlineMarkerDoesNotCount) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,2 +1,3 @@\n"
                               " a\n"
                               "-b\n"
                               "\\ No newline at end of file\n"
                               "+b\n"
                               "+c\n"
                               "\\ No newline at end of file\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2, 3}));
}

TEST(ChangedLinesTest, FormatPatchTrailerIsIgnored) {
  ChangedLines Lines = parseOk("From 0123 Mon Sep 17 00:00:00 2001\n"
                               "Subject: [PATCH] x: fix\n"
                               "\n"
                               "---\n"
                               " x.c | 1 +\n"
                               " 1 file changed, 1 insertion(+)\n"
                               "\n"
                               "diff --git a/x.c b/x.c\n"
                               "--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+b\n"
                               "-- \n"
                               "2.39.2\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2}));
}

TEST(ChangedLinesTest, HunkBeforeAnyFileIsIgnored) {
  ChangedLines Lines = parseOk("@@ -1 +1 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.files(), 0u);
}

TEST(ChangedLinesTest, HunkHeaderWithoutNewSideIsAnError) {
  EXPECT_EQ(parseError("--- a/x.c\n"
                       "+++ b/x.c\n"
                       "@@ -1,2 @@\n"),
            "malformed hunk header: @@ -1,2 @@");
}

TEST(ChangedLinesTest, HunkHeaderWithNonNumericStartIsAnError) {
  EXPECT_EQ(parseError("--- a/x.c\n"
                       "+++ b/x.c\n"
                       "@@ -1 +x @@\n"),
            "malformed hunk header: @@ -1 +x @@");
}

TEST(ChangedLinesTest, ContainsMatchesPathSuffixAtComponentBoundary) {
  ChangedLines Lines = parseOk("--- a/fs/read_write.c\n"
                               "+++ b/fs/read_write.c\n"
                               "@@ -1,0 +5 @@\n"
                               "+x\n");
  EXPECT_TRUE(Lines.contains("fs/read_write.c", 5));
  EXPECT_TRUE(Lines.contains("/home/u/linux/fs/read_write.c", 5));
  EXPECT_FALSE(Lines.contains("/home/u/linux/xfs/read_write.c", 5));
  EXPECT_FALSE(Lines.contains("read_write.c", 5));
  EXPECT_FALSE(Lines.contains("/home/u/linux/fs/read_write.c", 4));
  EXPECT_FALSE(Lines.contains("/home/u/linux/fs/read_write.c.orig", 5));
}

TEST(ChangedLinesTest, PathWithoutPrefixIsKept) {
  // git diff --no-prefix.
  ChangedLines Lines = parseOk("--- drivers/foo.c\n"
                               "+++ drivers/foo.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_TRUE(Lines.contains("/src/linux/drivers/foo.c", 2));
}

TEST(ChangedLinesTest, OnlyTheBPrefixIsStripped) {
  // Pins current behaviour: with diff.mnemonicPrefix, git writes "w/"; the
  // path keeps it, so it does not match the file's real path.
  ChangedLines Lines = parseOk("--- i/x.c\n"
                               "+++ w/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_FALSE(Lines.contains("/src/x.c", 2));
  EXPECT_TRUE(Lines.contains("/src/w/x.c", 2));
}

TEST(ChangedLinesTest, EmptyContextLineIsNotCounted) {
  // Pins current behaviour: a context line whose leading space was stripped
  // (by an editor or a mailer) does not advance the line count, so the
  // added line, really line 3, is recorded as line 2.
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,3 +1,4 @@\n"
                               " a\n"
                               "\n"
                               "+new\n"
                               " c\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2}));
}

TEST(ChangedLinesTest, AddedLineStartingWithPlusPlusSpaceIsAFileHeader) {
  // Pins current behaviour: the added line "++ i;" is read as the header
  // "+++ i;", and the lines after it are credited to a file named "i;".
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +1,2 @@\n"
                               "+++ i;\n"
                               "+int j;\n");
  EXPECT_EQ(Lines.files(), 2u);
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList());
  EXPECT_EQ(linesOf(Lines, "i;"), LineList({1}));
}

} // namespace
