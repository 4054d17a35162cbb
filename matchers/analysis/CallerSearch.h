//===--- CallerSearch.h - The access_ok() a pointer's callers make -*- C++ -*-//
//
// An access with no check in its function may rely on one its callers make:
// the epoll v1 patch checked "quite a distance away", two functions up.
// This searches the TU's callers of the function, parameter by parameter,
// for a check of the pointer at every call:
//
//  * a call whose caller checks the pointer before it, on every path, ends
//    its path as checked (the first such caller is kept, and the deepest);
//  * a caller that passes a pointer it neither checks nor was given ends
//    its path as unchecked; so does a caller with no body, and the depth
//    limit;
//  * a caller that passes its own parameter on is searched in turn;
//  * a function other TUs may call, or a tested call of a check wrapper
//    another TU defines, leaves the TU: an open end, which the link step
//    (link/CallerLink.h) follows through the other TUs' call summaries;
//  * a pointer read from a struct field the TU checks elsewhere ends its
//    path at that field check (FieldChecks.h).
//
// The messages that name a check found up the callers are written here
// once, for this search and for the link step's.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CALLERSEARCH_H
#define UACCESS_LINT_ANALYSIS_CALLERSEARCH_H

#include "analysis/AnalysisCache.h"
#include "analysis/ArgumentTrace.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace uaccess {

struct FieldCheck;

/// How far up the callers the search for a check goes; access-ok-far's
/// CallerDepth only says how far up a check still counts as near.
constexpr unsigned MaxCallerSearch = 8;

/// The pointer an unguarded access goes through, as its findings name it,
/// and the parameter to search the callers for (Traced.Index -1: none).
struct TracedPointer {
  std::string Name;
  std::string Origin;
  TracedParam Traced;
};

/// The parameter whose callers are searched for \p A's pointer: the
/// pointer itself, what it copies (`fp = buf`), a field of a parameter
/// (`args->data_ptr`) that the function does not write first, or the
/// pointer that a parameter points to (`*ubuf` in user_regset_copyin(),
/// whose callers pass `&ubuf` and whose step `*ubuf += copy` walks the
/// caller's buffer).
TracedPointer tracePointer(FunctionAnalyses &FA, const UaccessUse &A);

/// Tested calls before \p A that pass its pointer (as accessed, or as its
/// \p Origin) to a check wrapper that another TU may define: 6.12
/// do_recvmmsg() tests `___sys_recvmsg(sock, compat_entry, ...)`, which
/// checks through get_compat_msghdr() of net/compat.c, before it writes
/// `compat_entry->msg_len`.
std::vector<ArgumentTrace::ForeignCall> foreignGuards(FunctionAnalyses &FA,
                                                      const UaccessUse &A,
                                                      llvm::StringRef Origin);

/// A caller that checks the pointer, and the callers up to it.
struct CallerCheck {
  const clang::FunctionDecl *Caller = nullptr;
  const UaccessUse *Check = nullptr;
  std::vector<const clang::FunctionDecl *> Chain;
};

/// Where the search leaves the TU: \p Function's callers (parameter
/// \p Param; Index -1 when only \p Guards can still check the pointer),
/// reached up \p Chain, after tested calls \p Guards of other TUs'
/// functions.
struct OpenEnd {
  const clang::FunctionDecl *Function = nullptr;
  TracedParam Param;
  std::vector<const clang::FunctionDecl *> Chain;
  std::vector<ArgumentTrace::ForeignCall> Guards;
};

/// What a search of the callers concluded, in one word: the search within
/// the TU (CallerSearch) and the link step's across TUs
/// (link/CallerLink.cpp) both end in one, and the check and the link step
/// act on it. The searches keep the details each verdict's words need.
enum class CallerVerdict {
  Checked,       ///< Every path has a check of the pointer.
  FieldChecked,  ///< No path unchecked; some pass a field checked elsewhere.
  LeavesUnit,    ///< No path unchecked here; some go on in other TUs.
  Pending,       ///< The link step waits for more call summaries.
  OnlyUnused,    ///< Every path ends at a static function nothing uses.
  UncheckedCall, ///< A caller passes a pointer it neither checks nor got.
  Unchecked,     ///< Some other path has no check (no body, depth, no call).
  NoPath,        ///< No caller to search: no parameter, or no caller seen.
};

/// What the search through the callers found: a check on some paths,
/// paths with none, and paths that leave the TU.
struct CallerSearch {
  std::optional<CallerCheck> First;
  unsigned Deepest = 0; ///< The longest chain to a check found.
  bool Unchecked = false;
  /// Some caller passes a pointer it neither checks nor was given: a path
  /// known to have no check, not merely the end of the search.
  bool UncheckedCall = false;
  /// Such a caller checks no other pointer either (Other).
  bool BareUncheckedCall = false;
  /// Some caller chain ends at a static function the TU never uses: its
  /// callers are the business of the TUs that use it.
  bool UnusedEnd = false;
  std::vector<OpenEnd> Open;
  /// The first caller that passes, unchecked, a pointer read from a
  /// struct field the TU checks in another function
  /// (checkOfPassedField()); that path is neither checked nor known
  /// unchecked.
  struct FieldPass {
    const clang::FunctionDecl *Caller = nullptr;
    const FieldCheck *Check = nullptr;
    std::vector<const clang::FunctionDecl *> Chain;
  };
  std::optional<FieldPass> Field;
  /// The first caller, on a path with no check, that checks another
  /// pointer before it passes this one on (ArgumentTrace::OtherCheck).
  struct OtherCheck {
    const clang::FunctionDecl *Caller = nullptr;
    const UaccessUse *Check = nullptr;
    std::string Passed; ///< What the caller passes: `buf_fx`.
    /// Check is of Passed itself, for a length that need not cover the
    /// pointer (ArgumentTrace::OtherIsShort).
    bool Short = false;
    std::vector<const clang::FunctionDecl *> Chain;
  };
  std::optional<OtherCheck> Other;

  /// The search's conclusion: an unchecked path outweighs a path that
  /// leaves the TU, which outweighs a field's check, which outweighs the
  /// checks found (First), which outweigh callers nothing uses.
  CallerVerdict verdict() const;
  /// Every path the TU shows checks the pointer (First), none leaves it.
  bool allChecked() const { return verdict() == CallerVerdict::Checked; }
  /// A caller's check of another pointer is named when no path the search
  /// saw checks this one, and every caller that passes it with no check
  /// checks that other pointer: there a reader must compare the two.
  bool namesOtherCheck() const;
};

/// The search for \p Ptr's check beyond \p A's function: tested calls of
/// other TUs' functions before it, else its callers.
CallerSearch searchCallersFor(FunctionAnalyses &FA, const UaccessUse &A,
                              const TracedPointer &Ptr);

/// `f() <- g() <- h()`: \p Function and its callers up \p Callers.
std::string callChainText(llvm::StringRef Function,
                          llvm::ArrayRef<std::string> Callers);
std::string callChainText(const clang::FunctionDecl &FD,
                          llvm::ArrayRef<const clang::FunctionDecl *> Chain);

} // namespace uaccess

#endif
