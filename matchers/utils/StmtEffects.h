//===--- StmtEffects.h - What a statement reads and writes ------*- C++ -*-===//
//
// A statement may move past another only when neither reads what the other
// writes and both do not write the same thing. This says what a statement
// reads and writes as far as the AST shows, coarsely: a local variable whose
// address is never taken is tracked by itself, because nothing but the
// function's own statements can reach it; everything else (globals, what a
// pointer points to, a local whose address escapes, whatever a callee
// touches) is one location, memory.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_STMTEFFECTS_H
#define UACCESS_LINT_UTILS_STMTEFFECTS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang {
class CallExpr;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace uaccess {

using VarSet = llvm::SmallPtrSet<const clang::VarDecl *, 8>;

/// The locals of \p Body whose address is taken (`&x`, an array decaying to
/// a pointer): a callee can reach them, so they are memory.
VarSet addressTakenLocals(const clang::Stmt &Body);

/// What a call may do besides computing its value.
enum class CallEffect {
  None,        ///< const, `__attribute_const__`: reads only its arguments.
  ReadsMemory, ///< pure, `__pure`: may read memory, writes none.
  Any,         ///< may read and write memory: any other or indirect callee.
};

CallEffect callEffect(const clang::CallExpr &Call);

/// The operand \p S itself may change: the left side of an assignment, the
/// operand of `++`/`--`, or of `&` (a write through the address may come
/// later, in a callee). Null for any other node. Only \p S itself counts,
/// not its children.
const clang::Expr *changedOperand(const clang::Stmt &S);

struct StmtEffects {
  /// Tracked locals read and written.
  VarSet Reads, Writes;
  bool ReadsMemory = false, WritesMemory = false;
  /// The first call whose callee may write memory, or null.
  const clang::CallExpr *WritingCall = nullptr;
  /// The first call that may read memory but not write it (pure), or null.
  const clang::CallExpr *ReadingCall = nullptr;
  /// The first call that never returns, or null.
  const clang::CallExpr *NoReturnCall = nullptr;
};

/// What \p S reads and writes. \p AddressTaken is addressTakenLocals() of
/// the function. A node \p Skip accepts contributes nothing of its own (a
/// macro's expansion, whose effects the caller knows by what the macro
/// is), but its children still count: a variable the user passed to the
/// macro and the macro assigns is a write.
StmtEffects
effectsOf(const clang::Stmt &S, const VarSet &AddressTaken,
          llvm::function_ref<bool(const clang::Stmt &)> Skip = nullptr);

} // namespace uaccess

#endif
