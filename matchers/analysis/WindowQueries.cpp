//===--- WindowQueries.cpp - What a check asks of one window --------------===//
//
// The questions about a window that access-ok-far asks, beside the window
// paths of WindowAnalysis.cpp: which begin opened an op's window without a
// check, what the window's fault path does, and which ops a begin opens.
//
//===----------------------------------------------------------------------===//

#include "analysis/AccessOkModel.h"
#include "analysis/WindowAnalysis.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace uaccess {

const UaccessUse *uncheckedOpener(FunctionAnalyses &FA, const UaccessUse &Op) {
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  if (Op.Api->TheRole != Role::UnsafeOp || !Windows)
    return nullptr;
  for (int Opener : Windows->openersOf(Op))
    if (Opener >= 0 &&
        FA.uses().use(Opener).Api->TheRole == Role::UncheckedBegin)
      return &FA.uses().use(Opener);
  return nullptr;
}

std::string faultStatement(FunctionAnalyses &FA, const UaccessUse &Begin) {
  ASTContext &Ctx = FA.astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const UaccessUse &U : FA.uses().uses()) {
    if (U.Api->TheRole != Role::UnsafeOp || !U.FaultLabel ||
        !SM.isBeforeInTranslationUnit(Begin.loc(), U.loc()))
      continue;
    // The label's statement, then its siblings, up to the first jump.
    const auto *Parent =
        dyn_cast_or_null<CompoundStmt>(parentStmt(*U.FaultLabel, FA.parents()));
    if (!Parent)
      return "";
    bool Seen = false;
    for (const Stmt *S : Parent->body()) {
      Seen |= S == U.FaultLabel;
      if (!Seen)
        continue;
      if (const auto *L = dyn_cast<LabelStmt>(S))
        S = L->getSubStmt();
      if (isa<ReturnStmt>(S) || isa<GotoStmt>(S))
        return writtenText(*S, Ctx) + ";";
    }
    return "";
  }
  return "";
}

std::vector<const UaccessUse *> opsOpenedBy(FunctionAnalyses &FA,
                                            const UaccessUse &Begin) {
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  const AccessOkModel *Model =
      Windows ? nullptr : FA.getAnalysis<AccessOkModel>();
  std::vector<const UaccessUse *> Ops;
  for (const UaccessUse &U : FA.uses().uses()) {
    // Ops in its window on some path: after `if (masked) p = masked_...(p);
    // else if (!begin(p, n)) fail;` the begin dominates none of them; and
    // after its end, the ops of a later window are that window's.
    bool InWindow = Windows ? llvm::is_contained(Windows->openersOf(U),
                                                 static_cast<int>(Begin.Id))
                            : Model->dominates(Begin, U);
    if (U.Api->TheRole == Role::UnsafeOp && InWindow)
      Ops.push_back(&U);
  }
  return Ops;
}

} // namespace uaccess
