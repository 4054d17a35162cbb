//===--- PointerShape.h - How an access names its user pointer --*- C++ -*-===//
//
// Accesses name user memory as written: `&p->field`, `&p[i]`, `p + k`, `p`.
// The batching and access_ok checks reason about which object an access
// touches from that text, which survives every arch's macro expansion.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RECOGNIZE_POINTERSHAPE_H
#define UACCESS_LINT_RECOGNIZE_POINTERSHAPE_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace uaccess {

struct PointerShape {
  /// The pointer variable, or empty when the text is not one of the forms.
  std::string Base;
  enum { WholeObject, FieldOf, Indexed, Other } Kind = Other;
  std::string IndexText; ///< For Indexed: the subscript or offset.

  /// The constant element index, for `&p[3]` and `p + 3`; 0 for `p` and
  /// `&p->f`.
  std::optional<long> constantIndex() const;
};

PointerShape pointerShape(llvm::StringRef Text);

/// How many elements of *Base a length expression covers, when it is
/// `sizeof(*Base)`, `N * sizeof(*Base)` or `sizeof(*Base) * N` with a
/// constant N.
std::optional<long> elementsCovered(llvm::StringRef Length,
                                    llvm::StringRef Base);

/// True when \p Length names a variable amount (`cnt`, `remain *
/// sizeof(*p)`): a check of the whole buffer, not of a fixed number of
/// bytes. Sizes (`sizeof(...)`), literals and upper-case constants
/// (`PAGE_SIZE`) are fixed.
bool isVariableLength(llvm::StringRef Length);

/// True when the pointer \p Text is made from a value of at most 32 bits:
/// a cast through `(u32)` or another 32-bit unsigned type of a postfix
/// expression (`(u32 __user *)(unsigned long)(u32)regs->sp`), or
/// `compat_ptr(x)`. On a 64-bit kernel such a pointer is below 4 GiB, in
/// user space on every arch.
bool fitsIn32Bits(llvm::StringRef Text);

} // namespace uaccess

#endif
