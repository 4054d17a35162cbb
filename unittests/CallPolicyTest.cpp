//===--- CallPolicyTest.cpp - Which calls may run inside a window ---------===//
//
// What CallPolicy says of a callee: safe by name (objtool's list and the
// user's), may sleep, indirect, a helper that needs, ends or opens its
// caller's window.
//
//===----------------------------------------------------------------------===//

#include "analysis/CallPolicy.h"

#include "AnalysisHarness.h"

#include "clang/AST/Expr.h"

#include "gtest/gtest.h"

#include <map>

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;
using namespace uaccess::test;

namespace {

const char *const Helpers =
    "extern void log_event(int);\n"
    "void kasan_check_write(const void *p, unsigned long n);\n"
    "static noinline void take_lock(void) { mutex_lock(0); }\n"
    "static inline int put_one(int __user *p, int a) {\n"
    "  unsafe_put_user(a, p, efault);\n"
    "  return 0;\n"
    "efault:\n"
    "  return -EFAULT;\n"
    "}\n"
    "static void done(void) { user_write_access_end(); }\n"
    "static int open_for(int __user *p) {\n"
    "  return user_write_access_begin(p, 4);\n"
    "}\n"
    "int f(int __user *p, void (*cb)(void)) {\n"
    "  if (!open_for(p))\n"
    "    return -EFAULT;\n"
    "  log_event(1);\n"
    "  kasan_check_write(p, 4);\n"
    "  take_lock();\n"
    "  cb();\n"
    "  put_one(p, 1);\n"
    "  done();\n"
    "  return 0;\n"
    "}\n";

/// The verdicts of every call in function f of Helpers, by callee name
/// ("(indirect)" for a call through a pointer), under \p ExtraSafe.
std::map<std::string, CallVerdict>
verdicts(std::vector<std::string> ExtraSafe = {}) {
  std::map<std::string, CallVerdict> V;
  EXPECT_TRUE(withAnalyses(Helpers, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    CallPolicy Policy(Cache, ExtraSafe);
    const FunctionDecl *F = definitionOf(Ctx, "f");
    ASSERT_TRUE(F);
    for (const BoundNodes &N :
         match(functionDecl(hasName("f"), isDefinition(),
                            forEachDescendant(callExpr().bind("c"))),
               Ctx)) {
      const auto *Call = N.getNodeAs<CallExpr>("c");
      const FunctionDecl *Callee = Call->getDirectCallee();
      V[Callee ? Callee->getNameAsString() : "(indirect)"] =
          Policy.judge(*Call);
    }
  }));
  return V;
}

TEST(CallPolicyTest, VerdictsPerCallee) {
  std::map<std::string, CallVerdict> V = verdicts();
  EXPECT_FALSE(V["log_event"].Safe);
  EXPECT_FALSE(V["log_event"].MaySleep);
  EXPECT_TRUE(V["kasan_check_write"].Safe);
  EXPECT_FALSE(V["take_lock"].Safe);
  EXPECT_TRUE(V["take_lock"].MaySleep);
  EXPECT_EQ(V["take_lock"].SleepReason, "mutex_lock");
  EXPECT_FALSE(V["(indirect)"].Safe);
  EXPECT_TRUE(V["(indirect)"].Indirect);
  EXPECT_TRUE(V["put_one"].NeedsWindow);
  EXPECT_TRUE(V["done"].ClosesWindow);
  EXPECT_TRUE(V["open_for"].OpensWindow);
}

TEST(CallPolicyTest, TheUsersSafeNamesAreSafe) {
  std::map<std::string, CallVerdict> V = verdicts({"log_*"});
  EXPECT_TRUE(V["log_event"].Safe);
  EXPECT_FALSE(V["take_lock"].Safe);
}

TEST(CallPolicyTest, WhatAFunctionDoesWithWindows) {
  ASSERT_TRUE(withAnalyses(Helpers, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    CallPolicy Policy(Cache, {});
    const FunctionDecl *PutOne = definitionOf(Ctx, "put_one");
    const FunctionDecl *Done = definitionOf(Ctx, "done");
    const FunctionDecl *OpenFor = definitionOf(Ctx, "open_for");
    const FunctionDecl *F = definitionOf(Ctx, "f");
    ASSERT_TRUE(PutOne && Done && OpenFor && F);
    EXPECT_TRUE(Policy.needsWindow(*PutOne));
    EXPECT_TRUE(Policy.runsInCallersWindow(*PutOne));
    EXPECT_FALSE(Policy.needsWindow(*F));
    EXPECT_TRUE(Policy.closesForCaller(*Done));
    EXPECT_FALSE(Policy.closesForCaller(*OpenFor));
    ASSERT_EQ(Policy.endsIn(*Done).size(), 1u);
    EXPECT_EQ(Policy.endsIn(*Done)[0]->name(), "user_write_access_end");
    EXPECT_TRUE(Policy.opensForCaller(*OpenFor));
    EXPECT_FALSE(Policy.opensForCaller(*Done));
  }));
}

