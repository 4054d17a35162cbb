//===--- CheckBaseTest.cpp - Findings and options of the check base -------===//

#include "checks/CheckRegistry.h"
#include "checks/UaccessCheck.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

Finding named(llvm::StringRef Message) {
  Finding F;
  F.Check = "window-call";
  F.Message = Message.str();
  return F;
}

TEST(FindingBuilderTest, RecordsItsFindingOnce) {
  std::vector<Finding> Sink;
  CheckContext Context({}, Sink, "/");
  {
    FindingBuilder B(Context, named("one"));
  }
  ASSERT_EQ(Sink.size(), 1u);
  EXPECT_EQ(Sink.front().Message, "one");
}

TEST(FindingBuilderTest, AMovedBuilderRecordsNothing) {
  std::vector<Finding> Sink;
  CheckContext Context({}, Sink, "/");
  {
    FindingBuilder First(Context, named("moved"));
    FindingBuilder Second(std::move(First));
    Second.rank(7);
  }
  ASSERT_EQ(Sink.size(), 1u);
  EXPECT_EQ(Sink.front().Message, "moved");
  EXPECT_EQ(Sink.front().Rank, 7u);
}

TEST(FindingBuilderTest, MovedTwiceStillOnce) {
  std::vector<Finding> Sink;
  CheckContext Context({}, Sink, "/");
  {
    FindingBuilder A(Context, named("twice"));
    FindingBuilder B(std::move(A));
    FindingBuilder C(std::move(B));
  }
  EXPECT_EQ(Sink.size(), 1u);
}

TEST(OptionsViewTest, DefaultWhenUnset) {
  CheckOptionMap Given;
  OptionsView View("batchable", Given, nullptr);
  EXPECT_EQ(View.get("MinAccesses", 2u), 2u);
  EXPECT_EQ(View.get("Style", "loops"), "loops");
}

TEST(OptionsViewTest, ReadsItsOwnChecksKeysOnly) {
  CheckOptionMap Given = {{"batchable.MinAccesses", "5"},
                          {"access-ok-far.MinAccesses", "9"}};
  OptionsView View("batchable", Given, nullptr);
  EXPECT_EQ(View.get("MinAccesses", 2u), 5u);
}

TEST(OptionsViewTest, RecordsDefaultsAndBadValues) {
  CheckOptionMap Given = {{"access-ok-far.MaxLines", "far"}};
  OptionsRecord Record;
  OptionsView View("access-ok-far", Given, &Record);
  EXPECT_EQ(View.get("MaxLines", 20u), 20u);
  EXPECT_EQ(View.get("MaxStatements", 10u), 10u);
  EXPECT_EQ(Record.Declared.at("access-ok-far.MaxLines"), "20");
  EXPECT_EQ(Record.Declared.at("access-ok-far.MaxStatements"), "10");
  ASSERT_EQ(Record.Errors.size(), 1u);
  EXPECT_NE(Record.Errors.front().find("'access-ok-far.MaxLines'"),
            std::string::npos);
}

TEST(OptionsViewTest, GlobsReadAndBadListRecorded) {
  CheckOptionMap Given = {{"access-ok-far.ArchInternalFiles", "*/lib/*,-*/x.c"},
                          {"access-ok-far.Bad", "[a"}};
  OptionsRecord Record;
  OptionsView View("access-ok-far", Given, &Record);
  std::optional<GlobList> Globs = View.getGlobs("ArchInternalFiles", "*");
  ASSERT_TRUE(Globs);
  EXPECT_TRUE(Globs->contains("/k/lib/usercopy.c"));
  EXPECT_FALSE(Globs->contains("/k/lib/x.c"));
  EXPECT_FALSE(Globs->contains("/k/fs/read_write.c"));
  std::optional<GlobList> Default = View.getGlobs("Unset", "*/asm/*");
  ASSERT_TRUE(Default);
  EXPECT_TRUE(Default->contains("/a/asm/uaccess.h"));
  EXPECT_TRUE(Record.Errors.empty());
  EXPECT_FALSE(View.getGlobs("Bad", "*"));
  ASSERT_EQ(Record.Errors.size(), 1u);
  EXPECT_NE(Record.Errors.front().find("a list of path globs"),
            std::string::npos);
}

TEST(CheckRegistryTest, EveryCheckOnceWithASummary) {
  std::vector<llvm::StringRef> Names = allCheckNames();
  EXPECT_EQ(Names.size(), allChecks().size());
  for (const CheckInfo &C : allChecks()) {
    EXPECT_FALSE(C.Summary.empty()) << C.Name.str();
    EXPECT_EQ(llvm::count(Names, C.Name), 1) << C.Name.str();
  }
}

TEST(CheckRegistryTest, ReadOptionsGivesValuesAndUnknownKeys) {
  OptionsRecord Record = readCheckOptions(
      {{"batchable.MinAccesses", "3"}, {"batchable.Typo", "1"}});
  EXPECT_EQ(Record.Declared.at("batchable.MinAccesses"), "3");
  EXPECT_EQ(Record.Declared.at("access-ok-far.CallerDepth"), "1");
  ASSERT_EQ(Record.Errors.size(), 1u);
  EXPECT_EQ(Record.Errors.front(), "unknown check option 'batchable.Typo'");
}

} // namespace
