//===--- AccessOkModel.cpp - Which access_ok() guards which access --------===//

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace uaccess {

char AccessOkModel::ID = 0;

AccessOkModel::AccessOkModel(FunctionAnalyses &FA)
    : Uses(FA.uses()), Ctx(FA.astContext()), Parents(FA.parents()) {
  const FunctionDecl &FD = FA.decl();
  if (CFG *Graph = FA.cfg()) {
    DomTree.buildDominatorTree(Graph);
    for (const CFGBlock *B : *Graph) {
      unsigned Index = 0;
      for (const CFGElement &E : *B) {
        auto CS = E.getAs<CFGStmt>();
        ++Index;
        if (!CS)
          continue;
        Positions.try_emplace(CS->getStmt(), Position{B, Index});
        if (const UaccessUse *U = Uses.ownerOf(CS->getStmt()))
          UsePositions.try_emplace(U->Id, Position{B, Index});
      }
    }
  }
  // get_user(), copy_from_user() and checked begins run access_ok()
  // themselves: an access after one on the same pointer is as guarded as
  // after access_ok() (move_addr_to_user's get_user() then __put_user()).
  for (const UaccessUse &U : Uses.uses())
    if (U.Api->TheRole == Role::AccessOk ||
        U.Api->TheRole == Role::CheckedAccessor ||
        U.Api->TheRole == Role::CheckedBegin)
      Checks.push_back(&U);
  addWrapperCalls(FA);
  // Statements the user wrote, for distances.
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<SourceRange> &Out;
    const SourceManager &SM;
    Collector(std::vector<SourceRange> &O, const SourceManager &SM)
        : Out(O), SM(SM) {}
    bool VisitCompoundStmt(CompoundStmt *CS) {
      // Blocks of macro expansions (statement expressions) are not
      // statements the reader sees.
      if (CS->getLBracLoc().isMacroID())
        return true;
      for (Stmt *S : CS->body())
        Out.push_back(SM.getExpansionRange(S->getSourceRange()).getAsRange());
      return true;
    }
  } C(TopStatements, Ctx.getSourceManager());
  C.TraverseStmt(FD.getBody());
}

void AccessOkModel::addWrapperCalls(FunctionAnalyses &FA) {
  for (const CallExpr *Call : callsIn(FA.decl().getBody())) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    // The API's own functions (arm64's access_ok()) are uses already.
    if (!Callee || !Callee->getIdentifier() || lookupApi(Callee->getName()) ||
        !(Def = parsedDefinition(*Callee)) || Uses.ownerOf(Call))
      continue;
    const CheckWrapper *W = checkWrapper(FA.cache().get(*Def));
    // An untested check guards nothing. One that rests on another TU's
    // function is the link step's (ArgumentTrace's foreign calls).
    if (W && W->RequiredCallee.empty() && !isValueDiscarded(*Call, Parents))
      addWrapperCall(*Call, *W);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::stable_sort(Checks, [&](const UaccessUse *A, const UaccessUse *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->loc()),
                                        SM.getExpansionLoc(B->loc()));
  });
}

void AccessOkModel::addWrapperCall(const CallExpr &Call,
                                   const CheckWrapper &W) {
  WrapperCall &WC = WrapperCalls.emplace_back();
  UaccessUse &U = WC.Use;
  for (const Expr *Arg : Call.arguments()) {
    U.ArgExprs.push_back(Arg);
    U.Args.push_back(writtenText(*Arg, Ctx));
  }
  // A wrapper of a field checks that field of what the call passes.
  if (!W.Field.empty()) {
    PointerShape Holder = W.PointerParam < U.Args.size()
                              ? pointerShape(U.Args[W.PointerParam])
                              : PointerShape();
    if (Holder.Base.empty() || Holder.Kind != PointerShape::WholeObject) {
      WrapperCalls.pop_back();
      return;
    }
    U.Args[W.PointerParam] = Holder.Base + W.Field;
  }
  int Length = W.LengthParam;
  if (Length == NoArg) {
    Length = U.Args.size();
    U.Args.push_back(W.LengthText);
  }
  WC.Entry = {Call.getDirectCallee()->getName(),
              Role::CheckedAccessor,
              Family::None,
              Direction::None,
              int(W.PointerParam),
              Length,
              NoArg,
              NoArg,
              "",
              "",
              false};
  U.Api = &WC.Entry;
  // Past the function's own uses: no position of theirs is found for it.
  U.Id = Uses.uses().size() + WrapperCalls.size() - 1;
  U.Anchor = &Call;
  U.Range = Ctx.getSourceManager().getExpansionRange(Call.getSourceRange());
  U.IsCall = true;
  Checks.push_back(&U);
}

