//===--- OptionsTest.cpp - The command line's options, checked ------------===//

#include "Options.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

template <typename T> std::string message(llvm::Expected<T> V) {
  return V ? "" : llvm::toString(V.takeError());
}

TEST(OptionsTest, ConfigAndConfigFileConflict) {
  Options O;
  EXPECT_EQ(message(checkConfigOptions(O)), "");
  O.ConfigFile = "a.yaml";
  EXPECT_EQ(message(checkConfigOptions(O)), "");
  O.InlineConfig = "{Checks: '*'}";
  EXPECT_EQ(message(checkConfigOptions(O)),
            "--config and --config-file cannot be used together");
}

TEST(OptionsTest, KbuildRefusesSharedOutputsAndIsQuiet) {
  Options O;
  EXPECT_EQ(message(checkKbuildOptions(O)), "");
  EXPECT_TRUE(O.Quiet);
  O.OutputFile = "report.txt";
  O.Fix = true;
  // The first the list names.
  EXPECT_EQ(message(checkKbuildOptions(O)),
            "--kbuild checks one file per call, many at once: --fix does not "
            "apply");
}

TEST(OptionsTest, AfterAnalysisRefusesAnalysisOptions) {
  Options O;
  EXPECT_EQ(message(checkAfterAnalysisOptions(O, "merge", false)), "");
  O.CheckOptionArgs = {"window-call.Severity=note"};
  EXPECT_EQ(message(checkAfterAnalysisOptions(O, "merge", false)), "");
  O.CheckOptionArgs.push_back("batchable.MinAccesses=3");
  EXPECT_EQ(message(checkAfterAnalysisOptions(O, "merge", false)),
            "merge: --check-option=batchable.MinAccesses=3 (an analysis "
            "option; of check options, only Severity applies) does not "
            "apply");
  EXPECT_EQ(message(checkAfterAnalysisOptions(Options(), "report", true)),
            "report: compiler arguments (--extra-arg, '--') does not apply");
  Options P;
  P.AccessOkLines = 3;
  EXPECT_EQ(message(checkAfterAnalysisOptions(P, "report", false)),
            "report: --min-accesses and --access-ok-* (analysis options) "
            "does not apply");
}

TEST(OptionsTest, MergeRefusesWhatNeedsTheTUs) {
  Options O;
  EXPECT_EQ(message(checkMergeOptions(O)), "");
  O.HeaderFilter = "";
  EXPECT_EQ(message(checkMergeOptions(O)), "");
  O.DiffFile = "x.patch";
  EXPECT_EQ(message(checkMergeOptions(O)),
            "merge: --diff (merge the gated runs' reports) does not apply");
}

TEST(OptionsTest, ResultsDirIsNoGates) {
  Options O;
  EXPECT_EQ(message(resolveResultsDir(O, "/env/dir")), "");
  EXPECT_EQ(O.ResultsDir, "/env/dir");
  Options G;
  G.DiffFile = "HEAD~1";
  EXPECT_EQ(message(resolveResultsDir(G, "/env/dir")), "");
  EXPECT_EQ(G.ResultsDir, "");
  G.ResultsDir = "out";
  EXPECT_EQ(message(resolveResultsDir(G, nullptr)),
            "--results-dir records a build's TUs: not with --diff");
}

TEST(OptionsTest, Shard) {
  auto Shard = parseShard("2/3");
  ASSERT_TRUE(bool(Shard));
  EXPECT_EQ(*Shard, std::make_pair(1u, 3u));
  for (const char *Bad : {"4/3", "0/3", "1/0", "x/2", "3"})
    EXPECT_EQ(message(parseShard(Bad)),
              std::string("--shard wants K/N with 1 <= K <= N, not '") + Bad +
                  "'");
}

TEST(OptionsTest, CheckOptionOverridesInTheOrderTheyWin) {
  Options O;
  O.CheckOptionArgs = {"batchable.MinAccesses = 4"};
  O.MinAccesses = 3;
  O.AccessOkLines = 7;
  auto Overrides = checkOptionOverrides(O);
  ASSERT_TRUE(bool(Overrides));
  std::vector<std::pair<std::string, std::string>> Want = {
      {"batchable.MinAccesses", "4"},
      {"batchable.MinAccesses", "3"},
      {"access-ok-far.MaxLines", "7"}};
  EXPECT_EQ(*Overrides, Want);
  O.CheckOptionArgs = {"batchable.MinAccesses"};
  EXPECT_EQ(message(checkOptionOverrides(O)),
            "--check-option wants 'check-name.Option=value', not "
            "'batchable.MinAccesses'");
}

TEST(OptionsTest, WarningsAsErrors) {
  Options O;
  auto None = promotedChecks(O);
  ASSERT_TRUE(bool(None));
  EXPECT_FALSE(None->has_value());
  O.WarningsAsErrors = "access-ok-far";
  auto Some = promotedChecks(O);
  ASSERT_TRUE(bool(Some));
  EXPECT_TRUE((*Some)->contains("access-ok-far"));
  O.WarningsAsErrors = "window-nope";
  EXPECT_EQ(message(promotedChecks(O)),
            "--warnings-as-errors: unknown check 'window-nope' (see "
            "--list-checks)");
}

TEST(OptionsTest, LineFilterParsedOnce) {
  auto None = parseLineFilter("");
  ASSERT_TRUE(bool(None));
  EXPECT_FALSE(None->has_value());
  auto Empty = parseLineFilter("[]");
  ASSERT_TRUE(bool(Empty));
  EXPECT_FALSE(Empty->has_value());
  auto One = parseLineFilter(R"([{"name":"a.c","lines":[[1,3]]}])");
  ASSERT_TRUE(bool(One));
  EXPECT_TRUE(One->has_value());
  EXPECT_NE(message(parseLineFilter("{")), "");
}

} // namespace
