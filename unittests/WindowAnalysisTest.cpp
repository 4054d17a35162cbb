//===--- WindowAnalysisTest.cpp - Window states along every path ----------===//
//
// The events WindowAnalysis reports for the shapes the window checks are
// built on, without a check in between: a leak per exit, a mismatched or
// redundant end, a nested begin, an op outside, a call inside, and what it
// records at a fault label.
//
//===----------------------------------------------------------------------===//

#include "analysis/WindowAnalysis.h"

#include "AnalysisHarness.h"

#include "clang/AST/Stmt.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>

using namespace clang;
using namespace uaccess;
using namespace uaccess::test;

namespace {

using WindowBody =
    std::function<void(FunctionAnalyses &, const WindowAnalysis &)>;

/// Runs \p Check over the window analysis of \p Function in \p Code.
void windowsOf(llvm::StringRef Code, llvm::StringRef Function,
               WindowBody Check) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    const FunctionDecl *FD = definitionOf(Ctx, Function);
    ASSERT_TRUE(FD);
    FunctionAnalyses &FA = Cache.get(*FD);
    const WindowAnalysis *W = FA.getAnalysis<WindowAnalysis>();
    ASSERT_TRUE(W);
    ASSERT_TRUE(W->analyzed());
    Check(FA, *W);
    Ran = true;
  }));
  EXPECT_TRUE(Ran);
}

std::vector<WindowEventKind> kinds(const WindowAnalysis &W) {
  std::vector<WindowEventKind> K;
  for (const WindowEvent &E : W.events())
    K.push_back(E.Kind);
  return K;
}

const char *const Header = "struct ev { u32 events; u64 data; };\n";

/// One write window, closed after its op and at the op's fault label.
const std::string Balanced = std::string(Header) +
                             "int f(struct ev __user *p, u32 a) {\n"
                             "  if (!user_write_access_begin(p, sizeof(*p)))\n"
                             "    return -EFAULT;\n"
                             "  unsafe_put_user(a, &p->events, efault);\n"
                             "  user_write_access_end();\n"
                             "  return 0;\n"
                             "efault:\n"
                             "  user_write_access_end();\n"
                             "  return -EFAULT;\n"
                             "}\n";

TEST(WindowAnalysisTest, ClosedOnEveryPathHasNoEvents) {
  windowsOf(Balanced, "f", [](FunctionAnalyses &, const WindowAnalysis &W) {
    EXPECT_TRUE(W.events().empty());
  });
}

TEST(WindowAnalysisTest, FaultLabelThatReturnsLeaksThroughTheFault) {
  windowsOf(
      std::string(Header) + "int f(struct ev __user *p, u32 a) {\n"
                            "  if (!user_write_access_begin(p, sizeof(*p)))\n"
                            "    return -EFAULT;\n"
                            "  unsafe_put_user(a, &p->events, efault);\n"
                            "  user_write_access_end();\n"
                            "  return 0;\n"
                            "efault:\n"
                            "  return -EFAULT;\n"
                            "}\n",
      "f", [](FunctionAnalyses &FA, const WindowAnalysis &W) {
        ASSERT_EQ(kinds(W),
                  std::vector<WindowEventKind>{WindowEventKind::Leak});
        const WindowEvent &E = W.events()[0];
        ASSERT_GE(E.State.Begin, 0);
        EXPECT_EQ(FA.uses().use(E.State.Begin).name(),
                  "user_write_access_begin");
        ASSERT_GE(E.State.ViaFault, 0);
        EXPECT_EQ(FA.uses().use(E.State.ViaFault).name(), "unsafe_put_user");
        ASSERT_TRUE(E.Exit);
        EXPECT_TRUE(isa<ReturnStmt>(E.Exit));
        EXPECT_EQ(E.State.Fam, Family::Write);
      });
}