bool AccessOkModel::checksWholeBuffer(const UaccessUse &C) {
  return C.Api->LengthArg != NoArg && isVariableLength(C.arg(C.Api->LengthArg));
}

bool AccessOkModel::rangeUnknown(const UaccessUse &C) {
  return C.Api->LengthArg == NoArg || C.arg(C.Api->LengthArg).trim().empty();
}

AccessOkModel::Position AccessOkModel::positionOf(const Stmt *S,
                                                  const UaccessUse *U) const {
  if (U) {
    auto It = UsePositions.find(U->Id);
    if (It != UsePositions.end())
      return It->second;
  }
  auto It = Positions.find(S);
  return It == Positions.end() ? Position{} : It->second;
}

bool AccessOkModel::dominates(const UaccessUse &Check,
                              const UaccessUse &Access) const {
  return dominates(positionOf(Check.Anchor, &Check),
                   positionOf(Access.Anchor, &Access));
}

bool AccessOkModel::dominates(const UaccessUse &Check, const Stmt &S) const {
  return dominates(positionOf(Check.Anchor, &Check), positionOf(&S, nullptr));
}

bool AccessOkModel::dominates(const Stmt &Before, const Stmt &After) const {
  return dominates(positionOf(&Before, nullptr), positionOf(&After, nullptr));
}

bool AccessOkModel::dominates(const Stmt &Before,
                              const UaccessUse &After) const {
  return dominates(positionOf(&Before, nullptr),
                   positionOf(After.Anchor, &After));
}

bool AccessOkModel::dominates(Position Before, Position After) const {
  if (!Before.Block || !After.Block)
    return false;
  if (Before.Block == After.Block)
    return Before.Index < After.Index;
  return DomTree.dominates(Before.Block, After.Block);
}

unsigned AccessOkModel::statementsBetween(const UaccessUse &From,
                                          const UaccessUse &To) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation F = SM.getExpansionLoc(From.loc());
  SourceLocation T = SM.getExpansionLoc(To.loc());
  unsigned N = 0;
  // Statements wholly between the two, not the ones holding them.
  for (SourceRange S : TopStatements)
    N += SM.isBeforeInTranslationUnit(F, S.getBegin()) &&
         SM.isBeforeInTranslationUnit(S.getEnd(), T);
  return N;
}

unsigned AccessOkModel::linesBetween(const UaccessUse &From,
                                     const UaccessUse &To) const {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned A = SM.getExpansionLineNumber(From.loc());
  unsigned B = SM.getExpansionLineNumber(To.loc());
  return B > A ? B - A : 0;
}

PointerShape AccessOkModel::pointerOf(const UaccessUse &U) {
  return pointerShape(U.arg(U.Api->PointerArg));
}

AccessGuards guardsOf(FunctionAnalyses &FA, const UaccessUse &A) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  const SourceManager &SM = FA.astContext().getSourceManager();
  PointerShape AccessShape = PD.accessShape(A);
  const std::string &Accessed = AccessShape.Base;
  PointerShape Ptr = PD.originShape(AccessShape, false);
  AccessGuards G;
  for (const UaccessUse *C : Model.checks()) {
    // The same pointer by name, or by what the names copy: a check of the
    // whole buffer `urelocs` guards `urelocs` even when it walks after the
    // check (a walk past a fixed-size check of it is Moved: short).
    PointerShape CheckShape = PD.accessShape(*C);
    const std::string &CheckedName = CheckShape.Base;
    std::string Checked = PD.originShape(CheckShape, true).Base;
    // A check of unknown range says nothing of where the walk ends.
    bool Same = Ptr.Base.empty() || Checked == Ptr.Base ||
                (!Accessed.empty() && CheckedName == Accessed &&
                 (AccessOkModel::checksWholeBuffer(*C) ||
                  AccessOkModel::rangeUnknown(*C)));
    bool Dom = Model.dominates(*C, A);
    if (Same && Dom)
      G.Guard = C;
    else if (Same && !G.OnOtherPath &&
             SM.isBeforeInTranslationUnit(C->loc(), A.loc()))
      G.OnOtherPath = C;
    // A check whose pointer cannot be read may be this one's: undecided.
    else if (!Same && Dom && Checked.empty())
      G.Unreadable = C;
    else if (!Same && Dom && !Accessed.empty() && CheckedName == Accessed)
      G.Moved = C;
    else if (!Same && Dom)
      G.OtherPointer = C;
  }
  return G;
}

bool reliesOnAGuard(const FunctionUses &Uses) {
  return llvm::any_of(Uses.uses(), [](const UaccessUse &U) {
    Role R = U.Api->TheRole;
    return reliesOnAccessOk(*U.Api) || R == Role::CheckedBegin ||
           R == Role::UnsafeOp || R == Role::MaskedBegin || R == Role::Scoped;
  });
}

} // namespace uaccess
