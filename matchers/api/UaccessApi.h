//===--- UaccessApi.h - The kernel's user-access API, as data ---*- C++ -*-===//
//
// Every name uaccess-lint knows about lives in one table (UaccessApi.cpp).
// A new kernel release that renames, adds or retires an API changes that
// table, not the analyses.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_API_UACCESSAPI_H
#define UACCESS_LINT_API_UACCESSAPI_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace uaccess {

/// Which direction of user access a window (or an access) permits. On
/// powerpc KUAP tracks direction, so a window must be closed by an end of
/// the same family.
enum class Family { None, Read, Write, ReadWrite };

enum class Role {
  CheckedBegin,      ///< bool user_*_access_begin(ptr, len): may fail.
  MaskedBegin,       ///< ptr = masked_user_*_access_begin(ptr): cannot fail.
  UncheckedBegin,    ///< __uaccess_begin(), stac(): no range check at all.
  End,               ///< user_*_access_end(), clac().
  Save,              ///< flags = user_access_save(): suspends a window.
  Restore,           ///< user_access_restore(flags): resumes it.
  Scoped,            ///< scoped_user_*_access(ptr, label) { ... } (6.19).
  UnsafeOp,          ///< unsafe_*(..., label): only valid inside a window.
  CheckedAccessor,   ///< put_user() and friends: own window, own check.
  UncheckedAccessor, ///< __put_user() and friends: own window, no check.
  AccessOk,          ///< access_ok(ptr, len).
  MaskedProbe,       ///< can_do_masked_user_access().
};

/// Direction of a single access (for accessors and unsafe ops).
enum class Direction { None, ToUser, FromUser, Exchange };

/// An argument position, or NoArg.
constexpr int NoArg = -1;

struct ApiEntry {
  llvm::StringRef Name;
  Role TheRole;
  Family TheFamily;
  Direction TheDirection;
  /// Argument positions; NoArg where the API has no such argument.
  int PointerArg;
  int LengthArg;
  int ValueArg;
  int LabelArg;
  /// First and last mainline kernel versions that have the name, as
  /// "major.minor"; empty Until means it is still there.
  llvm::StringRef Since;
  llvm::StringRef Until;
  /// True for names that are arch internals rather than API users call.
  bool Internal;
};

/// The whole table.
llvm::ArrayRef<ApiEntry> apiTable();

/// The entry for \p Name, or null.
const ApiEntry *lookupApi(llvm::StringRef Name);
/// True when an identifier of the C text \p Text (a word of letters,
/// digits and '_') is the name of an entry. Comments and strings count:
/// the answer may say yes where the compiler sees no use.
bool namesApi(llvm::StringRef Text);

llvm::StringRef roleName(Role R);
llvm::StringRef familyName(Family F);

bool isBegin(Role R);
/// An access that needs an earlier access_ok() to be safe.
bool reliesOnAccessOk(const ApiEntry &E);

/// A single-value access that batching can join with others into one
/// window: put_user(), get_user() and their unchecked forms.
bool isBatchableAccessor(llvm::StringRef Name);

/// True when a use of \p E can be where a finding is: a window's begin,
/// end or op, an access that relies on access_ok(), a batchable access,
/// access_ok() itself. Not the self-checking copies (copy_to_user(),
/// copy_from_user(), clear_user()): each opens and closes its own window
/// and checks its own range, so a function using only them has nothing to
/// report (in a window, the window's begin is the finding's place).
bool canBeFindingSite(const ApiEntry &E);

} // namespace uaccess

namespace uaccess {
/// Callees that may run with user access on (objtool's uaccess-safe list):
/// sanitizer and coverage hooks and a few asm helpers. Entries ending in '*'
/// are prefixes.
llvm::ArrayRef<llvm::StringRef> uaccessSafeCallees();
/// Callees that may sleep: a call to one (directly or through a function in
/// the same TU) inside a window is worse than slow.
llvm::ArrayRef<llvm::StringRef> sleepingCallees();
/// Callees that change the context user accesses run in: locks, preemption,
/// interrupts, page faults, the mm. An access moved across one may sleep,
/// fail or reach other memory where it did not.
llvm::ArrayRef<llvm::StringRef> contextCallees();
} // namespace uaccess

namespace uaccess {
/// The end that closes a window opened by \p Begin (a begin's name).
llvm::StringRef matchingEnd(llvm::StringRef Begin);
/// The end that closes a window of \p F opened by a plain begin.
llvm::StringRef endForFamily(Family F);
/// The checked begin that opens a window of \p F.
llvm::StringRef checkedBeginForFamily(Family F);
} // namespace uaccess
#endif
