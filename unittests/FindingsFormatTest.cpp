//===--- FindingsFormatTest.cpp - Findings as the workers send them -------===//

#include "runner/FindingsFormat.h"

#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

using namespace uaccess;

namespace {

/// What the driver reads back from a worker's report.
TUReport roundTrip(const TUReport &R) {
  std::string Text = llvm::formatv("{0}", toJSON(R)).str();
  auto Back = llvm::json::parse<TUReport>(Text);
  EXPECT_TRUE(bool(Back)) << llvm::toString(Back.takeError()) << "\n" << Text;
  return Back ? std::move(*Back) : TUReport();
}

Finding findingIn(llvm::StringRef File) {
  Finding F;
  F.Check = "window-unbalanced";
  F.Message = "message";
  F.Loc = {File.str(), 10, 2, 3};
  F.Notes.push_back({{File.str(), 20, 4, 5}, "note"});
  F.Fixes.push_back({File.str(), 30, 1, "x"});
  return F;
}

TEST(FindingsFormatTest, PathsThatAreNotUTF8SurviveExactly) {
  const std::string Latin1 = "/src/caf\xe9.c"; // ISO-8859-1, not UTF-8.
  TUReport R;
  R.File = Latin1;
  R.Findings.push_back(findingIn(Latin1));
  R.Findings.back().Message = "quotes '\xff'";
  R.Findings.back().Fixes.back().Replacement = "\xe9";
  R.Dump.push_back("f() at " + Latin1 + ":2\n");
  TUReport Back = roundTrip(R);
  EXPECT_EQ(Back.File, Latin1);
  ASSERT_EQ(Back.Findings.size(), 1u);
  const Finding &F = Back.Findings.front();
  EXPECT_EQ(F.Loc.File, Latin1);
  EXPECT_EQ(F.Notes.front().Loc.File, Latin1);
  EXPECT_EQ(F.Fixes.front().File, Latin1);
  EXPECT_EQ(F.Message, "quotes '\xff'");
  EXPECT_EQ(F.Fixes.front().Replacement, "\xe9");
  EXPECT_EQ(Back.Dump, R.Dump);
}

TEST(FindingsFormatTest, UTF8PathsStayPlainStrings) {
  const std::string Path = "/src/caf\xc3\xa9.c"; // The same name in UTF-8.
  llvm::json::Value V = toJSON(findingIn(Path));
  EXPECT_EQ(V.getAsObject()->getString("file"), llvm::StringRef(Path));
  TUReport R;
  R.File = Path;
  EXPECT_EQ(roundTrip(R).File, Path);
}

TEST(FindingsFormatTest, BytesAreHexInAnObject) {
  llvm::json::Value V = toJSON(findingIn("/a\xff"));
  const llvm::json::Object *File = V.getAsObject()->getObject("file");
  ASSERT_TRUE(File);
  EXPECT_EQ(File->getString("hex"), llvm::StringRef("2f61ff"));
}

TEST(FindingsFormatTest, MalformedHexIsAnError) {
  for (llvm::StringRef Text :
       {R"({"file": {"hex": "2f6"}, "findings": [], "dump": [],
            "compiler_errors": 0})",
        R"({"file": {"hex": "zz"}, "findings": [], "dump": [],
            "compiler_errors": 0})",
        R"({"file": {}, "findings": [], "dump": [], "compiler_errors": 0})"}) {
    auto R = llvm::json::parse<TUReport>(Text);
    EXPECT_FALSE(bool(R)) << Text.str();
    llvm::consumeError(R.takeError());
  }
}

} // namespace

namespace {
// The functions a TU read travel with its report, exactly; an edit is in
// one when all its bytes are.
TEST(FindingsFormatTest, ReadFunctionsSurvive) {
  TUReport R;
  R.File = "a.c";
  R.Read.add("/h.h", {50, 300});
  R.Read.add("/h.h", {10, 20});
  R.Read.add("/h.h", {50, 300});
  R.Read.add("/a.c", {0, 9});
  TUReport Back = roundTrip(R);
  EXPECT_EQ(Back.Read.spans(), R.Read.spans());
  EXPECT_EQ(Back.Read.spans().at("/h.h").size(), 2u);
  EXPECT_TRUE(Back.Read.holds("/h.h", 100, 20));
  EXPECT_TRUE(Back.Read.holds("/h.h", 300, 0));
  EXPECT_FALSE(Back.Read.holds("/h.h", 290, 20));
  EXPECT_FALSE(Back.Read.holds("/other.h", 100, 1));
}

TEST(FindingsFormatTest, ReadFunctionsRefuseBadSpans) {
  for (const char *Bad : {R"([{"file": "/h.h", "spans": [[5, 1]]}])",
                          R"([{"file": "/h.h", "spans": [[-1, 1]]}])",
                          R"([{"file": "/h.h", "spans": [[1]]}])",
                          R"([{"file": "/h.h"}])", R"({"file": "/h.h"})"}) {
    auto V = llvm::json::parse(Bad);
    ASSERT_TRUE(bool(V));
    ReadFunctions Read;
    llvm::json::Path::Root Root;
    EXPECT_FALSE(fromJSON(*V, Read, Root)) << Bad;
    llvm::consumeError(Root.getError());
  }
}
} // namespace
