//===--- PatchWordsTest.cpp - Patch words come from arguments -------------===//
//
// The findings of real check runs over the lit tests' inputs: a patch's
// subject and body are written from a finding's arguments by its check
// (describePatch), so rewording a message changes neither; and a message
// rendered again from its arguments is the message the check wrote.
//
//===----------------------------------------------------------------------===//

#include "fix/PatchMessage.h"

#include "checks/CheckRegistry.h"
#include "runner/FindingsFormat.h"
#include "runner/Runner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "gtest/gtest.h"

#include <set>

using namespace uaccess;

namespace {

/// The findings of every check in \p Test (under test/), as a plain run's
/// worker makes them, with the x86 fixture headers.
std::vector<Finding> findingsOf(llvm::StringRef Test) {
  std::string Inputs = UACCESS_LINT_TEST_INPUTS;
  std::string File = Inputs + "/../" + Test.str();
  clang::tooling::CompileCommand C(
      Inputs, File,
      {"clang", "-target", "x86_64-linux-gnu", "-nostdinc", "-I",
       Inputs + "/flavors/x86", "-I", Inputs + "/flavors/common", "-c", File},
      "");
  TUReport R = analyzeTranslationUnit(C, RunOptions());
  EXPECT_EQ(R.CompilerErrors, 0u) << R.FirstError;
  return R.Findings;
}

std::vector<Finding> fixedFindings() {
  std::vector<Finding> Fixed;
  for (const char *Test :
       {"fixes/Inputs/patchable.c", "access-ok/redundant.c", "access-ok/far.c"})
    for (Finding &F : findingsOf(Test))
      if (!F.Fixes.empty())
        Fixed.push_back(std::move(F));
  return Fixed;
}

TEST(PatchWordsTest, EveryCheckWithFixItsHasItsOwnWords) {
  std::set<std::string> Checks;
  for (const Finding &F : fixedFindings()) {
    std::string Body = patchBody({&F});
    // The generic words quote the message: "In f(): <message>."
    EXPECT_EQ(Body.find(F.Message), std::string::npos) << Body;
    EXPECT_NE(patchSummary({&F}).find(" in " + F.Function + "()"),
              std::string::npos);
    Checks.insert(F.Check);
  }
  EXPECT_EQ(Checks, (std::set<std::string>{
                        "access-ok-far", "access-ok-redundant", "batchable",
                        "window-mismatch", "window-unbalanced"}));
}

TEST(PatchWordsTest, SystemCallsGoByTheirOwnNames) {
  std::vector<Finding> Fixed = fixedFindings();
  ASSERT_FALSE(Fixed.empty());
  Finding F = Fixed.front();
  F.Function = "__do_sys_waitid";
  EXPECT_NE(patchSummary({&F}).find(" in sys_waitid()"), std::string::npos);
  F.Function = "__do_compat_sys_ppoll_time32";
  EXPECT_NE(patchSummary({&F}).find(" in compat_sys_ppoll_time32()"),
            std::string::npos);
  F.Function = "__do_sys_";
  EXPECT_NE(patchSummary({&F}).find(" in __do_sys_()"), std::string::npos);
}

TEST(PatchWordsTest, RewordingAMessageKeepsThePatch) {
  for (Finding F : fixedFindings()) {
    std::string Subject = patchSubject({&F}, "fs/select.c");
    std::string Body = patchBody({&F});
    F.Message = "reworded: " + F.Message + " (in other words)";
    EXPECT_EQ(patchSubject({&F}, "fs/select.c"), Subject);
    EXPECT_EQ(patchBody({&F}), Body) << F.Check;
  }
}

TEST(PatchWordsTest, MessagesRenderAgainFromTheirArguments) {
  for (const char *Test :
       {"fixes/Inputs/patchable.c", "access-ok/redundant.c", "access-ok/far.c",
        "access-ok/unchecked-window.c", "access-ok/field-checks.c"})
    for (const Finding &F : findingsOf(Test)) {
      EXPECT_FALSE(F.MessageId.empty()) << F.Message;
      EXPECT_EQ(renderMessage(F), F.Message) << F.MessageId;
    }
}

TEST(PatchWordsTest, ArgumentsSurviveTheWorkersJSON) {
  for (const Finding &F : findingsOf("access-ok/unchecked-window.c")) {
    Finding Back;
    llvm::json::Path::Root Root;
    ASSERT_TRUE(fromJSON(toJSON(F), Back, Root));
    EXPECT_EQ(Back.MessageId, F.MessageId);
    EXPECT_TRUE(Back.Args == F.Args) << F.Message;
  }
}

} // namespace
