//===--- SourceUtilsTest.cpp - Parents, source text and indentation -------===//

#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace uaccess;

namespace {

std::unique_ptr<ASTUnit> buildC(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-x", "c"});
  EXPECT_TRUE(AST != nullptr);
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  return AST;
}

/// The first node \p M matches in \p AST.
template <typename T, typename MatcherT>
const T *find(ASTUnit &AST, MatcherT M) {
  return selectFirst<T>("n", match(M.bind("n"), AST.getASTContext()));
}

/// The parents of the body of the function \p Name in \p AST.
std::unique_ptr<ParentMap> bodyParents(ASTUnit &AST, llvm::StringRef Name) {
  const auto *Fn =
      find<FunctionDecl>(AST, functionDecl(hasName(Name), isDefinition()));
  EXPECT_TRUE(Fn);
  return std::make_unique<ParentMap>(Fn ? Fn->getBody() : nullptr);
}

// localVariable

TEST(SourceUtilsTest, LocalVariableUnderParensAndCasts) {
  auto AST =
      buildC("int g; long f(int a) { int ok = a; return (ok) + g + a; }");
  const auto *Ok = find<VarDecl>(*AST, varDecl(hasName("ok")));
  // The value read: an lvalue-to-rvalue cast of `(ok)`.
  const auto *OkRef = find<Expr>(*AST, implicitCastExpr(has(parenExpr())));
  const auto *GRef =
      find<DeclRefExpr>(*AST, declRefExpr(to(varDecl(hasName("g")))));
  const auto *ARef =
      find<DeclRefExpr>(*AST, declRefExpr(to(parmVarDecl(hasName("a"))),
                                          hasAncestor(returnStmt())));
  const auto *Sum = find<Expr>(*AST, binaryOperator());
  ASSERT_TRUE(Ok && OkRef && GRef && ARef && Sum);
  EXPECT_EQ(localVariable(*OkRef), Ok);
  EXPECT_EQ(localVariable(*GRef), nullptr);
  EXPECT_EQ(localVariable(*ARef), nullptr);
  EXPECT_EQ(localVariable(*Sum), nullptr);
}

// parentStmt

TEST(SourceUtilsTest, ParentOfStatementIsItsCompound) {
  auto AST = buildC("int f(int x) { return x; }");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  const auto *Fn = find<FunctionDecl>(*AST, functionDecl(hasName("f")));
  ASSERT_TRUE(Ret && Fn);
  EXPECT_EQ(parentStmt(*Ret, *bodyParents(*AST, "f")), Fn->getBody());
}

TEST(SourceUtilsTest, FunctionBodyHasNoParentStmt) {
  auto AST = buildC("int f(int x) { return x; }");
  const auto *Fn = find<FunctionDecl>(*AST, functionDecl(hasName("f")));
  ASSERT_TRUE(Fn && Fn->getBody());
  EXPECT_EQ(parentStmt(*Fn->getBody(), *bodyParents(*AST, "f")), nullptr);
}

TEST(SourceUtilsTest, ParentOfBranchIsIf) {
  auto AST = buildC("int f(int x) { if (x) return 1; return 0; }");
  const auto *If = find<IfStmt>(*AST, ifStmt());
  ASSERT_TRUE(If);
  EXPECT_EQ(parentStmt(*If->getThen(), *bodyParents(*AST, "f")), If);
}

TEST(SourceUtilsTest, ParentIncludesImplicitCasts) {
  auto AST = buildC("int f(int x) { return x; }");
  const auto *Ref = find<DeclRefExpr>(*AST, declRefExpr(to(varDecl())));
  ASSERT_TRUE(Ref);
  const Stmt *P = parentStmt(*Ref, *bodyParents(*AST, "f"));
  ASSERT_TRUE(P);
  EXPECT_TRUE(isa<ImplicitCastExpr>(P)) << P->getStmtClassName();
}

TEST(SourceUtilsTest, InitializerOfVariableHasNoParentStmt) {
  // Its parent is the VarDecl; the DeclStmt is only its grandparent.
  auto AST = buildC("void f(void) { int y = 42; }");
  const auto *Lit = find<IntegerLiteral>(*AST, integerLiteral());
  ASSERT_TRUE(Lit);
  EXPECT_EQ(parentStmt(*Lit, *bodyParents(*AST, "f")), nullptr);
}

TEST(SourceUtilsTest, StatementOfAnotherBodyHasNoParentStmt) {
  // Only the body the map was built from is mapped.
  auto AST = buildC("int g(int x) { return x; }\nint f(void) { return 1; }");
  const auto *Ret = find<ReturnStmt>(
      *AST, returnStmt(hasAncestor(functionDecl(hasName("g")))));
  ASSERT_TRUE(Ret);
  EXPECT_NE(parentStmt(*Ret, *bodyParents(*AST, "g")), nullptr);
  EXPECT_EQ(parentStmt(*Ret, *bodyParents(*AST, "f")), nullptr);
}

// statementExprValue

TEST(SourceUtilsTest, StatementExpressionValueIsItsLastExpression) {
  auto AST = buildC("int f(int x) { return ({ int y = x; y + 1; }); }");
  const auto *SE = find<StmtExpr>(*AST, stmtExpr());
  const auto *Sum = find<BinaryOperator>(*AST, binaryOperator());
  ASSERT_TRUE(SE && Sum);
  EXPECT_EQ(statementExprValue(*SE), Sum);
}

TEST(SourceUtilsTest, StatementExpressionEndingInAStatementHasNoValue) {
  auto AST = buildC("void f(int x) { ({ if (x) x = 1; }); ({}); }");
  auto All = match(stmtExpr().bind("n"), AST->getASTContext());
  ASSERT_EQ(All.size(), 2u);
  for (const auto &N : All)
    EXPECT_EQ(statementExprValue(*N.getNodeAs<StmtExpr>("n")), nullptr);
}

// valueOf

TEST(SourceUtilsTest, ValueOfLooksThroughCastsAndStatementExpressions) {
  // u64_to_user_ptr()'s shape: a statement expression around a cast.
  auto AST = buildC("struct a { unsigned long p; };\n"
                    "void *f(struct a *x) {\n"
                    "  return (char *)({ (void)0; (void *)(x->p); });\n"
                    "}");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  const auto *Member = find<MemberExpr>(*AST, memberExpr());
  ASSERT_TRUE(Ret && Member);
  EXPECT_EQ(valueOf(*Ret->getRetValue()), Member);
}

TEST(SourceUtilsTest, ValueOfStopsAtArithmetic) {
  auto AST = buildC("char *f(char *p) { return (char *)(p + 1); }");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  EXPECT_TRUE(isa<BinaryOperator>(valueOf(*Ret->getRetValue())));
}

// enclosingLoop

TEST(SourceUtilsTest, EnclosingLoopIsTheInnermost) {
  auto AST = buildC("void g(int);\n"
                    "void f(int n) {\n"
                    "  for (int i = 0; i < n; i++)\n"
                    "    do { g(i); } while (n--);\n"
                    "  g(0);\n"
                    "}");
  const auto *InLoop = find<CallExpr>(
      *AST, callExpr(hasArgument(0, ignoringImpCasts(declRefExpr()))));
  const auto *After =
      find<CallExpr>(*AST, callExpr(hasArgument(0, integerLiteral())));
  const auto *Do = find<DoStmt>(*AST, doStmt());
  ASSERT_TRUE(InLoop && After && Do);
  auto Parents = bodyParents(*AST, "f");
  EXPECT_EQ(enclosingLoop(*InLoop, *Parents), Do);
  EXPECT_EQ(enclosingLoop(*After, *Parents), nullptr);
  const auto *For = find<ForStmt>(*AST, forStmt());
  EXPECT_EQ(enclosingLoop(*Do, *Parents), For);
}

// declaredByMacro

TEST(SourceUtilsTest, DeclaredByMacroTellsTemporariesFromArguments) {
  auto AST = buildC("#define TMP(x) do { int *__tmp = (x); (void)__tmp; } "
                    "while (0)\n"
                    "#define NAMED(name, x) int *name = (x)\n"
                    "#define OUTER(x) NAMED(__inner, x)\n"
                    "void f(int *p) {\n"
                    "  TMP(p);\n"
                    "  NAMED(mine, p);\n"
                    "  OUTER(p);\n"
                    "  int *plain = p;\n"
                    "}");
  const SourceManager &SM = AST->getSourceManager();
  auto Declared = [&](llvm::StringRef Name) {
    const auto *VD = find<VarDecl>(*AST, varDecl(hasName(Name)));
    EXPECT_TRUE(VD) << Name.str();
    return VD && declaredByMacro(VD->getLocation(), SM);
  };
  EXPECT_TRUE(Declared("__tmp"));
  EXPECT_TRUE(Declared("__inner")); // Written in OUTER's body.
  EXPECT_FALSE(Declared("mine"));   // The user's argument.
  EXPECT_FALSE(Declared("plain"));
}

// neverEvaluated

/// neverEvaluated() of the calls `g(1)` to `g(N)` in f of \p Code.
std::vector<bool> gCallsNeverEvaluated(llvm::StringRef Code, int N) {
  auto AST = buildC(Code);
  auto Parents = bodyParents(*AST, "f");
  std::vector<bool> Out;
  for (int K = 1; K <= N; ++K) {
    const auto *Call = find<CallExpr>(
        *AST, callExpr(callee(functionDecl(hasName("g"))),
                       hasArgument(0, integerLiteral(equals(K)))));
    EXPECT_TRUE(Call) << K;
    Out.push_back(Call && neverEvaluated(*Call, *Parents));
  }
  return Out;
}

TEST(SourceUtilsTest, NeverEvaluatedOperandsRunNothing) {
  EXPECT_EQ(gCallsNeverEvaluated(
                "int g(int);\n"
                "unsigned long f(int n) {\n"
                "  return sizeof(g(1)) + __builtin_constant_p(g(2)) +\n"
                "         __builtin_object_size((char *)g(3), 0) + g(4) +\n"
                "         sizeof(char[g(5) + n]);\n"
                "}",
                5),
            std::vector<bool>({true, true, true, false, false}));
}

TEST(SourceUtilsTest, ArmsNotChosenRunNothing) {
  // The controlling expression and the arms not chosen.
  EXPECT_EQ(gCallsNeverEvaluated(
                "int g(int);\n"
                "int f(int n) {\n"
                "  return _Generic(g(1), long: g(2), default: g(3)) +\n"
                "         __builtin_choose_expr(0, g(4), g(5));\n"
                "}",
                5),
            std::vector<bool>({true, true, false, true, false}));
}

TEST(SourceUtilsTest, PointerStepOfReadsSumsDifferencesAndAddresses) {
  auto AST = buildC("int *f(int *p, int n) {\n"
                    "  int *a = p + 2; int *b = (p - n); int *c = &p[3];\n"
                    "  int *d = n + p; int x[4]; int *e = &x[1];\n"
                    "  return a;\n"
                    "}");
  ASSERT_TRUE(AST);
  auto Init = [&](llvm::StringRef Name) {
    const auto *V = find<VarDecl>(*AST, varDecl(hasName(Name)));
    return V ? pointerStepOf(*V->getInit()) : PointerStepExpr();
  };
  PointerStepExpr A = Init("a"), B = Init("b"), C = Init("c");
  ASSERT_TRUE(A.Base && B.Base && C.Base);
  EXPECT_EQ(A.Base->getDecl()->getName(), "p");
  EXPECT_FALSE(A.Back);
  EXPECT_TRUE(B.Back);
  EXPECT_TRUE(isa<IntegerLiteral>(C.Count->IgnoreImpCasts()));
  EXPECT_EQ(Init("d").Base, nullptr); // The pointer is not first.
  EXPECT_EQ(Init("e").Base, nullptr); // An array, not a pointer variable.
}

TEST(SourceUtilsTest, EnclosingLoopSkipsAMacrosDoWhileZero) {
  auto AST = buildC("void g(int);\n"
                    "#define ONCE(x) do { g(x); } while (0)\n"
                    "void f(int n) {\n"
                    "  while (n--)\n"
                    "    ONCE(n);\n"
                    "  ONCE(0);\n"
                    "}");
  const auto *InLoop = find<CallExpr>(
      *AST, callExpr(hasArgument(0, ignoringImpCasts(declRefExpr()))));
  const auto *After =
      find<CallExpr>(*AST, callExpr(hasArgument(0, integerLiteral())));
  const auto *While = find<WhileStmt>(*AST, whileStmt());
  ASSERT_TRUE(InLoop && After && While);
  auto Parents = bodyParents(*AST, "f");
  EXPECT_EQ(enclosingLoop(*InLoop, *Parents), While);
  EXPECT_EQ(enclosingLoop(*After, *Parents), nullptr);
}

// sourceText

TEST(SourceUtilsTest, SourceTextOfTokenRange) {
  auto AST = buildC("int f(int a, int b) { return a  +\n b; }");
  const auto *Add = find<BinaryOperator>(*AST, binaryOperator());
  ASSERT_TRUE(Add);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(sourceText(CharSourceRange::getTokenRange(Add->getSourceRange()),
                       Ctx.getSourceManager(), Ctx.getLangOpts()),
            "a  +\n b");
}

TEST(SourceUtilsTest, SourceTextOfCharRangeStopsBeforeEnd) {
  auto AST = buildC("int f(int a, int b) { return a + b; }");
  const auto *Add = find<BinaryOperator>(*AST, binaryOperator());
  ASSERT_TRUE(Add);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(sourceText(CharSourceRange::getCharRange(Add->getBeginLoc(),
                                                     Add->getEndLoc()),
                       Ctx.getSourceManager(), Ctx.getLangOpts()),
            "a + ");
}

TEST(SourceUtilsTest, SourceTextOfInvalidRangeIsEmpty) {
  auto AST = buildC("int x;");
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(
      sourceText(CharSourceRange(), Ctx.getSourceManager(), Ctx.getLangOpts()),
      "");
}

// writtenText

TEST(SourceUtilsTest, WrittenTextWithoutMacrosIsTheSource) {
  auto AST = buildC("int f(int a) { return a *  2; }");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  EXPECT_EQ(writtenText(*Ret, AST->getASTContext()), "return a *  2");
}

TEST(SourceUtilsTest, WrittenTextKeepsObjectLikeMacroName) {
  auto AST = buildC("#define ONE 1\n"
                    "int f(int a) { return a + ONE; }");
  const auto *Add = find<BinaryOperator>(*AST, binaryOperator());
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Add && Ret);
  EXPECT_EQ(writtenText(*Add, AST->getASTContext()), "a + ONE");
  EXPECT_EQ(writtenText(*Ret, AST->getASTContext()), "return a + ONE");
}

