//===--- JsonSlicesTest.cpp - A JSON document's parts
//----------------------===//

#include "utils/JsonSlices.h"

#include "gtest/gtest.h"

namespace uaccess {
namespace {

std::string errorOf(llvm::Error E) { return llvm::toString(std::move(E)); }

TEST(JsonSlicesTest, ObjectMembersKeepTheirValuesText) {
  auto M = jsonObjectMembers(
      " {\"a\": 1, \"b\\u0020c\" : [1, {\"x\": \"]}\"}] ,\"d\":\"q\\\"}\"}\n");
  ASSERT_TRUE(bool(M)) << errorOf(M.takeError());
  ASSERT_EQ(M->size(), 3u);
  EXPECT_EQ((*M)[0].first, "a");
  EXPECT_EQ((*M)[0].second, "1");
  EXPECT_EQ((*M)[1].first, "b c");
  EXPECT_EQ((*M)[1].second, "[1, {\"x\": \"]}\"}]");
  EXPECT_EQ((*M)[2].second, "\"q\\\"}\"");
  auto Empty = jsonObjectMembers("{ }");
  ASSERT_TRUE(bool(Empty));
  EXPECT_TRUE(Empty->empty());
}

TEST(JsonSlicesTest, ArrayElements) {
  auto E = jsonArrayElements("[{\"f\": \"a\"}, true , -1.5e3,\"[\"]");
  ASSERT_TRUE(bool(E)) << errorOf(E.takeError());
  ASSERT_EQ(E->size(), 4u);
  EXPECT_EQ((*E)[0], "{\"f\": \"a\"}");
  EXPECT_EQ((*E)[1], "true");
  EXPECT_EQ((*E)[2], "-1.5e3");
  EXPECT_EQ((*E)[3], "\"[\"");
  auto Empty = jsonArrayElements("[]");
  ASSERT_TRUE(bool(Empty));
  EXPECT_TRUE(Empty->empty());
}

TEST(JsonSlicesTest, MisdelimitedDocumentsAreErrors) {
  for (const char *Bad :
       {"", "[]", "{", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "{\"a\": [1}",
        "{\"a\": {]}", "{\"a\": \"x}", "{\"a\": 1,}", "{1: 2}", "{\"a\": 1} x",
        "{\"a\": 1, \"a\": 2}", "{\"a\": }", "{\"\\x\": 1}"}) {
    auto M = jsonObjectMembers(Bad);
    EXPECT_FALSE(bool(M)) << Bad;
    if (!M)
      llvm::consumeError(M.takeError());
  }
  for (const char *Bad : {"[1 2]", "[1,]", "[", "{}", "[1] 2", "[,1]"}) {
    auto E = jsonArrayElements(Bad);
    EXPECT_FALSE(bool(E)) << Bad;
    if (!E)
      llvm::consumeError(E.takeError());
  }
  auto Where = jsonObjectMembers("{\"a\": 1 \"b\": 2}");
  ASSERT_FALSE(bool(Where));
  EXPECT_EQ(errorOf(Where.takeError()), "expected ',' or '}' at byte 8");
}

TEST(JsonSlicesTest, NestingAndNumbers) {
  std::string Deep(MaxNesting + 1, '[');
  EXPECT_FALSE(errorOf(checkJsonText(Deep)).empty());
  EXPECT_FALSE(errorOf(checkYamlNesting(Deep)).empty());
  EXPECT_EQ(errorOf(checkJsonText(std::string(MaxNesting, '['))), "");
  // Brackets in a JSON string do not count; in YAML they all do.
  std::string InString = "\"" + Deep + "\"";
  EXPECT_EQ(errorOf(checkJsonText(InString)), "");
  EXPECT_FALSE(errorOf(checkYamlNesting(InString)).empty());
  for (const char *Good : {"[0, -1, 2.5, 1e5, -0.5E-3, \"+1 .5\"]", "{}"})
    EXPECT_EQ(errorOf(checkJsonText(Good)), "") << Good;
  for (const char *Bad : {"[02]", "[+1]", "[.5]", "[1.]", "[-]", "[0x10]",
                          "{\"v\": 1.e5}", "[1e]"})
    EXPECT_FALSE(errorOf(checkJsonText(Bad)).empty()) << Bad;
  EXPECT_EQ(errorOf(checkJsonText("{\"version\": +2}")),
            "'+2' at byte 12 is not a JSON number");
}

} // namespace
} // namespace uaccess
