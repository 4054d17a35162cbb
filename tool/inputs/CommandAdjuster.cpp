//===--- CommandAdjuster.cpp - Make kernel build commands clang 19's ------===//

#include "inputs/CommandAdjuster.h"
#include "utils/NameMatch.h"

#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"

#include <set>

using namespace clang;

namespace uaccess {

namespace {
// Flags gcc kernel builds use that clang rejects or that change nothing for
// a syntax-only parse. '*' marks a prefix.
const llvm::StringRef GccOnlyFlags[] = {
    "-fconserve-stack",
    "-mrecord-mcount",
    "-mindirect-branch=*",
    "-mindirect-branch-register",
    "-mfunction-return=*",
    "-mpreferred-stack-boundary=*",
    "-mskip-rax-setup",
    "-fno-allow-store-data-races",
    "-fno-ipa-sra",
    "-fno-ipa-cp-clone",
    "-fno-var-tracking-assignments",
    "-fno-var-tracking",
    "--param=*",
    "-fsanitize=bounds-strict",
    "-mabi=*",
    "-Werror*",
    "-fplugin=*",
    "-fplugin-arg-*",
    "-fno-tree-*",
    "-ftree-*",
    "-fmin-function-alignment=*",
    "-fno-inline-functions-called-once",
    "-fno-partial-inlining",
    "-falign-jumps=*",
    "-falign-loops=*",
    "-fno-code-hoisting",
    "-fpatchable-function-entry=*",
    "-mno-fp-ret-in-387",
    "-mharden-sls=*",
    "-fzero-init-padding-bits=*",
    "-fstrict-flex-arrays=*",
    "-fdiagnostics-show-context=*",
    "-Wp,-M*",
    "-MD",
    "-MMD",
    "-MF",
    "-MT",
    "-MQ",
    "-fmacro-prefix-map=*",
    "-ffile-prefix-map=*",
};

bool isGccOnly(llvm::StringRef Arg) {
  return matchesAnyName(GccOnlyFlags, Arg);
}

/// Flags above that take their value as the next argument.
bool takesNextArgument(llvm::StringRef Arg) {
  return Arg == "--param" || Arg == "-MF" || Arg == "-MT" || Arg == "-MQ";
}
/// The indices of the arguments clang 19's driver does not know.
std::vector<size_t> unknownArgumentIndices(llvm::ArrayRef<std::string> Args) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  const llvm::opt::OptTable &Table = driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed =
      Table.ParseArgs(Argv, MissingIndex, MissingCount,
                      llvm::opt::Visibility(driver::options::ClangOption));
  std::vector<size_t> Unknown;
  for (const llvm::opt::Arg *A : Parsed)
    if (A->getOption().getKind() == llvm::opt::Option::UnknownClass)
      Unknown.push_back(A->getIndex());
  return Unknown;
}
} // namespace

std::vector<std::string>
unknownCompilerArguments(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Unknown;
  for (size_t I : unknownArgumentIndices(Args))
    if (!isGccOnly(Args[I]))
      Unknown.push_back(Args[I]);
  return Unknown;
}

tooling::ArgumentsAdjuster
kernelCommandAdjuster(std::string ResourceDir,
                      std::vector<std::string> ExtraArgs) {
  return [ResourceDir, ExtraArgs](const tooling::CommandLineArguments &Args,
                                  llvm::StringRef File) {
    tooling::CommandLineArguments Kept;
    if (Args.empty())
      return Kept;
    // Whatever compiled it, clang 19 parses it.
    Kept.push_back("clang");
    std::set<size_t> Drop;
    for (size_t I = 1; I < Args.size(); ++I) {
      if (takesNextArgument(Args[I])) {
        Drop.insert(I);
        Drop.insert(I + 1);
      } else if (isGccOnly(Args[I])) {
        Drop.insert(I);
      }
    }
    // Whatever clang 19 does not know (a newer gcc's or clang's flag) goes
    // too; the driver would stop on it.
    std::vector<std::string> Rest;
    std::vector<size_t> Origin;
    for (size_t I = 1; I < Args.size(); ++I)
      if (!Drop.count(I)) {
        Rest.push_back(Args[I]);
        Origin.push_back(I);
      }
    for (size_t Unknown : unknownArgumentIndices(Rest))
      Drop.insert(Origin[Unknown]);
    bool HasResourceDir = false;
    for (size_t I = 1; I < Args.size(); ++I) {
      if (Drop.count(I))
        continue;
      HasResourceDir |= llvm::StringRef(Args[I]).starts_with("-resource-dir");
      Kept.push_back(Args[I]);
    }
    if (!HasResourceDir && !ResourceDir.empty())
      Kept.push_back("-resource-dir=" + ResourceDir);
    // Warnings are the compiler's business, not this tool's.
    Kept.push_back("-w");
    Kept.insert(Kept.end(), ExtraArgs.begin(), ExtraArgs.end());
    return Kept;
  };
}

} // namespace uaccess
