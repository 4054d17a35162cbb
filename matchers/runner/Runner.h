//===--- Runner.h - Analyze one translation unit ----------------*- C++ -*-===//
//
// The per-TU frontend action: the preprocessor records API macro
// expansions, then every analyzable function definition, in TU order, is
// handed to every enabled check with its cached analyses.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RUNNER_RUNNER_H
#define UACCESS_LINT_RUNNER_RUNNER_H

#include "checks/UaccessCheck.h"
#include "runner/FindingsFormat.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace uaccess {

struct RunOptions {
  std::string ChecksSpec = "*";
  bool DumpUses = false;
  /// "check.Option" -> value; unset options keep the checks' defaults.
  CheckOptionMap CheckOptions;
  /// Extra uaccess-safe callee names (or prefixes ending in '*').
  std::vector<std::string> SafeCallees;
  /// Functions whose calls (and check wrappers among them) the TU's
  /// CallSummary lists, for the link step; none when empty.
  std::vector<std::string> SummarizeCalls;
  /// Struct fields ("record::member") whose checks the CallSummary lists.
  std::vector<std::string> SummarizeFields;
  /// The CallSummary lists the calls of the functions the TU's own
  /// findings leave to the link step (CallerEnd::Function) too: the TU
  /// that defines a function would be the first the link step asks about
  /// its callers, and need not be parsed again to say.
  bool SummarizeOwnLinks = false;
  /// Functions whose bodies the parser skips when they are spelled in a
  /// file, not made by a macro (the prefilter's skippableBodies()): a
  /// skipped body is a declaration to the checks.
  std::vector<std::string> SkipBodies;
  /// Files the run will replace with its outputs (-o, --export-fixes,
  /// --write-baseline) that exist already: a TU that reads one of them
  /// (an #include of "defs.inc") names it in TUReport::ReadsOutputs.
  std::vector<std::string> GuardedOutputs;
};

/// Parses \p Command (already adjusted for clang 19) and runs the enabled
/// checks over it. Front-end errors are printed to stderr and counted.
TUReport analyzeTranslationUnit(const clang::tooling::CompileCommand &Command,
                                const RunOptions &Opts);

/// The checks of \p Opts over the TU \p CI is about to parse, their
/// findings into \p Report (files named relative to \p Dir): the consumer
/// a parse of our own runs, and the one the clang plugin adds beside the
/// compile's code generation. Call it before the parse begins: it records
/// the macros the preprocessor expands.
std::unique_ptr<clang::ASTConsumer>
createLintConsumer(clang::CompilerInstance &CI, const RunOptions &Opts,
                   TUReport &Report, llvm::StringRef Dir);

llvm::json::Value toJSON(const RunOptions &O);
bool fromJSON(const llvm::json::Value &V, RunOptions &O, llvm::json::Path P);

} // namespace uaccess

#endif
