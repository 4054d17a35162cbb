//===--- CallerLinkTest.cpp - access_ok() checks across TUs ---------------===//

#include "link/CallerLink.h"
#include "run/Link.h"
#include "runner/FindingsFormat.h"

#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

using namespace uaccess;

namespace {

/// read(from): `__get_user` on parameter 0, its callers all elsewhere.
Finding pending(llvm::StringRef Function = "read") {
  Finding F;
  F.Check = "access-ok-far";
  F.Function = Function.str();
  F.Message = "not guarded";
  F.Loc = {"/k/a.c", 100, 7, 9};
  CallerLink L;
  L.Accessor = "__get_user";
  L.Pointer = "from";
  CallerEnd E;
  E.Function = Function.str();
  E.Param = 0;
  L.Ends.push_back(E);
  F.Link = L;
  return F;
}

CallSite call(llvm::StringRef Caller, llvm::StringRef Callee, uint64_t Line) {
  CallSite S;
  S.Caller = Caller.str();
  S.Callee = Callee.str();
  S.Loc = {"/k/b.c", Line * 10, Line, 9};
  return S;
}

TracedArgument checkedArgument(uint64_t Line) {
  TracedArgument A;
  A.Check = "access_ok(u, 4)";
  A.CheckLoc = {"/k/b.c", Line * 10, Line, 7};
  return A;
}

TracedArgument passedOn(int CallerParam) {
  TracedArgument A;
  A.CallerParam = CallerParam;
  return A;
}

/// Links \p F over \p Summary, asking for every name until none is left.
std::vector<Finding> link(Finding F, const CallSummary &Summary) {
  std::vector<Finding> Findings{F};
  ProgramCalls Calls;
  Calls.add(Summary);
  for (std::set<std::string> Names = namesToAsk(Findings, Calls);
       !Names.empty(); Names = namesToAsk(Findings, Calls))
    Calls.markAsked(Names);
  linkFindings(Findings, Calls, "/k");
  return Findings;
}

TEST(CallerLinkTest, CheckOneCallUpIsNearAndDropsTheFinding) {
  CallSummary S;
  S.Calls.push_back(call("caller", "read", 12));
  S.Calls.back().Args.push_back(checkedArgument(11));
  EXPECT_TRUE(link(pending(), S).empty());
}

TEST(CallerLinkTest, CheckTwoCallsUpNamesTheCheckAndTheChain) {
  CallSummary S;
  S.Calls.push_back(call("mid", "read", 12));
  S.Calls.back().Args.push_back(passedOn(0));
  S.Calls.push_back(call("top", "mid", 22));
  S.Calls.back().Args.push_back(checkedArgument(21));
  std::vector<Finding> Out = link(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' relies on an access_ok() in another function: "
            "'from' is checked by 'access_ok(u, 4)' in b.c:21, 2 calls up "
            "(read() <- mid() <- top())");
  ASSERT_EQ(Out[0].Notes.size(), 1u);
  EXPECT_EQ(Out[0].Notes[0].Loc.Line, 21u);
  EXPECT_FALSE(Out[0].Link);
}

TEST(CallerLinkTest, OneUncheckedCallerKeepsTheFindingAndBlamesIt) {
  CallSummary S;
  S.Calls.push_back(call("good", "read", 12));
  S.Calls.back().Args.push_back(checkedArgument(11));
  S.Calls.push_back(call("bad", "read", 30)); // Passes a local: no args.
  std::vector<Finding> Out = link(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
  ASSERT_EQ(Out[0].Notes.size(), 1u);
  EXPECT_EQ(Out[0].Notes[0].Loc.Line, 30u);
  EXPECT_EQ(Out[0].Notes[0].Message, "bad() calls read() here without a "
                                     "check of the pointer it passes");
}

TEST(CallerLinkTest, TheNoteBlamesACallEvenAfterAPathWithoutOne) {
  CallSummary S;
  S.Calls.push_back(call("orphan", "read", 12)); // orphan() has no caller.
  S.Calls.back().Args.push_back(passedOn(0));
  S.Calls.push_back(call("bad", "read", 30));
  Finding F = pending();
  std::vector<Finding> Out = link(F, S);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_EQ(Out[0].Notes.size(), 1u);
  EXPECT_EQ(Out[0].Notes[0].Loc.Line, 12u);
  EXPECT_EQ(Out[0].Notes[0].Message,
            "orphan() passes its own parameter to read() here, unchecked, "
            "and no call of orphan() was found");
}

TEST(CallerLinkTest, NoCallerAnywhereKeepsTheFinding) {
  std::vector<Finding> Out = link(pending(), CallSummary());
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
  EXPECT_TRUE(Out[0].Notes.empty());
}

/// As link(), over summaries asked of a whole compile database.
std::vector<Finding> linkDatabase(Finding F, const CallSummary &Summary) {
  std::vector<Finding> Findings{F};
  ProgramCalls Calls;
  Calls.setFromDatabase(true);
  Calls.add(Summary);
  for (std::set<std::string> Names = namesToAsk(Findings, Calls);
       !Names.empty(); Names = namesToAsk(Findings, Calls))
    Calls.markAsked(Names);
  linkFindings(Findings, Calls, "/k");
  return Findings;
}

TEST(CallerLinkTest, NoCallerInTheDatabaseIsSaid) {
  std::vector<Finding> Out = linkDatabase(pending(), CallSummary());
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' is not guarded by any access_ok() on 'from' here, "
            "and read() has no caller in this database");
  EXPECT_TRUE(Out[0].Notes.empty());
}

TEST(CallerLinkTest, ACheckOfAnotherPointerStaysNamed) {
  // The TU's message names the caller's check of another pointer; with no
  // caller of that caller, the message stays, and a checked path rewords.
  Finding F = pending();
  F.Message = "checks 'frame', not the 'word' it passes on";
  F.Link->NamesOtherCheck = true;
  std::vector<Finding> Out = linkDatabase(F, CallSummary());
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, F.Message);
  CallSummary S;
  S.Calls.push_back(call("far", "read", 12));
  S.Calls.back().Args.push_back(checkedArgument(11));
  F.Link->NearDepth = 0;
  Out = linkDatabase(F, S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_NE(Out[0].Message.find("relies on an access_ok() in another"),
            std::string::npos);
}

TEST(CallerLinkTest, NoCallerOfACallerUpTheChainIsSaid) {
  CallSummary S;
  S.Calls.push_back(call("top", "read", 12)); // top() has no caller.
  S.Calls.back().Args.push_back(passedOn(0));
  std::vector<Finding> Out = linkDatabase(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' is not guarded by any access_ok() on 'from', here "
            "or in its callers, and top() has no caller in this database");
  ASSERT_EQ(Out[0].Notes.size(), 1u);
}

TEST(CallerLinkTest, AnUncheckedCallKeepsTheOldWording) {
  CallSummary S;
  S.Calls.push_back(call("top", "read", 12));
  S.Calls.back().Args.push_back(passedOn(0));
  S.Calls.push_back(call("bad", "read", 30)); // Passes a local: no args.
  std::vector<Finding> Out = linkDatabase(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
}

TEST(CallerLinkTest, NamesNotAskedYetLeaveTheFindingAsItWas) {
  std::vector<Finding> Findings{pending()};
  ProgramCalls Calls;
  EXPECT_EQ(namesToAsk(Findings, Calls), std::set<std::string>{"read"});
  linkFindings(Findings, Calls, "/k");
  ASSERT_EQ(Findings.size(), 1u);
  EXPECT_EQ(Findings[0].Message, "not guarded");
}

TEST(CallerLinkTest, ForeignCheckWrapperChecksTheArgumentItIsGiven) {
  CallSummary S;
  S.Calls.push_back(call("caller", "read", 12));
  TracedArgument A;
  A.GuardCalls.push_back({"valid_frame", 0});
  S.Calls.back().Args.push_back(A);
  S.Wrappers.push_back(
      {"valid_frame", 0, "access_ok(p, 8)", {"/k/w.c", 1, 1, 5}});
  EXPECT_TRUE(link(pending(), S).empty());
  // A wrapper of another parameter checks nothing here.
  S.Wrappers.back().Param = 1;
  EXPECT_EQ(link(pending(), S).size(), 1u);
}

TEST(CallerLinkTest, StaticFunctionsAreMatchedInTheirOwnUnitOnly) {
  CallSummary Here, There;
  Here.Unit = "/k/a.c";
  There.Unit = "/k/c.c";
  // Another TU's static read(): its checked call is not a call of ours.
  There.Calls.push_back(call("other", "read", 5));
  There.Calls.back().CalleeInternal = true;
  There.Calls.back().Args.push_back(checkedArgument(4));
  Finding F = pending();
  F.Link->Ends[0].Unit = "/k/a.c";
  std::vector<Finding> Findings{F};
  ProgramCalls Calls;
  Calls.add(Here);
  Calls.add(There);
  Calls.markAsked({"read"});
  linkFindings(Findings, Calls, "/k");
  ASSERT_EQ(Findings.size(), 1u);
  EXPECT_EQ(Findings[0].Message, "not guarded");
}

TEST(CallerLinkTest, RecursionThroughTheChainChecksNothing) {
  CallSummary S;
  S.Calls.push_back(call("loop", "read", 12));
  S.Calls.back().Args.push_back(passedOn(0));
  S.Calls.push_back(call("loop", "loop", 14));
  S.Calls.back().Args.push_back(passedOn(0));
  std::vector<Finding> Out = link(pending(), S);
  ASSERT_EQ(Out.size(), 1u); // loop() has no other caller.
  EXPECT_EQ(Out[0].Message, "not guarded");
}

TEST(CallerLinkTest, SummariesAndLinksSurviveTheWorkersJSON) {
  TUReport R;
  R.File = "/k/b.c";
  R.Findings.push_back(pending());
  R.Calls.Unit = "/k/b.c";
  R.Calls.Calls.push_back(call("top", "read", 3));
  R.Calls.Calls.back().Args.push_back(checkedArgument(2));
  R.Calls.Calls.back().Args.back().GuardCalls.push_back({"wrap", 1});
  R.Calls.Wrappers.push_back(
      {"wrap", 1, "access_ok(p, n)", {"/k/b.c", 1, 1, 1}});
  std::string Text = llvm::formatv("{0}", toJSON(R)).str();
  auto Back = llvm::json::parse<TUReport>(Text);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(llvm::formatv("{0}", toJSON(*Back)).str(), Text);
  ASSERT_TRUE(Back->Findings[0].Link);
  EXPECT_EQ(Back->Findings[0].Link->Ends[0].Function, "read");
  EXPECT_EQ(Back->Calls.Calls[0].Args[0].GuardCalls[0].first, "wrap");
}

/// read()'s pointer is read from `msg::umsg`, which its TU checks nowhere.
Finding pendingOnField() {
  Finding F = pending();
  F.Link->Ends.clear();
  F.Link->Field = "msg::umsg";
  return F;
}

FieldCheckSummary fieldCheck(llvm::StringRef Function, bool Explicit,
                             uint64_t Line) {
  return {"msg::umsg",
          Function.str(),
          Explicit ? "access_ok(sr->umsg, 8)" : "get_user(x, sr->umsg)",
          FindingLocation{"/k/c.c", Line * 10, Line, 7},
          false,
          Explicit,
          "",
          0};
}

TEST(CallerLinkTest, AFieldOfTheFindingsOwnIsNamedWhereAnotherTUChecksIt) {
  Finding F = pendingOnField();
  ProgramCalls Calls;
  CallSummary S;
  S.FieldChecks.push_back(fieldCheck("run", false, 5));
  S.FieldChecks.push_back(fieldCheck("prep", true, 9));
  // The finding's own function's check is no check made elsewhere.
  S.FieldChecks.push_back(fieldCheck("read", true, 2));
  Calls.add(S);
  EXPECT_EQ(fieldsToAsk({F}, Calls), std::set<std::string>{"msg::umsg"});
  Calls.markFieldsAsked({"msg::umsg"});
  EXPECT_TRUE(fieldsToAsk({F}, Calls).empty());
  std::vector<Finding> Out{F};
  linkFindings(Out, Calls, "/k");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' relies on an access_ok() of the struct field it "
            "reads, made elsewhere: 'from' holds 'msg::umsg'; checked by "
            "'access_ok(sr->umsg, 8)' in prep() at c.c:9");
  EXPECT_EQ(Out[0].Notes[0].Loc.Line, 9u);
}

TEST(CallerLinkTest, AFieldNoTUChecksLeavesTheFinding) {
  Finding F = pendingOnField();
  ProgramCalls Calls;
  Calls.markFieldsAsked({"msg::umsg"});
  std::vector<Finding> Out{F};
  linkFindings(Out, Calls, "/k");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
}

TEST(CallerLinkTest, ACallerPassingAFieldItsTUChecksEndsThePathThere) {
  CallSummary S;
  S.Calls.push_back(call("run", "read", 12));
  TracedArgument A;
  A.Field = "msg::umsg";
  S.Calls.back().Args.push_back(A);
  S.FieldChecks.push_back(fieldCheck("run", true, 14));
  S.FieldChecks.push_back(fieldCheck("prep", false, 30));
  std::vector<Finding> Out = link(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' relies on an access_ok() of the struct field a "
            "caller reads, made elsewhere: run() passes 'msg::umsg' as "
            "'from', 1 call up (read() <- run()); checked by "
            "'get_user(x, sr->umsg)' in prep() at c.c:30");
  // With another caller that passes it unchecked, that path is blamed.
  S.Calls.push_back(call("other", "read", 40));
  Out = link(pending(), S);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
}

TEST(CallerLinkTest, ATestedCallOfAWrapperChecksTheFieldItPasses) {
  // run() passes `msg::umsg` to read(); it also tests wrap(sr->umsg),
  // which another TU defines: a check once wrap() is known as a wrapper.
  CallSummary S;
  S.Calls.push_back(call("run", "read", 40));
  S.Calls.back().Args.emplace_back();
  S.Calls.back().Args.back().Field = "msg::umsg";
  FieldCheckSummary Call = fieldCheck("run", false, 38);
  Call.Check = "wrap(sr->umsg)";
  Call.RequiredCallee = "wrap";
  S.FieldChecks.push_back(Call);
  ProgramCalls Calls, NoWrapper;
  for (ProgramCalls *C : {&Calls, &NoWrapper}) {
    C->add(S);
    C->markAsked({"read"});
  }
  std::vector<Finding> Findings{pending()};
  EXPECT_EQ(namesToAsk(Findings, Calls), std::set<std::string>{"wrap"});
  // Asked, and no wrapper: the path has no check.
  NoWrapper.markAsked({"wrap"});
  std::vector<Finding> Out = Findings;
  linkFindings(Out, NoWrapper, "/k");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message, "not guarded");
  // A wrapper of its argument 0: named, in run() itself.
  CallSummary Defs;
  Defs.Wrappers.push_back(
      {"wrap", 0, "access_ok(p, 8)", FindingLocation{"/k/w.c", 30, 3, 5}});
  Calls.add(Defs);
  Calls.markAsked({"wrap"});
  Out = Findings;
  linkFindings(Out, Calls, "/k");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Message,
            "'__get_user' relies on an access_ok() of the struct field a "
            "caller reads, made elsewhere: run() passes 'msg::umsg' as "
            "'from', 1 call up (read() <- run()); checked by "
            "'wrap(sr->umsg)' in run() at c.c:38, a check wrapper of "
            "'access_ok(p, 8)' (w.c:3)");
}

