//===--- ConfigFuzzer.cpp - Fuzz the .uaccess-lint.yaml parser ------------===//

#include "inputs/Config.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<uaccess::Config> C = uaccess::parseConfig(Text, "fuzz");
  if (!C) {
    llvm::consumeError(C.takeError());
    return 0;
  }
  // --dump-config's promise: what it prints reads back as the same config.
  llvm::Expected<uaccess::Config> Again =
      uaccess::parseConfig(uaccess::renderConfig(*C), "dump");
  if (!Again || Again->Checks != C->Checks ||
      Again->CheckOptions != C->CheckOptions ||
      Again->UaccessSafe != C->UaccessSafe ||
      Again->HeaderFilterRegex != C->HeaderFilterRegex ||
      Again->Baseline != C->Baseline)
    __builtin_trap();
  return 0;
}