TEST(SourceUtilsTest, WrittenTextKeepsFunctionLikeMacroCall) {
  auto AST = buildC("#define ADD(x, y) ((x) + (y))\n"
                    "int f(int a) { return ADD(a,\n    1); }");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  const auto *Add = find<BinaryOperator>(*AST, binaryOperator());
  ASSERT_TRUE(Ret && Add);
  EXPECT_EQ(writtenText(*Ret, AST->getASTContext()), "return ADD(a,\n    1)");
  // An expression from the macro's body reads as the invocation.
  EXPECT_EQ(writtenText(*Add, AST->getASTContext()), "ADD(a,\n    1)");
}

TEST(SourceUtilsTest, WrittenTextOfMacroArgumentIsTheWholeInvocation) {
  // Pins current behaviour: `a` was written by the user as the argument,
  // but its text is that of the whole expansion.
  auto AST = buildC("#define ADD(x, y) ((x) + (y))\n"
                    "int f(int a) { return ADD(a, 1); }");
  const auto *Ref = find<DeclRefExpr>(*AST, declRefExpr(to(parmVarDecl())));
  ASSERT_TRUE(Ref);
  EXPECT_EQ(writtenText(*Ref, AST->getASTContext()), "ADD(a, 1)");
}

TEST(SourceUtilsTest, SpelledTextOfMacroArgumentIsWhatTheCallerWrote) {
  auto AST = buildC("struct s { long p; };\n"
                    "#define WRAP(x) ((void *)(x))\n"
                    "void *f(struct s *e) { return WRAP(e  ->\n p); }");
  const auto *Member = find<MemberExpr>(*AST, memberExpr());
  ASSERT_TRUE(Member);
  EXPECT_EQ(spelledText(*Member, AST->getASTContext()), "e -> p");
}

