//===--- SuppressionsTest.cpp - Inline suppression comments ---------------===//

#include "utils/Suppressions.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

const std::vector<llvm::StringRef> All = {"window-call", "batchable",
                                          "window-unbalanced"};

TEST(SuppressionsTest, OwnSpellingCoversItsLineAndTheNext) {
  SuppressionSet S("a();\n"
                   "/* uaccess-lint: ignore[window-call] reviewed */\n"
                   "b();\n"
                   "c();\n");
  EXPECT_FALSE(S.suppress("window-call", 1));
  EXPECT_TRUE(S.suppress("window-call", 2));
  EXPECT_TRUE(S.suppress("window-call", 3));
  EXPECT_FALSE(S.suppress("window-call", 4));
  EXPECT_FALSE(S.suppress("batchable", 3));
  ASSERT_EQ(S.all().size(), 1u);
  EXPECT_EQ(S.all()[0].Text, "uaccess-lint: ignore[window-call]");
}

TEST(SuppressionsTest, GlobsListsAndStar) {
  SuppressionSet S("x; // uaccess-lint: ignore[ window-*, batchable ]\n"
                   "\n\n"
                   "y; // uaccess-lint: ignore[*]\n");
  EXPECT_TRUE(S.suppress("window-unbalanced", 1));
  EXPECT_TRUE(S.suppress("batchable", 1));
  EXPECT_FALSE(S.suppress("access-ok-far", 1));
  EXPECT_TRUE(S.suppress("access-ok-far", 4));
  EXPECT_EQ(S.all()[0].Checks, "window-*,batchable");
}

TEST(SuppressionsTest, BeginEndRegion) {
  SuppressionSet S("// uaccess-lint: ignore-begin[batchable]\n"
                   "a;\nb;\n"
                   "// uaccess-lint: ignore-end[batchable]\n"
                   "c;\n");
  EXPECT_TRUE(S.suppress("batchable", 3));
  EXPECT_TRUE(S.suppress("batchable", 4));
  EXPECT_FALSE(S.suppress("batchable", 5));
  EXPECT_FALSE(S.suppress("window-call", 3));
  EXPECT_TRUE(S.problems(All).empty());
}

TEST(SuppressionsTest, ClangTidySpellings) {
  SuppressionSet S("a; // NOLINT(window-call)\n"
                   "// NOLINTNEXTLINE(batchable)\n"
                   "b;\n"
                   "c; // NOLINT\n"
                   "/* NOLINTBEGIN(window-*) */\n"
                   "d;\n"
                   "/* NOLINTEND(window-*) */\n"
                   "e; // NOLINTFOO not a directive\n");
  EXPECT_TRUE(S.suppress("window-call", 1));
  EXPECT_FALSE(S.suppress("window-call", 2));
  EXPECT_TRUE(S.suppress("batchable", 3));
  EXPECT_FALSE(S.suppress("batchable", 2));
  EXPECT_TRUE(S.suppress("access-ok-far", 4));
  EXPECT_TRUE(S.suppress("window-unbalanced", 6));
  EXPECT_FALSE(S.suppress("batchable", 6));
  EXPECT_FALSE(S.suppress("window-call", 8));
  EXPECT_EQ(S.all().size(), 5u);
}

TEST(SuppressionsTest, StringsAreNotComments) {
  SuppressionSet S("s = \"// NOLINT\";\n"
                   "t = '\"'; // uaccess-lint: ignore[batchable]\n"
                   "u = \"/* uaccess-lint: ignore[*] */\";\n");
  EXPECT_FALSE(S.suppress("batchable", 1));
  EXPECT_TRUE(S.suppress("batchable", 2));
  ASSERT_EQ(S.all().size(), 1u);
  EXPECT_EQ(S.all()[0].Line, 2u);
}

