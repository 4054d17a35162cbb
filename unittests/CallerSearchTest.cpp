//===--- CallerSearchTest.cpp - The access_ok() a pointer's callers make --===//

#include "analysis/CallerSearch.h"

#include "AnalysisHarness.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace uaccess;
using namespace uaccess::test;

namespace {

/// The search for the check of the first use named \p Accessor in
/// function \p Function of \p Code; \p Check runs over it.
void searchIn(
    llvm::StringRef Code, llvm::StringRef Function, llvm::StringRef Accessor,
    std::function<void(const TracedPointer &, const CallerSearch &)> Check) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    const FunctionDecl *FD = definitionOf(Ctx, Function);
    ASSERT_TRUE(FD);
    FunctionAnalyses &FA = Cache.get(*FD);
    for (const UaccessUse &U : FA.uses().uses())
      if (U.name() == Accessor && !Ran) {
        TracedPointer Ptr = tracePointer(FA, U);
        Check(Ptr, searchCallersFor(FA, U, Ptr));
        Ran = true;
      }
  }));
  EXPECT_TRUE(Ran) << "no " << Accessor.str() << " in " << Function.str();
}

const char *const TwoUp =
    "static int put_event(int __user *u) { return __put_user(1, u); }\n"
    "static int send_events(int __user *v) { return put_event(v); }\n"
    "int wait_events(int __user *w) {\n"
    "  if (!access_ok(w, sizeof(*w)))\n"
    "    return -14;\n"
    "  return send_events(w);\n"
    "}\n";

TEST(CallerSearchTest, CheckTwoCallsUp) {
  searchIn(TwoUp, "put_event", "__put_user",
           [](const TracedPointer &Ptr, const CallerSearch &S) {
             EXPECT_EQ(Ptr.Name, "u");
             EXPECT_EQ(Ptr.Traced.Index, 0);
             EXPECT_TRUE(S.allChecked());
             EXPECT_EQ(S.verdict(), CallerVerdict::Checked);
             EXPECT_EQ(S.Deepest, 2u);
             ASSERT_TRUE(S.First);
             EXPECT_EQ(S.First->Chain.back()->getName(), "wait_events");
             ASSERT_EQ(S.First->Chain.size(), 2u);
             EXPECT_EQ(S.First->Chain[0]->getName(), "send_events");
             EXPECT_TRUE(S.Open.empty());
           });
}

TEST(CallerSearchTest, CallerWithNoCheckIsAnUncheckedPath) {
  searchIn(std::string(TwoUp) +
               "extern int __user *global;\n"
               "int other(void) { return send_events(global); }\n",
           "put_event", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             EXPECT_FALSE(S.allChecked());
             EXPECT_EQ(S.verdict(), CallerVerdict::UncheckedCall);
             EXPECT_TRUE(S.UncheckedCall);
             EXPECT_TRUE(S.BareUncheckedCall);
           });
}

TEST(CallerSearchTest, ExternalFunctionLeavesTheTU) {
  searchIn("int put_one(int __user *u) { return __put_user(1, u); }\n",
           "put_one", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             EXPECT_EQ(S.verdict(), CallerVerdict::LeavesUnit);
             ASSERT_EQ(S.Open.size(), 1u);
             EXPECT_EQ(S.Open[0].Function->getName(), "put_one");
             EXPECT_EQ(S.Open[0].Param.Index, 0);
             EXPECT_TRUE(S.Open[0].Chain.empty());
           });
}

TEST(CallerSearchTest, UnusedStaticCallerEndsTheSearch) {
  searchIn("static int put_one(int __user *u) { return __put_user(1, u); }\n"
           "static int unused(int __user *v) { return put_one(v); }\n",
           "put_one", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             EXPECT_EQ(S.verdict(), CallerVerdict::OnlyUnused);
             EXPECT_FALSE(S.allChecked());
           });
}

TEST(CallerSearchTest, OtherPointerCheckedByTheCaller) {
  searchIn("static int put_one(int __user *u) { return __put_user(1, u); }\n"
           "int caller(int __user *buf, int __user *buf_fx) {\n"
           "  if (!access_ok(buf, 64))\n"
           "    return -14;\n"
           "  return put_one(buf_fx);\n"
           "}\n"
           "int caller2(int __user *a) { return put_one(a); }\n",
           "put_one", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             // caller2 passes its own parameter on, and nothing calls it.
             EXPECT_EQ(S.verdict(), CallerVerdict::LeavesUnit);
             ASSERT_TRUE(S.Other);
             EXPECT_EQ(S.Other->Caller->getName(), "caller");
             EXPECT_EQ(S.Other->Passed, "buf_fx");
             EXPECT_EQ(S.Other->Weakness, CheckWeakness::None);
           });
}

