//===--- BatchAnalysis.h - Accesses that could share one window -*- C++ -*-===//
//
// Each put_user()/get_user() (checked or not) opens and closes user access
// on its own. This finds accesses that could share one window: accessors in
// a loop, and runs of accessors on one user object. It decides whether a
// rewrite into begin + unsafe_* + end is safe and what range the begin must
// cover; the check turns that into text.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_BATCHANALYSIS_H
#define UACCESS_LINT_ANALYSIS_BATCHANALYSIS_H

#include "analysis/AnalysisCache.h"
#include "analysis/HoistAnalysis.h"
#include "recognize/UaccessRecognizer.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompoundStmt;
} // namespace clang

namespace uaccess {

struct BatchCandidate {
  enum Shape { InLoop, InRun } TheShape = InRun;
  Family TheFamily = Family::None;
  std::vector<const UaccessUse *> Accesses;
  /// The user pointer the accesses go through (its text).
  std::string Base;
  /// Loops: the loop the accesses are in, and the statement the window
  /// should enclose (that loop, or an outer one when the range is known).
  const clang::Stmt *Loop = nullptr;
  /// The statements the window spans (sequences: the first and last;
  /// loops: the window loop twice).
  const clang::Stmt *First = nullptr, *Last = nullptr;
  /// The begin's length expression; empty when it cannot be computed.
  std::string Range;
  /// Why the range is what it is (a note), e.g. "'nfds' counts the array".
  std::string RangeReason;
  /// A call that would end up inside the window and is not uaccess-safe.
  const clang::CallExpr *Blocker = nullptr;
  std::string BlockerName;
  /// Runs: the statements between the accesses that hold such calls, and
  /// the first such call in an access's argument.
  std::vector<const clang::Stmt *> BlockerStmts;
  const clang::CallExpr *ArgumentBlocker = nullptr;
  /// Whether those statements can move above the first access, so that the
  /// accesses share a window after all; why not, when they cannot.
  HoistPlan Hoist;
  /// Why no rewrite is offered, when none is.
  std::string WhyNoRewrite;
  /// The statement each access's failure runs (`return -EFAULT;`).
  std::string FailText;
  /// Per access: the statement the unsafe_* op replaces.
  std::vector<const clang::Stmt *> AccessStmts;
  /// Loops that write whole elements of an array of the kernel array's
  /// element type: copy_to_user()/copy_from_user() would do.
  std::string WholeArrayCopy;
  /// A guard that, added before the loop, would make it rewritable: its
  /// count may be negative (`if (n < 0) return ...;`).
  std::string Guard;

  bool rewritable() const { return WhyNoRewrite.empty() && !Range.empty(); }
};

/// Candidates in the function of \p FA, most valuable first: every loop
/// with accessors, and every run of at least \p MinAccesses accessors on
/// one object in one block.
std::vector<BatchCandidate> findBatchCandidates(FunctionAnalyses &FA,
                                                unsigned MinAccesses);

/// Accessors this analysis batches: put_user, __put_user, get_user,
/// __get_user.
bool isBatchableAccessor(const UaccessUse &U);

} // namespace uaccess

#endif
