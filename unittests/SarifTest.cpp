//===--- SarifTest.cpp - SARIF positions and the check pages --------------===//

#include "report/Sarif.h"
#include "ScratchDir.h"
#include "checks/CheckRegistry.h"
#include "report/CheckDocs.h"

#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

namespace uaccess {
namespace {

TEST(SarifTest, Utf16Length) {
  EXPECT_EQ(utf16Length(""), 0u);
  EXPECT_EQ(utf16Length("abc"), 3u);
  EXPECT_EQ(utf16Length("\xc3\x9f"), 1u);         // U+00DF, 2 bytes
  EXPECT_EQ(utf16Length("\xe2\x82\xac"), 1u);     // U+20AC, 3 bytes
  EXPECT_EQ(utf16Length("\xf0\x9f\x98\x80"), 2u); // U+1F600: a pair
  // Invalid bytes are one unit each (shown as U+FFFD).
  EXPECT_EQ(utf16Length("\xe9x"), 2u);
  EXPECT_EQ(utf16Length("\xf0\x9f"), 2u);
}

using SarifPositionsTest = ScratchDir;

TEST_F(SarifPositionsTest, LinesColumnsAndTokens) {
  std::string File = make("a.c", "int a;\n\t/* \xc3\x9f\xf0\x9f\x98\x80 */ "
                                 "end_x(1);\n");
  SourcePositions P;
  auto Start = P.position(File, 0);
  ASSERT_TRUE(Start);
  EXPECT_EQ(Start->Line, 1u);
  EXPECT_EQ(Start->Column, 1u);
  // "end_x" on line 2: tab, "/* ", U+00DF, U+1F600, " */ " before it is
  // 11 UTF-16 units (14 bytes).
  uint64_t End = 7 + 14;
  auto Token = P.position(File, End);
  ASSERT_TRUE(Token);
  EXPECT_EQ(Token->Line, 2u);
  EXPECT_EQ(Token->Column, 12u);
  EXPECT_EQ(P.tokenEnd(File, End), End + 5);
  EXPECT_EQ(P.tokenEnd(File, End + 5), End + 6); // "(": one character
  EXPECT_EQ(P.tokenEnd(File, 6), 6u);            // at a line end
  EXPECT_EQ(P.charOffset(File, End), 7u + 11u);
  EXPECT_FALSE(P.position(File, 1000));
  EXPECT_FALSE(P.position(path("missing.c"), 0));
  EXPECT_EQ(P.charOffset(path("missing.c"), 5), 5u);
}

TEST(CheckDocsTest, EveryCheckHasItsPage) {
  for (const CheckInfo &C : allChecks()) {
    llvm::StringRef Page = docPage(C.Name);
    EXPECT_TRUE(Page.starts_with(("# " + C.Name + "\n").str())) << C.Name.str();
    EXPECT_FALSE(firstParagraph(Page).empty()) << C.Name.str();
    // Issue 11, section 7: what it finds (the first paragraph) and why it
    // matters, a bad and a good example, the fix-it, the options with
    // their defaults, the limits.
    for (const char *Section :
         {"\n## Why it matters\n", "\n## Example\n", "\n## Fix-it",
          "\n## Options\n", "\n## Limits\n"})
      EXPECT_TRUE(Page.contains(Section))
          << C.Name.str() << " has no"
          << llvm::StringRef(Section).rtrim().str();
    EXPECT_FALSE(C.Tags.empty()) << C.Name.str();
    EXPECT_TRUE(
        llvm::is_contained({"very-high", "high", "medium", "low"}, C.Precision))
        << C.Name.str();
  }
  EXPECT_EQ(docPage("no-such-check"), "");
}

TEST(CheckDocsTest, FirstParagraph) {
  EXPECT_EQ(firstParagraph("# title\n\nOne\ntwo  \n\nthree\n"), "One two");
  EXPECT_EQ(firstParagraph("no title\nat all\n## Next\nx"), "no title at all");
  EXPECT_EQ(firstParagraph("# only a title\n"), "");
}

TEST(CheckDocsTest, PageSection) {
  llvm::StringRef Page = "# t\n\nFirst.\n\n## Example\n\nbad\n### sub\n"
                         "good\n\n## Options\n\nnone\n\n## Example2\n";
  EXPECT_EQ(pageSection(Page, "Example"), "## Example\n\nbad\n### sub\ngood");
  EXPECT_EQ(pageSection(Page, "Options"), "## Options\n\nnone");
  EXPECT_EQ(pageSection(Page, "Exam"), "");
  EXPECT_EQ(pageSection("## Limits\nx\n", "Limits"), "## Limits\nx");
  EXPECT_EQ(pageSection(Page, "Limits"), "");
}

TEST(CheckDocsTest, ShortHelpKeepsExampleAndOptionsOnly) {
  for (const CheckInfo &C : allChecks()) {
    llvm::StringRef Page = docPage(C.Name);
    std::string Help = shortHelp(C.Name, Page);
    EXPECT_TRUE(llvm::StringRef(Help).starts_with(
        ("# " + C.Name + "\n\n" + firstParagraph(Page)).str()));
    EXPECT_TRUE(llvm::StringRef(Help).contains("\n## Example\n"));
    EXPECT_TRUE(llvm::StringRef(Help).contains("\n## Options\n"));
    EXPECT_FALSE(llvm::StringRef(Help).contains("\n## Limits\n"));
    EXPECT_TRUE(llvm::StringRef(Help).ends_with(docPageUrl(C.Name) + "\n"));
    EXPECT_LT(Help.size(), 8000u) << C.Name.str();
  }
}

TEST(CheckDocsTest, PageUrls) {
  EXPECT_TRUE(llvm::StringRef(docPageUrl("batchable"))
                  .ends_with("/checks/batchable.md"));
  EXPECT_TRUE(projectHomepage().starts_with("https://"));
}

} // namespace
} // namespace uaccess