TEST(CallerSearchTest, ACallerCheckWhoseFailureGoesOnFallsShort) {
  searchIn("static int put_one(int __user *u) { return __put_user(1, u); }\n"
           "int caller(int __user *a) {\n"
           "  if (!access_ok(a, 4))\n"
           "    return -14;\n"
           "  return put_one(a);\n"
           "}\n"
           "int caller2(int __user *buf) {\n"
           "  int err = 0;\n"
           "  if (!access_ok(buf, 4))\n"
           "    err = -14;\n"
           "  put_one(buf);\n"
           "  return err;\n"
           "}\n",
           "put_one", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             // caller's check stops its call; caller2's does not.
             EXPECT_EQ(S.verdict(), CallerVerdict::UncheckedCall);
             ASSERT_TRUE(S.First);
             EXPECT_EQ(S.First->Chain.back()->getName(), "caller");
             ASSERT_TRUE(S.Other);
             EXPECT_EQ(S.Other->Caller->getName(), "caller2");
             EXPECT_EQ(S.Other->Weakness, CheckWeakness::FailureIgnored);
             EXPECT_TRUE(S.namesOtherCheck());
           });
}

TEST(CallerSearchTest, ACallersFixedLengthMustCoverTheBytesReached) {
  searchIn("struct two { int a; int b; };\n"
           "static int put_b(struct two __user *t) {\n"
           "  return __put_user(1, &t->b);\n"
           "}\n"
           "int whole(struct two __user *w) {\n"
           "  if (!access_ok(w, sizeof(*w)))\n"
           "    return -14;\n"
           "  return put_b(w);\n"
           "}\n"
           "int half(struct two __user *h) {\n"
           "  if (!access_ok(h, 4))\n"
           "    return -14;\n"
           "  return put_b(h);\n"
           "}\n",
           "put_b", "__put_user",
           [](const TracedPointer &Ptr, const CallerSearch &S) {
             ASSERT_TRUE(Ptr.Traced.Reach);
             EXPECT_EQ(Ptr.Traced.Reach->Begin, 4);
             EXPECT_EQ(Ptr.Traced.Reach->End, 8);
             // whole's check covers bytes 4 to 7; half's does not.
             EXPECT_EQ(S.verdict(), CallerVerdict::UncheckedCall);
             ASSERT_TRUE(S.First);
             EXPECT_EQ(S.First->Chain.back()->getName(), "whole");
             ASSERT_TRUE(S.Other);
             EXPECT_EQ(S.Other->Caller->getName(), "half");
             EXPECT_EQ(S.Other->Weakness, CheckWeakness::Short);
             ASSERT_TRUE(S.Other->Reached);
             EXPECT_EQ(S.Other->Reached->Begin, 4);
           });
}

TEST(CallerSearchTest, AnArgumentAtAConstantOffsetMovesTheBytesReached) {
  // put_word's `*u` is at bytes 4 to 7 of what `from_field` checks.
  searchIn("struct two { int a; int b; };\n"
           "static int put_word(int __user *u) { return __put_user(1, u); }\n"
           "int from_checked_field(struct two __user *g) {\n"
           "  if (!access_ok(&g->b, 4))\n"
           "    return -14;\n"
           "  return put_word(&g->b);\n"
           "}\n"
           "int from_field(struct two __user *f) {\n"
           "  if (!access_ok(f, 4))\n"
           "    return -14;\n"
           "  return put_word(&f->b);\n"
           "}\n",
           "put_word", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             ASSERT_TRUE(S.First);
             EXPECT_EQ(S.First->Chain.back()->getName(), "from_checked_field");
             ASSERT_TRUE(S.Other);
             EXPECT_EQ(S.Other->Caller->getName(), "from_field");
             EXPECT_EQ(S.Other->Weakness, CheckWeakness::Short);
           });
}

TEST(CallerSearchTest, DepthLimitIsUnchecked) {
  std::string Code =
      "static int f0(int __user *p) { return __put_user(1, p); }\n";
  for (unsigned I = 1; I <= MaxCallerSearch + 1; ++I)
    Code += "static int f" + std::to_string(I) + "(int __user *p) { return f" +
            std::to_string(I - 1) + "(p); }\n";
  Code += "int top(int __user *p) { return f" +
          std::to_string(MaxCallerSearch + 1) + "(p); }\n";
  searchIn(Code, "f0", "__put_user",
           [](const TracedPointer &, const CallerSearch &S) {
             EXPECT_EQ(S.verdict(), CallerVerdict::Unchecked);
             EXPECT_TRUE(S.Open.empty());
           });
}

TEST(CallerSearchTest, ChainTextNamesTheCallersInOrder) {
  EXPECT_EQ(callChainText("f", {"g", "h"}), "f() <- g() <- h()");
  EXPECT_EQ(callChainText("f", {}), "f()");
}

} // namespace
