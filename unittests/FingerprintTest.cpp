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
  std::string A = fingerprint("batchable", "m", "fs/select.c", "f", "x;", 0);
  EXPECT_EQ(A.size(), 32u);
  EXPECT_EQ(A, fingerprint("batchable", "m", "fs/select.c", "f", "x;", 0));
  EXPECT_NE(A, fingerprint("batchable", "m", "fs/select.c", "f", "x;", 1));
  EXPECT_NE(A, fingerprint("window-call", "m", "fs/select.c", "f", "x;", 0));
  EXPECT_NE(A, fingerprint("batchable", "m", "fs/select.c", "g", "x;", 0));
  // What the finding says: a check far away is not a missing one.
  EXPECT_NE(A, fingerprint("batchable", "n", "fs/select.c", "f", "x;", 0));
  // Parts are delimited: moving a character from one to the next changes it.
  EXPECT_NE(fingerprint("a", "", "bc", "", "", 0),
            fingerprint("ab", "", "c", "", "", 0));
  // Pinned: baselines written by one version must be read by the next.
  EXPECT_EQ(fingerprint("c", "k", "p", "f", "s", 0),
            "635f58e4e2f44fa86c8f47f4b245390b");
}

} // namespace
