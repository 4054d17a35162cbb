//===--- Prefilter.h - Which TUs can have findings, before parsing -*- C++
//-*-===//
//
// Nearly every kernel TU includes linux/uaccess.h, but few have a function
// body that uses the API. Findings are only ever in such bodies, so a TU is
// parsed only when one of them can be in it:
//
//  * the main file names a *relevant* name: an API name (UaccessApi's
//    table), or, transitively, a macro or function defined in a header the
//    run includes whose body names a relevant name (a wrapper macro, an
//    inline helper);
//  * or a header it includes defines a body that names a relevant name,
//    and no TU already chosen includes that header (header coverage: a
//    header's findings are the same in every TU, and the merge keeps one).
//
// The included files come from clang's dependency scanner (the library of
// clang-scan-deps), run in the driver; the files are read with clang's raw
// lexer, so comments and strings do not count. A TU the scanner cannot
// handle is analyzed. --exhaustive turns all of this off.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_PREFILTER_H
#define UACCESS_LINT_TOOL_PREFILTER_H

#include "BuildRecords.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

/// One definition a file makes: a macro (its name and the identifiers of
/// its replacement list) or a braced top-level body (the identifiers
/// before its '(' at file scope and those inside it).
struct SourceDefinition {
  std::vector<llvm::StringRef> Names;
  /// Per name of a body, the first identifier inside its parentheses (or
  /// empty): the function's own name when the name is a defining macro's,
  /// as in `SYSCALL_DEFINE2(poll, ...) { ... }`.
  std::vector<llvm::StringRef> FirstArguments;
  std::vector<llvm::StringRef> Uses; ///< Sorted, unique.
  bool IsMacro = false;
  /// A macro whose replacement pastes tokens (`##`): one that can build a
  /// new function's name from its argument, as SYSCALL_DEFINE2 does.
  bool Pastes = false;
  /// A macro's identifiers next to a `##` that are none of its parameters:
  /// `const` in `const##op(nr, addr)`, the start or end of a name it makes.
  std::vector<llvm::StringRef> PastedFragments;
  /// A macro whose replacement has a '{': one that can make a function.
  bool HasBrace = false;
};

/// What the raw lexer found in one file. The strings live in the scan.
struct SourceScan {
  std::vector<SourceDefinition> Definitions;
  /// Every identifier of the file, sorted and unique.
  std::vector<llvm::StringRef> Identifiers;
  /// The identifiers called at file scope (`SYSCALL_DEFINE2(...)`,
  /// `native_cpuid_reg(eax)`, a function's own name), sorted and unique: a
  /// macro among them may make a function.
  std::vector<llvm::StringRef> FileScopeCalls;
  /// The identifiers inside parentheses at file scope, each with the name
  /// called there, sorted and unique: what a macro that makes a function
  /// is given (and parameter lists).
  std::vector<std::pair<llvm::StringRef, llvm::StringRef>> FileScopeArguments;

  SourceScan() = default;
  SourceScan(SourceScan &&) = default;
  SourceScan &operator=(SourceScan &&) = default;

  llvm::StringRef save(llvm::StringRef S) { return Saver->save(S); }

private:
  std::unique_ptr<llvm::BumpPtrAllocator> Alloc =
      std::make_unique<llvm::BumpPtrAllocator>();
  std::unique_ptr<llvm::UniqueStringSaver> Saver =
      std::make_unique<llvm::UniqueStringSaver>(*Alloc);
};

/// Lexes \p Text (C, raw: no preprocessing) into its definitions.
SourceScan scanSource(llvm::StringRef Text);

/// The API's names that can be a finding's site (canBeFindingSite()),
/// then every name in \p Scans whose definition uses a name already in
/// the set, until nothing is added. A body defined through a macro of the
/// scans (`SYSCALL_DEFINE2(poll, ...) { ... }`) adds the macro's first
/// argument, not the macro: naming the macro defines another function.
llvm::StringSet<> relevantNames(llvm::ArrayRef<const SourceScan *> Scans);

/// The positions in \p Scan.Definitions of the definitions that use a name
/// in \p Relevant.
std::vector<unsigned> relevantDefinitions(const SourceScan &Scan,
                                          const llvm::StringSet<> &Relevant);

