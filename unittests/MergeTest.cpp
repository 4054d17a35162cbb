//===--- MergeTest.cpp - One report from many workers ---------------------===//

#include "run/Merge.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

Finding at(llvm::StringRef Check, llvm::StringRef File, uint64_t Offset,
           uint64_t Rank = 0) {
  Finding F;
  F.Check = Check.str();
  F.Message = "message";
  F.Loc.File = File.str();
  F.Loc.Offset = Offset;
  F.Rank = Rank;
  return F;
}

TUOutcome analyzed(llvm::StringRef File, std::vector<Finding> Findings) {
  TUOutcome O;
  O.File = File.str();
  O.Report.Findings = std::move(Findings);
  return O;
}

TEST(MergeTest, AHeaderFindingFromTwoTUsOnce) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(analyzed("a.c", {at("batchable", "/h.h", 10)}));
  Outcomes.push_back(analyzed("b.c", {at("batchable", "/h.h", 10)}));
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  EXPECT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(Summary.Analyzed, 2u);
  EXPECT_EQ(Summary.Failed, 0u);
}

// Each TU's settings (its config) decide for its copy of a finding: the
// merged finding names all of them, once, sorted.
TEST(MergeTest, AHeaderFindingNamesTheSettingsOfEachTU) {
  std::vector<TUOutcome> Outcomes;
  for (unsigned Config : {2u, 0u, 2u}) {
    Outcomes.push_back(analyzed("a.c", {at("batchable", "/h.h", 10)}));
    Outcomes.back().Config = Config;
  }
  Outcomes.push_back(analyzed("c.c", {at("batchable", "/c.c", 5)}));
  Outcomes.back().Config = 1;
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  ASSERT_EQ(R.Findings.size(), 2u);
  EXPECT_EQ(R.Findings[0].Configs, std::vector<unsigned>({1}));
  EXPECT_EQ(R.Findings[1].Configs, std::vector<unsigned>({0, 2}));
}

TUOutcome analyzedOn(llvm::StringRef Arch, Finding F, llvm::StringRef Note) {
  F.Notes.push_back({F.Loc, Note.str()});
  TUOutcome O = analyzed("a.c", {std::move(F)});
  O.Report.Arch = Arch.str();
  return O;
}

TEST(MergeTest, AFindingOfTwoArchesNamesBothWithTheirNotes) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(analyzedOn("x86_64", at("window-mismatch", "/h.h", 10),
                                "no effect on x86_64"));
  Outcomes.push_back(analyzedOn("arm64", at("window-mismatch", "/h.h", 10),
                                "no effect on arm64"));
  Outcomes.push_back(analyzedOn("x86_64", at("window-call", "/h.h", 20), "x"));
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  ASSERT_EQ(R.Findings.size(), 2u);
  using Strings = std::vector<std::string>;
  EXPECT_EQ(R.Findings[0].Arches, Strings({"arm64", "x86_64"}));
  ASSERT_EQ(R.Findings[0].Notes.size(), 2u);
  EXPECT_EQ(R.Findings[0].Notes[1].Message, "no effect on arm64");
  EXPECT_EQ(R.Findings[1].Arches, Strings({"x86_64"}));
  EXPECT_EQ(Summary.Arches, std::set<std::string>({"arm64", "x86_64"}));
}

TEST(MergeTest, ACopyFromTheSameArchAddsNoNotes) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(
      analyzedOn("x86_64", at("window-call", "/h.h", 10), "from a.c"));
  Outcomes.push_back(
      analyzedOn("x86_64", at("window-call", "/h.h", 10), "from b.c"));
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  ASSERT_EQ(R.Findings.size(), 1u);
  ASSERT_EQ(R.Findings[0].Notes.size(), 1u);
  EXPECT_EQ(R.Findings[0].Notes[0].Message, "from a.c");
}

TEST(MergeTest, OrderedByFileOffsetAndCheck) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(
      analyzed("b.c", {at("window-call", "/b.c", 5), at("batchable", "/b.c", 5),
                       at("batchable", "/b.c", 1)}));
  Outcomes.push_back(analyzed("a.c", {at("batchable", "/a.c", 9)}));
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  ASSERT_EQ(R.Findings.size(), 4u);
  EXPECT_EQ(R.Findings[0].Loc.File, "/a.c");
  EXPECT_EQ(R.Findings[1].Loc.Offset, 1u);
  EXPECT_EQ(R.Findings[2].Check, "batchable");
  EXPECT_EQ(R.Findings[3].Check, "window-call");
}

TEST(MergeTest, FailuresAreCountedWithTheirReason) {
  std::vector<TUOutcome> Outcomes;
  TUOutcome Failed = analyzed("bad.c", {});
  Failed.Status = TUStatus::Failed;
  Failed.Reason = "timed out after 1 s";
  Outcomes.push_back(std::move(Failed));
  Outcomes.push_back(analyzed("good.c", {}));
  RunSummary Summary;
  mergeOutcomes(std::move(Outcomes), Summary);
  EXPECT_EQ(Summary.Failed, 1u);
  EXPECT_EQ(Summary.Analyzed, 1u);
  ASSERT_EQ(Summary.Failures.size(), 1u);
  EXPECT_EQ(Summary.Failures.front().second, "timed out after 1 s");
}