TEST(SourceUtilsTest, SpelledTextAcrossAMacroBodyIsEmpty) {
  // The sum's first token is the caller's, its last the macro body's.
  auto AST = buildC("#define PLUS_ONE(x) x + 1\n"
                    "int f(int a) { return PLUS_ONE(a); }");
  const auto *Sum = find<BinaryOperator>(*AST, binaryOperator());
  ASSERT_TRUE(Sum);
  EXPECT_EQ(spelledText(*Sum, AST->getASTContext()), "");
}

TEST(SourceUtilsTest, AnAddressComputedFromOneParameterNamesIt) {
  auto AST = buildC("void *addr_of(void *base, int nr);\n"
                    "void *pick(void *a, void *b);\n"
                    "#define PUT(v, p) (*(p) = (v))\n"
                    "void f(char *buf, char *other, int nr) {\n"
                    "  PUT(1, (unsigned *)addr_of(buf, 3));\n"
                    "  PUT(2, (unsigned *)pick(buf, other));\n"
                    "  PUT(3, (unsigned *)addr_of(buf, 3) + nr);\n"
                    "}");
  const auto *F =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(F);
  const Stmt &Body = *F->getBody();
  ComputedAddress Address =
      addressComputedFrom(Body, "(unsigned *)addr_of(buf, 3)", *F);
  ASSERT_TRUE(Address.From);
  EXPECT_EQ(Address.From->getName(), "buf");
  EXPECT_EQ(Address.Call, "addr_of(buf, 3)");
  EXPECT_TRUE(addressComputedFrom(Body, "addr_of(buf,  3)", *F).From);
  // Two pointer parameters: which one is unknown.
  EXPECT_FALSE(
      addressComputedFrom(Body, "(unsigned *)pick(buf, other)", *F).From);
  // Arithmetic after the call: not the call's address.
  EXPECT_FALSE(
      addressComputedFrom(Body, "(unsigned *)addr_of(buf, 3) + nr", *F).From);
}

