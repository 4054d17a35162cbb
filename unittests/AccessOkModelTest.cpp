//===--- AccessOkModelTest.cpp - Which check guards an access -------------===//
//
// The model access-ok-far and access-ok-redundant read: the uses that
// check a range, dominance over the CFG, the distance between two uses, and
// how the checks before an access relate to it (guardsOf()).
//
//===----------------------------------------------------------------------===//

#include "analysis/AccessOkModel.h"
#include "utils/SourceUtils.h"

#include "AnalysisHarness.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace uaccess;
using namespace uaccess::test;

namespace {

/// Runs \p Check over the uses and the model of function f in \p Code.
void modelOf(
    llvm::StringRef Code,
    std::function<void(FunctionAnalyses &, const AccessOkModel &)> Check) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(Code, [&](AnalysisCache &Cache, ASTContext &Ctx) {
    const FunctionDecl *FD = definitionOf(Ctx, "f");
    ASSERT_TRUE(FD);
    FunctionAnalyses &FA = Cache.get(*FD);
    const AccessOkModel *M = FA.getAnalysis<AccessOkModel>();
    ASSERT_TRUE(M);
    Check(FA, *M);
    Ran = true;
  }));
  EXPECT_TRUE(Ran);
}

/// The \p N-th use (from 0) named \p Name.
const UaccessUse &nth(FunctionAnalyses &FA, llvm::StringRef Name,
                      unsigned N = 0) {
  for (const UaccessUse &U : FA.uses().uses())
    if (U.name() == Name && N-- == 0)
      return U;
  ADD_FAILURE() << "no " << Name.str();
  return FA.uses().uses().front();
}

TEST(AccessOkModelTest, ADominatingCheckOfThePointerGuards) {
  modelOf("int f(int __user *p, int a) {\n"
          "  if (!access_ok(p, sizeof(*p)))\n"
          "    return -EFAULT;\n"
          "  a++;\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &M) {
            const UaccessUse &Check = nth(FA, "access_ok");
            const UaccessUse &Put = nth(FA, "__put_user");
            ASSERT_EQ(M.checks().size(), 1u);
            EXPECT_EQ(M.checks()[0], &Check);
            EXPECT_TRUE(M.dominates(Check, Put));
            EXPECT_FALSE(M.dominates(Put, Check));
            EXPECT_EQ(M.linesBetween(Check, Put), 3u);
            EXPECT_GE(M.statementsBetween(Check, Put), 1u);
            AccessGuards G = guardsOf(FA, Put);
            EXPECT_EQ(G.Guard, &Check);
            EXPECT_FALSE(G.OnOtherPath || G.OtherPointer || G.Unreadable);
          });
}

TEST(AccessOkModelTest, ACheckOnOnePathOnlyIsOnAnotherPath) {
  modelOf("int f(int __user *p, int a, int x) {\n"
          "  if (x && !access_ok(p, sizeof(*p)))\n"
          "    return -EFAULT;\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &M) {
            const UaccessUse &Check = nth(FA, "access_ok");
            const UaccessUse &Put = nth(FA, "__put_user");
            EXPECT_FALSE(M.dominates(Check, Put));
            AccessGuards G = guardsOf(FA, Put);
            EXPECT_EQ(G.Guard, nullptr);
            EXPECT_EQ(G.OnOtherPath, &Check);
          });
}

TEST(AccessOkModelTest, ACheckOfAnotherPointerIsNamedSo) {
  modelOf("int f(int __user *p, int __user *q, int a) {\n"
          "  if (!access_ok(q, sizeof(*q)))\n"
          "    return -EFAULT;\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &) {
            AccessGuards G = guardsOf(FA, nth(FA, "__put_user"));
            EXPECT_EQ(G.Guard, nullptr);
            EXPECT_EQ(G.OtherPointer, &nth(FA, "access_ok"));
          });
}

