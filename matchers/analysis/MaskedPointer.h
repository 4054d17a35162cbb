//===--- MaskedPointer.h - The pointer a masked begin made -*- C++ -*-===//
//
// The rules:
//  * A checked begin validates the pointer it is given. Its copies, made
//    before or after, hold the same value: this file has nothing to say.
//  * A masked begin checks nothing. It returns a clamped pointer that cannot
//    reach kernel memory, even under speculation, and only that value, and
//    what is computed from it after the begin, is safe in its window. The
//    variable it was given keeps the raw value unless the result is stored
//    back into it (`from = masked_user_access_begin(from)`).
//  * A scoped window (6.19) declares, for its body, a variable of the
//    pointer's name that holds the masked or checked pointer. The outer
//    variable, and copies of it made before the scope, hold the raw one.
//
// For each masked begin and scoped window of a function this finds the
// variable the begin was given (the source) and the one that holds its
// result (the holder), and says how a pointer expression in that window
// relates to them. Variables are told apart by declaration, not by name:
// the scope's shadowing variable has the outer one's name.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_MASKEDPOINTER_H
#define UACCESS_LINT_ANALYSIS_MASKEDPOINTER_H

#include "analysis/AnalysisCache.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class ParentMap;
class Stmt;
class VarDecl;
} // namespace clang

namespace uaccess {

/// What became of a masked begin's result, or of a scope's pointer.
enum class MaskedResult {
  Kept,      ///< Stored back into the variable it was given.
  Discarded, ///< Thrown away: `masked_user_access_begin(from);`.
  Stored,    ///< Stored into another variable: `to = masked_...(from)`.
  Other,     ///< Passed on, returned, stored into a field.
  Scope,     ///< A scoped window's own variable.
};

/// The pointers of one masked begin or scoped window.
struct MaskedPointer {
  const UaccessUse *Begin = nullptr;
  MaskedResult Result = MaskedResult::Other;
  const clang::VarDecl *Source = nullptr; ///< Holds the raw pointer.
  const clang::VarDecl *Holder = nullptr; ///< Holds the result; may be null.
};

/// How a pointer used in a masked or scoped window escapes its mask.
enum class RawKind {
  None,       ///< Through the holder, or not through the source at all.
  Discarded,  ///< Through the source; the result was thrown away.
  Stored,     ///< Through the source; the result went to another variable.
  Unmasked,   ///< Through the source; the result is elsewhere (or the scope's).
  CopyBefore, ///< Through a copy of the source made before the begin.
  CopyAfter,  ///< Through a copy made after it of a source left raw.
};

struct RawPointer {
  RawKind Kind = RawKind::None;
  const clang::VarDecl *Through = nullptr; ///< The raw variable used.
  explicit operator bool() const { return Kind != RawKind::None; }
};

/// A raw pointer used in a masked or scoped window, and that window.
struct RawUse {
  const MaskedPointer *Window = nullptr;
  RawPointer Raw;
};

/// A call in a masked or scoped window that passes the raw pointer to a
/// callee that may access it: strncpy_from_user()'s
/// do_strncpy_from_user(dst, src, ...), whose ops go through its parameter.
struct RawCall : RawUse {
  const clang::CallExpr *Call = nullptr;
};

class WindowAnalysis;

class MaskedPointers : public ManagedAnalysis {
public:
  explicit MaskedPointers(FunctionAnalyses &FA);
  /// Null for a function with no masked begin and no scoped window.
  static std::unique_ptr<MaskedPointers> create(FunctionAnalyses &FA);
  static char ID;

  /// The pointers of masked begin or scoped window \p Begin; null for other
  /// uses, and where the begin's argument is not a variable.
  const MaskedPointer *of(const UaccessUse &Begin) const;
  /// How \p Pointer, evaluated in \p Begin's window, relates to the pointer
  /// \p Begin made. None when it goes through the holder (or a pointer
  /// computed from it), or through neither the source nor a copy of it.
  RawPointer classify(const UaccessUse &Begin,
                      const clang::Expr &Pointer) const;

  /// True when \p Pointer goes through the holder of \p Begin's pointer.
  bool throughHolder(const UaccessUse &Begin, const clang::Expr &Pointer) const;
  /// The calls that no use of the API owns and that pass a raw pointer in
  /// a masked or scoped window \p Windows found them in. A callee with a
  /// body in the TU may access it when its body reads the parameter; one
  /// without is taken to.
  std::vector<RawCall> rawCalls(const WindowAnalysis &Windows) const;

  /// What an op through the source itself escapes by: the begin's result.
  static RawKind sourceKind(const MaskedPointer &P);

private:
  std::optional<RawCall> rawCall(const clang::CallExpr &Call,
                                 const clang::FunctionDecl *Callee,
                                 const WindowAnalysis &Windows) const;
  enum class CopyTime { None, Before, After };
  /// When \p V copies \p Source: every store to it (its initializer
  /// included) computes its value from \p Source, or steps \p V itself, all
  /// before \p Begin or all after it. None for anything else.
  CopyTime copyOf(const clang::VarDecl &V, const clang::VarDecl &Source,
                  const UaccessUse &Begin) const;
  /// True when \p V is assigned after \p Begin and before \p Use (in
  /// source order), other than by the begin itself: it may hold another
  /// value by then (`m = masked_...(from); from = m;`).
  bool storedAfter(const clang::VarDecl &V, const UaccessUse &Begin,
                   const clang::Expr &Use) const;
  /// The statement that receives \p Begin's value (its assignment).
  const clang::Stmt *valueCarrierParent(const UaccessUse &Begin) const;

  FunctionAnalyses &FA;
  llvm::DenseMap<unsigned, MaskedPointer> ByBegin;
};

/// The configuration probe (can_do_masked_user_access()) whose true branch
/// holds \p Begin, or null: each arch's configuration decides the probe,
/// and where it is 0 the branch is dead.
const UaccessUse *maskedProbeOf(const FunctionUses &Uses,
                                const UaccessUse &Begin,
                                const clang::ParentMap &Parents);

/// The sentence that says how \p Raw escapes the mask of \p P's begin:
/// "the result of 'masked_user_access_begin' is discarded, so 'from' is
/// not masked".
std::string rawPointerText(const MaskedPointer &P, const RawPointer &Raw);

/// An unsafe op needs a guard of its own when no checked begin opened its
/// window (CVE-2017-5123), or when it goes through another pointer than
/// the one its window was opened for.
/// In a masked or scoped window, an op through a pointer its begin did
/// not make needs one too: \p Raw says how it escaped.
/// \p ArchInternal: the op is in the arch's own uaccess code, where a
/// window that names no pointer is the callers' business.
bool needsOwnGuard(FunctionAnalyses &FA, const UaccessUse &Op,
                   bool ArchInternal, RawUse &Raw);

/// The calls in a masked or scoped window of \p FA's function that pass
/// the raw pointer on (MaskedPointers::rawCalls()) with no access_ok() of
/// it before them on every path.
std::vector<RawCall> uncheckedRawCalls(FunctionAnalyses &FA);

} // namespace uaccess

#endif
