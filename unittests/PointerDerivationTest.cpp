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

TEST(PointerDerivationTest, CopiesAndCastsOfAParameterAreCopies) {
  // fpu/signal.c: `struct _fpstate_32 __user *fp = buf;`, twice.
  Parsed P = derive(std::string(Structs) +
                    "void f(void *buf) { if (buf) { struct d *fp = buf; } "
                    "else { long *fp = (long *)buf; } struct d *x; x = "
                    "(struct d *)buf; }");
  std::optional<PointerCopy> C = P.Derivation->copyOf("x");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "buf");
  EXPECT_TRUE(C->exact());
  EXPECT_FALSE(C->SameType);
  // Both fp copy buf: the name is a copy whichever declaration is read.
  C = P.Derivation->copyOf("fp");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "buf");
  EXPECT_FALSE(P.Derivation->copyOf("buf"));
}

TEST(PointerDerivationTest, ConstantOffsetsAndWalksAreKept) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *p, int n) { struct d *q = p + 2; "
                    "struct d *w = p; while (n--) w++; struct d *s = p; s = "
                    "s + 1; }");
  std::optional<PointerCopy> C = P.Derivation->copyOf("q");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Offset, 2);
  EXPECT_TRUE(C->SameType);
  EXPECT_FALSE(C->Walks);
  EXPECT_FALSE(C->exact());
  C = P.Derivation->copyOf("w");
  ASSERT_TRUE(C);
  EXPECT_TRUE(C->Walks);
  C = P.Derivation->copyOf("s");
  ASSERT_TRUE(C);
  EXPECT_TRUE(C->Walks);
}

// 6.12 fpu__restore_sig(): `buf_fx = buf`, and for 32-bit frames `buf_fx =
// buf + sizeof(struct fregs_state)`: inside buf, at an offset not known.
TEST(PointerDerivationTest, SeveralConstantOffsetsVary) {
  Parsed P = derive(std::string(Structs) +
                    "void f(struct d *p, int n) { struct d *q = p; if (n) q = "
                    "p + 3; struct d *r = p + 1; if (n) r = p + 1; }");
  std::optional<PointerCopy> C = P.Derivation->copyOf("q");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "p");
  EXPECT_TRUE(C->OffsetVaries);
  EXPECT_FALSE(C->Walks);
  EXPECT_FALSE(C->exact());
  C = P.Derivation->copyOf("r");
  ASSERT_TRUE(C);
  EXPECT_FALSE(C->OffsetVaries);
  EXPECT_EQ(C->Offset, 1);
}

TEST(PointerDerivationTest, CopiesThatMayHoldAnotherValueAreNot) {
  Parsed P = derive(std::string(Structs) + R"(
struct d *g;
void f(struct d *p, struct d *o, int n, struct d **out) {
  struct d *other = p; if (n) other = o;       /* another origin */
  struct d *var = p + n;                       /* a variable offset */
  struct d *bytes = (struct d *)((char *)p + 4); /* bytes */
  struct d *addr = p; *out = (struct d *)&addr; /* escapes */
  struct d *fromg = g;                         /* a global's value */
  struct d *moved = o; o = p;                  /* origin reassigned */
  struct d *deref = *out;                      /* a load, not a field */
  struct d *field = o->next; o->next = p;      /* field reassigned */
  struct d *holder = n ? p : o;
  struct d *held = holder->next; holder = p;   /* holder reassigned */
})");
  for (const char *V : {"other", "var", "bytes", "addr", "fromg", "moved",
                        "deref", "field", "held", "p", "g"})
    EXPECT_FALSE(P.Derivation->copyOf(V)) << V;
}

// A pointer read out of a struct field copies that field: ioctls keep user
// pointers in their argument struct (`args->data_ptr`).
TEST(PointerDerivationTest, AFieldReadIsACopyOfTheField) {
  Parsed P = derive(std::string(Structs) + R"(
struct h { struct d *next; unsigned long long ptr; };
void f(struct h *args, struct h *outer) {
  struct d *load = args->next;
  struct d *cast = (struct d *)(unsigned long)args->ptr;
  struct d *walk = ({ (struct d *)args->ptr; }); walk++;
})");
  std::optional<PointerCopy> C = P.Derivation->copyOf("load");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "args->next");
  EXPECT_TRUE(C->SameType);
  EXPECT_TRUE(C->exact());
  C = P.Derivation->copyOf("cast");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "args->ptr");
  EXPECT_FALSE(C->SameType);
  C = P.Derivation->copyOf("walk");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Origin, "args->ptr");
  EXPECT_TRUE(C->Walks);
}

/// The location of the call `mark()` in \p P's function: where a check
/// would be.
SourceLocation markIn(const Parsed &P) {
  const auto *Call = selectFirst<CallExpr>(
      "c", match(callExpr(callee(functionDecl(hasName("mark")))).bind("c"),
                 P.AST->getASTContext()));
  EXPECT_TRUE(Call);
  return Call ? Call->getBeginLoc() : SourceLocation();
}

