//===--- HoistAnalysis.h - Moving calls out of a run's window ---*- C++ -*-===//
//
// A call that is not uaccess-safe between two accesses keeps them from
// sharing one window: it would run with user access on. Often it does not
// depend on the accesses before it (a debug print, the computation of the
// next value to write) and could run before the first one. This decides
// whether each such statement can move above the first access without
// changing what the run does when no access faults, and says what changes
// when one does: the moved call then runs where it used not to.
//
// It assumes what the rewrite the move is for needs anyway, and the
// batchable analysis checks: nothing between the accesses jumps out of the
// run or is a label a jump could enter by.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_HOISTANALYSIS_H
#define UACCESS_LINT_ANALYSIS_HOISTANALYSIS_H

#include "analysis/AnalysisCache.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace clang {
class CompoundStmt;
class Stmt;
} // namespace clang

namespace uaccess {

/// One statement to move above the run's first access.
struct HoistMove {
  const clang::Stmt *S = nullptr;
  /// As written, on one line, without its `;`.
  std::string Text;
  /// It calls something that may have side effects, which then happen when
  /// an earlier access faults too.
  bool RunsOnFault = true;
  /// Otherwise, a variable it sets that an earlier access's failure, a
  /// goto, may reach code that reads; empty when there is none.
  std::string SetsOnFault;
  /// When it does not run on the fault path: the callee that makes it free
  /// of side effects and how it is declared ("pure", "const").
  std::string QuietCallee, QuietBecause;
};

struct HoistPlan {
  /// In order; empty when not every blocking statement can move.
  std::vector<HoistMove> Moves;
  /// Why not, and the statement it is about.
  std::string WhyNot;
  const clang::Stmt *WhyNotAt = nullptr;

  bool possible() const { return WhyNot.empty() && !Moves.empty(); }
};

/// A run of accesses in one block, from its first to its last statement,
/// and the statements between them that hold a blocking call.
struct HoistRun {
  const clang::CompoundStmt *Block = nullptr;
  const clang::Stmt *First = nullptr;
  llvm::ArrayRef<const clang::Stmt *> Blocked;
  /// The run's user pointer (its text), for calls that may reach it.
  llvm::StringRef Base;
};

/// Whether every statement of \p Run.Blocked can move, in order, above
/// \p Run.First.
HoistPlan planHoist(FunctionAnalyses &FA, const HoistRun &Run);

} // namespace uaccess

#endif
