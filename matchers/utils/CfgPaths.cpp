//===--- CfgPaths.cpp - What every path to a statement runs ---------------===//

#include "utils/CfgPaths.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"
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

} // namespace

bool everyPathRunsFirst(const CFG &G, const Stmt &Target,
                        llvm::function_ref<bool(const Stmt &)> Runs,
                        llvm::function_ref<bool(const Stmt &)> Undoes) {
  auto [TargetBlock, TargetIndex] = elementOf(G, Target);
  if (!TargetBlock)
    return false;
  auto StmtAt = [](const CFGBlock &B, unsigned I) -> const Stmt * {
    auto CS = B[I].getAs<CFGStmt>();
    return CS ? CS->getStmt() : nullptr;
  };
  // Walks the blocks some path enters with nothing run since the entry or
  // the last undo; an undo anywhere starts such a path of its own.
  llvm::DenseSet<const CFGBlock *> Entered{&G.getEntry()};
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 16> Work{
      {&G.getEntry(), 0}};
  if (Undoes)
    for (const CFGBlock *B : G)
      for (unsigned I = 0; B && I < B->size(); ++I)
        if (const Stmt *S = StmtAt(*B, I); S && Undoes(*S))
          Work.push_back({B, I + 1});
  while (!Work.empty()) {
    auto [B, Start] = Work.pop_back_val();
    bool Ran = false;
    for (unsigned I = Start; I < B->size() && !Ran; ++I) {
      if (B == TargetBlock && I == TargetIndex)
        return false;
      const Stmt *S = StmtAt(*B, I);
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

} // namespace uaccess