TEST(PointerDerivationTest, WritesBeforeALocationSettleAHolder) {
  const char *Decls = "struct v { long *p; };\nvoid mark(void);\n"
                      "long *next(void);\n";
  Parsed Before = derive(std::string(Decls) +
                         "void f(struct v *m, long *q) { m->p = next(); "
                         "q = next(); mark(); }");
  SourceLocation At = markIn(Before);
  EXPECT_FALSE(Before.Derivation->stable("m->p"));
  EXPECT_TRUE(Before.Derivation->settledBefore("m->p", At));
  EXPECT_TRUE(Before.Derivation->settledBefore("q", At));
  Parsed After = derive(std::string(Decls) +
                        "void f(struct v *m, long *q) { m->p = next(); "
                        "mark(); m->p = next(); q++; }");
  At = markIn(After);
  EXPECT_FALSE(After.Derivation->settledBefore("m->p", At));
  EXPECT_FALSE(After.Derivation->settledBefore("q", At));
  // An address taken may write it anywhere after.
  Parsed Escaped = derive(std::string(Decls) +
                          "void g(long **pp);\n"
                          "void f(struct v *m) { m->p = next(); g(&m->p); "
                          "mark(); }");
  EXPECT_FALSE(Escaped.Derivation->settledBefore("m->p", markIn(Escaped)));
}

TEST(PointerDerivationTest, AWalkStartsAtItsOneStore) {
  Parsed Walked =
      derive("void f(long *p) { long *q; q = p + 1; q++; q += 2; }");
  const Expr *Start = Walked.Derivation->walkStart("q");
  ASSERT_TRUE(Start);
  EXPECT_TRUE(isa<BinaryOperator>(Start->IgnoreParenImpCasts()));
  EXPECT_FALSE(Walked.Derivation->onlyStore("q"));
  // Stored twice, its address taken, or a parameter: no one start.
  EXPECT_FALSE(derive("void f(long *p, int c) { long *q = p; if (c) q = p + "
                      "1; q++; }")
                   .Derivation->walkStart("q"));
  EXPECT_FALSE(derive("void g(long **pp);\n"
                      "void f(long *p) { long *q = p; g(&q); q++; }")
                   .Derivation->walkStart("q"));
  EXPECT_FALSE(derive("void f(long *q) { q++; }").Derivation->walkStart("q"));
}

TEST(PointerDerivationTest, MacroTemporariesOfTwoUsesRelateNothing) {
  const char *Put = "#define PUT(v, ptr) do { int *__ptr = (ptr); *__ptr = "
                    "(v); } while (0)\n";
  Parsed Two = derive(std::string(Put) +
                      "void f(int *a, int *b) { PUT(1, a); PUT(2, b); }");
  EXPECT_FALSE(Two.Derivation->related("a", "b"));
  EXPECT_TRUE(Two.Derivation->repeatedMacroLocal("__ptr"));
  // Declared once, the temporary is the macro's pointer, as written.
  Parsed One = derive(std::string(Put) + "void f(int *a) { PUT(1, a); }");
  EXPECT_TRUE(One.Derivation->related("__ptr", "a"));
  EXPECT_FALSE(One.Derivation->repeatedMacroLocal("__ptr"));
}

/// The braces of f's body: a check before, or after, all of it.
std::pair<SourceLocation, SourceLocation> bodyEdges(Parsed &P) {
  const auto *F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"),
                 P.AST->getASTContext()));
  const auto *Body = cast<CompoundStmt>(F->getBody());
  return {Body->getLBracLoc(), Body->getRBracLoc()};
}

TEST(PointerDerivationTest, ACopyOfAnOverwrittenPointerIsStale) {
  Parsed Stale = derive(std::string(Structs) +
                        "void f(struct d *frame, struct d *other) {\n"
                        "  struct d *q = frame;\n"
                        "  frame = other;\n"
                        "}");
  auto [Before, After] = bodyEdges(Stale);
  EXPECT_TRUE(Stale.Derivation->related("q", "frame"));
  // Checked after the write: q holds what was never checked.
  EXPECT_TRUE(Stale.Derivation->staleCopy("q", "frame", After));
  // Checked before the copy, written after it: q holds what was checked.
  EXPECT_FALSE(Stale.Derivation->staleCopy("q", "frame", Before));
  EXPECT_FALSE(Stale.Derivation->staleCopy("frame", "frame", After));
  // Copied after the write, checked after both: the same value.
  Parsed Fresh = derive(std::string(Structs) +
                        "void f(struct d *frame, struct d *other) {\n"
                        "  struct d *q;\n"
                        "  frame = other;\n"
                        "  q = frame;\n"
                        "}");
  EXPECT_FALSE(
      Fresh.Derivation->staleCopy("q", "frame", bodyEdges(Fresh).second));
  // Never written: no copy of it is stale.
  Parsed Kept = derive(std::string(Structs) +
                       "void f(struct d *frame) { struct d *q = frame; }");
  EXPECT_FALSE(
      Kept.Derivation->staleCopy("q", "frame", bodyEdges(Kept).second));
}

} // namespace