TEST(AccessOkModelTest, SelfCheckingAccessorsAreChecks) {
  modelOf("int f(int __user *p, char __user *buf, unsigned long n) {\n"
          "  int v;\n"
          "  if (get_user(v, p))\n"
          "    return -EFAULT;\n"
          "  if (!access_ok(buf, n))\n"
          "    return -EFAULT;\n"
          "  return __put_user(v, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &M) {
            const UaccessUse &Get = nth(FA, "get_user");
            const UaccessUse &Check = nth(FA, "access_ok");
            ASSERT_EQ(M.checks().size(), 2u);
            EXPECT_EQ(M.checks()[0], &Get);
            EXPECT_EQ(M.checks()[1], &Check);
            EXPECT_TRUE(AccessOkModel::checksWholeBuffer(Check));
            EXPECT_FALSE(AccessOkModel::checksWholeBuffer(Get));
            EXPECT_EQ(AccessOkModel::pointerOf(Check).Base, "buf");
            EXPECT_EQ(guardsOf(FA, nth(FA, "__put_user")).Guard, &Get);
          });
}

TEST(AccessOkModelTest, OnlyUncheckedAccessesRelyOnAGuard) {
  bool Ran = false;
  ASSERT_TRUE(withAnalyses(
      "int checked(int __user *p, int a) { return put_user(a, p); }\n"
      "int trusting(int __user *p, int a) { return __put_user(a, p); }\n",
      [&](AnalysisCache &Cache, ASTContext &Ctx) {
        const FunctionDecl *Checked = definitionOf(Ctx, "checked");
        const FunctionDecl *Trusting = definitionOf(Ctx, "trusting");
        ASSERT_TRUE(Checked && Trusting);
        EXPECT_FALSE(reliesOnAGuard(Cache.get(*Checked).uses()));
        EXPECT_TRUE(reliesOnAGuard(Cache.get(*Trusting).uses()));
        Ran = true;
      }));
  EXPECT_TRUE(Ran);
}

} // namespace

TEST(AccessOkModelTest, AWriteThroughTheAddressReassigns) {
  modelOf("void redirect(int __user **pp);\n"
          "int f(int __user *p, int a) {\n"
          "  if (!access_ok(p, sizeof(*p)))\n"
          "    return -EFAULT;\n"
          "  redirect(&p);\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &) {
            AccessGuards G = guardsOf(FA, nth(FA, "__put_user"));
            EXPECT_EQ(G.Reassigned, &nth(FA, "access_ok"));
            ASSERT_TRUE(G.AssignedBy);
            EXPECT_TRUE(isa<CallExpr>(G.AssignedBy));
          });
}

TEST(AccessOkModelTest, AConstParameterOnlyReadsTheAddress) {
  modelOf("int peek(int __user *const *pp);\n"
          "int f(int __user *p, int a) {\n"
          "  if (!access_ok(p, sizeof(*p)) || peek(&p))\n"
          "    return -EFAULT;\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &) {
            AccessGuards G = guardsOf(FA, nth(FA, "__put_user"));
            EXPECT_EQ(G.Reassigned, nullptr);
            EXPECT_EQ(G.Guard, &nth(FA, "access_ok"));
          });
}

TEST(AccessOkModelTest, ACaseOfAConstantSwitchThatDoesNotMatchNeverRuns) {
  modelOf("int f(int __user *p, int a) {\n"
          "  switch (sizeof(*p)) {\n"
          "  case 1: a = 1; break;\n"
          "  case 4: a = 4; break;\n"
          "  }\n"
          "  return __put_user(a, p);\n"
          "}\n",
          [](FunctionAnalyses &FA, const AccessOkModel &M) {
            std::vector<const BinaryOperator *> Sets;
            anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
              const auto *BO = dyn_cast<BinaryOperator>(&S);
              const auto *To =
                  BO && BO->getOpcode() == BO_Assign
                      ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())
                      : nullptr;
              if (To && To->getDecl()->getName() == "a")
                Sets.push_back(BO);
              return false;
            });
            ASSERT_EQ(Sets.size(), 2u);
            for (const BinaryOperator *Set : Sets) {
              std::optional<llvm::APSInt> V =
                  Set->getRHS()->getIntegerConstantExpr(FA.astContext());
              ASSERT_TRUE(V);
              // sizeof(int) is 4: `case 1` never runs.
              EXPECT_EQ(M.reachable(*Set), *V == 4) << V->getExtValue();
            }
          });
}
