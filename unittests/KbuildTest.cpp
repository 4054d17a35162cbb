//===--- KbuildTest.cpp - Kbuild's checker command line taken apart -------===//

#include "inputs/Kbuild.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

ToolOptionKind kindOf(llvm::StringRef Name) {
  if (Name == "checks" || Name == "warnings-as-errors" || Name == "o")
    return ToolOptionKind::TakesValue;
  if (Name == "quiet")
    return ToolOptionKind::Flag;
  return ToolOptionKind::NotOurs;
}

KbuildCommand split(std::vector<std::string> Args) {
  auto Command = splitKbuildCommand(Args, kindOf);
  EXPECT_TRUE(bool(Command)) << llvm::toString(Command.takeError());
  return Command ? *Command : KbuildCommand();
}

std::string error(std::vector<std::string> Args) {
  auto Command = splitKbuildCommand(Args, kindOf);
  if (Command)
    return "";
  return llvm::toString(Command.takeError());
}

using Args = std::vector<std::string>;

// CHECKFLAGS, with CF=, then a clang build's c_flags, as Kbuild passes them.
TEST(KbuildTest, ClangBuild) {
  KbuildCommand C =
      split({"-D__linux__", "-D__STDC__", "-Wbitwise", "--checks=window-*",
             "--quiet", "-D__x86_64__", "--arch=x86", "-mlittle-endian", "-m64",
             "-Wp,-MMD,fs/.select.o.d", "--target=x86_64-linux-gnu", "-m64",
             "-DKBUILD_BASENAME=\"select\"", "fs/select.c"});
  EXPECT_EQ(C.File, "fs/select.c");
  EXPECT_EQ(C.ToolArgs, (Args{"--checks=window-*", "--quiet"}));
  EXPECT_EQ(
      C.CompilerArgs,
      (Args{"-D__linux__", "-Wbitwise", "-D__x86_64__", "-mlittle-endian",
            "-m64", "-Wp,-MMD,fs/.select.o.d", "--target=x86_64-linux-gnu",
            "-m64", "-DKBUILD_BASENAME=\"select\"", "-o", "fs/select.o"}));
}

// gcc's c_flags name no target: sparse's --arch does.
TEST(KbuildTest, GccBuildTakesTheTargetFromArch) {
  KbuildCommand C = split(
      {"--arch=arm64", "-mlittle-endian", "-m64", "-mabi=lp64", "drivers/x.c"});
  EXPECT_EQ(C.CompilerArgs.back(), "--target=aarch64-linux-gnu");
  C = split({"--arch=x86", "-mlittle-endian", "-m32", "x.c"});
  EXPECT_EQ(C.CompilerArgs.back(), "--target=i386-linux-gnu");
  C = split({"--arch=powerpc", "-mbig-endian", "-m64", "x.c"});
  EXPECT_EQ(C.CompilerArgs.back(), "--target=powerpc64-linux-gnu");
  // A direct call with neither: clang's default target.
  C = split({"-DX", "x.c"});
  EXPECT_EQ(C.CompilerArgs, (Args{"-DX", "-o", "x.o"}));
}

TEST(KbuildTest, ValueInTheNextArgument) {
  KbuildCommand C = split({"--checks", "access-ok-*", "x.c"});
  EXPECT_EQ(C.ToolArgs, (Args{"--checks", "access-ok-*"}));
  EXPECT_EQ(C.CompilerArgs, (Args{"-o", "x.o"}));
  EXPECT_NE(error({"--checks", "x.c"}).find("'--checks' needs a value"),
            std::string::npos);
}

// The tool's one-letter options take one dash; a compiler flag that starts
// with the same letter stays the compiler's.
TEST(KbuildTest, OneDashOptions) {
  KbuildCommand C = split({"-o", "r.txt", "-O2", "-DX", "x.c"});
  EXPECT_EQ(C.ToolArgs, (Args{"-o", "r.txt"}));
  EXPECT_EQ(C.CompilerArgs, (Args{"-O2", "-DX", "-o", "x.o"}));
}

TEST(KbuildTest, Errors) {
  EXPECT_NE(error({}).find("no file to check"), std::string::npos);
  EXPECT_NE(error({"-DX", "-O2"}).find("must be the C file"),
            std::string::npos);
  EXPECT_NE(error({"-DX", "arch/x86/entry/entry_64.S"}).find("must be the C"),
            std::string::npos);
  EXPECT_NE(error({"--arch=um", "x.c"}).find("--arch=um"), std::string::npos);
  // A target named in CF= serves any arch.
  EXPECT_EQ(error({"--arch=um", "--target=x86_64-linux-gnu", "x.c"}), "");
}

// A misspelt option of the tool's in CF= is neither the tool's nor a
// compiler's: an error, or a gate option would be dropped while the build
// goes on. A compiler's own `--` flags, clang's or gcc's, stay the
// compiler's.
TEST(KbuildTest, MisspeltOptionIsAnError) {
  EXPECT_NE(error({"--warnings-as-error=*", "-DX", "x.c"})
                .find("unknown option '--warnings-as-error=*'"),
            std::string::npos);
  EXPECT_NE(error({"--check=window-*", "x.c"}).find("'--check=window-*'"),
            std::string::npos);
  EXPECT_EQ(error({"--param=allow-store-data-races=0", "--param", "x=1",
                   "--target=x86_64-linux-gnu", "--sysroot=/", "-fno-foo-bar",
                   "x.c"}),
            "");
}

} // namespace
