//===--- SourceScan.h - Sources read by the raw lexer -----------*- C++ -*-===//
//
// What the prefilter (Prefilter.h) reads in a source or header without
// preprocessing it: its definitions, by clang's raw lexer, so comments and
// strings do not count; and from them, the names relevant to the checks
// and the bodies a parsed TU may skip.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SOURCESCAN_H
#define UACCESS_LINT_TOOL_SOURCESCAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

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
  /// The identifiers of its directives other than #define (`#ifdef
  /// VARIANT`, `#if DEBUG > 1`), sorted and unique.
  std::vector<llvm::StringRef> DirectiveIdentifiers;
  /// The name of every macro the file defines, in order, one with an empty
  /// replacement too (`#define VARIANT`).
  std::vector<llvm::StringRef> DefinedMacros;
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

/// scanSource() of a file's contents.
SourceScan scanBuffer(const llvm::MemoryBuffer &Buffer);

/// Lexes \p Text (C, raw: no preprocessing) into its definitions.
SourceScan scanSource(llvm::StringRef Text);

/// The macros \p PreprocessorFlags define (`-DMYPUT=__put_user`, `-DX`
/// as `X 1`; preprocessorFlags() spelling), scanned as a header of
/// `#define`s: a main file that names one names what it stands for.
SourceScan scanDefines(llvm::ArrayRef<std::string> PreprocessorFlags);

/// scanBuffer() of the file at \p Path, read as the include scan reads
/// it: a file that is not regular, or too big (unreadable()), is not read
/// and scans empty.
SourceScan scanFile(llvm::StringRef Path);

/// scanFile() of each of \p Paths, on \p Jobs threads.
std::vector<SourceScan> scanFiles(llvm::ArrayRef<std::string> Paths,
                                  unsigned Jobs);

/// The API's names that can be a finding's site (canBeFindingSite()),
/// then every name in \p Scans whose definition uses a name already in
/// the set, until nothing is added. A body defined through a macro of the
/// scans (`SYSCALL_DEFINE2(poll, ...) { ... }`) adds the macro's first
/// argument, not the macro: naming the macro defines another function.
llvm::StringSet<> relevantNames(llvm::ArrayRef<const SourceScan *> Scans);

/// A bound on relevantNames() of every subset of a set of scans (the
/// universe: every header of a tree's include folders), computed once.
/// Each vector is sorted and unique.
struct RelevanceBound {
  /// The closure of relevantNames() where a body made through a macro that
  /// pastes (in any scan) defines both the macro's name and its first
  /// argument: a superset of relevantNames(T) for every T of the universe.
  std::vector<std::string> Relevant;
  /// Every macro some scan defines with a `##`.
  std::vector<std::string> PastingMacros;
  /// Every identifier of the universe.
  std::vector<std::string> Identifiers;
};

/// The RelevanceBound of \p Universe.
RelevanceBound boundRelevance(llvm::ArrayRef<const SourceScan *> Universe);

/// \p B extended by \p Extra (files outside its universe, or changed since
/// it was computed): a superset of relevantNames(T) for every T of the
/// universe and \p Extra, so that a main file that names none of it has
/// no finding. Nullopt when that cannot be told without the universe's
/// definitions: \p Extra makes relevant a name the universe uses, or
/// defines a pasting macro the universe names.
std::optional<llvm::StringSet<>>
boundWith(const RelevanceBound &B, llvm::ArrayRef<const SourceScan *> Extra);

/// boundWith() where \p UniverseNames tells whether the universe has an
/// identifier, in place of B.Identifiers (a cache file keeps them
/// unparsed).
std::optional<llvm::StringSet<>>
boundWith(const RelevanceBound &B,
          llvm::function_ref<bool(llvm::StringRef)> UniverseNames,
          llvm::ArrayRef<const SourceScan *> Extra);

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

} // namespace uaccess

#endif
