//===--- CallSummary.h - One TU's calls, for the link step ------*- C++ -*-===//
//
// access-ok-far searches a function's callers for the access_ok() its user
// pointer relies on. Callers in other TUs are out of one parse's sight, so
// the driver asks the TUs that name the functions in question for a
// summary of their calls to them (smatch's cross-function database, on
// demand): for each argument, whether the caller checks it before the
// call, or passes on one of its own parameters; and which of the named
// functions are check wrappers. The link step (link/CallerLink.h) reads
// the summaries; they travel as JSON from the workers.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RUNNER_CALLSUMMARY_H
#define UACCESS_LINT_RUNNER_CALLSUMMARY_H

#include "analysis/AnalysisCache.h"
#include "checks/UaccessCheck.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace uaccess {

/// What one call passes for one parameter of its callee.
struct TracedArgument {
  uint64_t Index = 0;
  bool Indirect = false; ///< The callee's parameter holds its address.
  /// The caller's parameter it is, to follow further up; -1 when none.
  int CallerParam = -1;
  bool CallerIndirect = false;
  /// The check before the call on every path ("" when none) and where.
  std::string Check;
  FindingLocation CheckLoc;
  /// Tested calls before it of functions the TU has no body for, with the
  /// argument that passes the pointer.
  std::vector<GuardCall> GuardCalls;
  /// Set when the argument, neither checked nor passed on, is read from
  /// this struct field, which the TU checks elsewhere (its FieldChecks):
  /// io_uring's io_recvmsg() passes `sr->umsg`, checked when the request
  /// was prepared.
  std::string Field;
};

struct CallSite {
  std::string Caller;
  bool CallerInternal = false; ///< Static: its own callers are in Unit.
  std::string Callee;
  bool CalleeInternal = false;
  FindingLocation Loc;
  /// Arguments not listed are neither checked nor passed on.
  std::vector<TracedArgument> Args;
};

/// A function that checks its parameter for its callers (CheckWrapper.h).
struct WrapperDefinition {
  std::string Function;
  uint64_t Param = 0;
  std::string Check; ///< `access_ok(uaddr, sizeof(u32))`
  FindingLocation Loc;
};

/// A check of the user pointer a struct field holds (analysis/FieldChecks.h).
struct FieldCheckSummary {
  std::string Field; ///< "record::member"
  std::string Function;
  std::string Check; ///< As written: `access_ok(u64_to_user_ptr(...), n)`.
  FindingLocation Loc;
  /// The checked value is then stored into the field.
  bool AtStore = false;
  /// An access_ok() of its own, not a checked accessor's or begin's.
  bool Explicit = false;
  /// Set when Check is a tested call of a function another TU defines
  /// (analysis/FieldChecks.h ForeignFieldCall): it checks the field only if
  /// RequiredCallee is a check wrapper of its argument RequiredArg.
  std::string RequiredCallee;
  uint64_t RequiredArg = 0;
};

struct CallSummary {
  /// The TU's main file, as findings name files.
  std::string Unit;
  /// The functions whose calls in this TU are all listed (sorted): the
  /// ones asked about, and, followed up, each caller that passes one of
  /// its parameters on in a listed call.
  std::vector<std::string> Answered;
  std::vector<CallSite> Calls;
  std::vector<WrapperDefinition> Wrappers;
  /// The struct fields asked about (sorted), all of whose checks in the TU
  /// FieldChecks lists; it lists those of the fields TracedArgument::Field
  /// names too.
  std::vector<std::string> FieldsAnswered;
  std::vector<FieldCheckSummary> FieldChecks;
};

/// The calls in \p Definitions to functions named in \p Wanted, and the
/// check wrappers among the definitions so named; then the same for the
/// callers that pass a parameter on in those calls, and so on up, as the
/// link step would ask next (CallSummary::Answered). And the checks of the
/// struct fields \p WantedFields names.
CallSummary
summarizeCalls(AnalysisCache &Cache, CheckContext &Context,
               llvm::ArrayRef<const clang::FunctionDecl *> Definitions,
               const llvm::StringSet<> &Wanted,
               const llvm::StringSet<> &WantedFields);

llvm::json::Value toJSON(const TracedArgument &A);
llvm::json::Value toJSON(const CallSite &S);
llvm::json::Value toJSON(const WrapperDefinition &W);
llvm::json::Value toJSON(const CallSummary &S);
bool fromJSON(const llvm::json::Value &V, TracedArgument &A,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CallSite &S, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, WrapperDefinition &W,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CallSummary &S, llvm::json::Path P);

} // namespace uaccess

#endif