TEST(MergeTest, AFailedTUContributesNoFindings) {
  std::vector<TUOutcome> Outcomes;
  TUOutcome Failed = analyzed("bad.c", {at("window-unbalanced", "/bad.c", 4)});
  Failed.Report.Dump = {"function 'f' at /bad.c:2\n"};
  Failed.Status = TUStatus::Failed;
  Outcomes.push_back(std::move(Failed));
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  EXPECT_TRUE(R.Findings.empty());
  EXPECT_TRUE(R.DumpBlocks.empty());
  EXPECT_EQ(Summary.Failed, 1u);
  EXPECT_EQ(Summary.Analyzed, 0u);
}

TEST(MergeTest, DumpBlocksOncePerFunction) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(analyzed("a.c", {}));
  Outcomes.back().Report.Dump = {"function 'f' at /h.h:3\n  uses\n"};
  Outcomes.push_back(analyzed("b.c", {}));
  Outcomes.back().Report.Dump = {"function 'f' at /h.h:3\n  uses\n",
                                 "function 'g' at /b.c:1\n"};
  RunSummary Summary;
  MergedReport R = mergeOutcomes(std::move(Outcomes), Summary);
  EXPECT_EQ(R.DumpBlocks.size(), 2u);
  EXPECT_EQ(R.DumpBlocks.begin()->first, "function 'f' at /h.h:3");
}

TEST(MergeTest, AFindingOfOneEntryOfAFileNamesItsFlags) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(analyzed("/x.c", {at("window-unbalanced", "/x.c", 1),
                                       at("window-call", "/x.c", 2)}));
  Outcomes.push_back(analyzed("/x.c", {at("window-call", "/x.c", 2)}));
  Outcomes.push_back(analyzed("/x.c", {}));
  Outcomes.back().Status = TUStatus::Failed;
  Outcomes.push_back(analyzed("/y.c", {at("window-call", "/y.c", 3)}));
  std::vector<std::vector<std::string>> Flags = {
      {"-DX", "-I."}, {"-I.", "-DY"}, {"-DZ"}, {}};
  noteFlagsOfFindings(Outcomes, Flags);
  ASSERT_EQ(Outcomes[0].Report.Findings[0].Notes.size(), 1u);
  EXPECT_EQ(Outcomes[0].Report.Findings[0].Notes[0].Message,
            "found only by the compile command with '-DX' and without '-DY', "
            "1 of the 2 that list 'x.c'");
  EXPECT_EQ(Outcomes[0].Report.Findings[0].Notes[0].Loc.Offset, 1u);
  // Found by both analyzed entries (the failed one does not count), or by
  // the only entry of its file: no note.
  EXPECT_TRUE(Outcomes[0].Report.Findings[1].Notes.empty());
  EXPECT_TRUE(Outcomes[1].Report.Findings[0].Notes.empty());
  EXPECT_TRUE(Outcomes[3].Report.Findings[0].Notes.empty());
}

} // namespace

namespace {
Finding withFix(llvm::StringRef File, uint64_t Offset, llvm::StringRef Text) {
  Finding F = at("window-mismatch", File, Offset);
  F.Fixes.push_back({File.str(), Offset, 20, Text.str()});
  return F;
}

// A fix-it in code another TU read without proposing it is withheld, and
// the finding says which TU; a TU that did not read that code has no say.
TEST(MergeTest, AFixItEveryReaderOfItsCodeMakes) {
  std::vector<TUOutcome> Outcomes;
  Outcomes.push_back(
      analyzed("x.c", {withFix("/h.h", 100, "user_write_access_end")}));
  Outcomes.back().Report.Read.add("/h.h", {50, 300});
  Outcomes.push_back(analyzed("y.c", {}));
  Outcomes.back().Report.Read.add("/h.h", {50, 300});
  Outcomes.push_back(analyzed("z.c", {}));
  Outcomes.back().Report.Read.add("/h.h", {400, 500});
  RunSummary Summary;
  MergedReport R = mergeOutcomes(Outcomes, Summary);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_TRUE(R.Findings[0].Fixes.empty());
  ASSERT_EQ(R.Findings[0].Notes.size(), 1u);
  EXPECT_NE(R.Findings[0].Notes[0].Message.find("the TU 'y.c'"),
            std::string::npos);
  // Without y.c, the readers agree.
  Outcomes.erase(Outcomes.begin() + 1);
  R = mergeOutcomes(Outcomes, Summary);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Fixes.size(), 1u);
  // Another reader proposing another text for the same place disputes it.
  Outcomes.push_back(
      analyzed("w.c", {withFix("/h.h", 100, "user_read_access_end")}));
  Outcomes.back().Report.Read.add("/h.h", {60, 200});
  R = mergeOutcomes(Outcomes, Summary);
  for (const Finding &F : R.Findings)
    EXPECT_TRUE(F.Fixes.empty());
}
} // namespace
