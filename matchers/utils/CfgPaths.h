//===--- CfgPaths.h - What every path to a statement runs -------*- C++ -*-===//
//
// Dominance asks whether one statement runs before another on every path.
// A check is often split over branches instead: `if (compat) err =
// get_compat_msghdr(m, p); else err = copy_msghdr_from_user(m, p);` checks
// `p` on both paths, while neither call dominates what follows. This asks
// the question about a set of statements.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_CFGPATHS_H
#define UACCESS_LINT_UTILS_CFGPATHS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CFG;
class CFGBlock;
class Stmt;
} // namespace clang

namespace uaccess {

/// True when every path from \p G's entry to \p Target runs, before it, an
/// element that \p Runs accepts, with no element that \p Undoes accepts
/// after it (vacuously true when no path reaches it). False when \p Target
/// is no element of \p G: nothing is known of it. Undoes: a write of what
/// the element Runs accepts checked (i915's `eb->exec[i].relocs_ptr = ...`
/// after check_relocations(&eb->exec[i])).
bool everyPathRunsFirst(
    const clang::CFG &G, const clang::Stmt &Target,
    llvm::function_ref<bool(const clang::Stmt &)> Runs,
    llvm::function_ref<bool(const clang::Stmt &)> Undoes = nullptr);

/// True when some path from \p G's entry to \p Target runs, before it, an
/// element that \p Runs accepts (a loop's next turn counts). False when
/// \p Target is no element of \p G.
bool somePathRunsFirst(const clang::CFG &G, const clang::Stmt &Target,
                       llvm::function_ref<bool(const clang::Stmt &)> Runs);

/// True when every path from \p G's entry to its exit runs an element that
/// \p Runs accepts (vacuously true when none gets there). A path through a
/// call that never returns (BUG(), panic()) does not get there.
bool everyPathToExitRuns(const clang::CFG &G,
                         llvm::function_ref<bool(const clang::Stmt &)> Runs);

/// True when every path from \p G's entry to \p To passes \p Through
/// first: dominance, with the paths that cannot run left out. A path that
/// leaves `a && b` at a false `a` (or `a || b` at a true one) knows the
/// operator's value, and goes only where a branch on it sends it:
/// `if (!(access_ok(p) && access_ok(q))) return;` passes q's check on every
/// path to what follows, though the `&&` joins before the `!` and q's block
/// dominates nothing; so does `ok = access_ok(p) && access_ok(q); if (!ok)
/// return;`, through a local variable that holds the value. False past a
/// bound on the walk.
bool passesOnEveryPath(const clang::CFG &G, const clang::CFGBlock &Through,
                       const clang::CFGBlock &To);

} // namespace uaccess

#endif
