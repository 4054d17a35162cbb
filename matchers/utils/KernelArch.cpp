//===--- KernelArch.cpp - The kernel's names for target arches ------------===//

#include "utils/KernelArch.h"

#include "llvm/TargetParser/Triple.h"

namespace uaccess {

std::string kernelArchName(const llvm::Triple &Target) {
  if (Target.isX86())
    return Target.isArch64Bit() ? "x86_64" : "i386";
  if (Target.isAArch64())
    return "arm64";
  if (Target.isARM())
    return "arm";
  if (Target.isPPC())
    return "powerpc";
  if (Target.isRISCV())
    return "riscv";
  if (Target.isSystemZ())
    return "s390";
  if (Target.isLoongArch())
    return "loongarch";
  if (Target.isMIPS())
    return "mips";
  return Target.getArchName().str();
}

bool sameKernelBuild(llvm::StringRef A, llvm::StringRef B) {
  auto Pair = [&](llvm::StringRef Wide, llvm::StringRef Narrow) {
    return (A == Wide && B == Narrow) || (A == Narrow && B == Wide);
  };
  return A == B || Pair("x86_64", "i386") || Pair("arm64", "arm");
}

bool hasSeparateUserAddressSpace(const llvm::Triple &Target) {
  // parisc selects it too, but LLVM has no parisc target; m68k only with
  // some CPUs.
  return Target.isSystemZ() || Target.getArch() == llvm::Triple::sparcv9;
}

} // namespace uaccess