TEST(CallPolicyTest, AnOwnWindowIsReachedThroughForwarders) {
  const char *Code =
      "static inline int batch(int __user *p) {\n"
      "  if (!user_write_access_begin(p, 4))\n"
      "    return -EFAULT;\n"
      "  unsafe_put_user(1, p, efault);\n"
      "  user_write_access_end();\n"
      "  return 0;\n"
      "efault:\n"
      "  user_write_access_end();\n"
      "  return -EFAULT;\n"
      "}\n"
      "static inline int fwd(int __user *p) { return batch(p); }\n"
      "static inline int fwd2(int __user *p) { return fwd(p); }\n"
      "static inline int ends(int __user *p) {\n"
      "  int r = batch(p);\n"
      "  user_write_access_end();\n"
      "  return r;\n"
      "}\n"
      "static inline int loop(int __user *p);\n"
      "static inline int loop2(int __user *p) { return loop(p); }\n"
      "static inline int loop(int __user *p) { return loop2(p); }\n"
      "int f(int __user *p) { return fwd2(p) + ends(p) + loop(p); }\n";
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    CallPolicy Policy(Cache, {});
    const FunctionDecl *Batch = definitionOf(Ctx, "batch");
    const FunctionDecl *Fwd2 = definitionOf(Ctx, "fwd2");
    const FunctionDecl *Ends = definitionOf(Ctx, "ends");
    const FunctionDecl *Loop = definitionOf(Ctx, "loop");
    ASSERT_TRUE(Batch && Fwd2 && Ends && Loop);
    const UaccessUse *Own = Policy.ownWindowIn(*Batch);
    ASSERT_TRUE(Own);
    EXPECT_EQ(Policy.ownWindowIn(*Fwd2), Own);
    // One that also ends a window does more than forward; helpers that
    // call each other end the search.
    EXPECT_FALSE(Policy.ownWindowIn(*Ends));
    EXPECT_FALSE(Policy.ownWindowIn(*Loop));
  }));
}

TEST(CallPolicyTest, SaveAndRestoreForwardersActAsTheMacros) {
  const char *Code = "static inline unsigned long my_save(void) {\n"
                     "  return user_access_save();\n"
                     "}\n"
                     "static inline void my_restore(unsigned long f) {\n"
                     "  user_access_restore(f);\n"
                     "}\n"
                     "static inline void end_too(unsigned long f) {\n"
                     "  user_access_restore(f);\n"
                     "  user_write_access_end();\n"
                     "}\n"
                     "static inline int plain(int a) { return a + 1; }\n"
                     "extern void log_event(int);\n"
                     "static inline void restore_logged(unsigned long f) {\n"
                     "  user_access_restore(f);\n"
                     "  log_event(1);\n"
                     "}\n"
                     "static inline void logged_restore(unsigned long f) {\n"
                     "  log_event(1);\n"
                     "  my_restore(f);\n"
                     "}\n"
                     "static inline unsigned long logged_save(void) {\n"
                     "  log_event(1);\n"
                     "  return my_save();\n"
                     "}\n"
                     "static inline void maybe(unsigned long f, int x) {\n"
                     "  if (x)\n"
                     "    return;\n"
                     "  user_access_restore(f);\n"
                     "}\n";
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    CallPolicy Policy(Cache, {});
    const FunctionDecl *Save = definitionOf(Ctx, "my_save");
    const FunctionDecl *Restore = definitionOf(Ctx, "my_restore");
    const FunctionDecl *EndToo = definitionOf(Ctx, "end_too");
    const FunctionDecl *Plain = definitionOf(Ctx, "plain");
    ASSERT_TRUE(Save && Restore && EndToo && Plain);
    auto Toggle = [&](const char *Name) {
      const FunctionDecl *F = definitionOf(Ctx, Name);
      EXPECT_TRUE(F) << Name;
      std::optional<CallPolicy::AccessToggle> T =
          F ? Policy.accessToggleOf(*F) : std::nullopt;
      if (!T)
        return std::string("none");
      return std::string(T->Toggle == Role::Save ? "save" : "restore") +
             (T->CallsWithAccessOn ? ", calls with access on" : "");
    };
    EXPECT_EQ(Toggle("my_save"), "save");
    EXPECT_EQ(Toggle("my_restore"), "restore");
    // Doing more with the API than the one toggle is no forwarder.
    EXPECT_EQ(Toggle("end_too"), "none");
    EXPECT_EQ(Toggle("plain"), "none");
    // What else it calls runs with access as it is there.
    EXPECT_EQ(Toggle("restore_logged"), "restore, calls with access on");
    EXPECT_EQ(Toggle("logged_restore"), "restore");
    EXPECT_EQ(Toggle("logged_save"), "save, calls with access on");
    // A toggle that a path goes around is none.
    EXPECT_EQ(Toggle("maybe"), "none");
  }));
}

} // namespace
