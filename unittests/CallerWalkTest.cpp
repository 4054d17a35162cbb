//===--- CallerWalkTest.cpp - The search up a pointer's callers -----------===//
//
// The walk's rules over a provider of made-up facts: a call graph where each
// call says what it does with the pointer, independent of either real
// provider (the TU's AST, the program's summaries).
//
//===----------------------------------------------------------------------===//

#include "analysis/CallerWalk.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace uaccess;

namespace {

/// Calls named "caller>callee", each with the step it takes; \p Stop:
/// whether the walk stops at the first unchecked path, as the TU's does.
template <bool Stop> class GraphFactsOf {
public:
  using Function = std::string;
  using Site = std::string;
  using Check = std::string;
  using FieldRef = std::string;
  using Guards = std::vector<std::string>;
  static constexpr bool StopAtUnchecked = Stop;
  using Step = CallStep<GraphFactsOf>;
  using End = CallerEndKind<GraphFactsOf>;

  std::optional<std::vector<Site>> callsTo(const Function &F) {
    if (Unknown.count(F))
      return std::nullopt;
    std::vector<Site> Out;
    for (const auto &[S, Kind] : Steps)
      if (S.substr(S.find('>') + 1) == F)
        Out.push_back(S);
    return Out;
  }
  Function callerOf(const Site &S) const { return S.substr(0, S.find('>')); }
  bool same(const Function &A, const Function &B) const { return A == B; }
  Step step(const Site &S, const TracedParam &) {
    Step Out;
    Out.TheKind = Steps.at(S);
    if (Out.TheKind == Step::Checked)
      Out.Check = "access_ok in " + callerOf(S);
    Out.Up.Index = 0;
    if (OtherChecks.count(S)) {
      Out.Other = "access_ok of another in " + callerOf(S);
      Out.Passed = "buf";
    }
    if (Out.TheKind == Step::WeakCheck)
      Out.OtherWeakness = Weakness;
    return Out;
  }
  End noCallers(const Function &F, const TracedParam &) {
    auto It = Ends.find(F);
    return {It == Ends.end() ? End::Orphan : It->second, "field"};
  }

  std::map<Site, typename Step::Kind> Steps;
  /// How each WeakCheck falls short.
  CheckWeakness Weakness = CheckWeakness::Short;
  std::map<Function, typename End::Kind> Ends;
  std::set<Function> Unknown;
  std::set<Site> OtherChecks; ///< Calls after a check of another pointer.
};

using GraphFacts = GraphFactsOf<false>;

template <class Facts>
CallerPaths<Facts> walk(Facts &TheFacts, unsigned MaxDepth = 8) {
  CallerPaths<Facts> Paths;
  TracedParam First;
  First.Index = 0;
  CallerWalk<Facts>(TheFacts, Paths, MaxDepth).callersOf("f", First);
  return Paths;
}

TEST(CallerWalkTest, ChecksOnEveryPathAreChecked) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::PassedOn},
             {"h>g", GraphFacts::Step::Checked},
             {"k>f", GraphFacts::Step::Checked}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::Checked);
  ASSERT_TRUE(P.First);
  EXPECT_EQ(P.First->Check, "access_ok in h");
  EXPECT_EQ(P.First->Chain, (std::vector<std::string>{"g", "h"}));
  EXPECT_EQ(P.Deepest, 2u);
}

TEST(CallerWalkTest, AnUncheckedCallOutweighsChecksAndIsBlamed) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::Checked},
             {"h>f", GraphFacts::Step::Unchecked}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::UncheckedCall);
  EXPECT_EQ(P.Blamed, std::optional<std::string>("h>f"));
  EXPECT_TRUE(P.BareUncheckedCall);
  EXPECT_TRUE(P.First); // Every path is walked: StopAtUnchecked is false.
}

TEST(CallerWalkTest, AFunctionNoOneCallsIsAnOrphanBlamingTheCallUp) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::PassedOn}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::Unchecked);
  EXPECT_EQ(P.Orphan, std::optional<std::string>("g"));
  EXPECT_EQ(P.Blamed, std::optional<std::string>("g>f"));
  EXPECT_TRUE(P.BlamedForNoCaller);
  EXPECT_FALSE(P.OtherUnchecked);
}

TEST(CallerWalkTest, TheDepthLimitIsUncheckedAndBlamesTheLastCall) {
  GraphFacts G;
  G.Steps = {{"a>f", GraphFacts::Step::PassedOn},
             {"b>a", GraphFacts::Step::PassedOn},
             {"c>b", GraphFacts::Step::Checked}};
  CallerPaths<GraphFacts> P = walk(G, 2);
  EXPECT_EQ(P.verdict(), CallerVerdict::Unchecked);
  EXPECT_EQ(P.Blamed, std::optional<std::string>("b>a"));
  EXPECT_TRUE(P.OtherUnchecked);
  EXPECT_EQ(walk(G, 3).verdict(), CallerVerdict::Checked);
}

