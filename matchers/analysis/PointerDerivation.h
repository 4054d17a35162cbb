//===--- PointerDerivation.h - Pointers derived from one another -*- C++ -*-=//
//
// A window opened for one user pointer covers the accesses through that
// pointer and through pointers computed from it: filldir's `prev =
// (void __user *)dirent - prev_reclen`, or `__uss = &frame->uc.uc_stack`
// inside unsafe_save_altstack(). An access through any other pointer needs
// an access_ok() of its own (io_msg_copy_hdr's `msg_iov`, read from user
// memory inside the window opened for `umsg`).
//
// The relation is syntactic and flow-insensitive: two pointer variables are
// related when one is assigned or initialized from pointer arithmetic,
// member or element addresses of the other.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_POINTERDERIVATION_H
#define UACCESS_LINT_ANALYSIS_POINTERDERIVATION_H

#include "analysis/AnalysisCache.h"
#include "recognize/PointerShape.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
} // namespace clang

namespace uaccess {

/// The pointer variables \p E is computed from: `p`, `p + n`, `&p->f`,
/// `&p[i]`, `(T *)p - n`, `c ? p : q`. Loads (`p->next`, `*pp`) start no
/// derivation: their value comes from memory, not from the pointer.
void pointerOrigins(const clang::Expr &E,
                    llvm::SmallVectorImpl<std::string> &Out);

class PointerDerivation : public ManagedAnalysis {
public:
  explicit PointerDerivation(const clang::FunctionDecl &FD);
  static std::unique_ptr<PointerDerivation> create(FunctionAnalyses &FA) {
    return std::make_unique<PointerDerivation>(FA.decl());
  }
  static char ID;

  /// True when pointer-shape bases \p A and \p B name the same pointer, or
  /// variables derived from one another.
  bool related(llvm::StringRef A, llvm::StringRef B) const;
  /// The object an access goes into: `&frame->extramask[1]` has the text
  /// base `frame->extramask`, but extramask is an array inside *frame, so
  /// the access is a field of `frame`.
  PointerShape objectShape(PointerShape Shape) const;

private:
  friend class DerivationCollector;
  llvm::EquivalenceClasses<std::string> Classes;
  /// Names of struct members of array type that the body uses.
  llvm::StringSet<> ArrayFields;
};

} // namespace uaccess

#endif