TEST(CallerLinkTest, FieldChecksSurviveTheWorkersJSON) {
  TUReport R;
  R.File = "/k/b.c";
  R.Findings.push_back(pending());
  R.Findings.back().Link->Field = "msg::umsg";
  R.Findings.back().Link->NamesOtherCheck = true;
  R.Calls.Unit = "/k/b.c";
  R.Calls.Calls.push_back(call("top", "read", 3));
  R.Calls.Calls.back().Args.emplace_back();
  R.Calls.Calls.back().Args.back().Field = "msg::umsg";
  R.Calls.FieldsAnswered = {"msg::umsg"};
  R.Calls.FieldChecks.push_back(fieldCheck("prep", true, 9));
  R.Calls.FieldChecks.back().RequiredCallee = "wrap";
  R.Calls.FieldChecks.back().RequiredArg = 2;
  std::string Text = llvm::formatv("{0}", toJSON(R)).str();
  auto Back = llvm::json::parse<TUReport>(Text);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(llvm::formatv("{0}", toJSON(*Back)).str(), Text);
  EXPECT_EQ(Back->Findings[0].Link->Field, "msg::umsg");
  EXPECT_TRUE(Back->Findings[0].Link->NamesOtherCheck);
  EXPECT_EQ(Back->Calls.Calls[0].Args[0].Field, "msg::umsg");
  ASSERT_EQ(Back->Calls.FieldChecks.size(), 1u);
  EXPECT_TRUE(Back->Calls.FieldChecks[0].Explicit);
  EXPECT_EQ(Back->Calls.FieldChecks[0].RequiredCallee, "wrap");
  EXPECT_EQ(Back->Calls.FieldChecks[0].RequiredArg, 2u);
}