// One leak per begin and exit, and per begin and fault label (each is one
// fix): a new way out of a window that already leaks is a new event, so
// that a baseline and the --diff gate see it (issue 29, item 7).
TEST(WindowAnalysisTest, OneLeakPerExitAndPerFaultLabel) {
  windowsOf(std::string(Header) +
                "int f(struct ev __user *p, u32 a, int x, int y) {\n"
                "  if (!user_write_access_begin(p, sizeof(*p)))\n"
                "    return -EFAULT;\n"
                "  if (x)\n"
                "    return -EINVAL;\n"
                "  if (y)\n"
                "    return -EAGAIN;\n"
                "  unsafe_put_user(a, &p->events, efault);\n"
                "  unsafe_put_user(a, &p->events, efault);\n"
                "  user_write_access_end();\n"
                "  return 0;\n"
                "efault:\n"
                "  return -EFAULT;\n"
                "}\n",
            "f", [](FunctionAnalyses &FA, const WindowAnalysis &W) {
              ASSERT_EQ(kinds(W),
                        std::vector<WindowEventKind>(3, WindowEventKind::Leak));
              unsigned ViaFault = 0;
              std::set<const Stmt *> Exits;
              for (const WindowEvent &E : W.events()) {
                EXPECT_EQ(FA.uses().use(E.State.Begin).name(),
                          "user_write_access_begin");
                ASSERT_TRUE(E.Exit);
                EXPECT_TRUE(isa<ReturnStmt>(E.Exit));
                Exits.insert(E.Exit);
                ViaFault += E.State.ViaFault >= 0;
              }
              // Two faults to one label: one event, one fix.
              EXPECT_EQ(ViaFault, 1u);
              EXPECT_EQ(Exits.size(), 3u);
            });
}

TEST(WindowAnalysisTest, EndOfAnotherFamilyIsAMismatch) {
  windowsOf(
      std::string(Header) + "int f(struct ev __user *p, u32 *a) {\n"
                            "  if (!user_read_access_begin(p, sizeof(*p)))\n"
                            "    return -EFAULT;\n"
                            "  unsafe_get_user(*a, &p->events, efault);\n"
                            "  user_write_access_end();\n"
                            "  return 0;\n"
                            "efault:\n"
                            "  user_read_access_end();\n"
                            "  return -EFAULT;\n"
                            "}\n",
      "f", [](FunctionAnalyses &, const WindowAnalysis &W) {
        ASSERT_EQ(kinds(W),
                  std::vector<WindowEventKind>{WindowEventKind::Mismatch});
        const WindowEvent &E = W.events()[0];
        ASSERT_TRUE(E.Use);
        EXPECT_EQ(E.Use->name(), "user_write_access_end");
        EXPECT_EQ(E.State.Fam, Family::Read);
      });
}

TEST(WindowAnalysisTest, RedundantEndNestedBeginAndOpOutside) {
  windowsOf(std::string(Header) +
                "int f(struct ev __user *p, u32 a, int x) {\n"
                "  unsafe_put_user(a, &p->events, efault);\n"
                "  if (!user_write_access_begin(p, sizeof(*p)))\n"
                "    return -EFAULT;\n"
                "  if (x && user_write_access_begin(p, sizeof(*p)))\n"
                "    user_write_access_end();\n"
                "  user_write_access_end();\n"
                "  user_write_access_end();\n"
                "  return 0;\n"
                "efault:\n"
                "  return -EFAULT;\n"
                "}\n",
            "f", [](FunctionAnalyses &, const WindowAnalysis &W) {
              std::vector<WindowEventKind> K = kinds(W);
              auto Has = [&](WindowEventKind Kind) {
                return std::count(K.begin(), K.end(), Kind) > 0;
              };
              EXPECT_TRUE(Has(WindowEventKind::UnsafeOutside));
              EXPECT_TRUE(Has(WindowEventKind::NestedBegin));
              EXPECT_TRUE(Has(WindowEventKind::RedundantEnd));
              EXPECT_FALSE(Has(WindowEventKind::CallInside));
            });
}

TEST(WindowAnalysisTest, CallsInsideAreJudgedByThePolicy) {
  windowsOf(std::string(Header) +
                "extern void log_event(int);\n"
                "int f(struct ev __user *p, u32 a) {\n"
                "  if (!user_write_access_begin(p, sizeof(*p)))\n"
                "    return -EFAULT;\n"
                "  log_event(1);\n"
                "  mutex_lock(0);\n"
                "  unsafe_put_user(a, &p->events, efault);\n"
                "  user_write_access_end();\n"
                "  log_event(2);\n"
                "  return 0;\n"
                "efault:\n"
                "  user_write_access_end();\n"
                "  return -EFAULT;\n"
                "}\n",
            "f", [](FunctionAnalyses &, const WindowAnalysis &W) {
              std::vector<std::string> Callees;
              for (const WindowEvent &E : W.events()) {
                EXPECT_EQ(E.Kind, WindowEventKind::CallInside);
                ASSERT_TRUE(E.Call && E.Verdict.Callee);
                EXPECT_FALSE(E.Verdict.Safe);
                Callees.push_back(E.Verdict.Callee->getNameAsString());
                if (Callees.back() == "mutex_lock") {
                  EXPECT_TRUE(E.Verdict.MaySleep);
                }
              }
              // log_event(2) runs after the end: not inside.
              EXPECT_EQ(Callees,
                        (std::vector<std::string>{"log_event", "mutex_lock"}));
            });
}

