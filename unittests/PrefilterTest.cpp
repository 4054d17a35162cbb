//===--- PrefilterTest.cpp - Which TUs can have findings
//-------------------===//

#include "run/Prefilter.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

std::vector<std::string> names(const SourceDefinition &D) {
  return {D.Names.begin(), D.Names.end()};
}

TEST(PrefilterTest, FunctionBodiesAndMacrosAreDefinitions) {
  SourceScan S = scanSource(
      "static inline __attribute__((unused)) int foo(int __user *p)\n"
      "{ return get_user(x, p); }\n"
      "struct s { int a; };\n"
      "#define WRAP(x, p) \\\n  put_user(x, p)\n"
      "int decl(void);\n");
  ASSERT_EQ(S.Definitions.size(), 3u);
  EXPECT_EQ(names(S.Definitions[0]), std::vector<std::string>{"foo"});
  EXPECT_FALSE(S.Definitions[0].IsMacro);
  EXPECT_TRUE(S.Definitions[2].IsMacro);
  EXPECT_EQ(names(S.Definitions[2]), std::vector<std::string>{"WRAP"});
  EXPECT_TRUE(llvm::is_contained(S.Definitions[2].Uses, "put_user"));
}

TEST(PrefilterTest, CommentsAndStringsNameNothing) {
  SourceScan S = scanSource("/* put_user */ // get_user\n"
                            "const char *s = \"copy_to_user\";\n");
  llvm::StringSet<> Relevant = relevantNames({});
  EXPECT_FALSE(namesRelevant(S, Relevant));
  EXPECT_TRUE(namesRelevant(scanSource("int x = access_ok;"), Relevant));
}

TEST(PrefilterTest, WrappersOfWrappersAreRelevant) {
  SourceScan H = scanSource("#define A(x) get_user(x, p)\n"
                            "#define B(x) A(x)\n"
                            "static inline int c(void) { return B(1); }\n"
                            "static inline int d(void) { return 0; }\n");
  llvm::StringSet<> Relevant = relevantNames({&H});
  EXPECT_TRUE(Relevant.contains("A"));
  EXPECT_TRUE(Relevant.contains("B"));
  EXPECT_TRUE(Relevant.contains("c"));
  EXPECT_FALSE(Relevant.contains("d"));
  EXPECT_TRUE(definesRelevantBody(H, Relevant));
  EXPECT_TRUE(
      namesRelevant(scanSource("int f(void) { return c(); }"), Relevant));
  EXPECT_FALSE(
      namesRelevant(scanSource("int f(void) { return d(); }"), Relevant));
}

TEST(PrefilterTest, CommandLineDefinesAreMacros) {
  SourceScan D =
      scanDefines({"-DMYPUT=__put_user", "-DFLAG", "-DCALL(x,p)=get_user(x,p)",
                   "-UOTHER", "-I/usr/include", "-DSPLIT=a\nput_user"});
  EXPECT_EQ(
      std::vector<std::string>(D.DefinedMacros.begin(), D.DefinedMacros.end()),
      (std::vector<std::string>{"MYPUT", "FLAG", "CALL", "SPLIT"}));
  llvm::StringSet<> Relevant = relevantNames({&D});
  EXPECT_TRUE(Relevant.contains("MYPUT"));
  EXPECT_TRUE(Relevant.contains("CALL"));
  // A newline in a value does not end its definition.
  EXPECT_TRUE(Relevant.contains("SPLIT"));
  EXPECT_FALSE(Relevant.contains("FLAG"));
  EXPECT_FALSE(definesRelevantBody(D, Relevant));
}

TEST(PrefilterTest, OnlyMacrosDefineNoRelevantBody) {
  SourceScan H = scanSource("#define A(x) get_user(x, p)\n"
                            "int proto(int copy_to_user);\n");
  EXPECT_FALSE(definesRelevantBody(H, relevantNames({&H})));
}

