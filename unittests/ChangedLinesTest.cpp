//===--- ChangedLinesTest.cpp - Lines a unified diff adds -----------------===//

#include "gate/ChangedLines.h"

#include "ScratchDir.h"

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

/// \p Lines with its relative paths resolved against /s, as the driver
/// resolves them against the tree the patch was made in.
ChangedLines at(ChangedLines Lines) {
  EXPECT_FALSE(llvm::errorToBool(Lines.resolve({"/s"})));
  return Lines;
}

/// The lines of 1..Max that \p Lines holds for \p File (relative to /s).
std::vector<uint64_t> linesOf(const ChangedLines &Lines, llvm::StringRef File,
                              uint64_t Max = 30) {
  std::string Path = File.starts_with("/") ? File.str() : "/s/" + File.str();
  ChangedLines Resolved = at(Lines);
  std::vector<uint64_t> Out;
  for (uint64_t L = 0; L <= Max; ++L)
    if (Resolved.contains(Path, L))
      Out.push_back(L);
  return Out;
}

using LineList = std::vector<uint64_t>;

TEST(ChangedLinesTest, TouchesFilesWithAddedOrDeletedLines) {
  ChangedLines Lines = parseOk("diff --git a/fs/select.c b/fs/select.c\n"
                               "--- a/fs/select.c\n"
                               "+++ b/fs/select.c\n"
                               "@@ -5,1 +4,0 @@\n"
                               "-\tuser_write_access_end();\n"
                               "diff --git a/include/x.h b/include/x.h\n"
                               "--- a/include/x.h\n"
                               "+++ b/include/x.h\n"
                               "@@ -3,0 +4,1 @@\n"
                               "+int y;\n");
  EXPECT_FALSE(llvm::errorToBool(Lines.resolve({"/tree"})));
  EXPECT_TRUE(Lines.touchesFile("/tree/fs/select.c"));
  EXPECT_TRUE(Lines.touchesFile("/tree/include/x.h"));
  EXPECT_FALSE(Lines.touchesFile("/tree/fs/readdir.c"));
  EXPECT_FALSE(Lines.touchesFile("/tree/xfs/select.c"));
  // Exact paths: the same relative path in another tree, or under another
  // directory of this one (arch/x86/kernel/signal.c for kernel/signal.c),
  // is another file.
  EXPECT_FALSE(Lines.touchesFile("/other/fs/select.c"));
  EXPECT_FALSE(Lines.touchesFile("/tree/arch/x86/fs/select.c"));
}

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
                               "@@ -1,6 +1,7 @@\n"
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