TEST(WindowAnalysisTest, StatesAtTheFaultLabelAndOpenersOfAnOp) {
  windowsOf(Balanced, "f", [](FunctionAnalyses &FA, const WindowAnalysis &W) {
    const UaccessUse *Op = nullptr, *Begin = nullptr;
    for (const UaccessUse &U : FA.uses().uses()) {
      if (U.name() == "unsafe_put_user")
        Op = &U;
      if (U.name() == "user_write_access_begin")
        Begin = &U;
    }
    ASSERT_TRUE(Op && Begin && Op->FaultLabel);
    llvm::ArrayRef<WindowState> AtLabel = W.statesAt(Op->FaultLabel);
    ASSERT_EQ(AtLabel.size(), 1u);
    EXPECT_EQ(AtLabel[0].K, WindowState::Open);
    EXPECT_EQ(AtLabel[0].Begin, int(Begin->Id));
    EXPECT_EQ(W.openersOf(*Op), llvm::ArrayRef<int>(int(Begin->Id)));
  });
}

} // namespace

namespace {

/// A helper that ends its caller's window at its own fault label, and a
/// caller whose label ends it again.
const std::string HelperEndsOnFault =
    std::string(Header) +
    "static inline int put_ev(struct ev __user *p, u32 a) {\n"
    "  unsafe_put_user(a, &p->events, efault);\n"
    "  return 0;\n"
    "efault:\n"
    "  user_write_access_end();\n"
    "  return -EFAULT;\n"
    "}\n"
    "int f(struct ev __user *p, u32 a) {\n"
    "  if (!user_write_access_begin(p, sizeof(*p)))\n"
    "    return -EFAULT;\n"
    "  if (put_ev(p, a))\n"
    "    goto efault;\n"
    "  user_write_access_end();\n"
    "  return 0;\n"
    "efault:\n"
    "  user_write_access_end();\n"
    "  return -EFAULT;\n"
    "}\n";

TEST(WindowAnalysisTest, AHelpersWaysOutSayWhereItEndsTheWindow) {
  windowsOf(HelperEndsOnFault, "put_ev",
            [](FunctionAnalyses &, const WindowAnalysis &W) {
              EXPECT_TRUE(W.events().empty());
              std::vector<WindowExit> Ways(W.exits().begin(), W.exits().end());
              ASSERT_EQ(Ways.size(), 2u);
              auto Has = [&](bool Open, ValueSign Sign) {
                return llvm::is_contained(Ways, WindowExit{Open, Sign});
              };
              EXPECT_TRUE(Has(true, ValueSign::Zero));
              EXPECT_TRUE(Has(false, ValueSign::Negative));
            });
}

TEST(WindowAnalysisTest, TheCallersLabelEndsAWindowTheHelperEnded) {
  windowsOf(
      HelperEndsOnFault, "f",
      [](FunctionAnalyses &FA, const WindowAnalysis &W) {
        ASSERT_EQ(kinds(W),
                  std::vector<WindowEventKind>{WindowEventKind::RedundantEnd});
        const WindowEvent &E = W.events().front();
        ASSERT_TRUE(E.State.ClosedBy);
        EXPECT_EQ(E.State.ClosedBy->getDirectCallee()->getName(), "put_ev");
        EXPECT_EQ(E.State.ReturnedSign, ValueSign::Negative);
        // The label's end, not the success path's: the open way
        // returned 0.
        const UaccessUse *LastEnd = nullptr;
        for (const UaccessUse &U : FA.uses().uses())
          if (U.Api->TheRole == Role::End)
            LastEnd = &U;
        EXPECT_EQ(E.Use, LastEnd);
      });
}

} // namespace