/// The names of the function bodies one TU can parse without looking
/// inside (`ASTConsumer::shouldSkipFunctionBody`), given the scans of its
/// files (\p Scans, the main file first), the run's relevant names and,
/// per scan, its relevantDefinitions(). A body is kept when:
///  * it uses a relevant name, or a name that a kept body of the TU defines
///    (a static caller of a caller of put_user(): the checks look for
///    access_ok() and open windows in callers), the API's own names aside;
///  * or a kept definition names it, directly or through macros (a callee:
///    the checks look inside a helper called in a window, or one that may
///    take a lock).
/// Every other body of the scans is skippable, unless a kept body has the
/// same name (two definitions under #if).
std::vector<std::string>
skippableBodies(llvm::ArrayRef<const SourceScan *> Scans,
                const llvm::StringSet<> &Relevant,
                llvm::ArrayRef<std::vector<unsigned>> RelevantDefinitions);

/// True when a non-macro definition of \p Scan uses a name in \p Relevant.
bool definesRelevantBody(const SourceScan &Scan,
                         const llvm::StringSet<> &Relevant);

/// The first name of \p Scan in \p Relevant; empty when none.
llvm::StringRef firstRelevant(const SourceScan &Scan,
                              const llvm::StringSet<> &Relevant);

/// True when \p Scan names anything in \p Relevant.
inline bool namesRelevant(const SourceScan &Scan,
                          const llvm::StringSet<> &Relevant) {
  return !firstRelevant(Scan, Relevant).empty();
}

enum class IncludeScanner {
  DependencyScan, ///< clang::tooling::dependencies, minimized sources.
  Preprocess,     ///< A PreprocessOnlyAction per TU.
};

/// The files (absolute paths) one TU reads, its main file first; or, when
/// the command cannot be preprocessed, the preprocessor's errors.
llvm::Expected<std::vector<std::string>>
includedFiles(const clang::tooling::CompileCommand &Command,
              IncludeScanner Scanner);

/// The first error of \p ScanErrors (what includedFiles() failed with)
/// when it is an #include of a file that does not exist; else empty. A
/// parse of the TU fails with the same error, so it need not be run.
std::string missingIncludeError(llvm::StringRef ScanErrors);

struct PrefilterResult {
  /// One per command: parse it.
  std::vector<bool> Analyze;
  /// One per command: why it is parsed ("names 'x'", "covers 'h.h'", "the
  /// scanner failed"), or empty.
  std::vector<std::string> Why;
  /// One per command: when not empty, the TU is not parsed because its
  /// parse would fail: an #include names a missing file (this error). The
  /// run reports the TU failed, as a parse would.
  std::vector<std::string> Unparsable;
  /// TUs not parsed because they can have no findings.
  unsigned Skipped = 0;
  /// One per command: skippableBodies() of a TU that is parsed; empty
  /// when it is not, or when its includes could not be learned.
  std::vector<std::vector<std::string>> SkippableBodies;
  /// One per command: where its includes came from: its build record
  /// ("from fs/.select.o.cmd"), or the scan, and why not the record.
  std::vector<std::string> IncludesFrom;
};

/// Whether a patch touches a file (absolute path); see --diff.
using TouchedFileFn = llvm::function_ref<bool(llvm::StringRef)>;

/// Decides, for each of \p Commands (adjusted for clang 19), whether it
/// must be parsed; \p Jobs threads scan at once. With \p Touched (a patch
/// gate), a TU none of whose files the patch touches is skipped too: every
/// finding it could give is outside the patch. With \p FindSkippable, the
/// result lists the bodies each parsed TU may skip. With \p Records, a TU
/// whose build record is fresh takes its includes from it, unscanned.
/// Without \p CoverHeaders, a TU is never parsed only to cover a header:
/// Kbuild's checker sees one TU per call, and would parse nearly every TU
/// of a build for the headers they all include.
PrefilterResult
prefilterCommands(const std::vector<clang::tooling::CompileCommand> &Commands,
                  unsigned Jobs, IncludeScanner Scanner,
                  TouchedFileFn Touched = nullptr, bool FindSkippable = false,
                  BuildRecords *Records = nullptr, bool CoverHeaders = true);

/// prefilterCommands() over the commands of each group apart: \p Group
/// has one entry per command. The TUs of a group cover the headers they
/// include for themselves (TUs of other settings may find other things in
/// a header).
PrefilterResult
prefilterGroups(const std::vector<clang::tooling::CompileCommand> &Commands,
                llvm::ArrayRef<unsigned> Group, unsigned Jobs,
                IncludeScanner Scanner, TouchedFileFn Touched = nullptr,
                bool FindSkippable = false, BuildRecords *Records = nullptr,
                bool CoverHeaders = true);

} // namespace uaccess

#endif