// A patch that only deletes a file is a patch (exit 0, nothing to check),
// not garbage: the file counts as named, with no line to analyze.
TEST(ChangedLinesTest, DeletedFileIsNamedButHasNoLines) {
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
  EXPECT_EQ(Lines.files(), 2u);
  EXPECT_FALSE(at(Lines).touchesFile("/s/old.c"));
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
  EXPECT_EQ(linesOf(Lines, "/s/x.c"), LineList({1}));
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

TEST(ChangedLinesTest, AMimePartBoundaryEndsThePatchButAnEmptyOneIsNone) {
  ChangedLines Lines = parseOk("Content-Type: multipart/mixed; "
                               "boundary=\"------------2.39.2\"\n"
                               "\n"
                               "--------------2.39.2\n"
                               "diff --git a/x.c b/x.c\n"
                               "--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+b\n"
                               "\n"
                               "--------------2.39.2--\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2}));
  // boundary="" names no boundary: "--" would swallow the file headers.
  ChangedLines Empty = parseOk("Content-Type: multipart/mixed; boundary=\"\"\n"
                               "--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+b\n");
  EXPECT_EQ(linesOf(Empty, "x.c"), LineList({2}));
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

TEST(ChangedLinesTest, ContainsMatchesTheResolvedPathExactly) {
  ChangedLines Lines = parseOk("--- a/kernel/signal.c\n"
                               "+++ b/kernel/signal.c\n"
                               "@@ -1,0 +5 @@\n"
                               "+x\n");
  EXPECT_FALSE(llvm::errorToBool(Lines.resolve({"/home/u/linux"})));
  EXPECT_TRUE(Lines.contains("/home/u/linux/kernel/signal.c", 5));
  EXPECT_TRUE(Lines.contains("/home/u/linux/./kernel/../kernel/signal.c", 5));
  // Never as a suffix (issue 29): the arch's file of the same name.
  EXPECT_FALSE(Lines.contains("/home/u/linux/arch/x86/kernel/signal.c", 5));
  EXPECT_FALSE(Lines.contains("/home/u/other/kernel/signal.c", 5));
  EXPECT_FALSE(Lines.contains("/home/u/linux/kernel/signal.c", 4));
  EXPECT_FALSE(Lines.contains("/home/u/linux/kernel/signal.c.orig", 5));
}

TEST(ChangedLinesTest, DotComponentsAreNormalized) {
  // diff -u ./src/a.c.orig ./src/a.c
  ChangedLines Lines = parseOk("--- ./src/a.c.orig\n"
                               "+++ ./src/a.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"src/a.c"}));
  EXPECT_EQ(linesOf(Lines, "src/a.c"), LineList({2}));
}

TEST(ChangedLinesTest, AHunkLongerThanItsHeaderIsAnError) {
  EXPECT_EQ(parseError("--- a/x.c\n"
                       "+++ b/x.c\n"
                       "@@ -1 +1 @@\n"
                       "-a\n"
                       "+b\n"
                       "+c\n"),
            "line 6 is outside any hunk: the hunk before it is longer than "
            "its header says");
  // A mail's signature after the last hunk is no hunk line.
  EXPECT_EQ(linesOf(parseOk("--- a/x.c\n"
                            "+++ b/x.c\n"
                            "@@ -1 +1 @@\n"
                            "-a\n"
                            "+b\n"
                            "-- \n"
                            "2.39.5\n"),
                    "x.c"),
            LineList({1}));
}

TEST(ChangedLinesTest, BinaryChangesAreErrors) {
  EXPECT_EQ(parseError("diff --git a/x.bin b/x.bin\n"
                       "index 1234567..89abcde 100644\n"
                       "Binary files a/x.bin and b/x.bin differ\n"),
            "line 3 is a binary change: the lines it changes are unknown");
  EXPECT_EQ(parseError("diff --git a/x.bin b/x.bin\n"
                       "GIT binary patch\n"),
            "line 2 is a binary change: the lines it changes are unknown");
}

TEST(ChangedLinesTest, PathWithoutPrefixIsKept) {
  // git diff --no-prefix.
  ChangedLines Lines = parseOk("--- drivers/foo.c\n"
                               "+++ drivers/foo.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_TRUE(at(Lines).contains("/s/drivers/foo.c", 2));
}

TEST(ChangedLinesTest, MnemonicPrefixesAreStripped) {
  // diff.mnemonicPrefix: i/ (index) against w/ (work tree).
  ChangedLines Lines = parseOk("diff --git i/x.c w/x.c\n"
                               "--- i/x.c\n"
                               "+++ w/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_TRUE(at(Lines).contains("/s/x.c", 2));
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"x.c"}));
}

TEST(ChangedLinesTest, MnemonicPrefixesWithoutGitHeader) {
  ChangedLines Lines = parseOk("--- c/dir/x.c\n"
                               "+++ o/dir/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"dir/x.c"}));
}

TEST(ChangedLinesTest, CustomSrcAndDstPrefixes) {
  // git diff --src-prefix=old/tree/ --dst-prefix=new/
  ChangedLines Lines = parseOk("diff --git old/tree/fs/x.c new/fs/x.c\n"
                               "--- old/tree/fs/x.c\n"
                               "+++ new/fs/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"fs/x.c"}));
  EXPECT_TRUE(at(Lines).contains("/s/fs/x.c", 2));
}

TEST(ChangedLinesTest, EmptyDstPrefix) {
  ChangedLines Lines = parseOk("diff --git a/fs/x.c fs/x.c\n"
                               "--- a/fs/x.c\n"
                               "+++ fs/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"fs/x.c"}));
}

TEST(ChangedLinesTest, NoPrefixGitDiffKeepsThePath) {
  ChangedLines Lines = parseOk("diff --git fs/x.c fs/x.c\n"
                               "--- fs/x.c\n"
                               "+++ fs/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"fs/x.c"}));
}

TEST(ChangedLinesTest, UnknownPrefixDroppedWhenThePathDoesNotExist) {
  const char *Diff = "--- /dev/null\n"
                     "+++ tree/fs/x.c\n"
                     "@@ -0,0 +1 @@\n"
                     "+x\n";
  auto Missing =
      ChangedLines::parse(Diff, [](llvm::StringRef) { return false; });
  ASSERT_TRUE(bool(Missing));
  EXPECT_EQ(Missing->paths(), std::vector<std::string>({"fs/x.c"}));
  auto Present = ChangedLines::parse(
      Diff, [](llvm::StringRef P) { return P == "tree/fs/x.c"; });
  ASSERT_TRUE(bool(Present));
  EXPECT_EQ(Present->paths(), std::vector<std::string>({"tree/fs/x.c"}));
}

TEST(ChangedLinesTest, QuotedPathsWithOctalEscapes) {
  ChangedLines Lines =
      parseOk("diff --git \"a/caf\\303\\251.c\" \"b/caf\\303\\251.c\"\n"
              "--- \"a/caf\\303\\251.c\"\n"
              "+++ \"b/caf\\303\\251.c\"\n"
              "@@ -1,0 +2 @@\n"
              "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"caf\xc3\xa9.c"}));
  EXPECT_TRUE(at(Lines).contains("/s/caf\xc3\xa9.c", 2));
}

TEST(ChangedLinesTest, UnquoteGitPath) {
  llvm::StringRef Text = "\"a\\tb\\\"c\\\\d\\101\" rest";
  EXPECT_EQ(unquoteGitPath(Text), std::optional<std::string>("a\tb\"c\\dA"));
  EXPECT_EQ(Text, " rest");
  llvm::StringRef Open = "\"never closed";
  EXPECT_EQ(unquoteGitPath(Open), std::nullopt);
}

TEST(ChangedLinesTest, GitHeaderWithSpacesInNames) {
  ChangedLines Lines = parseOk("diff --git a/my file.c b/my file.c\n"
                               "--- a/my file.c\t\n"
                               "+++ b/my file.c\t\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"my file.c"}));
}

TEST(ChangedLinesTest, RenameUsesTheNewName) {
  ChangedLines Lines = parseOk("diff --git a/old/x.c b/new/x.c\n"
                               "similarity index 90%\n"
                               "rename from old/x.c\n"
                               "rename to new/x.c\n"
                               "--- a/old/x.c\n"
                               "+++ b/new/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"new/x.c"}));
}

TEST(ChangedLinesTest, PureRenameNamesItsFile) {
  ChangedLines Lines = parseOk("diff --git a/old.c b/new.c\n"
                               "similarity index 100%\n"
                               "rename from old.c\n"
                               "rename to new.c\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"new.c"}));
}

TEST(ChangedLinesTest, OnlyADeletionNamesAFile) {
  ChangedLines Lines = parseOk("diff --git a/gone.c b/gone.c\n"
                               "deleted file mode 100644\n"
                               "index 1234567..0000000\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_TRUE(Lines.paths().empty());
}

// A copy is new code: every line of it counts, not only its hunks'
// (git diff -C, or diff.renames=copies in the user's config).
TEST(ChangedLinesTest, ACopyCountsEveryLine) {
  ChangedLines Lines = parseOk("diff --git a/b.c b/c.c\n"
                               "similarity index 95%\n"
                               "copy from b.c\n"
                               "copy to c.c\n"
                               "--- a/b.c\n"
                               "+++ b/c.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n"
                               "diff --git a/d.c b/e.c\n"
                               "similarity index 100%\n"
                               "copy from d.c\n"
                               "copy to e.c\n");
  EXPECT_EQ(linesOf(Lines, "c.c", 4), LineList({0, 1, 2, 3, 4}));
  EXPECT_EQ(linesOf(Lines, "e.c", 2), LineList({0, 1, 2}));
  EXPECT_TRUE(at(Lines).touchesFile("/s/e.c"));
  // A rename is not: only its hunks' lines are new.
  ChangedLines Renamed = parseOk("diff --git a/b.c b/c.c\n"
                                 "rename from b.c\n"
                                 "rename to c.c\n"
                                 "--- a/b.c\n"
                                 "+++ b/c.c\n"
                                 "@@ -1,0 +2 @@\n"
                                 "+x\n");
  EXPECT_EQ(linesOf(Renamed, "c.c", 4), LineList({2}));
}

TEST(ChangedLinesTest, CombinedDiffsAreErrors) {
  EXPECT_NE(parseError("diff --cc m.c\n"
                       "index 1,2..3\n"
                       "--- a/m.c\n"
                       "+++ b/m.c\n"
                       "@@@ -1,1 -1,1 +1,2 @@@\n"
                       "  x\n"
                       "++y\n")
                .find("combined diff"),
            std::string::npos);
}

// `git format-patch --stdout` of two commits: the second patch's line
// numbers are after the first, not in the final file.
TEST(ChangedLinesTest, ASeriesOfPatchesIsAnError) {
  std::string Error = parseError("diff --git a/x.c b/x.c\n"
                                 "--- a/x.c\n"
                                 "+++ b/x.c\n"
                                 "@@ -1,0 +2 @@\n"
                                 "+x\n"
                                 "diff --git a/x.c b/x.c\n"
                                 "--- a/x.c\n"
                                 "+++ b/x.c\n"
                                 "@@ -5,0 +6 @@\n"
                                 "+y\n");
  EXPECT_NE(Error.find("changes x.c again"), std::string::npos) << Error;
}

// A plain diff of two absolute (or ../) paths names the new one; the
// common tail of the two names is no prefix to strip (hostile round 3).
TEST(ChangedLinesTest, PlainDiffOfAbsoluteOrParentPathsKeepsThem) {
  ChangedLines Abs = parseOk("--- /w/old/g.c\n"
                             "+++ /w/new/g.c\n"
                             "@@ -1,0 +2 @@\n"
                             "+x\n");
  EXPECT_EQ(Abs.paths(), std::vector<std::string>({"/w/new/g.c"}));
  EXPECT_EQ(linesOf(Abs, "/w/new/g.c"), LineList({2}));
  EXPECT_EQ(linesOf(Abs, "g.c"), LineList());
  ChangedLines Up = parseOk("--- ../old/g.c\n"
                            "+++ ../new/g.c\n"
                            "@@ -1,0 +2 @@\n"
                            "+x\n");
  EXPECT_EQ(linesOf(Up, "/new/g.c"), LineList({2}));
  EXPECT_EQ(linesOf(Up, "g.c"), LineList());
}

TEST(ChangedLinesTest, EmptyContextLineCounts) {
  // A context line whose leading space was stripped (by an editor or a
  // mailer) is still a line.
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,3 +1,4 @@\n"
                               " a\n"
                               "\n"
                               "+new\n"
                               " c\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({3}));
}

TEST(ChangedLinesTest, AddedLineStartingWithPlusPlusSpaceIsContent) {
  // The added line "++ i;" reads "+++ i;": the hunk's counts say it is
  // content, not a file header.
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +1,2 @@\n"
                               "+++ i;\n"
                               "+int j;\n");
  EXPECT_EQ(Lines.files(), 1u);
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({1, 2}));
}

TEST(ChangedLinesTest, DeletedLineStartingWithMinusMinusSpaceIsContent) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -3,2 +3 @@\n"
                               "--- i;\n"
                               "-x;\n"
                               "+y;\n");
  EXPECT_EQ(Lines.paths(), std::vector<std::string>({"x.c"}));
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({3}));
}

TEST(ChangedLinesTest, DiffGitLineResetsTheFile) {
  // The second section has no ---/+++ lines (a mode change); its hunk-less
  // body must not be credited to the first file.
  ChangedLines Lines = parseOk("diff --git a/x.c b/x.c\n"
                               "--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -1,0 +2 @@\n"
                               "+x\n"
                               "diff --git a/y.sh b/y.sh\n"
                               "old mode 100644\n"
                               "new mode 100755\n"
                               "@@ -1,0 +5 @@\n"
                               "+x\n");
  EXPECT_EQ(linesOf(Lines, "x.c"), LineList({2}));
  EXPECT_EQ(linesOf(Lines, "y.sh"), LineList());
  EXPECT_EQ(Lines.files(), 2u);
}

TEST(ChangedLinesTest, HunkLongerThanItsCountsIsAnError) {
  EXPECT_EQ(parseError("--- a/x.c\n"
                       "+++ b/x.c\n"
                       "@@ -1 +1 @@\n"
                       "-a\n"
                       "+b\n"
                       "+c\n"),
            "line 6 is outside any hunk: the hunk before it is longer than "
            "its header says");
  EXPECT_EQ(parseError("--- a/x.c\n"
                       "+++ b/x.c\n"
                       "@@ -1,2 +1 @@\n"
                       "-a\n"
                       "+b\n"
                       "+c\n"),
            "line 6 does not fit the line counts of hunk '@@ -1,2 +1 @@'");
}

TEST(ChangedLinesTest, DeletionsAreNewSidePositions) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -5,2 +4,0 @@\n"
                               "-gone1\n"
                               "-gone2\n"
                               "@@ -20,3 +18,2 @@\n"
                               " keep\n"
                               "-gone3\n"
                               " keep\n");
  // The first deletion sits between new lines 4 and 5, the second
  // between 18 and 19.
  EXPECT_FALSE(llvm::errorToBool(Lines.resolve({"/s"})));
  EXPECT_FALSE(Lines.deletesWithin("/s/x.c", 1, 4));
  EXPECT_TRUE(Lines.deletesWithin("/s/x.c", 5, 10));
  EXPECT_FALSE(Lines.deletesWithin("/s/x.c", 6, 18));
  EXPECT_TRUE(Lines.deletesWithin("/s/x.c", 19, 19));
  EXPECT_FALSE(Lines.deletesWithin("/s/y.c", 1, 100));
}

Finding findingAt(uint64_t Line, uint64_t Begin, uint64_t End) {
  Finding F;
  F.Loc.File = "/s/x.c";
  F.Loc.Line = Line;
  F.FunctionBeginLine = Begin;
  F.FunctionEndLine = End;
  return F;
}

TEST(ChangedLinesTest, TouchesFindingByLocationNoteOrDeletion) {
  ChangedLines Lines = parseOk("--- a/x.c\n"
                               "+++ b/x.c\n"
                               "@@ -10,0 +11 @@\n"
                               "+\treturn 0;\n"
                               "@@ -30 +30,0 @@\n"
                               "-\tuser_access_end();\n");
  EXPECT_FALSE(llvm::errorToBool(Lines.resolve({"/s"})));
  EXPECT_TRUE(touchesFinding(Lines, findingAt(11, 1, 20)));
  Finding Noted = findingAt(5, 1, 20);
  EXPECT_FALSE(touchesFinding(Lines, Noted));
  Noted.Notes.push_back({{"/s/x.c", 0, 11, 1}, "leaves here"});
  EXPECT_TRUE(touchesFinding(Lines, Noted));
  EXPECT_TRUE(touchesFinding(Lines, findingAt(25, 25, 35)));
  EXPECT_FALSE(touchesFinding(Lines, findingAt(40, 40, 50)));
  EXPECT_FALSE(touchesFinding(Lines, findingAt(25, 0, 0)));
}

} // namespace

namespace {

class ChangedLinesNewSideTest : public uaccess::ScratchDir {
protected:
  /// The patch \p Diff, resolved in the scratch folder, checked against
  /// its files: "" when they hold its new side, else the error.
  std::string check(llvm::StringRef Diff) {
    ChangedLines Lines = parseOk(Diff);
    if (llvm::Error E = Lines.resolve({Dir.str().str()}))
      return llvm::toString(std::move(E));
    llvm::Error E = Lines.checkNewSide();
    return E ? llvm::toString(std::move(E)) : "";
  }
};

TEST_F(ChangedLinesNewSideTest, DirectivesActingOtherwiseMoveSuppressions) {
  auto Moves = [&](llvm::StringRef NewFile, llvm::StringRef Diff) {
    make("a.c", NewFile);
    ChangedLines Lines = parseOk(Diff);
    EXPECT_FALSE(llvm::errorToBool(Lines.resolve({Dir.str().str()})));
    Lines.markMovedSuppressions();
    return Lines.movesSuppressions(path("a.c"));
  };
  // Lines that name no directive, but open a character literal that a
  // backslash-newline carries over the region's begin.
  EXPECT_TRUE(Moves("#if 0\nit's \\\n/* uaccess-lint: ignore-begin[*] */\n"
                    "#endif\nx;\n/* uaccess-lint: ignore-end[*] */\n",
                    "--- a/a.c\n+++ b/a.c\n@@ -0,0 +1,2 @@\n+#if 0\n"
                    "+it's \\\n@@ -1,0 +4,1 @@\n+#endif\n"));
  // The same lines around a plain comment.
  EXPECT_FALSE(Moves("#if 0\nit's \\\n/* plain */\n#endif\nx;\n",
                     "--- a/a.c\n+++ b/a.c\n@@ -0,0 +1,2 @@\n+#if 0\n"
                     "+it's \\\n@@ -1,0 +4,1 @@\n+#endif\n"));
  // A deleted line that names no directive, but held the literal that
  // swallowed one.
  EXPECT_TRUE(Moves("#if 0\n// NOLINTNEXTLINE(window-call)\n#endif\nx;\n",
                    "--- a/a.c\n+++ b/a.c\n@@ -2,1 +1,0 @@\n-it's \\\n"));
  // A line added after a directive that covers the next one.
  EXPECT_TRUE(Moves("// NOLINTNEXTLINE(window-call)\ny;\nx;\n",
                    "--- a/a.c\n+++ b/a.c\n@@ -1,0 +2,1 @@\n+y;\n"));
  // A line deleted before one, or added after the line it covers.
  EXPECT_FALSE(Moves("// NOLINTNEXTLINE(window-call)\nx;\ny;\n",
                     "--- a/a.c\n+++ b/a.c\n@@ -1,1 +0,0 @@\n-w;\n"
                     "@@ -3,0 +3,1 @@\n+y;\n"));
}

TEST_F(ChangedLinesNewSideTest, AddedAndContextLinesMustBeTheFiles) {
  make("a.c", "one\ntwo\nthree\r\n");
  EXPECT_EQ(check("--- a/a.c\n+++ b/a.c\n@@ -1,2 +1,3 @@\n one\n+two\n "
                  "three\n"),
            "");
  std::string Moved = check("--- a/a.c\n+++ b/a.c\n@@ -1,0 +2,1 @@\n+one\n");
  EXPECT_NE(Moved.find("a.c' line 2 ('one') is not the patch's"),
            std::string::npos)
      << Moved;
}

TEST_F(ChangedLinesNewSideTest,
       AMissingSourceIsAnErrorAndOtherFilesAreNotRead) {
  std::string Gone = check("--- a/gone.c\n+++ b/gone.c\n@@ -0,0 +1 @@\n+x\n");
  EXPECT_NE(Gone.find("gone.c' is not there"), std::string::npos) << Gone;
  EXPECT_EQ(check("--- a/notes.txt\n+++ b/notes.txt\n@@ -0,0 +1 @@\n+x\n"), "");
}

TEST_F(ChangedLinesNewSideTest, ASymbolicLinksLineIsItsTarget) {
  make("real.h", "int x;\n");
  ASSERT_FALSE(llvm::sys::fs::create_link("real.h", path("link.h")));
  EXPECT_EQ(check("diff --git a/link.h b/link.h\nnew file mode 120000\n"
                  "--- /dev/null\n+++ b/link.h\n@@ -0,0 +1 @@\n+real.h\n"
                  "\\ No newline at end of file\n"),
            "");
}

} // namespace

// A submodule moved to another commit: its lines are no file's.
TEST(ChangedLinesTest, ASubmoduleBumpIsNamed) {
  ChangedLines Lines = at(parseOk("diff --git a/sub b/sub\n"
                                  "index 1111111..2222222 160000\n"
                                  "--- a/sub\n"
                                  "+++ b/sub\n"
                                  "@@ -1 +1 @@\n"
                                  "-Subproject commit 1111111\n"
                                  "+Subproject commit 2222222\n"
                                  "diff --git a/a.c b/a.c\n"
                                  "--- a/a.c\n"
                                  "+++ b/a.c\n"
                                  "@@ -1,0 +2,1 @@\n"
                                  "+int x;\n"));
  EXPECT_EQ(Lines.submodules(), std::vector<std::string>{"/s/sub"});
}

// A layout pragma added or deleted anywhere touches every finding: the
// records after it, in any file that includes its own, may have moved.
TEST(ChangedLinesTest, ALayoutPragmaTouchesEveryFinding) {
  auto Changes = [](llvm::StringRef Line) {
    return at(parseOk("--- a/h.h\n+++ b/h.h\n@@ -1,0 +2,1 @@\n+" + Line.str() +
                      "\n"))
        .changesLayoutPragmas();
  };
  EXPECT_TRUE(Changes("#pragma pack(push, 1)"));
  EXPECT_TRUE(Changes("  #  pragma pack()"));
  EXPECT_TRUE(Changes("#pragma ms_struct on"));
  EXPECT_TRUE(Changes("#define PACKED _Pragma(\"pack(1)\")"));
  // Any pragma, however spelled, and a macro named for packing (round 17,
  // bug 1).
  EXPECT_TRUE(Changes("#pragma once"));
  EXPECT_TRUE(Changes("#/**/pragma pack(1)"));
  EXPECT_TRUE(Changes("#pragma options align=packed"));
  EXPECT_TRUE(Changes("DO_PRAGMA(pack(1))"));
  EXPECT_TRUE(Changes("PACK_BEGIN"));
  EXPECT_TRUE(Changes("__PACKED_START"));
  EXPECT_FALSE(Changes("/* pack the bytes */"));
  EXPECT_FALSE(Changes("/* a pragmatic choice */"));
  EXPECT_FALSE(Changes("#define MAX_PACKET_LEN 64"));
  EXPECT_FALSE(Changes("struct s { u8 a; } __packed;"));
  ChangedLines Lines = at(parseOk("--- a/h.h\n+++ b/h.h\n@@ -3,1 +2,0 @@\n"
                                  "-#pragma pack(pop)\n"));
  Finding F;
  F.Loc.File = "/s/other.c";
  F.Loc.Line = 5;
  EXPECT_TRUE(touchesFinding(Lines, F));
}

// A suppression directive added, deleted or edited touches the whole
// file, a line of a comment block that holds one too; a comment that only
// says the words of one is taken for one.
TEST(ChangedLinesTest, ASuppressionEditedTouchesItsFile) {
  ChangedLines Lines =
      at(parseOk("--- a/a.c\n"
                 "+++ b/a.c\n"
                 "@@ -20,1 +19,0 @@\n"
                 "-/* uaccess-lint: ignore-end[window-unbalanced] */\n"
                 "--- a/b.c\n"
                 "+++ b/b.c\n"
                 "@@ -1,0 +2,2 @@\n"
                 "+int x;\n"
                 "+/* ignore-end is only a word here */\n"
                 "--- a/c.c\n"
                 "+++ b/c.c\n"
                 "@@ -1,0 +2,1 @@\n"
                 "+ * uaccess-lint: ignore-begin[window-*]\n"));
  EXPECT_TRUE(Lines.movesSuppressions("/s/a.c"));
  EXPECT_FALSE(Lines.movesSuppressions("/s/b.c"));
  EXPECT_TRUE(Lines.movesSuppressions("/s/c.c"));
  Finding F;
  F.Loc.File = "/s/a.c";
  F.Loc.Line = 5;
  EXPECT_TRUE(touchesFinding(Lines, F));
  F.Loc.File = "/s/b.c";
  EXPECT_FALSE(touchesFinding(Lines, F));
}
