//===--- BatchAnalysisTest.cpp - Accesses that could share one window -----===//
//
// The candidates BatchAnalysis finds, without the batchable check: loops
// and runs of put_user()/get_user(), their family, pointer and range, and
// what keeps one from a rewrite.
//
//===----------------------------------------------------------------------===//

#include "analysis/BatchAnalysis.h"

#include "AnalysisHarness.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace uaccess;
using namespace uaccess::test;

namespace {

/// The candidates of \p Function in \p Code (runs of \p MinAccesses on).
void candidatesOf(
    llvm::StringRef Code, llvm::StringRef Function,
    std::function<void(const std::vector<BatchCandidate> &)> Check,
    unsigned MinAccesses = 2) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    const FunctionDecl *FD = definitionOf(Ctx, Function);
    ASSERT_TRUE(FD);
    Check(findBatchCandidates(Cache.get(*FD), MinAccesses));
    Ran = true;
  }));
  EXPECT_TRUE(Ran);
}

const char *const Events = "struct ev { u32 events; u64 data; };\n"
                           "extern void log_event(int);\n";

TEST(BatchAnalysisTest, TwoFieldsOfOneStructAreARun) {
  candidatesOf(std::string(Events) +
                   "struct ev __user *f(u32 r, u64 d, struct ev __user *u) {\n"
                   "  if (__put_user(r, &u->events) ||\n"
                   "      __put_user(d, &u->data))\n"
                   "    return NULL;\n"
                   "  return u + 1;\n"
                   "}\n",
               "f", [](const std::vector<BatchCandidate> &C) {
                 ASSERT_EQ(C.size(), 1u);
                 EXPECT_EQ(C[0].TheShape, BatchCandidate::InRun);
                 EXPECT_EQ(C[0].TheFamily, Family::Write);
                 EXPECT_EQ(C[0].Accesses.size(), 2u);
                 EXPECT_EQ(C[0].Base, "u");
                 EXPECT_EQ(C[0].Range, "sizeof(*u)");
                 EXPECT_EQ(C[0].FailText, "return NULL;");
                 EXPECT_TRUE(C[0].rewritable()) << C[0].WhyNoRewrite;
               });
}

TEST(BatchAnalysisTest, ACountedLoopIsALoopWithItsRange) {
  candidatesOf("int f(int *k, const int __user *u, unsigned int n) {\n"
               "  unsigned int i;\n"
               "  for (i = 0; i < n; i++)\n"
               "    if (get_user(k[i], &u[i]))\n"
               "      return -EFAULT;\n"
               "  return 0;\n"
               "}\n",
               "f", [](const std::vector<BatchCandidate> &C) {
                 ASSERT_EQ(C.size(), 1u);
                 EXPECT_EQ(C[0].TheShape, BatchCandidate::InLoop);
                 EXPECT_EQ(C[0].TheFamily, Family::Read);
                 ASSERT_TRUE(C[0].Loop);
                 EXPECT_NE(C[0].Range.find("n"), std::string::npos)
                     << C[0].Range;
                 EXPECT_FALSE(C[0].WholeArrayCopy.empty());
               });
}

TEST(BatchAnalysisTest, ALoneAccessIsNoRun) {
  const char *Code = "int f(int __user *u, int a) {\n"
                     "  if (put_user(a, u))\n"
                     "    return -EFAULT;\n"
                     "  return 0;\n"
                     "}\n";
  candidatesOf(Code, "f", [](const std::vector<BatchCandidate> &C) {
    EXPECT_TRUE(C.empty());
  });
}

TEST(BatchAnalysisTest, AnUnsafeCallBetweenTheAccessesBlocksTheRun) {
  candidatesOf(std::string(Events) +
                   "int f(u32 r, u64 d, struct ev __user *u) {\n"
                   "  if (__put_user(r, &u->events))\n"
                   "    return -EFAULT;\n"
                   "  log_event(r);\n"
                   "  if (__put_user(d, &u->data))\n"
                   "    return -EFAULT;\n"
                   "  return 0;\n"
                   "}\n",
               "f", [](const std::vector<BatchCandidate> &C) {
                 ASSERT_EQ(C.size(), 1u);
                 EXPECT_EQ(C[0].BlockerName, "log_event");
                 EXPECT_EQ(C[0].BlockerStmts.size(), 1u);
               });
}

TEST(BatchAnalysisTest, OnlyTheUserAccessorsBatch) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(
      "int f(int __user *u, int a, void *k) {\n"
      "  if (put_user(a, u) || __get_user(a, u))\n"
      "    return -EFAULT;\n"
      "  return copy_to_user(u, k, 4) ? -EFAULT : 0;\n"
      "}\n",
      [&](AnalysisCache &Cache, ASTContext &Ctx) {
        const FunctionDecl *FD = definitionOf(Ctx, "f");
        ASSERT_TRUE(FD);
        std::vector<std::string> Batchable;
        for (const UaccessUse &U : Cache.get(*FD).uses().uses())
          if (isBatchableAccessor(U))
            Batchable.push_back(U.name().str());
        EXPECT_EQ(Batchable,
                  (std::vector<std::string>{"put_user", "__get_user"}));
        Ran = true;
      }));
  EXPECT_TRUE(Ran);
}

} // namespace