// lineIndent

// containsDirective

/// The first and last statements of f's body in \p Code: whether a
/// directive lies between them.
bool directiveInBody(llvm::StringRef Code) {
  auto AST = buildC(Code);
  const auto *Fn =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  const auto *Body = Fn ? dyn_cast<CompoundStmt>(Fn->getBody()) : nullptr;
  EXPECT_TRUE(Body && !Body->body_empty());
  if (!Body || Body->body_empty())
    return false;
  return containsDirective(*Body->body_front(), *Body->body_back(),
                           AST->getASTContext());
}

TEST(SourceUtilsTest, SkippedConditionalBetweenStatementsIsFound) {
  EXPECT_TRUE(directiveInBody("int g(int);\nint f(int a) {\n g(1);\n"
                              "#ifdef NOT_SET\n g(2);\n#endif\n"
                              " return g(3);\n}\n"));
  EXPECT_TRUE(directiveInBody("int g(int);\nint f(int a) {\n g(1);\n"
                              "  #  if 0\n g(2);\n#endif\n return 0;\n}\n"));
}

TEST(SourceUtilsTest, HashOutsideADirectiveIsNoDirective) {
  EXPECT_FALSE(directiveInBody("#define S(x) #x\nint g(const char *);\n"
                               "int f(void) {\n g(S(a));\n g(\"#if\");\n"
                               " return 0;\n}\n"));
  // A directive before the first statement or after the last is outside.
  EXPECT_FALSE(directiveInBody("int g(int);\nint f(void) {\n#if 1\n"
                               " g(1);\n return 0;\n#endif\n}\n"));
}

// conditionalsOpenAt, spellsIdentifier

TEST(SourceUtilsTest, ConditionalsOpenAtAStatement) {
  auto AST = buildC("int g(int);\nint f(int a) {\n#ifndef X\n#if 1\n"
                    "#endif\n g(1);\n#else\n g(2);\n#endif\n return 0;\n}\n");
  const auto *Fn =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(Fn);
  const auto *Body = cast<CompoundStmt>(Fn->getBody());
  const ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(conditionalsOpenAt(Body->getLBracLoc(),
                               Body->body_front()->getBeginLoc(), Ctx),
            1u);
  EXPECT_EQ(conditionalsOpenAt(Body->getLBracLoc(),
                               Body->body_back()->getBeginLoc(), Ctx),
            0u);
}

TEST(SourceUtilsTest, IdentifierInSkippedCodeIsSpelled) {
  auto AST = buildC("int f(int a) {\n#ifdef NOT_SET\nefault:\n#endif\n"
                    " return a; /* efault1 */\n}\n");
  const auto *Fn =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(Fn);
  const ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(spellsIdentifier(*Fn->getBody(), "efault", Ctx));
  EXPECT_FALSE(spellsIdentifier(*Fn->getBody(), "efault1", Ctx));
  EXPECT_FALSE(spellsIdentifier(*Fn->getBody(), "efa", Ctx));
}

TEST(SourceUtilsTest, CommentInsideAStatementIsFound) {
  auto AST = buildC("int f(int a) { if (a /* why */ || a > 1) return 1; "
                    "return 0; }");
  const auto *If = find<IfStmt>(*AST, ifStmt());
  ASSERT_TRUE(If);
  EXPECT_TRUE(containsComment(*If, AST->getASTContext()));
}

TEST(SourceUtilsTest, LineCommentInsideAStatementIsFound) {
  auto AST = buildC("int f(int a) { if (a || // why\n a > 1) return 1; "
                    "return 0; }");
  const auto *If = find<IfStmt>(*AST, ifStmt());
  ASSERT_TRUE(If);
  EXPECT_TRUE(containsComment(*If, AST->getASTContext()));
}

TEST(SourceUtilsTest, CommentsAroundAStatementAreNotInIt) {
  auto AST = buildC("int f(int a) { /* before */ if (a) return 1; /* after */ "
                    "return 0; }");
  const auto *If = find<IfStmt>(*AST, ifStmt());
  ASSERT_TRUE(If);
  EXPECT_FALSE(containsComment(*If, AST->getASTContext()));
}

TEST(SourceUtilsTest, CommentInAStringIsNoComment) {
  auto AST = buildC("void g(const char *); void f(void) { g(\"/* no */\"); }");
  const auto *Call = find<CallExpr>(*AST, callExpr());
  ASSERT_TRUE(Call);
  EXPECT_FALSE(containsComment(*Call, AST->getASTContext()));
}

TEST(SourceUtilsTest, LineIndentOfTab) {
  auto AST = buildC("int f(void) {\n\treturn 0;\n}");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  EXPECT_EQ(lineIndent(Ret->getBeginLoc(), AST->getSourceManager()), "\t");
}

TEST(SourceUtilsTest, LineIndentOfMixedTabsAndSpaces) {
  auto AST = buildC("int f(void) {\n  \t  return 0;\n}");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  EXPECT_EQ(lineIndent(Ret->getBeginLoc(), AST->getSourceManager()), "  \t  ");
}

TEST(SourceUtilsTest, LineIndentFromMidLine) {
  auto AST = buildC("int f(void) {\n\t\treturn 0;\n}");
  const auto *Lit = find<IntegerLiteral>(*AST, integerLiteral());
  ASSERT_TRUE(Lit);
  EXPECT_EQ(lineIndent(Lit->getBeginLoc(), AST->getSourceManager()), "\t\t");
}

