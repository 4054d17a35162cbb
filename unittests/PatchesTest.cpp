//===--- PatchesTest.cpp - Subjects, bodies, diffs of fix patches ---------===//

#include "fix/Patches.h"
#include "fix/PatchMessage.h"
#include "fix/UnifiedDiff.h"
#include "support/Git.h"

#include "checks/CheckRegistry.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

TEST(SubsystemPrefix, OneFolderKeepsFolderAndStem) {
  EXPECT_EQ(subsystemPrefix("fs/select.c"), "fs/select");
  EXPECT_EQ(subsystemPrefix("lib/strncpy_from_user.c"),
            "lib/strncpy_from_user");
  EXPECT_EQ(subsystemPrefix("kernel/exit.c"), "kernel/exit");
  EXPECT_EQ(subsystemPrefix("io_uring/io_uring.c"), "io_uring");
}

TEST(SubsystemPrefix, ArchIsTheArchAndTheStem) {
  EXPECT_EQ(subsystemPrefix("arch/x86/kernel/signal.c"), "x86/signal");
  EXPECT_EQ(subsystemPrefix("arch/x86/include/asm/uaccess.h"), "x86/uaccess");
  EXPECT_EQ(subsystemPrefix("arch/powerpc/lib/sstep.c"), "powerpc/sstep");
}

TEST(SubsystemPrefix, DriversDropTheirClass) {
  EXPECT_EQ(subsystemPrefix("drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c"),
            "drm/i915");
  EXPECT_EQ(subsystemPrefix("drivers/gpu/drm/i915/i915_gem.c"), "drm/i915");
  EXPECT_EQ(subsystemPrefix("drivers/gpu/drm/drm_ioctl.c"), "drm/drm_ioctl");
  EXPECT_EQ(subsystemPrefix("drivers/char/mem.c"), "char/mem");
  EXPECT_EQ(subsystemPrefix("drivers/net/tun.c"), "net/tun");
}

TEST(SubsystemPrefix, DeeperPathsUseTheNearestSpecificFolder) {
  EXPECT_EQ(subsystemPrefix("fs/ext4/ioctl.c"), "ext4/ioctl");
  EXPECT_EQ(subsystemPrefix("net/core/scm.c"), "net/scm");
  EXPECT_EQ(subsystemPrefix("kernel/bpf/syscall.c"), "bpf/syscall");
  EXPECT_EQ(subsystemPrefix("include/linux/eventpoll.h"), "eventpoll");
}

TEST(SubsystemPrefix, OutsideTheTreeOrBare) {
  EXPECT_EQ(subsystemPrefix("/tmp/x/fixable.c"), "x/fixable");
  EXPECT_EQ(subsystemPrefix("fixable.c"), "fixable");
  EXPECT_EQ(subsystemPrefix(""), "");
}

Finding fixed(std::string Check, std::string Message, std::string Function,
              std::string Replacement = "x") {
  Finding F;
  F.Check = std::move(Check);
  F.Message = std::move(Message);
  F.Function = std::move(Function);
  F.Loc.File = "/t/fs/select.c";
  F.Fixes.push_back({"/t/fs/select.c", 0, 0, std::move(Replacement)});
  return F;
}

/// A finding of \p Check with the message \p Id and its arguments, its
/// text rendered from them as a check's report does.
Finding described(std::string Check, std::string Id, FindingArgs Args,
                  std::string Function) {
  Finding F = fixed(std::move(Check), "", std::move(Function));
  F.MessageId = std::move(Id);
  F.Args = std::move(Args);
  F.Message = renderMessage(F);
  return F;
}

FindingArgs mismatch(std::string Family, std::string Begin, std::string End,
                     std::string Expected) {
  return FindingArgs()
      .set("family", Family)
      .set("begin", Begin)
      .set("end", End)
      .set("expected_end", Expected);
}

