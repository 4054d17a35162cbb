//===--- CfgPaths.cpp - What every path to a statement runs ---------------===//

#include "utils/CfgPaths.h"

#include "utils/ExprValues.h"
#include "utils/SourceUtils.h"
#include "utils/StmtEffects.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace uaccess {

namespace {

/// Where \p S is in \p G: its block and index, or a null block.
std::pair<const CFGBlock *, unsigned> elementOf(const CFG &G, const Stmt &S) {
  for (const CFGBlock *B : G)
    for (unsigned I = 0; I < B->size(); ++I)
      if (auto CS = (*B)[I].getAs<CFGStmt>(); CS && CS->getStmt() == &S)
        return {B, I};
  return {nullptr, 0};
}

/// The values of `&&` and `||` operators a path knows: those it left by
/// their short circuit; and of the local variables set to one since (`ok
/// = access_ok(p) && access_ok(q);`), by their declaration.
using ShortCircuits = std::map<const void *, bool>;

/// The value of \p E, from the short circuits a path took.
std::optional<bool> knownValue(const Expr *E, const ShortCircuits &Known) {
  return conditionTruth(*E, [&](const Expr &Part) -> std::optional<bool> {
    const void *Key = &Part;
    if (const VarDecl *V = localVariable(Part))
      Key = V;
    if (auto It = Known.find(Key); It != Known.end())
      return It->second;
    return std::nullopt;
  });
}

/// A local variable \p S writes, or may write through its address,
/// inside it (`f(ok = 1)`, `p = &ok`): what it holds is unknown after.
void forgetWritten(const Stmt &S, ShortCircuits &Known) {
  anyStmtIn(S, [&](const Stmt &N) {
    const Expr *Target = changedOperand(N);
    if (const VarDecl *V = Target ? localVariable(*Target) : nullptr)
      Known.erase(V);
    return false;
  });
}

/// The local variables whose address \p G's function takes anywhere: a
/// write through it may come at any time (`int *po = &ok;` before the
/// store, `*po = 1;` after it), so what they hold is never known.
llvm::DenseSet<const VarDecl *> addressTaken(const CFG &G) {
  llvm::DenseSet<const VarDecl *> Out;
  for (const CFGBlock *B : G)
    for (const CFGElement &E : *B)
      if (auto CS = E.getAs<CFGStmt>())
        anyStmtIn(*CS->getStmt(), [&](const Stmt &N) {
          const auto *UO = dyn_cast<UnaryOperator>(&N);
          if (UO && UO->getOpcode() == UO_AddrOf)
            if (const VarDecl *V = localVariable(*UO->getSubExpr()))
              Out.insert(V);
          return false;
        });
  return Out;
}

/// What \p Known says after the elements of \p B: a local variable set
/// to a known value (`int ok = a && b;`, `ok = a && b;`) holds it, unless
/// its address is taken (\p Escaped); written otherwise, nothing is known
/// of it.
void applyStores(const CFGBlock &B, ShortCircuits &Known,
                 const llvm::DenseSet<const VarDecl *> &Escaped) {
  for (const CFGElement &E : B) {
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *S = CS->getStmt();
    std::optional<std::pair<const VarDecl *, const Expr *>> Set;
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
          V && V->isLocalVarDecl())
        Set.emplace(V, V->getInit());
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign)
      if (const VarDecl *V = localVariable(*BO->getLHS()))
        Set.emplace(V, BO->getRHS());
    // The value first: it is read before the store.
    std::optional<bool> Held =
        Set && Set->second ? knownValue(Set->second, Known) : std::nullopt;
    forgetWritten(*S, Known);
    if (Set && Held && !Escaped.count(Set->first))
      Known[Set->first] = *Held;
    else if (Set)
      Known.erase(Set->first);
  }
}

/// The branch \p B takes on what \p Known says; none when it may take
/// either.
std::optional<bool> decidedBranch(const CFGBlock &B,
                                  const ShortCircuits &Known) {
  const Stmt *T = B.getTerminatorStmt();
  if (B.succ_size() != 2 || !T || isa<SwitchStmt>(T))
    return std::nullopt;
  const Expr *Cond = ownBranchCondition(B);
  return Cond ? knownValue(Cond, Known) : std::nullopt;
}

/// What a path that leaves \p B by its edge \p First (or the other)
/// knows: a `&&` left at a false left operand is false, a `||` left at a
/// true one is true; one evaluated again is known no more.
ShortCircuits knownAfter(const CFGBlock &B, bool First, ShortCircuits Known) {
  const auto *Op = dyn_cast_or_null<BinaryOperator>(B.getTerminatorStmt());
  if (!Op || !Op->isLogicalOp())
    return Known;
  bool Or = Op->getOpcode() == BO_LOr;
  if (First == Or)
    Known[Op] = Or;
  else
    Known.erase(Op);
  return Known;
}

} // namespace

