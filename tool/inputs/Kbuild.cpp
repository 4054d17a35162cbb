//===--- Kbuild.cpp - The tool as Kbuild's $(CHECK) -----------------------===//
//
// Rules (README, "In the kernel's build"):
// - the last argument is the file, as Kbuild's `$<`;
// - an argument `--name[=value]` (or `-o`) whose name is the tool's is the
//   tool's (CF= is how a user reaches the checker); every other argument is
//   the compiler's, and the command adjuster later drops what clang 19 does
//   not take (a gcc build's flags);
// - but a `--name` that is neither the tool's nor a compiler's is a
//   misspelt option of the tool's (`--warnings-as-error=*`): an error, as
//   in a plain run, not a flag to drop while the build goes on;
// - --arch is sparse's: it names the target when the compile's own flags
//   do not (a gcc build has no --target), with the -m64/-m32 and
//   endianness flags that follow it;
// - -D__STDC__ is sparse's: clang defines it;
// - the object is the file's own, `x.c` makes `x.o` beside it (as in-tree
//   and M= builds place it), so the build's record of the compile is found.
//
//===----------------------------------------------------------------------===//

#include "inputs/Kbuild.h"
#include "inputs/CommandAdjuster.h"

#include "llvm/ADT/StringSwitch.h"

namespace uaccess {

namespace {
/// The target of the compile, as far as the arguments say.
struct TargetFlags {
  std::string Arch;
  bool Is64Bit = true;
  bool BigEndian = false;
  bool HaveTarget = false;

  /// Notes what \p Arg says of the target; true when it is sparse's alone.
  bool note(llvm::StringRef Arg) {
    if (Arg.consume_front("--arch=")) {
      Arch = Arg.str();
      return true;
    }
    if (Arg == "-m64" || Arg == "-m32")
      Is64Bit = Arg == "-m64";
    else if (Arg == "-mbig-endian" || Arg == "-mlittle-endian")
      BigEndian = Arg == "-mbig-endian";
    else if (Arg == "-target" || Arg.starts_with("--target=") ||
             Arg.starts_with("-target="))
      HaveTarget = true;
    return Arg == "-D__STDC__";
  }
};

llvm::Error kbuildError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "--kbuild: " + Message);
}

/// The name of a `--name[=value]` or `-name` argument ("" for none): the
/// tool's one-letter options (-o, -p) are spelled with one dash.
llvm::StringRef optionName(llvm::StringRef Arg) {
  if (!Arg.consume_front("-"))
    return "";
  Arg.consume_front("-");
  return Arg.split('=').first;
}
} // namespace

std::optional<std::string> kbuildTargetTriple(llvm::StringRef Arch,
                                              bool Is64Bit, bool BigEndian) {
  auto Pick = [&](const char *B64, const char *B32) -> std::string {
    return Is64Bit ? B64 : B32;
  };
  std::string Triple =
      llvm::StringSwitch<std::string>(Arch)
          .Cases("x86", "x86_64", "i386",
                 Pick("x86_64-linux-gnu", "i386-linux-gnu"))
          .Case("arm64",
                BigEndian ? "aarch64_be-linux-gnu" : "aarch64-linux-gnu")
          .Case("arm", BigEndian ? "armeb-linux-gnueabi" : "arm-linux-gnueabi")
          .Case("riscv", Pick("riscv64-linux-gnu", "riscv32-linux-gnu"))
          .Case("powerpc", Is64Bit ? (BigEndian ? "powerpc64-linux-gnu"
                                                : "powerpc64le-linux-gnu")
                                   : "powerpc-linux-gnu")
          .Case("s390", "s390x-linux-gnu")
          .Case("loongarch", "loongarch64-linux-gnu")
          .Case("mips",
                BigEndian ? Pick("mips64-linux-gnuabi64", "mips-linux-gnu")
                          : Pick("mips64el-linux-gnuabi64", "mipsel-linux-gnu"))
          .Case("sparc", Pick("sparc64-linux-gnu", "sparc-linux-gnu"))
          .Case("sparc64", "sparc64-linux-gnu")
          .Case("m68k", "m68k-linux-gnu")
          .Case("csky", "csky-linux-gnuabiv2")
          .Case("hexagon", "hexagon-unknown-linux-musl")
          .Default("");
  if (Triple.empty())
    return std::nullopt;
  return Triple;
}

llvm::Expected<KbuildCommand>
splitKbuildCommand(llvm::ArrayRef<std::string> Args,
                   llvm::function_ref<ToolOptionKind(llvm::StringRef)> KindOf) {
  if (Args.empty())
    return kbuildError("no file to check; Kbuild runs the checker as "
                       "$(CHECK) $(CHECKFLAGS) $(c_flags) <file.c>");
  KbuildCommand Command;
  Command.File = Args.back();
  if (llvm::StringRef(Command.File).starts_with("-") ||
      !llvm::StringRef(Command.File).ends_with(".c"))
    return kbuildError("the last argument must be the C file Kbuild checks, "
                       "not '" +
                       Command.File + "'");
  TargetFlags Target;
  for (size_t I = 0; I + 1 < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    ToolOptionKind Kind = KindOf(optionName(Arg));
    if (Kind == ToolOptionKind::NotOurs) {
      if (!Target.note(Arg))
        Command.CompilerArgs.push_back(Args[I]);
      continue;
    }
    Command.ToolArgs.push_back(Args[I]);
    // `--checks window-*`: the value is the next argument.
    if (Kind == ToolOptionKind::TakesValue && !Arg.contains('=')) {
      if (I + 2 >= Args.size())
        return kbuildError("'" + Arg + "' needs a value");
      Command.ToolArgs.push_back(Args[++I]);
    }
  }
  for (const std::string &Arg : unknownCompilerArguments(Command.CompilerArgs))
    if (llvm::StringRef(Arg).starts_with("--"))
      return kbuildError("unknown option '" + Arg +
                         "': neither uaccess-lint's (CF= passes those; "
                         "--help lists them) nor a compiler's");
  // Kbuild's c_flags leave out `-c -o $@`; the object is the file's, beside
  // it, and names the build's record of the compile (BuildRecords.h).
  Command.CompilerArgs.push_back("-o");
  Command.CompilerArgs.push_back(
      llvm::StringRef(Command.File).drop_back(2).str() + ".o");
  if (Target.HaveTarget || Target.Arch.empty())
    return Command;
  std::optional<std::string> Triple =
      kbuildTargetTriple(Target.Arch, Target.Is64Bit, Target.BigEndian);
  if (!Triple)
    return kbuildError("no target triple known for --arch=" + Target.Arch +
                       "; name one in CF=, e.g. CF=--target=<triple>");
  Command.CompilerArgs.push_back("--target=" + *Triple);
  return Command;
}

void namePathsFrom(std::vector<Finding> &Findings, llvm::StringRef Dir,
                   llvm::StringRef Given, llvm::StringRef RealGiven) {
  std::string Prefix = (Dir.rtrim('/') + "/").str();
  auto Relative = [&](std::string &Path) {
    if (Path == RealGiven)
      Path = Given.str();
    else if (llvm::StringRef(Path).starts_with(Prefix))
      Path.erase(0, Prefix.size());
  };
  for (Finding &F : Findings) {
    Relative(F.Loc.File);
    for (FindingNote &N : F.Notes)
      Relative(N.Loc.File);
    for (FindingFix &Fix : F.Fixes)
      Relative(Fix.File);
  }
}

} // namespace uaccess