TEST(CallerWalkTest, RecursionChecksNothingNew) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::PassedOn},
             {"g>g", GraphFacts::Step::PassedOn},
             {"h>g", GraphFacts::Step::Checked}};
  EXPECT_EQ(walk(G).verdict(), CallerVerdict::Checked);
}

TEST(CallerWalkTest, EndsOutsideTheProvidersSightLeaveTheUnit) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::Checked},
             {"h>f", GraphFacts::Step::PassedOn}};
  G.Ends = {{"h", GraphFacts::End::LeavesUnit}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::LeavesUnit);
  ASSERT_EQ(P.Open.size(), 1u);
  EXPECT_EQ(P.Open[0].Function, "h");
  EXPECT_EQ(P.Open[0].Chain, (std::vector<std::string>{"h"}));
}

TEST(CallerWalkTest, AFieldCheckedElsewhereOutweighsChecksNotUnused) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::FieldRead},
             {"h>f", GraphFacts::Step::Checked},
             {"k>f", GraphFacts::Step::PassedOn}};
  G.Ends = {{"k", GraphFacts::End::Unused}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::FieldChecked);
  ASSERT_TRUE(P.Field);
  EXPECT_EQ(P.Field->Caller, "g");
  EXPECT_TRUE(P.UnusedEnd);
}

TEST(CallerWalkTest, OnlyUnusedEndsAndNoCallers) {
  GraphFacts G;
  G.Ends = {{"f", GraphFacts::End::Unused}};
  EXPECT_EQ(walk(G).verdict(), CallerVerdict::OnlyUnused);
  G.Ends.clear();
  G.Steps = {{"g>f", GraphFacts::Step::Unknown}};
  EXPECT_EQ(walk(G).verdict(), CallerVerdict::NoPath);
}

TEST(CallerWalkTest, FactsNotKnownYetLeaveItPending) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::PassedOn},
             {"h>f", GraphFacts::Step::Unchecked}};
  G.Unknown = {"g"};
  EXPECT_EQ(walk(G).verdict(), CallerVerdict::Pending);
}

TEST(CallerWalkTest, ACallerWithNoBodyIsUncheckedWithNoCallToBlame) {
  GraphFacts G;
  G.Steps = {{"g>f", GraphFacts::Step::NoBody}};
  CallerPaths<GraphFacts> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::Unchecked);
  EXPECT_EQ(P.Blamed, std::optional<std::string>());
}

TEST(CallerWalkTest, AWeakCheckIsNamedBeforeAnotherPointersCheck) {
  for (CheckWeakness W :
       {CheckWeakness::Short, CheckWeakness::FailureIgnored}) {
    GraphFacts G;
    G.Weakness = W;
    G.Steps = {{"g>f", GraphFacts::Step::Unchecked},
               {"h>f", GraphFacts::Step::WeakCheck}};
    G.OtherChecks = {"g>f", "h>f"};
    CallerPaths<GraphFacts> P = walk(G);
    EXPECT_EQ(P.verdict(), CallerVerdict::UncheckedCall);
    ASSERT_TRUE(P.Other);
    EXPECT_EQ(P.Other->Caller, "h");
    EXPECT_EQ(P.Other->Weakness, W);
    EXPECT_FALSE(P.BareUncheckedCall);
    EXPECT_TRUE(P.namesOtherCheck());
    G.OtherChecks = {"h>f"};
    EXPECT_FALSE(walk(G).namesOtherCheck()); // g passes it bare.
  }
}

TEST(CallerWalkTest, StoppingAtUncheckedStillCollectsEveryCallToBlame) {
  using Stopping = GraphFactsOf<true>;
  Stopping G;
  G.Steps = {{"a>f", Stopping::Step::WeakCheck},
             {"b>f", Stopping::Step::Checked},
             {"c>f", Stopping::Step::PassedOn},
             {"d>c", Stopping::Step::Unchecked},
             {"e>f", Stopping::Step::Unchecked}};
  CallerPaths<Stopping> P = walk(G);
  EXPECT_EQ(P.verdict(), CallerVerdict::UncheckedCall);
  ASSERT_TRUE(P.Blamed);
  EXPECT_EQ(*P.Blamed, "a>f");
  // The paths past the first are walked for their calls to blame only:
  // the check in b counts for nothing of the verdict's.
  EXPECT_EQ(P.MoreBlamed, (std::vector<std::string>{"d>c", "e>f"}));
  EXPECT_FALSE(P.First);
}

} // namespace
