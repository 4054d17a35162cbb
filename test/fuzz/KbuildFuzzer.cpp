//===--- KbuildFuzzer.cpp - Fuzz the Kbuild checker command splitter ------===//
//
// The input is a command line, one argument per line.

#include "inputs/Kbuild.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Args;
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    Args.push_back(Line.str());
  auto KindOf = [](llvm::StringRef Name) {
    if (Name == "checks" || Name == "o")
      return uaccess::ToolOptionKind::TakesValue;
    return Name == "quiet" ? uaccess::ToolOptionKind::Flag
                           : uaccess::ToolOptionKind::NotOurs;
  };
  auto Command = uaccess::splitKbuildCommand(Args, KindOf);
  if (!Command) {
    llvm::consumeError(Command.takeError());
    return 0;
  }
  // Every argument lands once: the file, the tool's, or the compiler's
  // (less sparse's --arch and -D__STDC__, plus `-o x.o` and at most one
  // --target), and the object is the file's.
  size_t Placed = 1 + Command->ToolArgs.size() + Command->CompilerArgs.size();
  const std::vector<std::string> &C = Command->CompilerArgs;
  bool HasObject = llvm::is_contained(C, "-o");
  if (Command->File != Args.back() || Placed > Args.size() + 3 || !HasObject)
    __builtin_trap();
  return 0;
}