TEST(PrefilterTest, SelfCheckingCopiesAloneCanHaveNoFinding) {
  llvm::StringSet<> Relevant = relevantNames({});
  for (const char *Name : {"copy_to_user", "copy_from_user", "clear_user"})
    EXPECT_FALSE(Relevant.contains(Name)) << Name;
  for (const char *Name :
       {"put_user", "get_user", "__get_user", "__copy_to_user", "access_ok",
        "unsafe_put_user", "user_access_begin", "user_access_end"})
    EXPECT_TRUE(Relevant.contains(Name)) << Name;
  SourceScan H = scanSource(
      "static inline int copy_in(void *d, const void __user *s)\n"
      "{ return copy_from_user(d, s, 4); }\n"
      "static inline int copy_in_fast(void *d, const void __user *s)\n"
      "{ return __copy_from_user(d, s, 4); }\n");
  Relevant = relevantNames({&H});
  EXPECT_FALSE(Relevant.contains("copy_in"));
  EXPECT_TRUE(Relevant.contains("copy_in_fast"));
  // The copies' own bodies use the API; the table still decides.
  SourceScan Api = scanSource(
      "static inline long copy_to_user(void __user *to, const void *f, long n)"
      "\n{ if (access_ok(to, n)) n = __copy_to_user(to, f, n); return n; }\n");
  EXPECT_FALSE(relevantNames({&Api}).contains("copy_to_user"));
}

TEST(PrefilterTest, MacroDefinedBodiesNameTheMacrosArgument) {
  SourceScan H = scanSource(
      "#define DEFINE2(name, ...) long sys_##name(__VA_ARGS__)\n"
      "DEFINE2(peek, int __user *p) { int v; return get_user(v, p); }\n"
      "static inline int plain(int __user *p) { return put_user(1, p); }\n");
  ASSERT_EQ(H.Definitions.size(), 3u);
  EXPECT_EQ(H.Definitions[1].FirstArguments,
            std::vector<llvm::StringRef>{"peek"});
  llvm::StringSet<> Relevant = relevantNames({&H});
  EXPECT_TRUE(Relevant.contains("peek"));
  EXPECT_FALSE(Relevant.contains("DEFINE2"));
  EXPECT_TRUE(Relevant.contains("plain"));
  EXPECT_TRUE(definesRelevantBody(H, Relevant));
  EXPECT_FALSE(namesRelevant(scanSource("DEFINE2(other, int x) { return x; }"),
                             Relevant));
  // A macro naming itself keeps the function's name visible.
  SourceScan Self = scanSource("#define peek2(p) peek2(p)\n"
                               "static inline int peek2(const int __user *p)\n"
                               "{ int v; return get_user(v, p); }\n");
  Relevant = relevantNames({&Self});
  EXPECT_TRUE(Relevant.contains("peek2"));
  EXPECT_FALSE(Relevant.contains("const"));
  // A rename pastes nothing: its name is what callers write.
  SourceScan Rename =
      scanSource("#define peek3(p) peek3_impl(p)\n"
                 "static inline int peek3(const int __user *p)\n"
                 "{ int v; return get_user(v, p); }\n");
  EXPECT_TRUE(relevantNames({&Rename}).contains("peek3"));
}

} // namespace

std::vector<std::string> skippable(std::vector<const SourceScan *> Scans) {
  std::vector<const SourceScan *> Headers(Scans.begin() + 1, Scans.end());
  llvm::StringSet<> Relevant = relevantNames(Headers);
  std::vector<std::vector<unsigned>> Seeds;
  for (const SourceScan *S : Scans)
    Seeds.push_back(relevantDefinitions(*S, Relevant));
  return skippableBodies(Scans, Relevant, Seeds);
}

TEST(PrefilterTest, CallersOfRelevantBodiesAreKept) {
  SourceScan Main = scanSource(
      "static int store(int __user *p) { return __put_user(1, p); }\n"
      "static int mid(int __user *p) { return store(p); }\n"
      "int top(int __user *p) { return access_ok(p, 4) ? mid(p) : 0; }\n"
      "int other(void) { return 3; }\n");
  SourceScan Header = scanSource("static inline int lone(void) { return 1; }");
  EXPECT_EQ(skippable({&Main, &Header}),
            (std::vector<std::string>{"lone", "other"}));
}

