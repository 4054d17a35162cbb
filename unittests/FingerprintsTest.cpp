//===--- FingerprintsTest.cpp - Fingerprints, source roots, baselines
//-----------===//

#include "gate/Fingerprints.h"
#include "ScratchDir.h"
#include "gate/Baseline.h"
#include "support/SourceRoots.h"
#include "utils/Fingerprint.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

class FingerprintsTest : public ScratchDir {};

Finding at(llvm::StringRef File, uint64_t Line, llvm::StringRef Function) {
  Finding F;
  F.Check = "batchable";
  F.Loc.File = File.str();
  F.Loc.Line = Line;
  F.Function = Function.str();
  return F;
}

TEST_F(FingerprintsTest, RelativeToRoot) {
  EXPECT_EQ(relativeTo("/a/b/c.c", "/a"), "b/c.c");
  EXPECT_EQ(relativeTo("/a/b/../c.c", "/a/"), "c.c");
  EXPECT_EQ(relativeTo("/ab/c.c", "/a"), "/ab/c.c");
  EXPECT_EQ(relativeTo("/a", "/a"), "/a");
}

TEST_F(FingerprintsTest, RootIsTheFolderWithGit) {
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("tree/.git")));
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("tree/fs")));
  std::string File = make("tree/fs/select.c", "x;\n");
  EXPECT_EQ(relativeTo(File, sourceRoot(File, "")), "fs/select.c");
  EXPECT_EQ(relativeTo(File, sourceRoot(File, path("tree/fs"))), "select.c");
}

TEST_F(FingerprintsTest, IdenticalFindingsAreNumbered) {
  std::string File = make("a.c", "f();\n  f();\ng();\n");
  std::vector<Finding> Findings = {at(File, 1, "h"), at(File, 2, "h"),
                                   at(File, 3, "h")};
  SourceTexts Texts;
  assignFingerprints(Findings, Texts, Dir);
  EXPECT_NE(Findings[0].Fingerprint, Findings[1].Fingerprint);
  EXPECT_NE(Findings[0].Fingerprint, Findings[2].Fingerprint);
  EXPECT_EQ(Findings[0].Fingerprint,
            fingerprint("batchable", "", "a.c", "h", "f();", 0));
  EXPECT_EQ(Findings[1].Fingerprint,
            fingerprint("batchable", "", "a.c", "h", "f();", 1));
}

TEST_F(FingerprintsTest, IdenticalFindingsTheGateSelectsAreNumberedLast) {
  // A patch adds a copy of an accepted finding above it (line 1): the
  // copy must not take the old one's number, which the baseline holds.
  std::string File = make("a.c", "f();\nf();\n");
  std::vector<Finding> Findings = {at(File, 1, "h"), at(File, 2, "h")};
  SourceTexts Texts;
  assignFingerprints(Findings, Texts, Dir,
                     [](const Finding &F) { return F.Loc.Line == 1; });
  EXPECT_EQ(Findings[0].Fingerprint,
            fingerprint("batchable", "", "a.c", "h", "f();", 1));
  EXPECT_EQ(Findings[1].Fingerprint,
            fingerprint("batchable", "", "a.c", "h", "f();", 0));
}

TEST_F(FingerprintsTest, FingerprintsSurviveLineShifts) {
  std::string Before = make("a.c", "int x;\nf();\n");
  std::vector<Finding> Old = {at(Before, 2, "h")};
  SourceTexts OldTexts;
  assignFingerprints(Old, OldTexts, Dir);
  make("a.c", "int x;\n\n\n\t f();  \n");
  std::vector<Finding> New = {at(Before, 4, "h")};
  SourceTexts NewTexts;
  assignFingerprints(New, NewTexts, Dir);
  EXPECT_EQ(Old[0].Fingerprint, New[0].Fingerprint);
}

