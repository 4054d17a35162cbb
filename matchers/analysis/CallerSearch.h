//===--- CallerSearch.h - The access_ok() a pointer's callers make -*- C++ -*-//
//
// The search of a pointer's callers within the TU: the caller walk
// (CallerWalk.h) over the facts of the TU's AST. A function other TUs may
// call, or a tested call of a check wrapper another TU defines, leaves the
// TU: an open end, which the link step (link/CallerLink.h) follows with the
// same walk through the other TUs' call summaries. A pointer read from a
// struct field the TU checks elsewhere ends its path at that field check
// (FieldChecks.h).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CALLERSEARCH_H
#define UACCESS_LINT_ANALYSIS_CALLERSEARCH_H

#include "analysis/AnalysisCache.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/CallerWalk.h"

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

/// The caller walk's facts as the TU's AST shows them (CallerWalk.h).
class UnitCallerFacts {
public:
  using Function = const clang::FunctionDecl *;
  using Site = CallerIndex::Site;
  using Check = const UaccessUse *;
  using FieldRef = const FieldCheck *;
  using Guards = std::vector<ArgumentTrace::ForeignCall>;
  /// The TU's finding names the first unchecked path only.
  static constexpr bool StopAtUnchecked = true;

  explicit UnitCallerFacts(AnalysisCache &Cache) : Cache(Cache) {}

  /// The direct calls of \p F, then a callback's calls through the field
  /// the TU stores it in: a regset's `->set`, called by
  /// copy_regset_from_user().
  std::optional<std::vector<Site>> callsTo(Function F);
  Function callerOf(const Site &S) const { return S.Caller; }
  bool same(Function A, Function B) const { return A == B; }
  CallStep<UnitCallerFacts> step(const Site &S, const TracedParam &Param);
  CallerEndKind<UnitCallerFacts> noCallers(Function F,
                                           const TracedParam &Param);

private:
  AnalysisCache &Cache;
};

/// What the search through the TU's callers found.
using CallerSearch = CallerPaths<UnitCallerFacts>;
/// Where the search leaves the TU, for the link step to go on from.
using OpenEnd = CallerSearch::OpenEnd;

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
