//===--- FindingGroupsTest.cpp - One finding for many places --------------===//

#include "checks/FindingGroups.h"

#include "AnalysisHarness.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace uaccess;
using namespace uaccess::test;

namespace {

Finding named(llvm::StringRef Message) {
  Finding F;
  F.Check = "access-ok-far";
  F.Message = Message.str();
  return F;
}

/// Adds \p N places of key \p Key, all at \p Loc, to \p G; returns how
/// many started a group.
unsigned addPlaces(FindingGroups &G, CheckContext &Context, llvm::StringRef Key,
                   unsigned N, SourceLocation Loc) {
  unsigned Started = 0;
  for (unsigned I = 0; I < N; ++I)
    Started +=
        G.add(
            Key,
            [&] {
              return FindingBuilder(Context, named(Key.str() + " first"));
            },
            "accesses of '" + Key.str() + "'", Loc,
            [&] { return "place " + std::to_string(I); }) != nullptr;
  return Started;
}

TEST(FindingGroupsTest, FoldsListsAndCounts) {
  std::vector<Finding> Sink;
  CheckContext Context({}, Sink, "/");
  ASSERT_TRUE(withAnalyses(
      "int f(void) { return 0; }\n", [&](AnalysisCache &, ASTContext &Ctx) {
        Context.setASTContext(Ctx);
        SourceLocation Loc = definitionOf(Ctx, "f")->getLocation();
        FindingGroups G(/*Listed=*/2);
        EXPECT_EQ(addPlaces(G, Context, "buf", 5, Loc), 1u);
        EXPECT_EQ(addPlaces(G, Context, "ids", 2, Loc), 1u);
        EXPECT_TRUE(Sink.empty()); // Nothing is emitted before the flush.
        G.flush();
      }));
  ASSERT_EQ(Sink.size(), 2u);
  const Finding &Buf = Sink[0].Message == "buf first" ? Sink[0] : Sink[1];
  const Finding &Ids = &Buf == &Sink[0] ? Sink[1] : Sink[0];
  // Four folded: two listed as sites, the other two counted.
  ASSERT_EQ(Buf.Notes.size(), 3u);
  EXPECT_TRUE(Buf.Notes[0].Site);
  EXPECT_EQ(Buf.Notes[0].Message, "place 1");
  EXPECT_EQ(Buf.Notes[1].Message, "place 2");
  EXPECT_FALSE(Buf.Notes[2].Site);
  EXPECT_EQ(Buf.Notes[2].Message, "and 2 more accesses of 'buf'");
  ASSERT_EQ(Ids.Notes.size(), 1u);
  EXPECT_EQ(Ids.Notes[0].Message, "place 1");
}

} // namespace
