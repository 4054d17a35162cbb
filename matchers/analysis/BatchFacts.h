//===--- BatchFacts.h - What batching asks of a statement -------*- C++ -*-===//
//
// The facts BatchAnalysis reads off the statements around a run of
// accesses: where each sits (its loops and block), the shapes it takes
// (`if (ACC) FAIL;`, a loop that walks a pointer, a trip count), what it
// touches, and how it may jump out of a window or into one. Internal to
// BatchAnalysis: its names live in uaccess::batch, which reads clang's.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_BATCHFACTS_H
#define UACCESS_LINT_ANALYSIS_BATCHFACTS_H

#include "analysis/CallPolicy.h"
#include "api/UaccessApi.h"
#include "recognize/UaccessRecognizer.h"
#include "utils/SourceUtils.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace uaccess::batch {

using namespace clang;

bool isLoop(const Stmt *S);

const Stmt *loopBody(const Stmt *S);

/// Where an access sits: its enclosing loops (innermost first), whether it
/// runs only on some iterations, and its statement in the enclosing block.
struct Placement {
  std::vector<const Stmt *> Loops;
  bool Conditional = false;
  const Stmt *TopStmt = nullptr;       ///< Child of Block.
  const CompoundStmt *Block = nullptr; ///< Innermost enclosing block.
};

/// True when \p Child runs only on some paths through \p Parent.
bool conditionalIn(const Stmt *Child, const Stmt *Parent);

/// The Placement of each statement, as a walk up its parents finds it:
/// the first block, the innermost loop and every loop above it whose body
/// holds the statement, and the conditions below the innermost loop. Each
/// statement's is made from its parent's, once: the N accesses of a
/// `||` chain N deep would otherwise walk N^2 parents.
class Placer {
public:
  explicit Placer(const ParentMap &Parents) : Parents(Parents) {}

  Placement place(const Stmt *Anchor) {
    llvm::SmallVector<const Stmt *, 16> Path;
    for (const Stmt *S = Anchor; S && !Memo.count(S);
         S = parentStmt(*S, Parents))
      Path.push_back(S);
    for (const Stmt *S : llvm::reverse(Path)) {
      const Stmt *Parent = parentStmt(*S, Parents);
      Above Next =
          Parent ? step(S, Parent, Memo.find(Parent)->second) : Above();
      Memo[S] = std::move(Next);
    }
    return Memo.find(Anchor)->second.Fresh;
  }

private:
  struct Above {
    Placement Fresh; ///< From this statement up.
    /// The loops above whose body holds it: all that count once a loop
    /// below has been met.
    std::vector<const Stmt *> BodyLoops;
  };

  static Above step(const Stmt *Child, const Stmt *Parent, const Above &Up) {
    Above Out;
    if (const auto *CS = dyn_cast<CompoundStmt>(Parent)) {
      Out.Fresh.Block = CS;
      Out.Fresh.TopStmt = Child;
    } else {
      Out.Fresh.Block = Up.Fresh.Block;
      Out.Fresh.TopStmt = Up.Fresh.TopStmt;
    }
    Out.BodyLoops = Up.BodyLoops;
    if (!isLoop(Parent)) {
      Out.Fresh.Loops = Up.Fresh.Loops;
      Out.Fresh.Conditional =
          conditionalIn(Child, Parent) || Up.Fresh.Conditional;
      return Out;
    }
    // Conditions outside the innermost loop do not matter.
    if (loopBody(Parent) == Child)
      Out.BodyLoops.insert(Out.BodyLoops.begin(), Parent);
    Out.Fresh.Loops.push_back(Parent);
    llvm::append_range(Out.Fresh.Loops, Up.BodyLoops);
    return Out;
  }

  const ParentMap &Parents;
  llvm::DenseMap<const Stmt *, Above> Memo;
};

std::string stmtText(const Stmt *S, ASTContext &Ctx);

/// `return x;`, `goto l;`, or a block of just one of them.
const Stmt *failureStatement(const Stmt *S);

/// `if (ACC) FAIL;` or `if (ACC || ACC ...) FAIL;`: the accesses it makes,
/// or none when the statement has another shape.
std::vector<const UaccessUse *>
accessesOfIf(const IfStmt *If, const FunctionUses &Uses, const Stmt *&Fail);

/// Calls in \p S that are not uaccess-safe, the accessors' own excluded.
/// A call in an accessor's argument counts: the unsafe_* op that replaces
/// the accessor evaluates it inside the window.
const CallExpr *firstUnsafeCall(const Stmt *S, const FunctionUses &Uses,
                                CallPolicy &Policy);

/// A use in \p S, other than \p Own, that must not end up inside the
/// window: an accessor toggles user access itself (its end would close the
/// window early), a begin or an end nests or ends windows. access_ok() and
/// the masked probe do neither.
const UaccessUse *foreignUse(const Stmt *S, const FunctionUses &Uses,
                             llvm::ArrayRef<const UaccessUse *> Own);

std::string whyForeign(const UaccessUse &U);

struct TouchKinds {
  bool Assigns = false; ///< An assignment, increment or decrement.
  bool Address = false; ///< Its address taken.
  bool Labels = false;  ///< Any label: a jump could enter by it.
};

/// True when \p S (but for \p Except) does to a variable \p IsTarget
/// accepts what \p Kinds asks about.
bool touches(const Stmt *S,
             llvm::function_ref<bool(const DeclRefExpr &)> IsTarget,
             TouchKinds Kinds, const Stmt *Except = nullptr);

