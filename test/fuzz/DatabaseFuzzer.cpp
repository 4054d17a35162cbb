//===--- DatabaseFuzzer.cpp - Fuzz the database loader and adjuster -------===//

#include "inputs/CommandAdjuster.h"
#include "inputs/Inputs.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto DB = uaccess::parseJSONDatabase(Text, "/fuzz");
  if (!DB) {
    llvm::consumeError(DB.takeError());
    return 0;
  }
  static const clang::tooling::ArgumentsAdjuster Adjust =
      uaccess::kernelCommandAdjuster("/fuzz/resource", {"-DEXTRA"});
  for (const clang::tooling::CompileCommand &C :
       (*DB)->getAllCompileCommands()) {
    (void)Adjust(C.CommandLine, C.Filename);
    (void)(*DB)->getCompileCommands(C.Filename);
  }
  return 0;
}