TEST(CallerLinkTest, NamesAreFoundAsWholeIdentifiers) {
  EXPECT_TRUE(namesAnyOf("x = read(p);", {"read"}));
  EXPECT_FALSE(namesAnyOf("x = do_read(p); reader();", {"read"}));
  EXPECT_TRUE(namesAnyOf("read", {"read"}));
  EXPECT_FALSE(namesAnyOf("", {"read"}));
}

} // namespace

TEST(CallerLinkTest, AStaticFunctionItsUnitAnsweredForNeedsNoRound) {
  // read() is exported; its caller helper() is static in b.c, which listed
  // helper()'s calls while it was parsed for read()'s.
  CallSummary S;
  S.Unit = "/k/b.c";
  S.Answered = {"helper", "read"};
  S.Calls.push_back(call("helper", "read", 12));
  S.Calls.back().CallerInternal = true;
  S.Calls.back().Args.push_back(passedOn(0));
  S.Calls.push_back(call("top", "helper", 20));
  S.Calls.back().CalleeInternal = true;
  S.Calls.back().Args.push_back(checkedArgument(19));
  std::vector<Finding> Findings{pending()};
  ProgramCalls Calls;
  Calls.add(S);
  Calls.markAsked({"read"});
  EXPECT_TRUE(Calls.asked("helper", "/k/b.c"));
  // Another TU's static helper(), or an exported one, is not answered.
  EXPECT_FALSE(Calls.asked("helper", "/k/c.c"));
  EXPECT_FALSE(Calls.asked("helper"));
  EXPECT_TRUE(namesToAsk(Findings, Calls).empty());
  linkFindings(Findings, Calls, "/k");
  ASSERT_EQ(Findings.size(), 1u);
  EXPECT_NE(
      Findings[0].Message.find("2 calls up (read() <- helper() <- top())"),
      std::string::npos)
      << Findings[0].Message;
}
