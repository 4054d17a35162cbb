//===--- NameMatchTest.cpp - Exact and prefix name patterns ---------------===//

#include "utils/NameMatch.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

TEST(NameMatchTest, ExactPatternMatchesOnlyThatName) {
  EXPECT_TRUE(matchesNamePattern("copy_to_user", "copy_to_user"));
  EXPECT_FALSE(matchesNamePattern("copy_to_user", "copy_to_user_nofault"));
  EXPECT_FALSE(matchesNamePattern("copy_to_user", "copy_to"));
  EXPECT_FALSE(matchesNamePattern("copy_to_user", "Copy_to_user"));
}

TEST(NameMatchTest, TrailingStarMatchesPrefix) {
  EXPECT_TRUE(matchesNamePattern("__ubsan_*", "__ubsan_handle_add_overflow"));
  EXPECT_TRUE(matchesNamePattern("kasan_*", "kasan_check_read"));
  EXPECT_FALSE(matchesNamePattern("kasan_*", "__kasan_check_read"));
  EXPECT_FALSE(matchesNamePattern("kasan_*", "kasa"));
}

TEST(NameMatchTest, TrailingStarMatchesThePrefixItself) {
  EXPECT_TRUE(matchesNamePattern("kasan_*", "kasan_"));
  EXPECT_FALSE(matchesNamePattern("kasan_*", "kasan"));
}

TEST(NameMatchTest, LoneStarMatchesEveryName) {
  EXPECT_TRUE(matchesNamePattern("*", "anything"));
  EXPECT_TRUE(matchesNamePattern("*", ""));
}

TEST(NameMatchTest, StarElsewhereIsLiteral) {
  EXPECT_FALSE(matchesNamePattern("*_user", "copy_to_user"));
  EXPECT_TRUE(matchesNamePattern("*_user", "*_user"));
  EXPECT_FALSE(matchesNamePattern("copy_*_user", "copy_to_user"));
}

TEST(NameMatchTest, EmptyPatternMatchesOnlyEmptyName) {
  EXPECT_TRUE(matchesNamePattern("", ""));
  EXPECT_FALSE(matchesNamePattern("", "f"));
}

TEST(NameMatchTest, AnyNameOverStringRefs) {
  llvm::StringRef Patterns[] = {"memcpy", "__asan_*"};
  EXPECT_TRUE(matchesAnyName(Patterns, "memcpy"));
  EXPECT_TRUE(matchesAnyName(Patterns, "__asan_load4"));
  EXPECT_FALSE(matchesAnyName(Patterns, "memset"));
  EXPECT_FALSE(matchesAnyName(Patterns, "memcpy_fromio"));
}

TEST(NameMatchTest, AnyNameOverStrings) {
  std::vector<std::string> Patterns = {"might_sleep", "mutex_lock*"};
  EXPECT_TRUE(matchesAnyName(Patterns, "might_sleep"));
  EXPECT_TRUE(matchesAnyName(Patterns, "mutex_lock_interruptible"));
  EXPECT_FALSE(matchesAnyName(Patterns, "might_fault"));
}

TEST(NameMatchTest, AnyNameOfNoPatternsIsFalse) {
  EXPECT_FALSE(matchesAnyName(llvm::ArrayRef<llvm::StringRef>(), "f"));
  EXPECT_FALSE(matchesAnyName(std::vector<std::string>(), "f"));
}

TEST(NameMatchTest, StripWhitespaceRemovesSpacesTabsAndNewlines) {
  EXPECT_EQ(stripWhitespace("sizeof( *p )"), "sizeof(*p)");
  EXPECT_EQ(stripWhitespace("4 *\n\tsizeof(*p)"), "4*sizeof(*p)");
  EXPECT_EQ(stripWhitespace("a\r\nb\vc\fd"), "abcd");
}

TEST(NameMatchTest, StripWhitespaceKeepsOtherText) {
  EXPECT_EQ(stripWhitespace("sizeof(*p)"), "sizeof(*p)");
  EXPECT_EQ(stripWhitespace(""), "");
  EXPECT_EQ(stripWhitespace(" \t\n "), "");
}

} // namespace

TEST(NameMatchTest, OneObjectIsAVariableAFieldOrAnElement) {
  EXPECT_TRUE(namesOneObject("p"));
  EXPECT_TRUE(namesOneObject("r->a"));
  EXPECT_TRUE(namesOneObject("u.vals[2]"));
  EXPECT_TRUE(namesOneObject("h->buf[i].len"));
}

TEST(NameMatchTest, AnExpressionIsNoOneObject) {
  EXPECT_FALSE(namesOneObject(""));
  EXPECT_FALSE(namesOneObject("a + 1"));
  EXPECT_FALSE(namesOneObject("a-b"));
  EXPECT_FALSE(namesOneObject("f(x)"));
  EXPECT_FALSE(namesOneObject("*p"));
}
