//===--- FingerprintTest.cpp - Findings' identities across edits ----------===//

#include "utils/Fingerprint.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

TEST(FingerprintTest, CollapseWhitespace) {
  EXPECT_EQ(collapseWhitespace("  \tunsafe_put_user(a,\t p,  efault);\r"),
            "unsafe_put_user(a, p, efault);");
  EXPECT_EQ(collapseWhitespace(" \t "), "");
}

TEST(FingerprintTest, LineOf) {
  llvm::StringRef Text = "one\ntwo\r\n\nfour";
  EXPECT_EQ(lineOf(Text, 1), "one");
  EXPECT_EQ(lineOf(Text, 2), "two\r");
  EXPECT_EQ(lineOf(Text, 3), "");
  EXPECT_EQ(lineOf(Text, 4), "four");
  EXPECT_EQ(lineOf(Text, 5), "");
  EXPECT_EQ(lineOf(Text, 0), "");
  EXPECT_EQ(fingerprintSnippet(Text, 2), "two");
}

TEST(FingerprintTest, StableAndDistinct) {
  std::string A = fingerprint("batchable", "fs/select.c", "f", "x;", 0);
  EXPECT_EQ(A.size(), 32u);
  EXPECT_EQ(A, fingerprint("batchable", "fs/select.c", "f", "x;", 0));
  EXPECT_NE(A, fingerprint("batchable", "fs/select.c", "f", "x;", 1));
  EXPECT_NE(A, fingerprint("window-call", "fs/select.c", "f", "x;", 0));
  EXPECT_NE(A, fingerprint("batchable", "fs/select.c", "g", "x;", 0));
  // Parts are delimited: moving a character from one to the next changes it.
  EXPECT_NE(fingerprint("a", "bc", "", "", 0),
            fingerprint("ab", "c", "", "", 0));
  // Pinned: baselines written by one version must be read by the next.
  EXPECT_EQ(fingerprint("c", "p", "f", "s", 0),
            "b1345405eb95d3e07d8e722a7c156eea");
}

} // namespace