TEST(SourceUtilsTest, LineIndentOfUnindentedLineIsEmpty) {
  auto AST = buildC("int x;\nint f(void) { return 0; }");
  const auto *Fn = find<FunctionDecl>(*AST, functionDecl(hasName("f")));
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Fn && Ret);
  EXPECT_EQ(lineIndent(Fn->getBeginLoc(), AST->getSourceManager()), "");
  EXPECT_EQ(lineIndent(Ret->getBeginLoc(), AST->getSourceManager()), "");
}

TEST(SourceUtilsTest, LineIndentOnFirstLineOfFile) {
  auto AST = buildC(" \tint f(void) { return 0; }");
  const auto *Fn = find<FunctionDecl>(*AST, functionDecl(hasName("f")));
  ASSERT_TRUE(Fn);
  EXPECT_EQ(lineIndent(Fn->getBeginLoc(), AST->getSourceManager()), " \t");
}

TEST(SourceUtilsTest, LineIndentOfMacroIsWhereItExpands) {
  auto AST = buildC("#define RET return 0\n"
                    "int f(void) {\n"
                    "    RET;\n"
                    "}");
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  ASSERT_TRUE(Ret->getBeginLoc().isMacroID());
  EXPECT_EQ(lineIndent(Ret->getBeginLoc(), AST->getSourceManager()), "    ");
}

// isValueDiscarded

/// Whether the value of the first call to g() in \p Code is thrown away.
bool gDiscarded(llvm::StringRef Code) {
  auto AST = buildC("int g(int x);\n" + Code.str());
  const auto *Call =
      find<CallExpr>(*AST, callExpr(callee(functionDecl(hasName("g")))));
  EXPECT_TRUE(Call);
  return Call && isValueDiscarded(*Call, *bodyParents(*AST, "f"));
}

TEST(SourceUtilsTest, CallAsStatementIsDiscarded) {
  EXPECT_TRUE(gDiscarded("void f(int x) { g(x); }"));
  EXPECT_TRUE(gDiscarded("void f(int x) { if (x) g(x); }"));
  EXPECT_TRUE(gDiscarded("void f(int x) { (void)g(x); }"));
  EXPECT_TRUE(gDiscarded("void f(int x) { g(x), x++; }"));
  EXPECT_TRUE(gDiscarded("void f(int x) { while (x--) (g(x)); }"));
}

TEST(SourceUtilsTest, TestedOrStoredCallIsUsed) {
  EXPECT_FALSE(gDiscarded("int f(int x) { if (!g(x)) return 1; return 0; }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { if (g(x)) return 1; return 0; }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { while (g(x)) x--; return x; }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { int r = g(x); return r; }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { return g(x); }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { x = g(x); return x; }"));
  EXPECT_FALSE(gDiscarded("int f(int x) { return (x, g(x)); }"));
}

// isResultTested

/// Whether the value of the first call to g() in \p Code decides what f()
/// does.
bool gTested(llvm::StringRef Code) {
  auto AST = buildC("int g(int x);\n" + Code.str());
  const auto *Call =
      find<CallExpr>(*AST, callExpr(callee(functionDecl(hasName("g")))));
  const auto *F =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  EXPECT_TRUE(Call && F);
  return Call && F &&
         isResultTested(*Call, *F->getBody(), *bodyParents(*AST, "f"));
}

TEST(SourceUtilsTest, ReturnedOrTestedResultIsTested) {
  EXPECT_TRUE(gTested("int f(int x) { return g(x); }"));
  EXPECT_TRUE(gTested("int f(int x) { if (g(x) < 0) return 1; return 0; }"));
  EXPECT_TRUE(gTested("int f(int x) { return x && g(x) ? 1 : 0; }"));
  EXPECT_TRUE(
      gTested("int f(int x) { int e = g(x); if (e) return e; return 0; }"));
  EXPECT_TRUE(gTested("int f(int x) { int e = 0; e |= g(x); return e; }"));
  EXPECT_TRUE(gTested("int f(int x) { int e, r; e = g(x); r = e; return r; }"));
}

TEST(SourceUtilsTest, KeptButUnreadResultIsNotTested) {
  EXPECT_FALSE(gTested("int f(int x) { g(x); return 0; }"));
  EXPECT_FALSE(gTested("int f(int x) { int e = g(x); return 0; }"));
  EXPECT_FALSE(gTested("int f(int x) { int e; e = g(x); e = 0; return x; }"));
  EXPECT_FALSE(gTested("int y; int f(int x) { y = g(x); return 0; }"));
  EXPECT_FALSE(gTested("int f(int x) { return (g(x), 0); }"));
}

// enclosingIfThen

TEST(SourceUtilsTest, EnclosingIfThenSkipsElseAndRejectedConditions) {
  auto AST = buildC("int g(int x);\nint k(int x);\n"
                    "int f(int x) { if (k(x)) { if (x) return g(1); }"
                    " else return g(2); return 0; }");
  std::unique_ptr<ParentMap> Parents = bodyParents(*AST, "f");
  auto CallWith = [&](int Arg) {
    return find<CallExpr>(
        *AST, callExpr(callee(functionDecl(hasName("g"))),
                       hasArgument(0, integerLiteral(equals(Arg)))));
  };
  auto CallsK = [](const Expr &Cond) {
    const auto *C = dyn_cast<CallExpr>(Cond.IgnoreParenImpCasts());
    return C && C->getDirectCallee() && C->getDirectCallee()->getName() == "k";
  };
  ASSERT_TRUE(CallWith(1) && CallWith(2));
  // Under 'if (x)' and, further up, the then-branch of 'if (k(x))'.
  const IfStmt *If = enclosingIfThen(*CallWith(1), *Parents, CallsK);
  ASSERT_TRUE(If);
  EXPECT_TRUE(CallsK(*If->getCond()));
  // The else-branch is not the then-branch.
  EXPECT_FALSE(enclosingIfThen(*CallWith(2), *Parents, CallsK));
  EXPECT_FALSE(enclosingIfThen(*CallWith(1), *Parents,
                               [](const Expr &) { return false; }));
}

