//===--- StaticLinkGlue.cpp - What a static clang link lacks --------------===//
//
// Linked only when clang and LLVM are linked in statically
// (UACCESS_LINT_STATIC_CLANG). The dependency scanner's PCH container
// reader is in clang's CodeGen archive, whose pass pipeline names the
// entry point of Polly, the loop optimizer that Debian's libLLVM.so has
// linked in and of which no static archive is shipped. uaccess-lint never
// builds a pass pipeline; were one built, Polly would add no pass to it.
//
//===----------------------------------------------------------------------===//

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked)", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &) {}};
}
