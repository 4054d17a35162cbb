//===--- FixesTest.cpp - Fix-its apply whole or not at all ----------------===//

#include "fix/Fixes.h"
#include "ScratchDir.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace uaccess;
namespace fs = llvm::sys::fs;

namespace {

Finding findingWith(std::vector<FindingFix> Fixes) {
  Finding F;
  F.Check = "window-mismatch";
  F.Fixes = std::move(Fixes);
  return F;
}

llvm::sys::TimePoint<> now() { return std::chrono::system_clock::now(); }

/// Plans \p Findings as analysed just now, and applies them.
llvm::Error apply(const std::vector<Finding> &Findings) {
  return applyFixPlan(planFixes(Findings, {now(), std::nullopt}));
}

/// The error's message; "" for success.
std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

using FixesTest = ScratchDir;

TEST_F(FixesTest, OverlappingFindingIsRefusedWhole) {
  std::string File = make("f.c", "abcdef\n");
  std::vector<Finding> Findings = {
      findingWith({{File, 0, 2, "XY"}}),
      // Its second edit overlaps the first finding's: refuse both edits.
      findingWith({{File, 4, 1, "Q"}, {File, 1, 2, "ZZ"}}),
      findingWith({{File, 6, 0, "!"}}),
  };
  FixPlan Plan = planFixes(Findings, {now(), std::nullopt});
  EXPECT_EQ(Plan.Accepted, 2u);
  ASSERT_EQ(Plan.Refused.size(), 1u);
  EXPECT_EQ(Plan.Refused[0].first, &Findings[1]);
  ASSERT_FALSE(applyFixPlan(Plan));
  // The refused finding's non-overlapping edit ('e' -> 'Q') is not applied.
  EXPECT_EQ(read(File), "XYcdef!\n");
}

TEST_F(FixesTest, SameEditFromTwoFindingsAppliesOnce) {
  std::string File = make("f.c", "efault:\n\treturn -EFAULT;\n");
  FindingFix End{File, 9, 0, "user_access_end();\n\t"};
  std::vector<Finding> Findings = {findingWith({End}), findingWith({End})};
  FixPlan Plan = planFixes(Findings, {now(), std::nullopt});
  EXPECT_EQ(Plan.Accepted, 2u);
  EXPECT_TRUE(Plan.Refused.empty());
  ASSERT_FALSE(applyFixPlan(Plan));
  EXPECT_EQ(read(File), "efault:\n\tuser_access_end();\n\treturn -EFAULT;\n");
}

TEST_F(FixesTest, UnreadableFileChangesNothing) {
  std::string Good = make("good.c", "abc\n");
  EXPECT_NE(message(apply({
                findingWith({{Good, 0, 1, "A"}}),
                findingWith({{"/nonexistent/uaccess-lint/x.c", 0, 1, "B"}}),
            })),
            "");
  EXPECT_EQ(read(Good), "abc\n");
}

TEST_F(FixesTest, SymlinkIsWrittenThroughToItsTarget) {
  std::string Target = make("target.c", "abc\n");
  std::string Link = path("link.c");
  ASSERT_FALSE(fs::create_link(Target, Link));
  ASSERT_EQ(message(apply({findingWith({{Link, 0, 1, "A"}})})), "");
  EXPECT_EQ(read(Target), "Abc\n");
  EXPECT_TRUE(fs::is_symlink_file(Link));
}

TEST_F(FixesTest, ModeIsKept) {
  std::string Private = make("private.c", "abc\n", 0600);
  std::string Group = make("group.c", "abc\n", 0750);
  ASSERT_EQ(
      message(apply({findingWith({{Private, 0, 1, "A"}, {Group, 0, 1, "A"}})})),
      "");
  EXPECT_EQ(read(Private), "Abc\n");
  EXPECT_EQ(mode(Private), 0600u);
  EXPECT_EQ(mode(Group), 0750u);
}

TEST_F(FixesTest, OwnerIsKept) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "giving a file to another user needs root";
  std::string File = make("f.c", "abc\n");
  ASSERT_EQ(::chown(File.c_str(), 65534, 65534), 0);
  ASSERT_EQ(message(apply({findingWith({{File, 0, 1, "A"}})})), "");
  EXPECT_EQ(read(File), "Abc\n");
  fs::file_status Status;
  ASSERT_FALSE(fs::status(File, Status));
  EXPECT_EQ(Status.getUser(), 65534u);
  EXPECT_EQ(Status.getGroup(), 65534u);
}

TEST_F(FixesTest, ReadOnlyFileIsRefused) {
  std::string File = make("f.c", "abc\n", 0444);
  std::string Error = message(apply({findingWith({{File, 0, 1, "A"}})}));
  EXPECT_NE(Error.find("'" + File + "' is read-only (mode 0444)"),
            std::string::npos)
      << Error;
  EXPECT_EQ(read(File), "abc\n");
}

