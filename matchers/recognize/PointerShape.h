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

} // namespace uaccess

#endif