TEST(PatchSubject, PerCheck) {
  Finding M = described("window-mismatch", "mismatched-end",
                        mismatch("rw", "masked_user_access_begin",
                                 "user_read_access_end", "user_access_end"),
                        "get_sigset_argpack");
  EXPECT_EQ(M.Message, "'user_read_access_end' ends a rw window opened by "
                       "'masked_user_access_begin'; use 'user_access_end'");
  EXPECT_EQ(patchSubject({&M}, "fs/select.c"),
            "fs/select: close the window with user_access_end() in "
            "get_sigset_argpack()");
  Finding W =
      described("window-mismatch", "mismatched-end",
                mismatch("read", "user_read_access_begin",
                         "user_write_access_end", "user_read_access_end"),
                "foo");
  EXPECT_EQ(patchSummary({&W}),
            "close the read window with user_read_access_end() in foo()");
  Finding B =
      described("batchable", "loop",
                FindingArgs()
                    .set("count", int64_t(1))
                    .set("accessors", std::vector<std::string>{"__put_user"})
                    .set("family", "write")
                    .set("fix_begin", "user_write_access_begin"),
                "do_sys_poll");
  EXPECT_EQ(B.Message, "'__put_user' in a loop toggles user access once per "
                       "iteration; one write window around the loop makes it "
                       "once per call");
  EXPECT_EQ(patchSubject({&B}, "fs/select.c"),
            "fs/select: batch user writes in do_sys_poll()");
  Finding U = described("window-unbalanced", "leak",
                        FindingArgs()
                            .set("begin", "user_write_access_begin")
                            .set("fault_op", "unsafe_put_user")
                            .set("label", "Efault"),
                        "leak");
  EXPECT_EQ(patchSummary({&U}),
            "end the user access window on the fault path in leak()");
  Finding R = described("access-ok-redundant", "repeated",
                        FindingArgs()
                            .set("pointer", "p")
                            .set("accessor", "user_write_access_begin"),
                        "f");
  EXPECT_EQ(patchSummary({&R}), "drop the redundant access_ok() in f()");
  Finding F = described("access-ok-far", "unguarded",
                        FindingArgs()
                            .set("accessor", "__user_write_access_begin")
                            .set("pointer", "p")
                            .flag("param", true)
                            .set("fix_begin", "user_write_access_begin"),
                        "g");
  EXPECT_EQ(F.Message, "'__user_write_access_begin' is not guarded by any "
                       "access_ok() on 'p', here or in its callers");
  EXPECT_EQ(patchSummary({&F}),
            "check the range with user_write_access_begin() in g()");
  // Two kinds in one function's patch.
  EXPECT_EQ(patchSummary({&W, &B}), "fix the user access windows in foo()");
  EXPECT_EQ(patchSummary({&B, &R}),
            "speed up the user accesses in do_sys_poll()");
}

TEST(PatchBody, SaysWhatAndNamesTheChecks) {
  Finding M = described("window-mismatch", "mismatched-end",
                        mismatch("rw", "masked_user_access_begin",
                                 "user_read_access_end", "user_access_end"),
                        "strncpy_from_user");
  std::string Body = patchBody({&M});
  EXPECT_NE(Body.find("strncpy_from_user() opens a read-write user access "
                      "window with\nmasked_user_access_begin()"),
            std::string::npos)
      << Body;
  EXPECT_NE(Body.find("Close it with user_access_end()."), std::string::npos);
  EXPECT_NE(Body.find("\n\nFound by uaccess-lint (window-mismatch).\n"),
            std::string::npos);
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Body).split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    EXPECT_LE(Line.size(), 72u) << Line.str();
}

TEST(PatchBody, UnknownMessagesAreQuoted) {
  Finding X = fixed("batchable", "something new", "f");
  EXPECT_EQ(patchBody({&X}), "In f(): something new.\n\n"
                             "Found by uaccess-lint (batchable).\n");
}

TEST(WrapText, FillsAndKeepsLongWords) {
  EXPECT_EQ(wrapText("a bb ccc dddd", 6), "a bb\nccc\ndddd\n");
  EXPECT_EQ(wrapText("averyverylongword x", 5), "averyverylongword\nx\n");
  EXPECT_EQ(wrapText("", 72), "\n");
}

