//===--- RelevanceBoundTest.cpp - Bounds on the relevant names ------------===//

#include "run/SourceScan.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

bool contains(const std::vector<std::string> &V, llvm::StringRef N) {
  return llvm::is_contained(V, N.str());
}

/// Every subset of \p Scans, as relevantNames() would be given them.
std::vector<std::vector<const SourceScan *>>
subsets(const std::vector<SourceScan> &Scans) {
  std::vector<std::vector<const SourceScan *>> Out;
  for (unsigned Mask = 0; Mask < (1u << Scans.size()); ++Mask) {
    Out.emplace_back();
    for (unsigned I = 0; I < Scans.size(); ++I)
      if (Mask & (1u << I))
        Out.back().push_back(&Scans[I]);
  }
  return Out;
}

std::vector<const SourceScan *> all(const std::vector<SourceScan> &Scans) {
  std::vector<const SourceScan *> Out;
  for (const SourceScan &S : Scans)
    Out.push_back(&S);
  return Out;
}

std::vector<SourceScan> universe() {
  std::vector<SourceScan> U;
  U.push_back(scanSource("#define WRAP(x, p) put_user(x, p)\n"
                         "#define DEF(n) int n##_x(void)\n"));
  U.push_back(scanSource("DEF(foo) { return WRAP(1, q); }\n"
                         "static inline int bar(void) { return foo(); }\n"));
  U.push_back(scanSource("#define DEF(n) n(void)\n"
                         "static int quiet(void) { return 0; }\n"));
  U.push_back(scanSource("static int baz(void) { return bar() + quiet(); }\n"
                         "#define SYS(n) long sys_##n\n"
                         "SYS(read)(int __user *p) { return get_user(x, p); }"
                         "\n"));
  return U;
}

TEST(RelevanceBoundTest, BoundsEverySubsetsRelevantNames) {
  std::vector<SourceScan> U = universe();
  RelevanceBound B = boundRelevance(all(U));
  for (const auto &T : subsets(U))
    for (const auto &N : relevantNames(T))
      EXPECT_TRUE(contains(B.Relevant, N.getKey())) << N.getKey().str();
  EXPECT_TRUE(contains(B.Relevant, "baz"));
  EXPECT_FALSE(contains(B.Relevant, "quiet"));
  EXPECT_TRUE(contains(B.PastingMacros, "DEF"));
  EXPECT_TRUE(contains(B.PastingMacros, "SYS"));
  EXPECT_TRUE(contains(B.Identifiers, "quiet"));
  EXPECT_TRUE(llvm::is_sorted(B.Identifiers));
}

TEST(RelevanceBoundTest, APastingMacroDefinesItsArgumentAndItself) {
  std::vector<SourceScan> U = universe();
  RelevanceBound B = boundRelevance(all(U));
  // The body is foo's where DEF pastes; DEF's own where it does not.
  EXPECT_TRUE(contains(B.Relevant, "foo"));
  EXPECT_TRUE(contains(B.Relevant, "DEF"));
  EXPECT_TRUE(contains(B.Relevant, "read"));
  EXPECT_TRUE(relevantNames({&U[0], &U[1]}).contains("foo"));
  // With U[2]'s DEF, which does not paste, DEF defines no function: the
  // body is DEF's.
  llvm::StringSet<> Plain = relevantNames({&U[0], &U[1], &U[2]});
  EXPECT_TRUE(Plain.contains("DEF"));
  EXPECT_FALSE(Plain.contains("foo"));
}

TEST(RelevanceBoundTest, ExtraHeaderMakesAHelperRelevant) {
  std::vector<SourceScan> U = universe();
  RelevanceBound B = boundRelevance(all(U));
  SourceScan L = scanSource(
      "static inline int local(u32 __user *p) { return put_user(1, p); }\n"
      "static inline int outer(void) { return local(0); }\n");
  std::optional<llvm::StringSet<>> R = boundWith(B, {&L});
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->contains("local"));
  EXPECT_TRUE(R->contains("outer"));
  EXPECT_TRUE(R->contains("baz"));
  std::vector<const SourceScan *> Both = all(U);
  Both.push_back(&L);
  for (const auto &N : relevantNames(Both))
    EXPECT_TRUE(R->contains(N.getKey())) << N.getKey().str();
  EXPECT_TRUE(namesRelevant(scanSource("int f(void) { return outer(); }"), *R));
  EXPECT_FALSE(
      namesRelevant(scanSource("int g(void) { return quiet(); }"), *R));
}

TEST(RelevanceBoundTest, ANameTheUniverseUsesMadeRelevantIsUnknown) {
  std::vector<SourceScan> U = universe();
  U.push_back(scanSource("static int user(void) { return helper(); }\n"));
  RelevanceBound B = boundRelevance(all(U));
  SourceScan L = scanSource(
      "static int helper(int __user *p) { return put_user(1, p); }\n");
  EXPECT_FALSE(boundWith(B, {&L}));
  // Nothing relevant: nothing the universe uses grows.
  SourceScan Quiet = scanSource("static int helper(void) { return 0; }\n");
  EXPECT_TRUE(boundWith(B, {&Quiet}));
}

TEST(RelevanceBoundTest, APastingMacroTheUniverseNamesIsUnknown) {
  std::vector<SourceScan> U = universe();
  U.push_back(scanSource("MKFN(bar2) { return 0; }\n"));
  RelevanceBound B = boundRelevance(all(U));
  SourceScan L = scanSource("#define MKFN(n) int n##_fn(void)\n");
  EXPECT_FALSE(boundWith(B, {&L}));
  // One the universe pastes already is known.
  SourceScan Again = scanSource("#define DEF(n) int n##_y(void)\n");
  EXPECT_TRUE(boundWith(B, {&Again}));
}

} // namespace