// callsIn

TEST(SourceUtilsTest, CallsInABodyInOrderMacrosIncluded) {
  auto AST = buildC("int g(int x);\nint h(int x);\n#define TWICE(x) g(g(x))\n"
                    "int f(int x) { if (h(x)) return TWICE(x); return 0; }");
  const auto *F =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(F);
  std::vector<std::string> Names;
  for (const CallExpr *Call : callsIn(F->getBody()))
    Names.push_back(Call->getDirectCallee()->getName().str());
  EXPECT_EQ(Names, (std::vector<std::string>{"h", "g", "g"}));
  EXPECT_TRUE(callsIn(nullptr).empty());
}

// anyStmtIn

TEST(SourceUtilsTest, AnyStmtInSearchesTheWholeSubtree) {
  auto AST = buildC("int g(int x);\n#define TWICE(x) g(g(x))\n"
                    "int f(int x) { int y = TWICE(x + 7); return y; }");
  const auto *F =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(F);
  auto IsSeven = [](const Stmt &S) {
    const auto *Lit = dyn_cast<IntegerLiteral>(&S);
    return Lit && Lit->getValue() == 7;
  };
  // In a variable's initializer, inside a macro's argument.
  EXPECT_TRUE(anyStmtIn(*F->getBody(), IsSeven));
  const auto *Ret = find<ReturnStmt>(*AST, returnStmt());
  ASSERT_TRUE(Ret);
  EXPECT_FALSE(anyStmtIn(*Ret, IsSeven));
  // The root itself counts.
  EXPECT_TRUE(
      anyStmtIn(*Ret, [](const Stmt &S) { return isa<ReturnStmt>(S); }));
}

// ownBranchCondition

/// The text of the condition each two-way block of f() tests, in block
/// order.
std::vector<std::string> ownConditions(llvm::StringRef Code) {
  auto AST = buildC("int g(int x);\n" + Code.str());
  const auto *F =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  EXPECT_TRUE(F);
  std::vector<std::string> Texts;
  if (!F)
    return Texts;
  ASTContext &Ctx = AST->getASTContext();
  std::unique_ptr<CFG> Graph =
      CFG::buildCFG(F, F->getBody(), &Ctx, CFG::BuildOptions());
  for (const CFGBlock *B : *Graph)
    if (const Expr *Cond = ownBranchCondition(*B))
      Texts.push_back(writtenText(*Cond, Ctx));
  llvm::sort(Texts);
  return Texts;
}

TEST(SourceUtilsTest, OwnBranchConditionIsTheOperandTheBlockTests) {
  // One block per operand of the chain; the last one's terminator is the if.
  EXPECT_EQ(ownConditions("int f(int a, int b) {"
                          " if (a || (b && !g(1))) return 1; return 0; }"),
            (std::vector<std::string>{"!g(1)", "a", "b"}));
  // A chain on the left of a chain: b's block has the `&&` as terminator.
  EXPECT_EQ(ownConditions("int f(int a, int b) {"
                          " while ((a || b) && g(2)) a--; return a; }"),
            (std::vector<std::string>{"a", "b", "g(2)"}));
}

TEST(SourceUtilsTest, OwnBranchConditionOfUnsplitConditionIsWhole) {
  // Under `!` the chain is a value: one block tests it after the
  // operands' blocks.
  EXPECT_EQ(ownConditions("int f(int a) { if (!(a || g(1))) return 1;"
                          " return 0; }"),
            (std::vector<std::string>{"!(a || g(1))", "a"}));
  // A switch's condition is never split.
  EXPECT_EQ(ownConditions("int f(int a) { switch (a || g(1)) {"
                          " case 0: return 1; } return 0; }"),
            (std::vector<std::string>{"a", "a || g(1)"}));
  EXPECT_EQ(ownConditions("int f(int a) { return a + 1; }"),
            std::vector<std::string>{});
}

TEST(SourceUtilsTest, AfterSemicolonEndsTheStatement) {
  std::unique_ptr<ASTUnit> AST =
      buildC("#define SET(x) (x) = 1\nvoid f(int a) { SET(a) ; a = 2; }\n");
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Set = find<BinaryOperator>(
      *AST, binaryOperator(hasRHS(integerLiteral(equals(1)))));
  ASSERT_TRUE(Set);
  SourceLocation After = afterSemicolon(*Set, Ctx);
  ASSERT_TRUE(After.isValid());
  // Past `SET(a) ;`, the space before the `;` included.
  EXPECT_EQ(SM.getSpellingColumnNumber(After), 25u);
  const auto *Body =
      find<CompoundStmt>(*AST, compoundStmt(hasParent(functionDecl())));
  ASSERT_TRUE(Body);
  EXPECT_TRUE(afterSemicolon(*Body, Ctx).isInvalid());
}

} // namespace

// logicalLine, codeDependencies

TEST(SourceUtilsTest, LogicalLineJoinsBackslashContinuations) {
  llvm::StringRef Text = "a\n#define M(x) \\\n\tdo { \\\r\n\t} while (0)\nb\n";
  size_t Inside = Text.find("do");
  auto [Begin, End] = logicalLine(Text, Inside);
  EXPECT_EQ(Text.slice(Begin, End).str(),
            "#define M(x) \\\n\tdo { \\\r\n\t} while (0)");
  auto [B2, E2] = logicalLine(Text, Text.find('b'));
  EXPECT_EQ(Text.slice(B2, E2).str(), "b");
  auto [B3, E3] = logicalLine(Text, 0);
  EXPECT_EQ(Text.slice(B3, E3).str(), "a");
}

/// The lines codeDependencies() of function \p Name names, "first-last".
std::vector<std::string> dependencyLines(ASTUnit &AST, llvm::StringRef Name) {
  const auto *Fn =
      find<FunctionDecl>(AST, functionDecl(hasName(Name), isDefinition()));
  EXPECT_TRUE(Fn);
  std::vector<std::string> Lines;
  const SourceManager &SM = AST.getSourceManager();
  if (Fn)
    for (const CharSourceRange &R : codeDependencies(*Fn, SM))
      Lines.push_back(std::to_string(SM.getSpellingLineNumber(R.getBegin())) +
                      "-" +
                      std::to_string(SM.getSpellingLineNumber(R.getEnd())));
  return Lines;
}

