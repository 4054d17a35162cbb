//===--- CommandLine.h - The options, as llvm::cl reads them ----*- C++ -*-===//
//
// The arguments split ('--', --kbuild's), parsed by llvm::cl, and read
// once into the Options the stages are handed.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_COMMANDLINE_H
#define UACCESS_LINT_TOOL_COMMANDLINE_H

#include "Options.h"

#include "llvm/Support/Error.h"

#include <deque>
#include <string>

namespace uaccess {

/// The arguments, the compiler's after '--' apart.
CommandLine splitDashDash(int argc, const char **argv);

/// `uaccess-lint --kbuild $(CHECKFLAGS) $(c_flags) <file.c>` as the plain
/// run `uaccess-lint --kbuild <CF= options> <file.c> -- <compile flags>`.
/// \p Storage keeps the strings the command line points into.
llvm::Expected<CommandLine> kbuildCommandLine(int argc, const char **argv,
                                              std::deque<std::string> &Storage);

/// Parses the command line; false on a usage error (llvm::cl said why).
bool parseCommandLine(const CommandLine &CL);

/// The options parseCommandLine() read.
Options readOptions();

/// --help's text, on standard output.
void printHelp();

} // namespace uaccess

#endif
