//===--- CheckWrapper.h - Functions that access_ok() a parameter -*- C++ -*-=//
//
// Code often checks a user range through a helper of its own: arm64's
// `valid_user_frame(fp, size)` is `return __access_ok(fp, size);`, other
// helpers fail early with `if (!access_ok(p, n)) return -EFAULT;`. A call
// of such a helper whose result the caller tests checks the argument it
// passes, as an access_ok() written there would.
//
// A wrapper may also check through other wrappers, on every path rather
// than in one statement: 6.12 net/socket.c recvmsg_copy_msghdr() calls
// get_compat_msghdr() or copy_msghdr_from_user() on its user header, by
// branch, and returns the error either gives; ___sys_recvmsg() returns
// early when recvmsg_copy_msghdr() fails. Both check the header for their
// callers.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CHECKWRAPPER_H
#define UACCESS_LINT_ANALYSIS_CHECKWRAPPER_H

#include "analysis/AnalysisCache.h"
#include "api/UaccessApi.h"
#include "utils/ExprValues.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace uaccess {

/// Which parameter a check wrapper checks, and over which range.
struct CheckWrapper {
  unsigned PointerParam = 0;
  /// Set when the wrapper checks a field of the parameter, not the
  /// parameter: `->data_ptr` for `copy_from_user(k,
  /// u64_to_user_ptr(item->data_ptr), n)` (i915's copy_query_item()).
  std::string Field;
  /// The parameter that is the length, or NoArg.
  int LengthParam = NoArg;
  /// Without a length parameter: the length as written in the wrapper when
  /// it names no parameter (`sizeof(struct frame)`), else empty (unknown).
  std::string LengthText;
  /// What the wrapper returns when its check fails: 0 for `return
  /// access_ok(...)`, -EFAULT for `if (!access_ok(...)) return -EFAULT;`;
  /// Unknown when the body does not say. A caller's test of the result
  /// guards only on the branch where it did not fail.
  ValueSign FailsWith = ValueSign::Unknown;
  /// With LengthText, in the TU that defines the wrapper: its expression,
  /// for the callers' ranges to fold (`sizeof(*f)`, `4`); null elsewhere.
  const clang::Expr *LengthExpr = nullptr;
  /// Set when the check on some path is a call of a function that another
  /// TU defines: the wrapper checks its parameter only if RequiredCallee is
  /// a check wrapper of its argument RequiredArg, which only the link step
  /// can tell (recvmsg_copy_msghdr()'s get_compat_msghdr(), of
  /// net/compat.c).
  std::string RequiredCallee;
  unsigned RequiredArg = 0;
};

/// The check \p FD makes when it is a check wrapper, on a parameter `p` (or
/// a field of one, `p->f`): a
/// top-level `return access_ok(p, n);` (or `__access_ok`, `likely()`,
/// `!!`) or `return copy_from_user(k, p, n) ? -EFAULT : 0;` (any checked
/// accessor with a length), a top-level `if (!access_ok(p, n)) return
/// ...;` or `if (copy_from_user(k, p, n)) return ...;`, or either return
/// under a top-level `if (p)`.
std::optional<CheckWrapper> checkWrapperOf(const clang::FunctionDecl &FD,
                                           clang::ASTContext &Ctx);

/// The check \p FA's function makes for its callers, or null: a wrapper
/// by checkWrapperOf(), or else one that checks a pointer parameter on
/// every path to each return that does not fail. A failing return gives a
/// negative constant (`-EFAULT`) or `false`; a check is an access_ok(), a
/// checked accessor or begin, or a call of another check wrapper, whose
/// result the function returns or tests (isResultTested()). Its range is
/// unknown. Computed once per function, from the functions it calls, a few
/// calls deep.
const CheckWrapper *checkWrapper(FunctionAnalyses &FA);

/// How a call checks the pointer it passes as one argument.
struct CallCheck {
  /// Empty when the callee is a check wrapper of this TU for it. Else the
  /// call checks it only if RequiredCallee, a function of another TU, is a
  /// check wrapper of its argument RequiredArg: the callee itself, which
  /// the TU has no body for, or what the callee checks through
  /// (CheckWrapper::RequiredCallee).
  std::string RequiredCallee;
  unsigned RequiredArg = 0;
};

/// How \p Call, passing a pointer as its argument \p Arg, checks it; none
/// when its callee is a function of this TU that is no wrapper for that
/// argument, or an API function (a use of its own).
std::optional<CallCheck> checkByCall(AnalysisCache &Cache,
                                     const clang::CallExpr &Call, unsigned Arg);

/// checkWrapper()'s answer, as FunctionAnalyses keeps it.
class WrapperAnalysis : public ManagedAnalysis {
public:
  explicit WrapperAnalysis(std::optional<CheckWrapper> W)
      : Wrapper(std::move(W)) {}
  static std::unique_ptr<WrapperAnalysis> create(FunctionAnalyses &FA);
  static char ID;
  std::optional<CheckWrapper> Wrapper;
};

} // namespace uaccess

#endif
