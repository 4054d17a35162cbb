//===--- CommandAdjuster.h - Kernel commands for clang 19 -------*- C++ -*-===//

#ifndef UACCESS_LINT_COMMANDADJUSTER_H
#define UACCESS_LINT_COMMANDADJUSTER_H

#include "clang/Tooling/ArgumentsAdjusters.h"

namespace uaccess {

/// Turns a command from a gcc (or another clang's) kernel build into one
/// clang 19 accepts for -fsyntax-only: the compiler becomes clang, gcc-only
/// and unknown flags go, no dependency or object files are written, and
/// \p ExtraArgs are appended.
clang::tooling::ArgumentsAdjuster
kernelCommandAdjuster(std::string ResourceDir,
                      std::vector<std::string> ExtraArgs);

} // namespace uaccess

#endif
