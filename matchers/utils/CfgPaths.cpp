//===--- CfgPaths.cpp - What every path to a statement runs ---------------===//

#include "utils/CfgPaths.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

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

/// The index of the first element of \p B that \p Runs accepts, or
/// B.size() when none.
unsigned firstRun(const CFGBlock &B,
                  llvm::function_ref<bool(const Stmt &)> Runs) {
  for (unsigned I = 0; I < B.size(); ++I)
    if (auto CS = B[I].getAs<CFGStmt>(); CS && Runs(*CS->getStmt()))
      return I;
  return B.size();
}

} // namespace

bool everyPathRunsFirst(const CFG &G, const Stmt &Target,
                        llvm::function_ref<bool(const Stmt &)> Runs) {
  auto [TargetBlock, TargetIndex] = elementOf(G, Target);
  if (!TargetBlock)
    return false;
  // The blocks some path enters with nothing run yet: a block that runs
  // one passes on no such path.
  llvm::DenseMap<const CFGBlock *, unsigned> First;
  llvm::SmallVector<const CFGBlock *, 16> Work{&G.getEntry()};
  First[&G.getEntry()] = firstRun(G.getEntry(), Runs);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    unsigned Run = First[B];
    if (B == TargetBlock && Run >= TargetIndex)
      return false;
    if (Run < B->size())
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ && First.try_emplace(Succ, firstRun(*Succ, Runs)).second)
        Work.push_back(Succ);
  }
  // Not entered with nothing run: every path to it runs one first.
  return true;
}

} // namespace uaccess