TEST_F(FingerprintsTest, WhitespaceIsLeftAside) {
  EXPECT_EQ(withoutWhitespace("  return __get_user(*out,  flags);\t"),
            "return __get_user(*out,flags);");
  EXPECT_EQ(withoutWhitespace("unsigned long x = a + b"),
            "unsigned long x=a+b");
  std::string Spaced = make("a.c", "f(a, b);\n");
  std::vector<Finding> Old = {at(Spaced, 1, "h")};
  SourceTexts OldTexts;
  assignFingerprints(Old, OldTexts, Dir);
  std::string Tight = make("b.c", "f(a,b);\n");
  std::vector<Finding> New = {at(Tight, 1, "h")};
  New[0].Loc.File = Tight;
  SourceTexts NewTexts;
  assignFingerprints(New, NewTexts, Dir);
  // Another file name: compare the snippets through the hash's parts.
  EXPECT_EQ(Old[0].Fingerprint,
            fingerprint("batchable", "", "a.c", "h", "f(a,b);", 0));
  EXPECT_EQ(New[0].Fingerprint,
            fingerprint("batchable", "", "b.c", "h", "f(a,b);", 0));
  EXPECT_EQ(Old[0].LegacyFingerprint,
            fingerprint("batchable", "", "a.c", "h", "f(a, b);", 0));
  // Tokens a space parts stay parted; literals keep their spaces.
  EXPECT_NE(withoutWhitespace("int x"), withoutWhitespace("intx"));
  EXPECT_NE(withoutWhitespace("a - --b"), withoutWhitespace("a---b"));
  EXPECT_EQ(withoutWhitespace("a - --b"), withoutWhitespace("a- --b"));
  EXPECT_EQ(withoutWhitespace("x = -1"), withoutWhitespace("x=-1"));
  EXPECT_NE(withoutWhitespace("s = \"a b\""), withoutWhitespace("s=\"a  b\""));
  EXPECT_EQ(withoutWhitespace("c = '\\'' ;  d"), "c='\\'';d");
  EXPECT_EQ(withoutWhitespace("p -> q"), "p->q");
  EXPECT_EQ(withoutWhitespace("p - > q"), "p- >q");
}

TEST_F(FingerprintsTest, VersionThreeBaselinesMatchTheLegacyFingerprint) {
  std::string File = make("a.c", "f(a, b);\n");
  std::vector<Finding> Findings = {at(File, 1, "h")};
  SourceTexts Texts;
  assignFingerprints(Findings, Texts, Dir);
  auto Baseline = [](int Version, const std::string &FP) {
    return "{\"format\": \"uaccess-lint-baseline\", \"version\": " +
           std::to_string(Version) + ", \"findings\": [{\"fingerprint\": \"" +
           FP + "\"}]}";
  };
  auto Accepts = [&](const std::string &Text) {
    llvm::Expected<BaselineEntries> Read = parseBaseline(Text);
    EXPECT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
    std::vector<Finding> Copy = Findings;
    return Read && applyBaseline(Copy, *Read) == 1;
  };
  EXPECT_TRUE(Accepts(Baseline(3, Findings[0].LegacyFingerprint)));
  EXPECT_TRUE(Accepts(Baseline(4, Findings[0].Fingerprint)));
  // Each version's fingerprints are its own.
  EXPECT_FALSE(Accepts(Baseline(3, Findings[0].Fingerprint)));
  EXPECT_FALSE(Accepts(Baseline(4, Findings[0].LegacyFingerprint)));
}

TEST_F(FingerprintsTest, BaselineRoundTrip) {
  std::string File = make("a.c", "f();\n");
  std::vector<Finding> Findings = {at(File, 1, "h\xff")};
  SourceTexts Texts;
  assignFingerprints(Findings, Texts, Dir);
  llvm::Expected<BaselineEntries> Read =
      parseBaseline(renderBaseline(Findings, Dir));
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->Fingerprints, std::set<std::string>{Findings[0].Fingerprint});
  EXPECT_FALSE(Read->Legacy);
  EXPECT_EQ(applyBaseline(Findings, *Read), 1u);
  EXPECT_TRUE(Findings.empty());
}

TEST_F(FingerprintsTest, BaselineErrors) {
  for (const char *Text :
       {"", "[]", "{\"format\": \"uaccess-lint-baseline\"}",
        "{\"format\": \"x\", \"version\": 1, \"findings\": []}",
        "{\"format\": \"uaccess-lint-baseline\", \"version\": 2}",
        "{\"format\": \"uaccess-lint-baseline\", \"version\": 1, "
        "\"findings\": []}",
        "{\"format\": \"uaccess-lint-baseline\", \"version\": 2, "
        "\"findings\": [{\"fingerprint\": 3}]}"}) {
    llvm::Expected<BaselineEntries> Read = parseBaseline(Text);
    EXPECT_FALSE(bool(Read)) << Text;
    if (!Read) {
      EXPECT_NE(llvm::toString(Read.takeError()).find("not a uaccess-lint"),
                std::string::npos);
    }
  }
}

} // namespace
