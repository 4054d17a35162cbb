//===--- CheckWrapper.h - Functions that access_ok() a parameter -*- C++ -*-=//
//
// Code often checks a user range through a helper of its own: arm64's
// `valid_user_frame(fp, size)` is `return __access_ok(fp, size);`, other
// helpers fail early with `if (!access_ok(p, n)) return -EFAULT;`. A call
// of such a helper whose result the caller tests checks the argument it
// passes, as an access_ok() written there would.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CHECKWRAPPER_H
#define UACCESS_LINT_ANALYSIS_CHECKWRAPPER_H

#include "api/UaccessApi.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
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

} // namespace uaccess

#endif