TEST_F(FixesTest, HardLinkedFileIsRefused) {
  std::string File = make("f.c", "abc\n");
  std::string Other = path("other.c");
  ASSERT_FALSE(fs::create_hard_link(File, Other));
  std::string Error = message(apply({findingWith({{File, 0, 1, "A"}})}));
  EXPECT_NE(Error.find("has 2 hard links"), std::string::npos) << Error;
  EXPECT_EQ(read(File), "abc\n");
  EXPECT_TRUE(fs::equivalent(File, Other));
}

TEST_F(FixesTest, DeviceIsRefused) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "mknod of a character device needs root";
  std::string Null = path("null");
  ASSERT_EQ(::mknod(Null.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  std::string Error = message(apply({findingWith({{Null, 0, 0, "A"}})}));
  EXPECT_NE(Error.find("is a character device, not a regular file"),
            std::string::npos)
      << Error;
  EXPECT_EQ(type(Null), fs::file_type::character_file);
}

TEST_F(FixesTest, FileChangedSinceTheAnalysisIsRefused) {
  std::string File = make("f.c", "abc\n");
  std::vector<Finding> Findings = {findingWith({{File, 0, 1, "A"}})};
  // Analysed ten seconds ago: the file was written since.
  FixPlan Plan =
      planFixes(Findings, {now() - std::chrono::seconds(10), std::nullopt});
  std::string Error = message(applyFixPlan(Plan));
  EXPECT_NE(Error.find("changed after it was analysed"), std::string::npos)
      << Error;
  EXPECT_EQ(read(File), "abc\n");
}

TEST_F(FixesTest, DefaultAnalysisStartIsTheProgramLoad) {
  std::string File = make("f.c", "abc\n");
  std::vector<Finding> Findings = {findingWith({{File, 0, 1, "A"}})};
  // This file was written after the test program was loaded.
  EXPECT_NE(message(applyFixPlan(planFixes(Findings))), "");
  EXPECT_EQ(read(File), "abc\n");
}

/// Plans \p Findings for a merged report whose sources have \p Digests.
llvm::Error applyFromReport(const std::vector<Finding> &Findings,
                            SourceDigests Digests) {
  return applyFixPlan(planFixes(Findings, {now(), std::move(Digests)}));
}

TEST_F(FixesTest, ReportFixesApplyToTheTextTheyWereComputedOn) {
  std::string File = make("f.c", "abc\n");
  std::vector<Finding> Findings = {findingWith({{File, 0, 1, "A"}})};
  EXPECT_EQ(message(applyFromReport(Findings, {{File, sourceDigest("abc\n")}})),
            "");
  EXPECT_EQ(read(File), "Abc\n");
}

TEST_F(FixesTest, ReportFixesToAnEditedFileAreRefusedWhole) {
  // Edited after the report, with an unchanged size: the times cannot
  // tell, and the offsets would land in the new text.
  std::string A = make("a.c", "abc\n");
  std::string B = make("b.c", "xyz\n");
  std::vector<Finding> Findings = {findingWith({{A, 0, 1, "A"}}),
                                   findingWith({{B, 0, 1, "B"}})};
  std::string Error = message(applyFromReport(
      Findings, {{A, sourceDigest("abc\n")}, {B, sourceDigest("xy\n")}}));
  EXPECT_NE(Error.find("'" + B + "' changed since the report was written"),
            std::string::npos)
      << Error;
  EXPECT_NE(Error.find("no file was changed"), std::string::npos) << Error;
  EXPECT_EQ(read(A), "abc\n");
  EXPECT_EQ(read(B), "xyz\n");
}

TEST_F(FixesTest, ReportWithoutTheFilesDigestAppliesNothing) {
  std::string File = make("f.c", "abc\n");
  std::vector<Finding> Findings = {findingWith({{File, 0, 1, "A"}})};
  std::string Error = message(applyFromReport(Findings, {}));
  EXPECT_NE(Error.find("has no digest"), std::string::npos) << Error;
  Error = message(applyFromReport(Findings, {{File, ""}}));
  EXPECT_NE(Error.find("two different texts"), std::string::npos) << Error;
  EXPECT_EQ(read(File), "abc\n");
}

TEST_F(FixesTest, EditPastTheEndRefusesTheWholeSet) {
  std::string A = make("a.c", "abc\n");
  std::string B = make("b.c", "abc\n");
  std::string Error = message(apply(
      {findingWith({{A, 0, 1, "A"}}), findingWith({{B, 1000000000, 0, "B"}})}));
  EXPECT_NE(Error.find("'" + B + "' has 4 bytes"), std::string::npos) << Error;
  EXPECT_NE(Error.find("no file was changed"), std::string::npos) << Error;
  EXPECT_EQ(read(A), "abc\n");
  EXPECT_EQ(read(B), "abc\n");
}

TEST(SourceDigestsTest, TwoTextsOfOneFileLeaveItUnknown) {
  SourceDigests Into{{"a.c", "1"}, {"b.c", "2"}};
  uniteDigests(Into, {{"a.c", "1"}, {"b.c", "3"}, {"c.c", "4"}});
  EXPECT_EQ(Into, (SourceDigests{{"a.c", "1"}, {"b.c", ""}, {"c.c", "4"}}));
  EXPECT_EQ(sourceDigest(""), "e3b0c44298fc1c149afbf4c8996fb924"
                              "27ae41e4649b934ca495991b7852b855");
}

TEST_F(FixesTest, NoFileChangesWhenALaterOneIsReadOnly) {
  std::string A = make("a.c", "abc\n");
  std::string B = make("b.c", "abc\n", 0444);
  std::string Error = message(
      apply({findingWith({{A, 0, 1, "A"}}), findingWith({{B, 0, 1, "B"}})}));
  EXPECT_NE(Error.find("no file was changed"), std::string::npos) << Error;
  EXPECT_EQ(read(A), "abc\n");
  EXPECT_EQ(read(B), "abc\n");
}

TEST_F(FixesTest, NoFileChangesWhenAWriteFails) {
  std::string A = make("a.c", "abc\n");
  std::string B = make("b.c", std::string(64 * 1024, 'b'));
  std::vector<Finding> Findings = {findingWith({{A, 0, 1, "A"}}),
                                   findingWith({{B, 0, 1, "B"}})};
  std::string Error;
  {
    // b.c's new text cannot be written whole: a full disk, in effect.
    FileSizeLimit Limit(16 * 1024);
    Error = message(apply(Findings));
  }
  EXPECT_NE(Error.find("no file was changed"), std::string::npos) << Error;
  EXPECT_EQ(read(A), "abc\n");
  EXPECT_EQ(read(B), std::string(64 * 1024, 'b'));
  EXPECT_EQ(entries(), (std::vector<std::string>{"a.c", "b.c"}));
}

TEST_F(FixesTest, FailedRenameRestoresTheFilesAlreadyReplaced) {
  std::string A = make("a.c", "abc\n", 0640);
  std::string B = make("b.c", "abc\n");
  std::vector<Finding> Findings = {findingWith({{A, 0, 1, "A"}}),
                                   findingWith({{B, 0, 1, "B"}})};
  llvm::Expected<std::vector<FileRewrite>> Rewrites =
      prepareFixes(planFixes(Findings, {now(), std::nullopt}));
  ASSERT_TRUE(bool(Rewrites)) << toString(Rewrites.takeError());
  // Between the checks and the renames, b.c becomes a directory: its
  // rename fails after a.c's succeeded.
  ASSERT_FALSE(fs::remove(B));
  ASSERT_FALSE(fs::create_directory(B));
  std::string Error = message(rewriteFiles(*Rewrites));
  EXPECT_NE(Error.find("no file was changed (1 file(s) already replaced were "
                       "restored)"),
            std::string::npos)
      << Error;
  EXPECT_EQ(read(A), "abc\n");
  EXPECT_EQ(mode(A), 0640u);
  EXPECT_EQ(entries(), (std::vector<std::string>{"a.c", "b.c"}));
}

TEST_F(FixesTest, SameFileUnderTwoNamesIsRefused) {
  std::string File = make("f.c", "abcd\n");
  std::string Link = path("link.c");
  ASSERT_FALSE(fs::create_link(File, Link));
  std::string Error = message(apply(
      {findingWith({{File, 0, 1, "A"}}), findingWith({{Link, 2, 1, "C"}})}));
  EXPECT_NE(Error.find("under another name"), std::string::npos) << Error;
  EXPECT_EQ(read(File), "abcd\n");
  EXPECT_TRUE(fs::is_symlink_file(Link));
}

TEST_F(FixesTest, InsertedLinesGetTheFileLineEndings) {
  std::string CRLF = make("crlf.c", "a;\r\nb;\r\n");
  std::string LF = make("lf.c", "a;\nb;\n");
  FindingFix Insert{CRLF, 0, 0, "x;\n"};
  // A text that already says "\r\n" keeps it, not doubled.
  FindingFix Replace{CRLF, 4, 2, "c;\r\nd;\ne;"};
  ASSERT_EQ(message(apply({findingWith({Insert, Replace}),
                           findingWith({{LF, 3, 0, "x;\n"}})})),
            "");
  EXPECT_EQ(read(CRLF), "x;\r\na;\r\nc;\r\nd;\r\ne;\r\n");
  EXPECT_EQ(read(LF), "a;\nx;\nb;\n");
}

TEST(LineEndingsTest, MostLinesDecide) {
  clang::tooling::Replacements Edits(
      clang::tooling::Replacement("f.c", 0, 0, "x\n"));
  auto Text = [&](llvm::StringRef File) {
    llvm::Expected<clang::tooling::Replacements> Matched =
        matchLineEndings(Edits, File);
    EXPECT_TRUE(bool(Matched));
    return Matched->begin()->getReplacementText().str();
  };
  EXPECT_EQ(Text("a\r\nb\r\nc\n"), "x\r\n");
  EXPECT_EQ(Text("a\r\nb\nc\n"), "x\n");
  EXPECT_EQ(Text("no line break"), "x\n");
}

} // namespace
