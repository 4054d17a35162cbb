//===--- FieldChecksTest.cpp - User pointers read from struct fields ------===//

#include "analysis/FieldChecks.h"

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

const char *const Structs =
    "typedef unsigned long long u64;\n"
    "struct exec { int count; u64 relocs_ptr; };\n"
    "struct eb { struct exec *exec; };\n"
    "struct sr { int fd; union { void *buf; char *umsg; }; };\n"
    "typedef struct { char *p; } holder_t;\n"
    "#define to_ptr(x) ({ (void)0; (char *)(unsigned long)(x); })\n";

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
};

/// \p Body as the body of `f`, after the structs above.
Parsed parse(llvm::StringRef Params, llvm::StringRef Body) {
  std::string Code = std::string(Structs) + "void use(char *);\nvoid f(" +
                     Params.str() + ") " + Body.str();
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(P.AST && !P.AST->getDiagnostics().hasErrorOccurred());
  P.F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition()).bind("f"),
                 P.AST->getASTContext()));
  return P;
}

/// The field the argument of f's last call of use() reads.
FieldRead readByUse(const Parsed &P) {
  auto Calls =
      match(findAll(callExpr(callee(functionDecl(hasName("use")))).bind("c")),
            *P.F->getBody(), P.AST->getASTContext());
  EXPECT_FALSE(Calls.empty());
  const auto *Call = Calls.back().getNodeAs<CallExpr>("c");
  return fieldReadOf(*Call->getArg(0), *P.F);
}

TEST(FieldChecksTest, KeyIsRecordAndMember) {
  Parsed P =
      parse("struct eb *eb, int i", "{ use(to_ptr(eb->exec[i].relocs_ptr)); }");
  FieldRead R = readByUse(P);
  EXPECT_EQ(R.Key, "exec::relocs_ptr");
  ASSERT_TRUE(R.Member);
  EXPECT_FALSE(R.Member->isArrow());
}

TEST(FieldChecksTest, AnonymousRecordsTakeTheirOwnersName) {
  EXPECT_EQ(readByUse(parse("struct sr *sr", "{ use(sr->umsg); }")).Key,
            "sr::umsg");
  EXPECT_EQ(readByUse(parse("holder_t *h", "{ use(h->p + 4); }")).Key,
            "holder_t::p");
}

TEST(FieldChecksTest, ALocalSetFromOneFieldReadsIt) {
  // Stepped after the copy, and cleared to NULL: still that field.
  FieldRead R = readByUse(
      parse("struct sr *sr, int n",
            "{ char *q = sr->umsg; q += n; if (n) q = 0; use(q + 1); }"));
  EXPECT_EQ(R.Key, "sr::umsg");
}

TEST(FieldChecksTest, ALocalOfTwoSourcesOrWhoseAddressEscapesReadsNone) {
  EXPECT_EQ(readByUse(parse("struct sr *sr, holder_t *h, int n",
                            "{ char *q = sr->umsg; if (n) q = h->p; "
                            "use(q); }"))
                .Key,
            "");
  EXPECT_EQ(readByUse(parse("struct sr *sr, char **out",
                            "{ char *q = sr->umsg; *out = (char *)&q; "
                            "use(q); }"))
                .Key,
            "");
  EXPECT_EQ(readByUse(parse("char *p", "{ use(p); }")).Key, "");
}

TEST(FieldChecksTest, WritesOfAFieldAreAssignmentsStepsAndAddresses) {
  EXPECT_TRUE(
      writesField(*parse("struct sr *sr", "{ sr->umsg = 0; }").F, "sr::umsg"));
  EXPECT_TRUE(
      writesField(*parse("struct sr *sr", "{ sr->umsg++; }").F, "sr::umsg"));
  EXPECT_TRUE(writesField(
      *parse("struct sr *sr, char ***out", "{ *out = &sr->umsg; }").F,
      "sr::umsg"));
  EXPECT_FALSE(writesField(
      *parse("struct sr *sr", "{ use(sr->umsg); sr->fd = 1; }").F, "sr::umsg"));
}

} // namespace