TEST(SourceUtilsTest, DependenciesAreMacrosAtEveryLevelAndHelpers) {
  auto AST = buildC("#define INNER(x) \\\n"       // 1
                    "\t((x) + 1)\n"               // 2
                    "#define OUTER(x) INNER(x)\n" // 3
                    "static int helper(int x)\n"  // 4
                    "{\n"
                    "\treturn x;\n"
                    "}\n" // 7
                    "int unused(int x) { return x; }\n"
                    "#define ID(x) x\n" // 9
                    "#define VAL 5\n"   // 10
                    "int f(int x)\n"
                    "{\n"
                    "\treturn helper(OUTER(x)) + ID(VAL);\n"
                    "}\n");
  std::vector<std::string> Lines = dependencyLines(*AST, "f");
  std::sort(Lines.begin(), Lines.end());
  EXPECT_EQ(Lines,
            (std::vector<std::string>{"1-2", "10-10", "3-3", "4-7", "9-9"}));
  EXPECT_TRUE(dependencyLines(*AST, "helper").empty());
}

TEST(SourceUtilsTest, DependenciesAreTheRecordsThatPlaceAnAddress) {
  auto AST = buildC("typedef int head_t;\n"                    // 1
                    "struct in { head_t h; int v[2]; };\n"     // 2
                    "struct out { int a; struct in i; };\n"    // 3
                    "struct other { int x; };\n"               // 4
                    "int *f(struct out *p, struct other *o)\n" // 5
                    "{\n"
                    "\treturn &p->i.v[1] + o->x;\n"
                    "}\n"
                    "long g(void)\n"
                    "{\n"
                    "\treturn __builtin_offsetof(struct in, v);\n"
                    "}\n"
                    "int *h(struct out *p)\n"
                    "{\n"
                    "\treturn p->i.v;\n"
                    "}\n");
  // `&p->i.v[1]` is placed by both records and the typedef of in's first
  // field; o->x is a value read, not an address.
  std::vector<std::string> Lines = dependencyLines(*AST, "f");
  std::sort(Lines.begin(), Lines.end());
  EXPECT_EQ(Lines, (std::vector<std::string>{"1-1", "2-2", "3-3"}));
  Lines = dependencyLines(*AST, "g");
  std::sort(Lines.begin(), Lines.end());
  EXPECT_EQ(Lines, (std::vector<std::string>{"1-1", "2-2"}));
  // An array field decays to its address.
  Lines = dependencyLines(*AST, "h");
  std::sort(Lines.begin(), Lines.end());
  EXPECT_EQ(Lines, (std::vector<std::string>{"1-1", "2-2", "3-3"}));
}

// The macros a record's fields are spelled with (round 17, bug 4): a
// field's type, a typedef's, a record a macro makes whole.
TEST(SourceUtilsTest, DependenciesAreTheMacrosThatSpellALayout) {
  auto AST = buildC("#define PADT char\n"                            // 1
                    "#define WORD int\n"                             // 2
                    "typedef WORD word_t;\n"                         // 3
                    "#define REC(n) struct n { PADT pad; int b; }\n" // 4
                    "struct in { PADT pad; word_t w; int b; };\n"    // 5
                    "REC(out);\n"                                    // 6
                    "int *f(struct in *p, struct out *q)\n"
                    "{\n"
                    "\treturn &p->b + (&q->b - (int *)0);\n"
                    "}\n");
  std::vector<std::string> Lines = dependencyLines(*AST, "f");
  std::sort(Lines.begin(), Lines.end());
  EXPECT_EQ(Lines, (std::vector<std::string>{"1-1", "2-2", "3-3", "4-4", "5-5",
                                             "6-6"}));
}

TEST(SourceUtilsTest, DependenciesFollowCalleesInsideAWindowIntoHeaders) {
  const char *Header = "#define NESTED(x) nested(x)\n"              // 1
                       "static int nested(int x) { return x; }\n"   // 2
                       "static int in_window(int x)\n"              // 3
                       "{\n"                                        // 4
                       "\treturn NESTED(x);\n"                      // 5
                       "}\n"                                        // 6
                       "static int outside(int x) { return x; }\n"; // 7
  // The AST keeps the header's buffer: the mapping outlives it.
  tooling::FileContentMappings Files{{"h.h", Header}};
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "#include \"h.h\"\n"
      "int f(int x) { return in_window(x) + outside(x); }\n",
      {"-x", "c"}, "input.c", "clang-tool",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(), Files);
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  const auto *Fn =
      find<FunctionDecl>(*AST, functionDecl(hasName("f"), isDefinition()));
  ASSERT_TRUE(Fn);
  const SourceManager &SM = AST->getSourceManager();
  auto Names = [&](CallFilter InWindow) {
    std::vector<std::string> Lines;
    for (const CharSourceRange &R : codeDependencies(*Fn, SM, InWindow))
      Lines.push_back(
          llvm::sys::path::filename(SM.getFilename(R.getBegin())).str() + ":" +
          std::to_string(SM.getSpellingLineNumber(R.getBegin())) + "-" +
          std::to_string(SM.getSpellingLineNumber(R.getEnd())));
    std::sort(Lines.begin(), Lines.end());
    return Lines;
  };
  // Called outside any window, a header's functions are no dependency.
  EXPECT_TRUE(Names(nullptr).empty());
  // Called inside one, the callee and what it expands and calls are.
  auto InWindow = [](const CallExpr &Call) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    return Callee && Callee->getName() == "in_window";
  };
  EXPECT_EQ(Names(InWindow),
            (std::vector<std::string>{"h.h:1-1", "h.h:2-2", "h.h:3-6"}));
}

