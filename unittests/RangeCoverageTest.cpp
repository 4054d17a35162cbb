//===--- RangeCoverageTest.cpp - Byte places of pointer expressions -------===//

#include "analysis/RangeCoverage.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;

namespace {

const char *Decls = "struct hdr { int a; int b; long long c; int arr[4]; };\n"
                    "struct req { struct hdr *h; };\n";

/// The byte place of the argument of the call `at(...)` in \p Body, as
/// "holder+bytes", "holder+?" when the offset varies, or "" for none.
std::string placeIn(llvm::StringRef Body) {
  std::string Code = std::string(Decls) + "void at(const void *p);\n" +
                     "void f(struct hdr *p, struct req *r, int i) {\n" +
                     Body.str() + ";\n}\n";
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return "<error>";
  const auto *Call = selectFirst<CallExpr>(
      "c", match(callExpr(callee(functionDecl(hasName("at")))).bind("c"),
                 AST->getASTContext()));
  if (!Call)
    return "<no call>";
  BytePlace P = bytePlaceOf(*Call->getArg(0), AST->getASTContext());
  if (P.Holder.empty())
    return "";
  return P.Holder + "+" + (P.Bytes ? std::to_string(*P.Bytes) : "?") +
         (P.Extent ? "~" + std::to_string(P.Extent) : "");
}

TEST(RangeCoverageTest, ConstantOffsetsAreCountedInBytes) {
  EXPECT_EQ(placeIn("at(p)"), "p+0");
  EXPECT_EQ(placeIn("at(&p->b)"), "p+4");
  EXPECT_EQ(placeIn("at(&p->c)"), "p+8");
  EXPECT_EQ(placeIn("at(&p->arr[2])"), "p+24");
  EXPECT_EQ(placeIn("at(&p[1].b)"), "p+36");
  EXPECT_EQ(placeIn("at(p + 2)"), "p+64");
  EXPECT_EQ(placeIn("at((char *)p + 3)"), "p+3");
  EXPECT_EQ(placeIn("at((char *)(p + 1) - 1)"), "p+31");
}

TEST(RangeCoverageTest, AFieldThatHoldsThePointerIsItsHolder) {
  EXPECT_EQ(placeIn("at(r->h)"), "r->h+0");
  EXPECT_EQ(placeIn("at(&r->h->c)"), "r->h+8");
}

TEST(RangeCoverageTest, AVariableIndexIntoAnArrayMemberStaysInIt) {
  EXPECT_EQ(placeIn("at(&p->arr[i])"), "p+16~16");
}

TEST(RangeCoverageTest, AVariableIndexOrAStepMakesTheOffsetVary) {
  EXPECT_EQ(placeIn("at(&p[i].b)"), "p+?");
  EXPECT_EQ(placeIn("at(p + i)"), "p+?");
  EXPECT_EQ(placeIn("at(p++)"), "p+?");
}

TEST(RangeCoverageTest, WhatIsNoPointerPlusOffsetHasNoHolder) {
  EXPECT_EQ(placeIn("at((void *)0)"), "");
  EXPECT_EQ(placeIn("at(i ? p : 0)"), "");
}

TEST(RangeCoverageTest, ByteRangesShiftAndNest) {
  ByteRange Field{4, 8};
  EXPECT_TRUE(Field.within({0, 8}));
  EXPECT_TRUE(Field.within({4, 8}));
  EXPECT_FALSE(Field.within({0, 4}));
  EXPECT_FALSE(Field.within({5, 16}));
  ByteRange Moved = Field.shifted(8);
  EXPECT_EQ(Moved.Begin, 12);
  EXPECT_EQ(Moved.End, 16);
  EXPECT_FALSE(Field.shifted(-8).within({0, 16}));
}

} // namespace