TEST(PatchFileName, AsFormatPatchNamesThem) {
  EXPECT_EQ(patchFileName(1, "fs/select: batch user writes in do_sys_poll()"),
            "0001-fs-select-batch-user-writes-in-do_sys_poll.patch");
  // Cut where git 2.39's format-patch -o cuts it, mid-word.
  EXPECT_EQ(patchFileName(12, "x86/signal: a very long subject that goes on "
                              "and on past the limit"),
            "0012-x86-signal-a-very-long-subject-that-goes-on-and-on-p.patch");
}

TEST(DiffTexts, HunksWithContextAndFunction) {
  std::string Old = "int f(void)\n{\n\ta();\n\tb();\n\tc();\n\td();\n}\n";
  std::string New = "int f(void)\n{\n\ta();\n\tb();\n\tx();\n\td();\n}\n";
  FileDiff D = diffTexts(Old, New);
  EXPECT_EQ(D.Hunks, "@@ -2,6 +2,6 @@ int f(void)\n {\n \ta();\n \tb();\n"
                     "-\tc();\n+\tx();\n \td();\n }\n");
  EXPECT_EQ(D.Insertions, 1u);
  EXPECT_EQ(D.Deletions, 1u);
  EXPECT_EQ(diffTexts(Old, Old).Hunks, "");
}

TEST(DiffTexts, InsertionsAndDistantHunks) {
  std::string Old, New;
  for (int I = 1; I <= 20; ++I) {
    Old += std::to_string(I) + "\n";
    New += std::to_string(I) + "\n";
    if (I == 2 || I == 17)
      New += "new\n";
  }
  EXPECT_EQ(diffTexts(Old, New).Hunks,
            "@@ -1,5 +1,6 @@\n 1\n 2\n+new\n 3\n 4\n 5\n"
            "@@ -15,6 +16,7 @@\n 15\n 16\n 17\n+new\n 18\n 19\n 20\n");
  EXPECT_EQ(diffTexts("a\n", "").Hunks, "@@ -1 +0,0 @@\n-a\n");
}

TEST(DiffTexts, NoNewlineAtEnd) {
  EXPECT_EQ(diffTexts("a\nb", "a\nc").Hunks,
            "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
            "\\ No newline at end of file\n");
}

