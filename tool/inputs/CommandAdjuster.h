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

/// The arguments in \p Args that neither clang 19 nor the gcc-only list
/// knows. A build database may hold a newer compiler's flags, which the
/// adjuster drops; the user's own (after '--', --extra-arg) are checked
/// with this before any TU runs, so a typo is an error, not a dropped flag.
std::vector<std::string>
unknownCompilerArguments(llvm::ArrayRef<std::string> Args);

} // namespace uaccess

#endif
