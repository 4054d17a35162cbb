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

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace uaccess {

/// The pointer variables \p E is computed from: `p`, `p + n`, `&p->f`,
/// `&p[i]`, `(T *)p - n`, `c ? p : q`. Loads (`p->next`, `*pp`) start no
/// derivation: their value comes from memory, not from the pointer.
void pointerOrigins(const clang::Expr &E,
                    llvm::SmallVectorImpl<const clang::VarDecl *> &Out);

/// The struct field \p E reads, as pointerShape() names it: `args->data_ptr`
/// (arrows from a variable, through casts and the statement expression of
/// `u64_to_user_ptr()`); "" for anything else. Ioctls hold user pointers
/// in such fields: one function checks `args->data_ptr`, another reads it.
std::string fieldHeld(const clang::Expr &E);

/// A local pointer variable that only ever holds another pointer's value,
/// as PointerDerivation::copyOf() finds it: `fp = buf`,
/// `struct x __user *tmp = (struct x __user *)buf`, `q = p + 2`, an
/// address inside it (`tail = &p->b`), or a struct field's (`user_data =
/// u64_to_user_ptr(args->data_ptr)`).
struct PointerCopy {
  std::string Origin;   ///< The variable (or field) it is copied from.
  long Offset = 0;      ///< Elements of *Origin added at the copy.
  bool SameType = true; ///< Its pointee is Origin's: indices are Origin's.
  bool Walks = false;   ///< Advanced after the copy (`q++`, `q += n`).
  /// Copied at different constant offsets on different paths (`q = p;
  /// if (c) q = p + 16;`): inside Origin, at an offset not known; Offset
  /// is the first one.
  bool OffsetVaries = false;
  /// An address inside Origin's object (`&p->b`, `&p[i]`, `&p->v[2].f`):
  /// where, in bytes, the one store says (onlyStore(), bytePlaceOf()).
  bool Address = false;
  /// True when it is Origin itself wherever it is read.
  bool exact() const {
    return Offset == 0 && !Walks && !OffsetVaries && !Address;
  }
};

class PointerDerivation : public ManagedAnalysis {
public:
  /// \p Uses, when given, tells masked begins apart: a pointer stored
  /// back masked (`p = masked_user_access_begin(p)`) keeps its value.
  explicit PointerDerivation(const clang::FunctionDecl &FD,
                             const FunctionUses *Uses = nullptr);
  static std::unique_ptr<PointerDerivation> create(FunctionAnalyses &FA) {
    return std::make_unique<PointerDerivation>(FA.decl(), &FA.uses());
  }
  static char ID;

  /// True when pointer-shape bases \p A and \p B name the same pointer, or
  /// variables derived from one another.
  bool related(llvm::StringRef A, llvm::StringRef B) const;
  /// The object an access goes into: `&frame->extramask[1]` has the text
  /// base `frame->extramask`, but extramask is an array inside *frame, so
  /// the access is a field of `frame`.
  PointerShape objectShape(PointerShape Shape) const;
  /// The object access \p U goes into: objectShape() of its pointer
  /// argument, `p++` read as `p`, and a macro of one pointer parameter
  /// read as somewhere in that parameter's object. Computed once per
  /// access: a check asks several times, and a run of N accesses makes
  /// regular expressions the cost of the analysis.
  PointerShape accessShape(const UaccessUse &U) const;
  /// \p Shape in terms of the pointer its base is a local copy of
  /// (`fp = buf`, copyOf()), so that a check of either covers the other;
  /// unchanged when it is no copy. \p ForCheck: a check covers the origin
  /// only through a copy that is the origin wherever it is read (no
  /// offset, never advanced).
  PointerShape originShape(PointerShape Shape, bool ForCheck) const;
  /// The pointer of \p U for messages: its accessShape()'s base, else the
  /// argument as written.
  std::string pointerName(const UaccessUse &U) const;
  /// \p Var as a copy of another pointer, when that is sound on every
  /// path: \p Var is a local whose every assignment (and initializer)
  /// copies the same variable, through casts and plus a constant (the
  /// same one, or PointerCopy::OffsetVaries), or advances \p Var itself; the
  /// origin is never assigned after its declaration; neither has its address
  /// taken. Flow-insensitive, but only relations that hold wherever the copy is
  /// read are returned.
  std::optional<PointerCopy> copyOf(llvm::StringRef Var) const;

  /// True when \p Var holds one value wherever the body reads it: a
  /// parameter never assigned, a local assigned once, neither with its
  /// address taken; a field (`args->data_ptr`) the body never writes, of
  /// such a holder. Writes by callees and through aliases are not seen.
  bool stable(llvm::StringRef Var) const;
  /// True when the body advances \p Var (`v++`, `v += n`).
  bool walks(llvm::StringRef Var) const;
  /// True when \p Var (a variable, or a field of one) holds one value
  /// from \p Loc on: stable(), or every write of it (and of what a field
  /// is read from) lies before \p Loc in the file, none through its
  /// address and none by a callee (a local or parameter). A check at Loc
  /// then checks what an access after it reads, when it runs before it on
  /// every path: a path from the check back to a write has to pass the
  /// check again.
  bool settledBefore(llvm::StringRef Var, clang::SourceLocation Loc) const;
  /// True when local \p Copy is set once from \p Origin (`q = frame;`)
  /// and \p Origin's last write lies between that store and \p CheckedAt
  /// (`frame = other;`, then the begin at CheckedAt; or the begin, the
  /// copy, then the write): the copy and what was checked are different
  /// values, however related() the two names are.
  bool staleCopy(llvm::StringRef Copy, llvm::StringRef Origin,
                 clang::SourceLocation CheckedAt) const;
  /// What local \p Var is set to, when stable() and set once (`q = &p->b`
  /// or its initializer); else null.
  const clang::Expr *onlyStore(llvm::StringRef Var) const;
  /// True when macros of two uses each declare a local \p Name (`__ptr` of
  /// x86's put_user()): each use's own, so the name as written says not
  /// which one, nor what it is derived from.
  bool repeatedMacroLocal(llvm::StringRef Name) const;
  /// What local \p Var is set to, when it is set once and otherwise only
  /// advanced (`q = p; q++;`), its address never taken; else null.
  const clang::Expr *walkStart(llvm::StringRef Var) const;

private:
  friend class DerivationCollector;
  /// The name related() knows \p VD by: its own, or for a
  /// repeatedMacroLocal() that and where its macro was used.
  std::string keyOf(const clang::VarDecl &VD) const;
  PointerShape macroArgumentShape(llvm::StringRef Text) const;

  const clang::FunctionDecl &Function;
  mutable llvm::DenseMap<const UaccessUse *, PointerShape> AccessShapes;
  /// What the body does to a variable name (all declarations of it).
  struct VarUse {
    bool Local = false;   ///< Some declaration is a local variable.
    bool Param = false;   ///< A parameter of that name.
    bool Foreign = false; ///< A global or static of that name.
    bool Escapes = false; ///< Its address is taken.
    bool Walks = false;   ///< `v++`, `v += n`.
    unsigned Stores = 0;  ///< Initializers and plain assignments.
    const clang::Expr *LastStore = nullptr; ///< The value the last one stores.
    llvm::SmallVector<std::optional<PointerCopy>, 2> Copies;
  };
  llvm::StringMap<VarUse> Vars;
  llvm::EquivalenceClasses<std::string> Classes;
  /// Names of struct members of array type that the body uses.
  llvm::StringSet<> ArrayFields;
  /// Fields (fieldHeld() names) the body assigns, steps or takes the
  /// address of.
  llvm::StringSet<> WrittenFields;
  /// The last write of each variable or field name, in the file's order
  /// (expansion locations).
  llvm::StringMap<clang::SourceLocation> LastWrites;
  const clang::SourceManager *SM = nullptr;
  /// How many locals of each name macros declare in the body.
  llvm::StringMap<unsigned> MacroLocals;
};

} // namespace uaccess

#endif