TEST(GitBlobHash, AsGitHashObject) {
  // printf 'hello\n' | git hash-object --stdin
  EXPECT_EQ(gitBlobHash("hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
}

TEST(FormatPatch, FormatPatchShape) {
  PatchParts P;
  P.Subject = "fs/select: batch user writes in do_sys_poll()";
  P.Body = "Body.\n";
  P.FixesTags = {fixesTag("0123456789abcdef0123", "fs: a thing")};
  P.Diffstat = diffstat({{"fs/select.c", 3, 1}});
  P.Diff = "diff --git a/fs/select.c b/fs/select.c\n";
  SeriesInfo S{{"A U Thor", "a@example.org"}, 0, "9.9"};
  EXPECT_EQ(
      formatPatch(P, S, 1, 2),
      "From 0000000000000000000000000000000000000000 Mon Sep 17 "
      "00:00:00 2001\n"
      "From: A U Thor <a@example.org>\n"
      "Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
      "Subject: [PATCH 1/2] fs/select: batch user writes in "
      "do_sys_poll()\n"
      "\nBody.\n\n"
      "Fixes: 0123456789ab (\"fs: a thing\")\n"
      "Signed-off-by: A U Thor <a@example.org>\n"
      "---\n fs/select.c | 4 +++-\n 1 file changed, 3 insertions(+), "
      "1 deletion(-)\n\n"
      "diff --git a/fs/select.c b/fs/select.c\n-- \nuaccess-lint 9.9\n\n");
  S.Author = {};
  std::string Anonymous = formatPatch(P, S, 1, 1);
  EXPECT_EQ(Anonymous.find("From: "), std::string::npos);
  EXPECT_EQ(Anonymous.find("Signed-off-by"), std::string::npos);
  EXPECT_NE(Anonymous.find("Subject: [PATCH] fs/select"), std::string::npos);
}

TEST(FormatPatch, LongSubjectsAreFolded) {
  PatchParts P;
  P.Subject = "lib/strncpy_from_user: close the window with user_access_end() "
              "in do_strncpy_from_user()";
  SeriesInfo S{{}, 0, "1"};
  std::string Text = formatPatch(P, S, 1, 1);
  EXPECT_NE(Text.find("Subject: [PATCH] lib/strncpy_from_user: close the "
                      "window with\n user_access_end() in "
                      "do_strncpy_from_user()\n"),
            std::string::npos)
      << Text;
}

TEST(RFC2822Date, DayWithoutPadding) {
  EXPECT_EQ(rfc2822Date(1738584000), "Mon, 3 Feb 2025 12:00:00 +0000");
}

TEST(Blame, PorcelainCommitAndSummary) {
  std::string Out = "01e9c66455ea06c8fec0a42730efc42ba199710c 2 2 1\n"
                    "author X\nsummary first one\nfilename f\n\tb\n";
  std::optional<CommitRef> C = parseBlamePorcelain(Out);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Sha, "01e9c66455ea06c8fec0a42730efc42ba199710c");
  EXPECT_EQ(C->Summary, "first one");
  EXPECT_FALSE(parseBlamePorcelain(
      "0000000000000000000000000000000000000000 3 3 1\nsummary x\n"));
  EXPECT_FALSE(parseBlamePorcelain(""));
}

TEST(GroupForPatches, PerFindingOrFunction) {
  Finding A = fixed("window-mismatch", "m", "f");
  Finding B = fixed("batchable", "b", "f");
  B.Loc.Offset = 10;
  Finding C = fixed("batchable", "c", "g");
  C.Loc.Offset = 5;
  Finding NoFix = fixed("window-call", "n", "f");
  NoFix.Fixes.clear();
  std::vector<Finding> All = {B, A, C, NoFix};
  auto PerFinding = groupForPatches(All, PatchPer::Finding);
  ASSERT_EQ(PerFinding.size(), 3u);
  EXPECT_EQ(PerFinding[0].front()->Message, "m");
  EXPECT_EQ(PerFinding[1].front()->Message, "c");
  auto PerFunction = groupForPatches(All, PatchPer::Function);
  ASSERT_EQ(PerFunction.size(), 2u);
  EXPECT_EQ(PerFunction[0].size(), 2u);
  EXPECT_EQ(PerFunction[1].front()->Function, "g");
}

TEST(GroupForPatches, BugFixesFirstThenLargestSaving) {
  Finding Run = fixed("batchable", "run", "f");
  Run.Rank = 2;
  Finding Loop = fixed("batchable", "loop", "g");
  Loop.Loc.Offset = 20;
  Loop.Rank = 1001;
  Finding Bug = fixed("window-unbalanced", "bug", "h");
  Bug.Loc.Offset = 40;
  std::vector<Finding> All = {Run, Loop, Bug};
  auto Groups = groupForPatches(All, PatchPer::Finding);
  ASSERT_EQ(Groups.size(), 3u);
  EXPECT_EQ(Groups[0].front()->Message, "bug");
  EXPECT_EQ(Groups[1].front()->Message, "loop");
  EXPECT_EQ(Groups[2].front()->Message, "run");
  // A function's patch with a bug fix in it is a bug fix.
  Finding BugInRun = fixed("access-ok-far", "bug-in-f", "f");
  BugInRun.Loc.Offset = 1;
  All.push_back(BugInRun);
  auto PerFunction = groupForPatches(All, PatchPer::Function);
  ASSERT_EQ(PerFunction.size(), 3u);
  EXPECT_EQ(PerFunction[0].front()->Function, "f");
  EXPECT_EQ(PerFunction[1].front()->Function, "h");
  EXPECT_EQ(PerFunction[2].front()->Function, "g");
}

} // namespace
