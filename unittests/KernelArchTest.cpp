//===--- KernelArchTest.cpp - The kernel's names for target arches --------===//

#include "utils/KernelArch.h"

#include "llvm/TargetParser/Triple.h"
#include "gtest/gtest.h"

using namespace uaccess;

namespace {

std::string archOf(llvm::StringRef Triple) {
  return kernelArchName(llvm::Triple(Triple));
}

TEST(KernelArchTest, TheKernelsNamesNotLLVMs) {
  EXPECT_EQ(archOf("x86_64-linux-gnu"), "x86_64");
  EXPECT_EQ(archOf("i386-linux-gnu"), "i386");
  EXPECT_EQ(archOf("aarch64-linux-gnu"), "arm64");
  EXPECT_EQ(archOf("powerpc64le-linux-gnu"), "powerpc");
  EXPECT_EQ(archOf("powerpc-linux-gnu"), "powerpc");
  EXPECT_EQ(archOf("riscv64-linux-gnu"), "riscv");
  EXPECT_EQ(archOf("s390x-linux-gnu"), "s390");
}

TEST(KernelArchTest, AnArchWithNoKernelNameKeepsLLVMs) {
  EXPECT_EQ(archOf("sparcv9-linux-gnu"), "sparcv9");
}

} // namespace

TEST(KernelArchTest, SeparateUserAddressSpaces) {
  EXPECT_TRUE(hasSeparateUserAddressSpace(llvm::Triple("s390x-linux-gnu")));
  EXPECT_TRUE(hasSeparateUserAddressSpace(llvm::Triple("sparc64-linux-gnu")));
  EXPECT_FALSE(hasSeparateUserAddressSpace(llvm::Triple("x86_64-linux-gnu")));
  EXPECT_FALSE(hasSeparateUserAddressSpace(llvm::Triple("riscv64-linux-gnu")));
  EXPECT_FALSE(hasSeparateUserAddressSpace(llvm::Triple("aarch64-linux-gnu")));
}

TEST(KernelArchTest, OneBuildCompilesItsCompatArch) {
  // An x86_64 build's vDSO32 and boot code are i386; an arm64 build's
  // compat vDSO is arm.
  EXPECT_TRUE(sameKernelBuild("x86_64", "x86_64"));
  EXPECT_TRUE(sameKernelBuild("x86_64", "i386"));
  EXPECT_TRUE(sameKernelBuild("i386", "x86_64"));
  EXPECT_TRUE(sameKernelBuild("arm64", "arm"));
  EXPECT_FALSE(sameKernelBuild("x86_64", "arm64"));
  EXPECT_FALSE(sameKernelBuild("i386", "arm"));
  EXPECT_FALSE(sameKernelBuild("powerpc", "riscv"));
}
