//===--- FileIdentityTest.cpp - Files known by device and inode -----------===//

#include "utils/FileIdentity.h"
#include "ScratchDir.h"

#include "llvm/Support/FileSystem.h"

using namespace uaccess;

namespace {

class FileIdentityTest : public ScratchDir {};

TEST_F(FileIdentityTest, LinksAndSpellingsAreTheSameFile) {
  std::string Out = make("out.h", "int x;\n");
  std::string Other = make("other.h", "int y;\n");
  FileIdentities Outputs(std::vector<std::string>{Out, path("missing.h")});
  ASSERT_FALSE(Outputs.empty());
  ASSERT_FALSE(llvm::sys::fs::create_link(Out, path("sym.h")));
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(Out, path("hard.h")));
  for (const std::string &Name :
       {Out, path("sym.h"), path("hard.h"), path("./out.h")}) {
    const std::string *Found = Outputs.find(llvm::StringRef(Name));
    ASSERT_TRUE(Found) << Name;
    EXPECT_EQ(*Found, Out);
  }
  EXPECT_EQ(Outputs.find(llvm::StringRef(Other)), nullptr);
  EXPECT_EQ(Outputs.find(llvm::StringRef(path("missing.h"))), nullptr);
}

TEST_F(FileIdentityTest, PathsThatDoNotExistAreLeftOut) {
  FileIdentities Outputs(std::vector<std::string>{path("missing.h")});
  EXPECT_TRUE(Outputs.empty());
  make("missing.h", "int x;\n"); // Made after: not one of the set.
  EXPECT_EQ(Outputs.find(llvm::StringRef(path("missing.h"))), nullptr);
}

} // namespace
