//===--- KernelArch.h - The kernel's names for target arches ----*- C++ -*-===//
//
// A TU's arch is its target triple's (the compile command's -target, else
// clang's default). Messages and reports name it as the kernel does
// (ARCH=arm64, not LLVM's aarch64), so one name means one arch everywhere:
// in window-mismatch's notes and in the reports that merge runs of
// several arches.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_KERNELARCH_H
#define UACCESS_LINT_UTILS_KERNELARCH_H

#include <string>

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Triple;
} // namespace llvm

namespace uaccess {

/// The kernel's arch directory for \p Target (x86's 64-bit half is
/// "x86_64", as the kernel's own messages say): "arm64", "powerpc",
/// "riscv", "s390"; an arch with no such name keeps LLVM's.
std::string kernelArchName(const llvm::Triple &Target);

/// True when one kernel build can compile TUs of both arches (kernel
/// names): the same arch, or a 64-bit arch and the 32-bit one its build
/// compiles a compat vDSO or boot code for (x86_64 and i386, arm64 and
/// arm).
bool sameKernelBuild(llvm::StringRef A, llvm::StringRef B);

/// True for the arches that select CONFIG_ALTERNATE_USER_ADDRESS_SPACE
/// whatever the configuration (s390, sparc64): user pointers live in their
/// own address space, so no user accessor can reach kernel memory and
/// access_ok() is always true there.
bool hasSeparateUserAddressSpace(const llvm::Triple &Target);

/// The arch's own uaccess implementation, as path globs (GlobList): its
/// headers, its lib/ copy routines, and the generic ones in lib/. Only
/// there may a window name no pointer and trust the callers.
constexpr llvm::StringLiteral ArchUaccessFiles =
    "*/asm/uaccess*.h,*/asm-generic/uaccess*.h,*/linux/uaccess.h,"
    "*/arch/*/lib/*,*/lib/usercopy.c,*/lib/strncpy_from_user.c,"
    "*/lib/strnlen_user.c";

} // namespace uaccess

#endif
