//===--- CommandAdjusterTest.cpp - gcc kernel commands become clang's -----===//

#include "inputs/CommandAdjuster.h"

#include "gtest/gtest.h"
#include <algorithm>

using namespace uaccess;

namespace {

bool has(const std::vector<std::string> &Args, llvm::StringRef A) {
  return std::find(Args.begin(), Args.end(), A) != Args.end();
}

TEST(CommandAdjusterTest, GccKernelFlagsGo) {
  auto Adjust = kernelCommandAdjuster("/res", {"-DEXTRA"});
  std::vector<std::string> Out = Adjust(
      {"gcc", "-nostdinc", "-fconserve-stack", "-mrecord-mcount",
       "-mindirect-branch=thunk-extern", "--param", "asan-globals=1",
       "--param=allow-store-data-races=0", "-Werror=implicit-int",
       "-fno-brand-new-gcc-flag", "-Wp,-MMD,fs/.x.o.d", "-O2", "-c", "x.c"},
      "x.c");
  EXPECT_EQ(Out.front(), "clang");
  for (llvm::StringRef Gone :
       {"-fconserve-stack", "-mrecord-mcount", "-mindirect-branch=thunk-extern",
        "--param", "asan-globals=1", "--param=allow-store-data-races=0",
        "-Werror=implicit-int", "-fno-brand-new-gcc-flag",
        "-Wp,-MMD,fs/.x.o.d"})
    EXPECT_FALSE(has(Out, Gone)) << Gone.str();
  for (llvm::StringRef Kept :
       {"-nostdinc", "-O2", "x.c", "-DEXTRA", "-w", "-resource-dir=/res"})
    EXPECT_TRUE(has(Out, Kept)) << Kept.str();
}

TEST(CommandAdjusterTest, OwnResourceDirWins) {
  auto Adjust = kernelCommandAdjuster("/res", {});
  std::vector<std::string> Out =
      Adjust({"clang-17", "-resource-dir=/mine", "x.c"}, "x.c");
  EXPECT_TRUE(has(Out, "-resource-dir=/mine"));
  EXPECT_FALSE(has(Out, "-resource-dir=/res"));
}

} // namespace