TEST(SuppressionsTest, LinesInsideBlockComments) {
  SuppressionSet S("/*\n"
                   " * why:\n"
                   " * NOLINTNEXTLINE(window-call)\n"
                   " */\n"
                   "x;\n");
  ASSERT_EQ(S.all().size(), 1u);
  EXPECT_EQ(S.all()[0].Line, 3u);
  EXPECT_TRUE(S.suppress("window-call", 4));
  EXPECT_FALSE(S.suppress("window-call", 5));
}

TEST(SuppressionsTest, UnusedNamesAnEnabledCheck) {
  SuppressionSet S("a; // uaccess-lint: ignore[window-call]\n"
                   "\n\n"
                   "b; // NOLINT\n"
                   "c; // NOLINT(bugprone-foo)\n"
                   "d; // NOLINT(batchable)\n"
                   "e; // uaccess-lint: ignore[access-ok-far]\n");
  std::vector<const Suppression *> Unused = S.unused(All);
  ASSERT_EQ(Unused.size(), 2u);
  EXPECT_EQ(Unused[0]->Line, 1u);
  EXPECT_EQ(Unused[1]->Line, 6u);
  EXPECT_TRUE(S.suppress("window-call", 2));
  EXPECT_EQ(S.unused(All).size(), 1u);
}

TEST(SuppressionsTest, NarrowestSuppressionIsUsed) {
  SuppressionSet S("// uaccess-lint: ignore-begin[*]\n"
                   "a; // NOLINT(batchable)\n"
                   "// uaccess-lint: ignore-end[*]\n");
  EXPECT_TRUE(S.suppress("batchable", 2));
  std::vector<const Suppression *> Unused = S.unused(All);
  ASSERT_EQ(Unused.size(), 1u);
  EXPECT_EQ(Unused[0]->Line, 1u);
}

TEST(SuppressionsTest, Problems) {
  SuppressionSet S("// uaccess-lint: ignore window-call\n"
                   "// uaccess-lint: ignore[]\n"
                   "// NOLINT(window-call\n"
                   "// uaccess-lint: ignore-begin[batchable]\n"
                   "// uaccess-lint: ignore-end[window-call]\n"
                   "// uaccess-lint: ignore[window-cal]\n"
                   "// NOLINTEND\n");
  auto Problems = S.problems(All);
  ASSERT_EQ(Problems.size(), 7u);
  EXPECT_EQ(Problems[0].first->Text, "uaccess-lint: ignore window-call");
  EXPECT_NE(Problems[0].second.find("malformed"), std::string::npos);
  EXPECT_NE(Problems[1].second.find("malformed"), std::string::npos);
  EXPECT_NE(Problems[2].second.find("malformed"), std::string::npos);
  EXPECT_EQ(Problems[3].second, "no matching end: it suppresses nothing");
  EXPECT_EQ(Problems[4].second, "no matching begin");
  EXPECT_EQ(Problems[5].second, "names no uaccess-lint check");
  EXPECT_EQ(Problems[6].second, "no matching begin");
  EXPECT_FALSE(S.suppress("batchable", 5));
}

TEST(SuppressionsTest, EndPairsWithTheLatestSameList) {
  SuppressionSet S("// NOLINTBEGIN(batchable)\n"
                   "// NOLINTBEGIN(window-call)\n"
                   "// NOLINTEND(batchable)\n"
                   "a;\n"
                   "// NOLINTEND(window-call)\n");
  EXPECT_FALSE(S.suppress("batchable", 4));
  EXPECT_TRUE(S.suppress("window-call", 4));
  EXPECT_TRUE(S.problems(All).empty());
}

TEST(SuppressionsTest, ContinuedLineCommentAndCRLF) {
  SuppressionSet S("a; // note \\\r\n"
                   "   NOLINT(batchable)\r\n"
                   "b;\r\n");
  ASSERT_EQ(S.all().size(), 1u);
  EXPECT_EQ(S.all()[0].Line, 2u);
}

} // namespace
