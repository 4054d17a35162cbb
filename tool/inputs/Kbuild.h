//===--- Kbuild.h - The tool as Kbuild's $(CHECK) ---------------*- C++ -*-===//
//
// Kbuild runs a checker as `$(CHECK) $(CHECKFLAGS) $(c_flags) <file.c>`
// (scripts/Makefile.build, under `make C=1` or `C=2`). CHECKFLAGS are
// sparse's: -D__linux__ ... -Wbitwise, the user's CF=, then --arch=$(ARCH),
// the endianness and -m64/-m32. c_flags are the compiler's own, clang's or
// gcc's. This file splits that command line into the tool's options (from
// CF=), the compiler's arguments and the file, so the driver can run the
// file as `uaccess-lint <options> <file> -- <arguments>`.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_KBUILD_H
#define UACCESS_LINT_KBUILD_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

/// One Kbuild checker call, taken apart.
struct KbuildCommand {
  /// The tool's own options, as given in CF= ("--checks=window-*").
  std::vector<std::string> ToolArgs;
  /// The compile's arguments, sparse's own taken out; with a --target
  /// from --arch when the compiler (gcc) named none.
  std::vector<std::string> CompilerArgs;
  /// The source Kbuild checks: its last argument.
  std::string File;
};

/// What the tool knows of an option name: not one of its own, a flag, or
/// an option that takes a value.
enum class ToolOptionKind { NotOurs, Flag, TakesValue };

/// Splits \p Args (everything after --kbuild). \p KindOf tells the tool's
/// options from the compiler's by name ("checks" for --checks=...).
llvm::Expected<KbuildCommand>
splitKbuildCommand(llvm::ArrayRef<std::string> Args,
                   llvm::function_ref<ToolOptionKind(llvm::StringRef)> KindOf);

/// The target triple of a kernel ARCH= (sparse's --arch) with its
/// -m64/-m32 and endianness flags; nullopt for an arch this table lacks.
std::optional<std::string> kbuildTargetTriple(llvm::StringRef Arch,
                                              bool Is64Bit, bool BigEndian);

/// As the build names them: the file Kbuild checks, which findings name
/// by its real path \p RealGiven, as Kbuild gave it (\p Given, perhaps
/// through a symbolic link), the other files of \p Findings under \p Dir
/// (the tree Kbuild runs in) relative to it, "fs/select.c:12:3: ..." as
/// clang prints them; the rest keep their absolute paths.
void namePathsFrom(std::vector<Finding> &Findings, llvm::StringRef Dir,
                   llvm::StringRef Given, llvm::StringRef RealGiven);

} // namespace uaccess

#endif
