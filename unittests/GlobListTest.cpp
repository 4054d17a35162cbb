//===--- GlobListTest.cpp - Check globs: negation, last match wins --------===//

#include "utils/GlobList.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

GlobList parseOk(llvm::StringRef Spec) {
  std::string Error;
  std::optional<GlobList> List = GlobList::parse(Spec, Error);
  EXPECT_TRUE(List.has_value()) << Spec.str();
  EXPECT_EQ(Error, "") << Spec.str();
  return List ? std::move(*List) : GlobList();
}

std::vector<std::string> unmatched(const GlobList &List,
                                   std::vector<llvm::StringRef> Names) {
  return List.unmatchedGlobs(Names);
}

using Strings = std::vector<std::string>;

TEST(GlobListTest, EmptySpecEnablesNothing) {
  GlobList List = parseOk("");
  EXPECT_FALSE(List.contains("window-call"));
  EXPECT_FALSE(List.contains(""));
  EXPECT_EQ(unmatched(List, {"window-call"}), Strings());
}

TEST(GlobListTest, CommasAndSpacesAloneAreEmpty) {
  GlobList List = parseOk(" , ,,\t,");
  EXPECT_FALSE(List.contains("window-call"));
  EXPECT_EQ(unmatched(List, {"window-call"}), Strings());
}

TEST(GlobListTest, StarEnablesEverything) {
  GlobList List = parseOk("*");
  EXPECT_TRUE(List.contains("window-call"));
  EXPECT_TRUE(List.contains("access-ok-far"));
}

TEST(GlobListTest, ExactNameEnablesOnlyThatName) {
  GlobList List = parseOk("window-call");
  EXPECT_TRUE(List.contains("window-call"));
  EXPECT_FALSE(List.contains("window-call2"));
  EXPECT_FALSE(List.contains("window-mismatch"));
}

TEST(GlobListTest, SpacesAroundGlobsAreTrimmed) {
  GlobList List = parseOk("  window-call ,\t-window-mismatch , access-ok-* ");
  EXPECT_TRUE(List.contains("window-call"));
  EXPECT_FALSE(List.contains("window-mismatch"));
  EXPECT_TRUE(List.contains("access-ok-far"));
}

TEST(GlobListTest, NegationDisables) {
  GlobList List = parseOk("*,-window-call");
  EXPECT_FALSE(List.contains("window-call"));
  EXPECT_TRUE(List.contains("window-mismatch"));
}

TEST(GlobListTest, NegationAloneEnablesNothing) {
  GlobList List = parseOk("-window-call");
  EXPECT_FALSE(List.contains("window-call"));
  EXPECT_FALSE(List.contains("window-mismatch"));
}

TEST(GlobListTest, LastMatchWins) {
  GlobList Reenabled = parseOk("-window-*,window-call");
  EXPECT_TRUE(Reenabled.contains("window-call"));
  EXPECT_FALSE(Reenabled.contains("window-mismatch"));

  GlobList Disabled = parseOk("window-call,-window-*");
  EXPECT_FALSE(Disabled.contains("window-call"));

  GlobList Toggled = parseOk("*,-window-*,window-*,-window-call");
  EXPECT_FALSE(Toggled.contains("window-call"));
  EXPECT_TRUE(Toggled.contains("window-mismatch"));
  EXPECT_TRUE(Toggled.contains("batchable"));
}

TEST(GlobListTest, GlobCharacterClassesWork) {
  GlobList List = parseOk("window-[cm]*,window-?vent");
  EXPECT_TRUE(List.contains("window-call"));
  EXPECT_TRUE(List.contains("window-mismatch"));
  EXPECT_TRUE(List.contains("window-event"));
  EXPECT_FALSE(List.contains("window-unbalanced"));
}

TEST(GlobListTest, MalformedGlobIsAnError) {
  std::string Error;
  EXPECT_FALSE(GlobList::parse("[", Error).has_value());
  EXPECT_EQ(Error,
            "invalid check glob '[': invalid glob pattern, unmatched '['");
}

TEST(GlobListTest, MalformedGlobAmongGoodOnesIsAnError) {
  std::string Error;
  EXPECT_FALSE(GlobList::parse("*,-window-[,window-call", Error).has_value());
  // The message names the glob without its '-'.
  EXPECT_EQ(Error, "invalid check glob 'window-[': "
                   "invalid glob pattern, unmatched '['");
}

TEST(GlobListTest, StrayBackslashIsAnError) {
  std::string Error;
  EXPECT_FALSE(GlobList::parse("window-\\", Error).has_value());
  EXPECT_NE(Error.find("'window-\\'"), std::string::npos) << Error;
}

TEST(GlobListTest, UnmatchedGlobsAreReportedInSpecOrder) {
  GlobList List = parseOk("window-*,windw-call,-acess-ok-far,-access-ok-far");
  // Negated globs are reported without their '-'.
  EXPECT_EQ(unmatched(List, {"window-call", "access-ok-far"}),
            Strings({"windw-call", "acess-ok-far"}));
}

TEST(GlobListTest, NegatedGlobThatMatchesIsNotUnmatched) {
  GlobList List = parseOk("*,-window-call");
  EXPECT_EQ(unmatched(List, {"window-call"}), Strings());
}

TEST(GlobListTest, EveryGlobIsUnmatchedWithNoNames) {
  GlobList List = parseOk("*,-window-call");
  EXPECT_EQ(unmatched(List, {}), Strings({"*", "window-call"}));
}

TEST(GlobListTest, SpaceAfterDashIsPartOfTheGlob) {
  // Pins current behaviour: "- window-call" is the negated glob
  // " window-call", which matches no check, so window-call stays enabled.
  GlobList List = parseOk("*,- window-call");
  EXPECT_TRUE(List.contains("window-call"));
  EXPECT_EQ(unmatched(List, {"window-call"}), Strings({" window-call"}));
}

TEST(GlobListTest, OwnsItsPatternsText) {
  // GlobPattern points into the text it was made from; the list must not
  // depend on the caller's spec staying as it was.
  std::string Spec = "window-call,batchable";
  std::string Error;
  std::optional<GlobList> List = GlobList::parse(Spec, Error);
  ASSERT_TRUE(List.has_value());
  Spec.assign(Spec.size(), 'x');
  GlobList Moved = std::move(*List);
  EXPECT_TRUE(Moved.contains("window-call"));
  EXPECT_TRUE(Moved.contains("batchable"));
  EXPECT_FALSE(Moved.contains("xxxxxxxxxxx"));
}

} // namespace
