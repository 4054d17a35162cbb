//===--- PrefilterTest.cpp - Which TUs can have findings
//-------------------===//

#include "Prefilter.h"

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

TEST(PrefilterTest, OnlyMacrosDefineNoRelevantBody) {
  SourceScan H = scanSource("#define A(x) get_user(x, p)\n"
                            "int proto(int copy_to_user);\n");
  EXPECT_FALSE(definesRelevantBody(H, relevantNames({&H})));
}

} // namespace