bool passesOnEveryPath(const CFG &G, const CFGBlock &Through,
                       const CFGBlock &To) {
  struct Item {
    const CFGBlock *B;
    ShortCircuits Known;
  };
  llvm::DenseSet<const VarDecl *> Escaped = addressTaken(G);
  std::vector<Item> Work{{&G.getEntry(), {}}};
  std::set<std::pair<unsigned, ShortCircuits>> Seen;
  for (unsigned Steps = 0; !Work.empty(); ++Steps) {
    if (Steps == 20000)
      return false;
    Item I = std::move(Work.back());
    Work.pop_back();
    if (I.B == &To)
      return false;
    if (I.B == &Through)
      continue;
    applyStores(*I.B, I.Known, Escaped);
    std::optional<bool> Taken = decidedBranch(*I.B, I.Known);
    bool First = true;
    for (const CFGBlock::AdjacentBlock &Succ : I.B->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      bool ThisFirst = std::exchange(First, false);
      if (!Next || (Taken && *Taken != ThisFirst))
        continue;
      ShortCircuits Known = knownAfter(*I.B, ThisFirst, I.Known);
      if (Seen.insert({Next->getBlockID(), Known}).second)
        Work.push_back({Next, std::move(Known)});
    }
  }
  return true;
}

namespace {
/// The statement of element \p I of \p B, or null.
const Stmt *stmtAt(const CFGBlock &B, unsigned I) {
  auto CS = B[I].getAs<CFGStmt>();
  return CS ? CS->getStmt() : nullptr;
}

/// The first index of \p B from \p Start whose statement \p Runs accepts,
/// or B.size().
unsigned firstRun(const CFGBlock &B, unsigned Start,
                  llvm::function_ref<bool(const Stmt &)> Runs) {
  for (unsigned I = Start; I < B.size(); ++I)
    if (const Stmt *S = stmtAt(B, I); S && Runs(*S))
      return I;
  return B.size();
}
} // namespace

bool everyPathRunsFirst(const CFG &G, const Stmt &Target,
                        llvm::function_ref<bool(const Stmt &)> Runs,
                        llvm::function_ref<bool(const Stmt &)> Undoes) {
  auto [TargetBlock, TargetIndex] = elementOf(G, Target);
  if (!TargetBlock)
    return false;
  // Walks the blocks some path enters with nothing run since the entry or
  // the last undo; an undo anywhere starts such a path of its own.
  llvm::DenseSet<const CFGBlock *> Entered{&G.getEntry()};
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 16> Work{
      {&G.getEntry(), 0}};
  if (Undoes)
    for (const CFGBlock *B : G)
      for (unsigned I = 0; B && I < B->size(); ++I)
        if (const Stmt *S = stmtAt(*B, I); S && Undoes(*S))
          Work.push_back({B, I + 1});
  while (!Work.empty()) {
    auto [B, Start] = Work.pop_back_val();
    bool Ran = false;
    for (unsigned I = Start; I < B->size() && !Ran; ++I) {
      if (B == TargetBlock && I == TargetIndex)
        return false;
      const Stmt *S = stmtAt(*B, I);
      Ran = S && Runs(*S) && !(Undoes && Undoes(*S));
    }
    if (Ran)
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ && Entered.insert(Succ).second)
        Work.push_back({Succ, 0});
  }
  // Not reached with nothing run: every path to it runs one first.
  return true;
}

bool somePathRunsFirst(const CFG &G, const Stmt &Target,
                       llvm::function_ref<bool(const Stmt &)> Runs) {
  auto [TargetBlock, TargetIndex] = elementOf(G, Target);
  if (!TargetBlock)
    return false;
  // The blocks a path enters after it ran one: from the end of each block
  // that runs one, onwards.
  llvm::DenseSet<const CFGBlock *> Entered;
  llvm::SmallVector<const CFGBlock *, 16> Work;
  for (const CFGBlock *B : G) {
    unsigned I = B ? firstRun(*B, 0, Runs) : 0;
    if (!B || I == B->size())
      continue;
    if (B == TargetBlock && I < TargetIndex)
      return true;
    Work.push_back(B);
  }
  while (!Work.empty())
    for (const CFGBlock *Succ : Work.pop_back_val()->succs()) {
      if (Succ == TargetBlock)
        return true;
      if (Succ && Entered.insert(Succ).second)
        Work.push_back(Succ);
    }
  return false;
}

bool everyPathToExitRuns(const CFG &G,
                         llvm::function_ref<bool(const Stmt &)> Runs) {
  llvm::DenseSet<const CFGBlock *> Entered{&G.getEntry()};
  llvm::SmallVector<const CFGBlock *, 16> Work{&G.getEntry()};
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (B == &G.getExit())
      return false;
    // A path through a call that never returns (BUG()) gets nowhere.
    if (B->hasNoReturnElement() || firstRun(*B, 0, Runs) < B->size())
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ && Entered.insert(Succ).second)
        Work.push_back(Succ);
  }
  return true;
}

} // namespace uaccess