TEST(PrefilterTest, CalleesOfKeptBodiesAreKeptThroughMacros) {
  SourceScan Main = scanSource(
      "int w(int __user *p) { unsafe_put_user(CALL(1), p, out); out: "
      "return 0; }\n");
  SourceScan Header =
      scanSource("#define CALL(x) helper(x)\n"
                 "static inline int helper(int x) { return deeper(x); }\n"
                 "static inline int deeper(int x) { return x; }\n"
                 "static inline int unused(int x) { return x; }\n");
  EXPECT_EQ(skippable({&Main, &Header}), std::vector<std::string>{"unused"});
}

TEST(PrefilterTest, SelfCheckingCopiesKeepNoCaller) {
  // copy_to_user()'s own body uses access_ok(): it is kept, and its
  // callers are not (they have nothing to report).
  SourceScan Main =
      scanSource("int f(void __user *p) { return copy_to_user(p, 0, 4); }\n");
  SourceScan Header = scanSource(
      "static inline long copy_to_user(void __user *to, const void *s, long "
      "n) { return access_ok(to, n) ? raw(to, s, n) : n; }\n"
      "static inline long raw(void __user *to, const void *s, long n) "
      "{ return n; }\n");
  EXPECT_EQ(skippable({&Main, &Header}), std::vector<std::string>{"f"});
}

TEST(PrefilterTest, ANameKeptOnceIsNeverSkipped) {
  // Two definitions of one name under #if: one kept keeps both.
  SourceScan Main =
      scanSource("#ifdef A\nint g(int __user *p) { return put_user(1, p); }\n"
                 "#else\nint g(int __user *p) { return 0; }\n#endif\n");
  EXPECT_TRUE(skippable({&Main}).empty());
}

TEST(PrefilterTest, BodiesMacrosMakeKeepTheirCallees) {
  // A parse never skips a body a macro makes; what it calls stays.
  SourceScan Main = scanSource(
      "#define MAKE(name, call) static int name(void) { return call; }\n"
      "#define DEFINE1(name, a) long sys_##name(a)\n"
      "MAKE(made, given(1))\n"
      "DEFINE1(peek, int x) { return from_syscall(x); }\n");
  SourceScan Header =
      scanSource("static inline int given(int x) { return x; }\n"
                 "static inline int from_syscall(int x) { return x; }\n"
                 "static inline int unused(int x) { return x; }\n");
  EXPECT_EQ(skippable({&Main, &Header}), std::vector<std::string>{"unused"});
}

TEST(PrefilterTest, WhatAKeptMacroPastesIsKept) {
  SourceScan Main =
      scanSource("int w(int __user *p) { return put_user(test(1), p); }\n");
  SourceScan Header = scanSource(
      "#define bitop(op, nr) (__builtin_constant_p(nr) ? const##op(nr) : "
      "op(nr))\n"
      "#define test(nr) bitop(_test, nr)\n"
      "static inline int const_test(int nr) { return nr; }\n"
      "static inline int _test(int nr) { return nr; }\n"
      "static inline int other(int nr) { return nr; }\n");
  ASSERT_EQ(Header.Definitions[0].PastedFragments,
            std::vector<llvm::StringRef>{"const"});
  EXPECT_EQ(skippable({&Main, &Header}), std::vector<std::string>{"other"});
}

TEST(PrefilterTest, OnlyAMissingIncludeAsFirstErrorMakesAParseFail) {
  EXPECT_EQ(missingIncludeError("a.c:3:10: fatal error: 'gen.h' file not "
                                "found\n    3 | #include \"gen.h\"\n"),
            "'gen.h' file not found");
  EXPECT_EQ(missingIncludeError("error: 'flask.h' file not found, did you "
                                "mean 'flash.h'?\n"),
            "'flask.h' file not found, did you mean 'flash.h'?");
  // Another first error: the scan's own limits may be the cause.
  EXPECT_EQ(missingIncludeError("a.c:1:2: error: unterminated conditional "
                                "directive\na.c:2:10: fatal error: 'x.h' "
                                "file not found\n"),
            "");
  EXPECT_EQ(missingIncludeError("a.c:1:2: warning: 'x.h' file not found\n"),
            "");
  EXPECT_EQ(missingIncludeError(""), "");
}
