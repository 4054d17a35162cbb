//===--- AccessOkModel.h - Which access_ok() guards an access ---*- C++ -*-===//
//
// "If you can't see the access_ok() close to the __get/put_user(), you have
// a bug." For one function: its access_ok() calls, the accesses that rely
// on one (unchecked accessors and unchecked begins), dominance between them
// on the CFG, and how far apart they are.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_ACCESSOKMODEL_H
#define UACCESS_LINT_ANALYSIS_ACCESSOKMODEL_H

#include "analysis/AnalysisCache.h"
#include "analysis/CheckWrapper.h"
#include "recognize/PointerShape.h"
#include "recognize/UaccessRecognizer.h"
#include "utils/ExprValues.h"

#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>
#include <map>
#include <memory>

namespace uaccess {

class AccessOkModel : public ManagedAnalysis {
public:
  explicit AccessOkModel(FunctionAnalyses &FA);
  /// For FunctionAnalyses::getAnalysis<AccessOkModel>(): one CFG dominator
  /// tree per function, shared by its own accesses and by the searches of
  /// its callees that pass through it.
  static std::unique_ptr<AccessOkModel> create(FunctionAnalyses &FA) {
    return std::make_unique<AccessOkModel>(FA);
  }
  static char ID;

  /// The uses that check a range: access_ok(), the accessors and begins
  /// that call it themselves, and tested calls of the function's own check
  /// wrappers (CheckWrapper.h); in source order.
  llvm::ArrayRef<const UaccessUse *> checks() const { return Checks; }
  /// True when \p Check runs before \p Access on every path to it.
  bool dominates(const UaccessUse &Check, const UaccessUse &Access) const;
  bool dominates(const UaccessUse &Check, const clang::Stmt &S) const;
  /// True when \p Before runs before \p After on every path to it.
  bool dominates(const clang::Stmt &Before, const clang::Stmt &After) const;
  /// True when no path on which \p Check failed reaches \p Access: the
  /// branches that test its result (or a variable that holds it) leave
  /// before the access. `if (!access_ok(..) && x) goto bad;`, a failure
  /// that only sets a variable, or a result thrown away stop nothing.
  bool failureStops(const UaccessUse &Check, const UaccessUse &Access) const;
  /// The same for a statement \p S of the function: a call that passes
  /// the checked pointer on to a function that accesses it.
  bool failureStops(const UaccessUse &Check, const clang::Stmt &S) const;
  bool dominates(const clang::Stmt &Before, const UaccessUse &After) const;
  /// True when some path runs \p S before \p A: in A's block before it,
  /// or in a block from which a path leads to A's (a loop's step too). True
  /// when either has no element: nothing is known.
  bool mayRunBefore(const clang::Stmt &S, const UaccessUse &A) const;
  bool mayRunBefore(const clang::Stmt &S, const clang::Stmt &To) const;
  /// False when no path from the entry reaches \p S: a case of a switch
  /// on a constant that does not match (arm64's `switch (sizeof(*(ptr)))`
  /// in __raw_put_mem() spells its pointer once per size).
  bool reachable(const clang::Stmt &S) const;
  /// Statements of the function between the two (in source order), and
  /// lines.
  unsigned statementsBetween(const UaccessUse &From,
                             const UaccessUse &To) const;
  unsigned linesBetween(const UaccessUse &From, const UaccessUse &To) const;
  /// The pointer of a use (its PointerArg), as a shape.
  static PointerShape pointerOf(const UaccessUse &U);
  /// True when check \p C covers its pointer's whole buffer: it checks a
  /// variable length (`access_ok(buf, cnt)`), so a pointer anywhere in
  /// the buffer is inside.
  static bool checksWholeBuffer(const UaccessUse &C);
  /// True when check \p C says nothing of its range: a wrapper that checks
  /// through other wrappers (CheckWrapper.h), or one whose length is its
  /// own (`nr = FDS_BYTES(nr)` first).
  static bool rangeUnknown(const UaccessUse &C);

private:
  struct Position {
    const clang::CFGBlock *Block = nullptr;
    unsigned Index = 0;
  };
  Position positionOf(const clang::Stmt *S, const UaccessUse *U) const;
  bool dominates(Position Before, Position After) const;
  bool mayRunBefore(Position From, Position To) const;
  /// \p S, or the nearest statement around it that has a CFG element.
  const clang::Stmt *withElement(const clang::Stmt *S) const;
  bool failureStops(const UaccessUse &Check, llvm::ArrayRef<Position> To) const;
  /// The local variables that may carry \p Check's outcome, found once per
  /// check: every access and call it guards asks.
  using RelatedVariables = llvm::SmallPtrSet<const clang::VarDecl *, 4>;
  const RelatedVariables &relatedTo(const UaccessUse &Check) const;
  void addWrapperCalls(FunctionAnalyses &FA);
  void addWrapperCall(const clang::CallExpr &Call, const CheckWrapper &W);