/// True when \p S assigns to or steps the variable named \p Name, outside
/// \p Except.
bool modifies(const Stmt *S, llvm::StringRef Name,
              const Stmt *Except = nullptr);

/// True when \p S may change the user pointer written \p Base: a write of
/// the variable it starts from, or its address taken (`memcpy(&p, ...)`);
/// for a field or an element (`t->rs`), also any store through memory
/// (`t->rs = ...`, `alias->rs = ...`, `*slot = 0`) or a call given that
/// variable (`memcpy(t, saved, sizeof(*t))`). Where \p Body takes the
/// variable's address somewhere (`pp = &p`), any store or call may be one
/// through it.
bool mayChangePointer(const Stmt *S, llvm::StringRef Base, const Stmt *Body);

/// True when \p S takes the address of the variable named \p Name.
bool takesAddressOf(const Stmt *S, llvm::StringRef Name);

/// touches() of the variable \p V itself; taking its address always
/// counts.
bool touches(const Stmt *S, const VarDecl &V, TouchKinds Kinds,
             const Stmt *Except = nullptr);

/// `p++`, `++p`, `p += K` in a loop step: K; 0 otherwise.
long strideOf(const Stmt *Inc, llvm::StringRef Base, ASTContext &Ctx);

/// \p Text as an operand of `*`: parenthesized unless it is a name.
std::string operand(llvm::StringRef Text);

/// The labels of \p S.
llvm::SmallPtrSet<const LabelDecl *, 4> labelsIn(const Stmt *S);

/// A return in \p S outside \p Allowed, a goto to a label outside \p S,
/// or a break or continue that leaves \p S: it would leave the window
/// without ending it.
bool jumpsOut(const Stmt *S, llvm::ArrayRef<const Stmt *> Allowed);

/// A label in \p S that a goto outside \p S (in \p Body) or a computed
/// goto may reach, or a case of a switch outside it: a jump may enter the
/// window there without passing its begin. The uses' own expansions
/// (6.19's local labels) are left out, and so are labels only jumped to
/// from inside \p S (scoped_guard()'s).
bool isJumpTarget(const Stmt *S, const Stmt *Body, const FunctionUses &Uses);

Family familyOf(llvm::ArrayRef<const UaccessUse *> Accesses);

/// Trip count of `for (i = 0; i < N; i++[, p++])` or
/// `for (i = N; i; ..., i--)`; sets Counter to i.
std::string tripCount(const ForStmt *For, ASTContext &Ctx, std::string &Counter,
                      const Expr *&CountExpr);

/// `V op K` (or `K op V`, turned around) with K a constant: op and K.
std::optional<std::pair<BinaryOperatorKind, llvm::APSInt>>
comparisonWith(const BinaryOperator &BO, const VarDecl &V, ASTContext &Ctx);

/// True when \p Cond, or a side of an `||` in it, is a comparison of
/// \p V with a constant that \p Holds accepts.
bool anyComparison(
    const Expr &Cond, const VarDecl &V, ASTContext &Ctx,
    llvm::function_ref<bool(BinaryOperatorKind, const llvm::APSInt &)> Holds);

/// True when \p Cond holds whenever variable \p V is negative (`v < 0`,
/// `v <= 0`, `v < 1`, `0 > v`), also as a side of `||`. A count of 0 is
/// fine: the loop accesses nothing and the window checks 0 bytes.
bool holdsWhenNegative(const Expr &Cond, const VarDecl &V, ASTContext &Ctx);

/// True when \p Cond holds wherever \p V is above \p Max: `V > K`,
/// `V >= K` or `K < V` with K <= Max (also as a side of `||`).
bool holdsWhenAbove(const Expr &Cond, const VarDecl &V, uint64_t Max,
                    ASTContext &Ctx);

/// An integer parameter that counts the elements of the user array \p Base:
/// the function indexes Base with it (`ufds + nfds - todo`).
std::string arrayExtent(const FunctionDecl &FD, llvm::StringRef Base);

bool isParameter(const FunctionDecl &FD, llvm::StringRef Name);

/// What a loop's count can be where the loop starts: the bounds its type,
/// its value or an earlier `if` that leaves the function set. A window
/// sized by the count is a rewrite only where it cannot mislead.
struct CountBounds {
  /// True when \p Count cannot be negative where \p Loop starts: an
  /// unsigned type, a constant, or a variable an earlier `if` of an
  /// enclosing block leaves the function for when it is negative.
  bool nonNegativeAt(const Expr &Count, const Stmt &Loop) const;
  /// True when an earlier `if` of a block that holds \p Loop leaves the
  /// function where \p Holds (the `if`'s condition) is true, and \p V
  /// keeps the value the `if` tested up to the loop: nothing assigns it or
  /// takes its address, and no label lets a jump pass the `if`.
  bool guardedAt(const Stmt &Loop, const VarDecl &V,
                 llvm::function_ref<bool(const Expr &)> Holds) const;
  /// True when \p Then leaves for good: a return, or a goto to a label
  /// after \p Loop.
  bool leavesPast(const Stmt *Then, const Stmt &Loop) const;
  /// True when `Count * Bytes` cannot wrap around size_t where \p Loop
  /// starts: Count is narrower than size_t, or a constant, or bounded by an
  /// earlier `if` that leaves; \p Bytes is 0 when unknown.
  bool productFitsAt(const Expr &Count, uint64_t Bytes, const Stmt &Loop) const;

  const FunctionDecl &FD;
  const ParentMap &Parents;
  ASTContext &Ctx;
};

} // namespace uaccess::batch

#endif