TEST(SourceUtilsTest, FallsIntoLabelOnlyWhereTheCodeGoesOn) {
  auto AST = buildC("void g(void);\n"
                    "int f(int x)\n"
                    "{\n"
                    "\tif (x) goto a;\n"
                    "\tif (x > 1) goto c;\n"
                    "\tif (x > 2) goto e;\n"
                    "\treturn 0;\n"
                    "a:\n"
                    "b:\n"
                    "\treturn 1;\n"
                    "c:\n"
                    "\tg();\n"
                    "d:\n"
                    "\treturn 2;\n"
                    "e:\n"
                    "\tg();\n"
                    "\treturn 3;\n"
                    "z:\n"
                    "\treturn 4;\n"
                    "}\n");
  auto PM = bodyParents(*AST, "f");
  auto Label = [&](llvm::StringRef Name) -> const LabelStmt * {
    for (const BoundNodes &N :
         match(labelStmt().bind("n"), AST->getASTContext()))
      if (const auto *L = N.getNodeAs<LabelStmt>("n"); L->getName() == Name)
        return L;
    return nullptr;
  };
  auto Into = [&](llvm::StringRef Name) -> std::string {
    const LabelStmt *L = Label(Name);
    EXPECT_TRUE(L) << Name.str();
    const LabelStmt *Next = L ? fallsIntoLabel(*L, *PM) : nullptr;
    return Next ? Next->getName() : "";
  };
  EXPECT_EQ(Into("a"), "b"); // Stacked labels.
  EXPECT_EQ(Into("b"), "");  // It returns.
  EXPECT_EQ(Into("c"), "d"); // Code, then the next label.
  EXPECT_EQ(Into("e"), "");  // Code that returns before z.
}

namespace {

// argumentText
TEST(SourceUtilsTest, ArgumentTextKeepsAMacroNameTheCallerWrote) {
  std::unique_ptr<ASTUnit> AST =
      buildC("struct k { int uid; }; struct s { struct k kill; };\n"
             "#define si_uid kill.uid\n"
             "#define ADDR(p) (p)\n"
             "int *f(struct s *info) { return ADDR(&info->si_uid); }\n");
  ASSERT_TRUE(AST);
  const auto *Addr =
      find<UnaryOperator>(*AST, unaryOperator(hasOperatorName("&")));
  ASSERT_TRUE(Addr);
  ASTContext &Ctx = AST->getASTContext();
  // Spelled, its tokens come from two places; the file shows one text.
  EXPECT_EQ(spelledText(*Addr, Ctx), "");
  EXPECT_EQ(argumentText(*Addr, Ctx), "&info->si_uid");
}

TEST(SourceUtilsTest, ArgumentTextIsEmptyForAMacrosOwnTokens) {
  std::unique_ptr<ASTUnit> AST =
      buildC("#define ZERO_ADDR(p) (&(p)[0])\n"
             "int *f(int *v) { return ZERO_ADDR(v); }\n");
  ASSERT_TRUE(AST);
  const auto *Sub = find<ArraySubscriptExpr>(*AST, arraySubscriptExpr());
  ASSERT_TRUE(Sub);
  EXPECT_EQ(argumentText(*Sub, AST->getASTContext()), "");
}

// macroUseText
TEST(SourceUtilsTest, MacroUseTextIsAFunctionLikeMacroUseInAnArgument) {
  std::unique_ptr<ASTUnit> AST =
      buildC("struct s { int a; };\n"
             "int ok(void *p, unsigned long n);\n"
             "#define field_size(T, M) sizeof((((T *)0)->M))\n"
             "#define ELEMS(n, sz) ((n) * (sz))\n"
             "#define CHECK(p, n) ok(p, n)\n"
             "int f(void *q) { return CHECK(q, field_size(struct s, a)); }\n"
             "int g(void *q) { return CHECK(q, ELEMS(2, 4)); }\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const auto *Size =
      find<UnaryExprOrTypeTraitExpr>(*AST, unaryExprOrTypeTraitExpr());
  const auto *Product = find<ParenExpr>(
      *AST, parenExpr(has(binaryOperator(hasOperatorName("*")))));
  ASSERT_TRUE(Size && Product);
  // argumentText() stops at the first token's macro name.
  EXPECT_NE(argumentText(*Size, Ctx), "field_size(struct s, a)");
  EXPECT_EQ(macroUseText(*Size, Ctx), "field_size(struct s, a)");
  EXPECT_EQ(macroUseText(*Product, Ctx), "ELEMS(2, 4)");
  // Its tokens that stand for its arguments are themselves.
  const auto *Two = find<IntegerLiteral>(*AST, integerLiteral(equals(2)));
  ASSERT_TRUE(Two);
  EXPECT_EQ(macroUseText(*Two, Ctx), "2");
}

TEST(SourceUtilsTest, TextAtLevelIsWhatAMacroBodyWritesForAnArgument) {
  std::unique_ptr<ASTUnit> AST =
      buildC("int ok(void *p, unsigned long n);\n"
             "#define REC_LEN 8\n"
             "#define CHECK_IT(p, n) ok(p, n)\n"
             "#define CHECK_REC(p) CHECK_IT(p, REC_LEN + 0)\n"
             "int f(void *q) { return CHECK_REC(q); }\n");
  ASSERT_TRUE(AST);
  const auto *Call = find<CallExpr>(*AST, callExpr());
  ASSERT_TRUE(Call);
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  // Where CHECK_REC's body names CHECK_IT.
  SourceLocation Level =
      SM.getImmediateMacroCallerLoc(Call->getCallee()->getBeginLoc());
  EXPECT_EQ(textAtLevel(*Call->getArg(1), Level, Ctx), "REC_LEN + 0");
  // The pointer passed to CHECK_REC is, there, its parameter.
  EXPECT_EQ(textAtLevel(*Call->getArg(0), Level, Ctx), "p");
  // At the file's level, the invocation's name stands for its tokens.
  EXPECT_EQ(textAtLevel(*Call->getArg(1), SM.getFileLoc(Level), Ctx),
            "CHECK_REC");
}

} // namespace