  /// A tested call of a check wrapper, as a use that checks a range (the
  /// role of get_user(), which runs access_ok() itself).
  struct WrapperCall {
    ApiEntry Entry;
    UaccessUse Use;
    ValueSign FailsWith = ValueSign::Unknown; ///< CheckWrapper::FailsWith.
  };

  const FunctionUses &Uses;
  clang::ASTContext &Ctx;
  const clang::ParentMap &Parents;
  const clang::Stmt *Body;
  const clang::CFG *Graph = nullptr;
  clang::CFGDomTree DomTree;
  /// A block of the CFG ends in a `&&` or `||` whose value a later branch
  /// may read: only then can a check that dominates nothing still run on
  /// every path (passesOnEveryPath()).
  bool HasShortCircuits = false;
  llvm::DenseMap<const clang::Stmt *, Position> Positions;
  /// The blocks a path from the entry reaches (reachable()), by ID.
  mutable llvm::BitVector Reached;
  llvm::DenseMap<unsigned, Position> UsePositions;
  /// Every element of each use's expansion, by use.
  llvm::DenseMap<unsigned, llvm::SmallVector<Position, 4>> UseElements;
  std::vector<const UaccessUse *> Checks;
  std::deque<WrapperCall> WrapperCalls; ///< Stable: Checks points in.
  std::vector<clang::SourceRange> TopStatements;
  mutable std::map<unsigned, RelatedVariables> RelatedByCheck;
};

/// The access_ok() (or self-checking use) before an access, by how it
/// relates to the access (guardsOf()).
struct AccessGuards {
  const UaccessUse *Guard = nullptr;        ///< Same pointer, dominates.
  const UaccessUse *OnOtherPath = nullptr;  ///< Same pointer, earlier.
  const UaccessUse *OtherPointer = nullptr; ///< Dominates, other pointer.
  const UaccessUse *Unreadable = nullptr;   ///< Dominates, pointer unknown.
  /// Same pointer, dominates, but a failure of the check does not stop
  /// the access (AccessOkModel::failureStops()).
  const UaccessUse *FailureIgnored = nullptr;
  /// Dominates, checks the accessed name for a fixed length, and the
  /// name moves (a walking or offset copy): it may be past that range.
  const UaccessUse *Moved = nullptr;
  /// Same pointer, dominates, but the function assigns the accessed name
  /// another value between the two (`p = other;`, `h.buf = other;`).
  const UaccessUse *Reassigned = nullptr;
  /// With Reassigned: the assignment (`p = other`), the write through the
  /// address (`*pp = other`), or the call given the address (`redirect(&p)`).
  const clang::Stmt *AssignedBy = nullptr;
};

/// The checks before \p A, by how they relate to it: the same pointer (or
/// what it copies) on every path, on some path, another pointer, or one
/// that cannot be read.
AccessGuards guardsOf(FunctionAnalyses &FA, const UaccessUse &A);

/// The statement that gives \p Holder another value (`p = other;`) after
/// \p Check, on every path to \p Call or on one with no check of the new
/// value (`if (f) p = other;`); null when none. A check of the old value
/// does not guard what the call is given.
const clang::Stmt *reassignedBefore(FunctionAnalyses &FA,
                                    llvm::StringRef Holder,
                                    const UaccessUse &Check,
                                    const clang::Stmt &Call);

/// The first assignment before \p Call in the file that gives \p Holder
/// another value (`p = other;`) on some path; null when none. A parameter
/// so written may not hold what the callers passed.
const clang::Stmt *reassignedBefore(FunctionAnalyses &FA,
                                    llvm::StringRef Holder,
                                    const clang::Stmt &Call);

/// True when parameter \p Param holds what the callers passed wherever
/// \p A runs: no statement that writes it (`p = p + 1`, `p++`) or takes
/// its address (`bump(&p)`) can run before \p A. A helper that steps its
/// pointer after its first write wrote that one at the start.
bool holdsPassedValue(FunctionAnalyses &FA, llvm::StringRef Param,
                      const UaccessUse &A);

/// True when a use of \p Uses trusts an access_ok() (or makes one): a
/// function without one has nothing for access-ok-far.
bool reliesOnAGuard(const FunctionUses &Uses);

} // namespace uaccess

#endif
