//===--- ArgumentTrace.h - What a call passes for a user pointer -*- C++ -*-=//
//
// The access_ok() search follows a user pointer up through the callers: a
// function that dereferences parameter `p` unchecked is safe when each of
// its callers checks what it passes for `p`, or passes one of its own
// parameters that its callers check, and so on. The same step is taken in
// one TU (access-ok-far's caller search) and across TUs (the link step over
// call summaries), so it lives here once.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_ARGUMENTTRACE_H
#define UACCESS_LINT_ANALYSIS_ARGUMENTTRACE_H

#include "analysis/AnalysisCache.h"
#include "analysis/RangeCoverage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace uaccess {

/// A parameter whose argument the caller search follows. Indirect: it holds
/// the address of the caller's user pointer (`&events`), which the function
/// reads and advances through `*uevents`.
struct TracedParam {
  int Index = -1;
  bool Indirect = false;
  /// Set when a field of the parameter holds the pointer (`->data_ptr`):
  /// the caller's checks name that field of what it passes. The link step
  /// has no fields: such a search stays in the TU.
  std::string Field;
  /// Set when the traced pointer may point past the start of the caller's
  /// (a walking or offset copy of it): only a check of a variable length,
  /// a whole buffer, covers it. The link step has no such ranges either.
  bool Inside = false;
  /// With Inside: the callers pass the pointer from its start, and only
  /// the function moves past it (`ids++` on the parameter, an address
  /// computed from it). The link step, which knows no ranges, may still
  /// follow it as a whole parameter.
  bool FromStart = false;
  /// The bytes the traced access reaches, counted from the value passed
  /// for the parameter, where constant folding knows them (`&p->b`, `p +
  /// 1`, in the function and in the calls that pass it on): a caller's
  /// check of a constant length must cover them.
  std::optional<ByteRange> Reach;
  /// True when the link step may follow this parameter from its start.
  bool linkable() const { return Field.empty() && (!Inside || FromStart); }
};

/// How a caller's check of the pointer it passes falls short of guarding
/// the call: it covers a fixed length of a pointer that may lie past it,
/// or the call runs even where it failed (`access_ok(p, n);` alone, or a
/// failure that only sets an error variable).
enum class CheckWeakness { None, Short, FailureIgnored };

/// What a call passes for a traced parameter of its callee.
struct ArgumentTrace {
  /// The caller's pointer, "" when the argument names none: the variable,
  /// or what the variable copies (`buf` for `tmp = buf`, `args->data_ptr`
  /// for `user_data = u64_to_user_ptr(args->data_ptr)`).
  std::string Base;
  /// The caller's own parameter the argument is, to follow further up.
  TracedParam Up;
  /// A check of Base in the caller that runs before the call on every
  /// path (access_ok(), a checked accessor or begin, a tested call of a
  /// check wrapper defined in the TU).
  const UaccessUse *Check = nullptr;
  /// Without Check: an access_ok() in the caller that runs before the call
  /// on every path and checks another pointer. 6.12
  /// copy_fpstate_to_sigframe() checks `buf` and passes `buf_fx` on, which
  /// lies inside `buf`'s range only by how its own caller laid out the
  /// frame: what a reader must compare.
  const UaccessUse *OtherCheck = nullptr;
  /// OtherCheck is a check of Base itself that does not guard the call:
  /// an access_ok() of a fixed length while the traced pointer may lie
  /// past Base's start (TracedParam::Inside), or one whose failure does
  /// not stop the call. It is named before another pointer's.
  CheckWeakness OtherWeakness = CheckWeakness::None;
  /// With OtherWeakness Short, when the bytes the access reaches are
  /// known: those bytes, counted from Base.
  std::optional<ByteRange> Reached;
  /// Tested calls, before the call on every path, that pass Base to a
  /// check wrapper, perhaps, defined in another TU: Callee, as its
  /// argument Arg. Either Call's callee, which the TU has no body for, or
  /// the function of another TU that Call's callee, a wrapper of this TU,
  /// checks through (CheckWrapper::RequiredCallee).
  struct ForeignCall {
    const clang::CallExpr *Call = nullptr;
    std::string Callee;
    unsigned Arg = 0;
  };
  std::vector<ForeignCall> ForeignCalls;
};

/// What \p Call in \p Caller passes for parameter \p Param of its callee.
/// \p Caller must have a body.
ArgumentTrace traceArgument(AnalysisCache &Cache,
                            const clang::FunctionDecl &Caller,
                            const clang::CallExpr &Call, TracedParam Param);

/// The calls of a function whose value is used (a tested call), by the
/// pointer-shape base of each argument: the (call, argument) pairs, in the
/// body's order. Built once per function: every access of a long run asks.
class TestedCallArguments : public ManagedAnalysis {
public:
  using Entry = std::pair<const clang::CallExpr *, unsigned>;
  explicit TestedCallArguments(FunctionAnalyses &FA);
  static std::unique_ptr<TestedCallArguments> create(FunctionAnalyses &FA) {
    return std::make_unique<TestedCallArguments>(FA);
  }
  static char ID;

  /// The arguments whose base is \p Base; empty when none.
  llvm::ArrayRef<Entry> passing(llvm::StringRef Base) const;

private:
  llvm::StringMap<std::vector<Entry>> ByBase;
};

/// The tested calls in \p FA's function that pass \p Base to a check
/// wrapper another TU may define, among those \p RunsBefore accepts.
std::vector<ArgumentTrace::ForeignCall> foreignCallsBefore(
    FunctionAnalyses &FA, llvm::StringRef Base,
    llvm::function_ref<bool(const clang::CallExpr &)> RunsBefore);

/// The index of \p FD's parameter named \p Name, or -1.
int parameterIndex(const clang::FunctionDecl &FD, llvm::StringRef Name);

/// The parameter of \p FD that the pointer named \p Pointer is (`buf`),
/// or whose field holds it (`args->data_ptr`); Index -1 when none.
TracedParam tracedParamOf(const clang::FunctionDecl &FD,
                          llvm::StringRef Pointer);

} // namespace uaccess

#endif
