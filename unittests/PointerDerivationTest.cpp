//===--- PointerDerivationTest.cpp - Pointers derived from one another ----===//

#include "analysis/PointerDerivation.h"

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

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<PointerDerivation> Derivation;
};

Parsed derive(llvm::StringRef Code) {
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(P.AST && !P.AST->getDiagnostics().hasErrorOccurred());
  const auto *F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"),
                 P.AST->getASTContext()));
  EXPECT_TRUE(F);
  P.Derivation = std::make_unique<PointerDerivation>(*F);
  return P;
}

const char *Structs = "struct d { long ino; long off; long arr[4]; struct d "
                      "*next; };\n";

TEST(PointerDerivationTest, ArithmeticAndCastsDerive) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *dirent, int n) { struct d *prev; "
                    "prev = (void *)dirent - n; }");
  EXPECT_TRUE(P.Derivation->related("prev", "dirent"));
  EXPECT_TRUE(P.Derivation->related("dirent", "prev"));
  EXPECT_FALSE(P.Derivation->related("prev", "n"));
}

TEST(PointerDerivationTest, MemberAndElementAddressesDerive) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *frame, struct d *v) { long *a = "
                    "&frame->off; long *b = &v[2].ino; }");
  EXPECT_TRUE(P.Derivation->related("a", "frame"));
  EXPECT_TRUE(P.Derivation->related("b", "v"));
  EXPECT_FALSE(P.Derivation->related("a", "b"));
}

TEST(PointerDerivationTest, ArrayMemberDecayDerives) {
  // readdir's unsafe_copy_dirent_name(): `char *dst = dirent->d_name;`.
  Parsed P = derive("struct de { long ino; char name[8]; };\n"
                    "void f(struct de *dirent) { char *dst = dirent->name; }");
  EXPECT_TRUE(P.Derivation->related("dst", "dirent"));
}

TEST(PointerDerivationTest, LoadsDoNotDerive) {
  // next is read from memory: not inside the object p points to.
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *p, struct d **pp) { struct d *q = "
                    "p->next; struct d *r = *pp; }");
  EXPECT_FALSE(P.Derivation->related("q", "p"));
  EXPECT_FALSE(P.Derivation->related("r", "pp"));
}

TEST(PointerDerivationTest, ConditionalJoinsBothArms) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *a, struct d *b, int c) { struct d *x "
                    "= c ? a : b + 1; }");
  EXPECT_TRUE(P.Derivation->related("x", "a"));
  EXPECT_TRUE(P.Derivation->related("x", "b"));
}

TEST(PointerDerivationTest, UnknownNamesAreOnlyRelatedToThemselves) {
  Parsed P = derive("void f(void) {}");
  EXPECT_TRUE(P.Derivation->related("sr->umsg", "sr->umsg"));
  EXPECT_FALSE(P.Derivation->related("p", "q"));
}

TEST(PointerDerivationTest, ArrayMembersFoldIntoTheirObject) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *frame) { frame->arr[1] = 0; }");
  PointerShape S = P.Derivation->objectShape(pointerShape("&frame->arr[1]"));
  EXPECT_EQ(S.Base, "frame");
  EXPECT_EQ(S.Kind, PointerShape::FieldOf);
  EXPECT_EQ(S.constantIndex(), 0);
  // A pointer member is a load, not a part of the object.
  S = P.Derivation->objectShape(pointerShape("&frame->next[1]"));
  EXPECT_EQ(S.Base, "frame->next");
}

} // namespace
