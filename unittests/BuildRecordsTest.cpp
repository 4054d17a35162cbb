//===--- BuildRecordsTest.cpp - Kbuild's .<object>.cmd records ------------===//

#include "run/BuildRecords.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

TEST(BuildRecordsTest, ParsesSourceAndDeps) {
  auto R = parseKbuildRecord(
      "savedcmd_fs/select.o := clang-19 -c -o fs/select.o fs/select.c\n"
      "\n"
      "source_fs/select.o := fs/select.c\n"
      "\n"
      "deps_fs/select.o := \\\n"
      "  include/linux/compiler-version.h \\\n"
      "    $(wildcard include/config/CC_VERSION_TEXT) \\\n"
      "  include/linux/kconfig.h \\\n"
      "  include/net/flow_offload.h \\\n"
      "\n"
      "fs/select.o: $(deps_fs/select.o)\n"
      "\n"
      "$(deps_fs/select.o):\n");
  ASSERT_TRUE(bool(R)) << toString(R.takeError());
  EXPECT_EQ(R->Source, "fs/select.c");
  EXPECT_EQ(R->Deps,
            (std::vector<std::string>{"include/linux/compiler-version.h",
                                      "include/linux/kconfig.h",
                                      "include/net/flow_offload.h"}));
}

// The last entry has no backslash: the list ends there, and what follows
// is not a dependency.
TEST(BuildRecordsTest, ListEndsWithoutBackslash) {
  auto R = parseKbuildRecord("source_a.o := a.c\n"
                             "deps_a.o := \\\n"
                             "  a.h \\\n"
                             "  b.h\n"
                             "a.o: $(deps_a.o)\n");
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->Deps, (std::vector<std::string>{"a.h", "b.h"}));
}

TEST(BuildRecordsTest, NotARecord) {
  auto R = parseKbuildRecord("savedcmd_a.o := gcc -c a.c\n");
  ASSERT_FALSE(bool(R));
  EXPECT_NE(toString(R.takeError()).find("not a Kbuild record"),
            std::string::npos);
}

TEST(BuildRecordsTest, RecordPathFromTheObject) {
  clang::tooling::CompileCommand C;
  C.CommandLine = {"clang", "-c", "-o", "fs/select.o", "fs/select.c"};
  EXPECT_EQ(BuildRecords::recordPath(C), "fs/.select.o.cmd");
  C.CommandLine = {"clang", "-c", "-ofs/select.o", "fs/select.c"};
  EXPECT_EQ(BuildRecords::recordPath(C), "fs/.select.o.cmd");
  C.CommandLine = {"clang", "-c", "fs/select.c"};
  EXPECT_EQ(BuildRecords::recordPath(C), std::nullopt);
  C.Output = "lib/x.o";
  EXPECT_EQ(BuildRecords::recordPath(C), "lib/.x.o.cmd");
}

} // namespace

namespace {
// The flags that choose what is read and defined, as one set: a -D
// spelled apart or joined is one flag, paths are absolute, and sparse's
// own defines, which the target predefines, are no flags.
TEST(BuildRecordsTest, PreprocessorFlags) {
  std::vector<std::string> Args = {"clang",
                                   "-c",
                                   "-D",
                                   "A=1",
                                   "-DB",
                                   "-UC",
                                   "-I",
                                   "inc",
                                   "-Iinc2",
                                   "-include",
                                   "cfg.h",
                                   "-isystem",
                                   "/sys",
                                   "-nostdinc",
                                   "-O2",
                                   "-Wall",
                                   "-D__x86_64__",
                                   "-Dlinux",
                                   "-D__STDC__",
                                   "-D__riscv_xlen=64",
                                   "-D__WANT",
                                   "--define-macro=E",
                                   "--define-macro",
                                   "F",
                                   "-Wp,-MMD,a.d,-DG",
                                   "--include-directory=inc3",
                                   "--include",
                                   "k.h",
                                   "-std=gnu11",
                                   "-ffreestanding",
                                   "-fno-strict-aliasing",
                                   "--target=aarch64-linux-gnu",
                                   "-mgeneral-regs-only",
                                   "-mllvm",
                                   "-x",
                                   "-fPIC",
                                   "-mbranch-protection=pac-ret",
                                   "-mlittle-endian",
                                   "-fno-pic",
                                   "-mgeneral-regs-only",
                                   "-o",
                                   "a.o",
                                   "a.c"};
  std::vector<std::string> Want = {"-DA=1",
                                   "-DB",
                                   "-UC",
                                   "-I/b/inc",
                                   "-I/b/inc2",
                                   "-include/b/cfg.h",
                                   "-isystem/sys",
                                   "-nostdinc",
                                   "-O2",
                                   "-D__WANT",
                                   "-DE",
                                   "-DF",
                                   "-DG",
                                   "-I/b/inc3",
                                   "-include/b/k.h",
                                   "-std=gnu11",
                                   "-ffreestanding",
                                   "-fno-strict-aliasing",
                                   "-fPIC",
                                   "-fno-pic",
                                   "--target-arch=aarch64",
                                   "-mbranch-protection=pac-ret",
                                   "-mgeneral-regs-only"};
  EXPECT_EQ(preprocessorFlags(Args, "/b"), Want);
}

// The arch of the compile, however the flags name it: sparse's CHECKFLAGS
// repeat -m64 and the byte order, which change nothing.
TEST(BuildRecordsTest, PreprocessorFlagsNameTheTargetArch) {
  auto Arch = [](std::vector<std::string> Args) {
    std::vector<std::string> Flags = preprocessorFlags(Args, "/b");
    return Flags.empty() ? std::string() : Flags.back();
  };
  EXPECT_EQ(Arch({"clang", "--target=x86_64-linux-gnu", "-c", "a.c"}),
            "--target-arch=x86_64");
  EXPECT_EQ(Arch({"clang", "--target=x86_64-linux-gnu", "-m64",
                  "-mlittle-endian", "-c", "a.c"}),
            "--target-arch=x86_64");
  EXPECT_EQ(Arch({"clang", "-target", "x86_64-linux-gnu", "-m32", "a.c"}),
            "--target-arch=i386");
  EXPECT_EQ(Arch({"aarch64-linux-gnu-gcc", "-c", "a.c"}),
            "--target-arch=aarch64");
  EXPECT_EQ(Arch({"/usr/bin/aarch64-linux-gnu-gcc", "-mbig-endian", "a.c"}),
            "--target-arch=aarch64_be");
  // A target feature is a flag of its own.
  EXPECT_EQ(Arch({"clang", "--target=x86_64-linux-gnu", "-mno-sse", "a.c"}),
            "-mno-sse");
}

TEST(BuildRecordsTest, KeepsTheCommand) {
  auto New = parseKbuildRecord("savedcmd_a.o := clang -DX -c a.c\n"
                               "source_a.o := a.c\n"
                               "deps_a.o := \\\n"
                               "  a.h\n");
  ASSERT_TRUE(bool(New)) << toString(New.takeError());
  EXPECT_EQ(New->Command, "clang -DX -c a.c");
  // Before 6.2 the line was cmd_.
  auto Old = parseKbuildRecord("cmd_a.o := gcc -DY -c a.c\n"
                               "source_a.o := a.c\n"
                               "deps_a.o := \\\n"
                               "  a.h\n");
  ASSERT_TRUE(bool(Old)) << toString(Old.takeError());
  EXPECT_EQ(Old->Command, "gcc -DY -c a.c");
}
} // namespace
