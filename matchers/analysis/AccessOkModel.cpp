//===--- AccessOkModel.cpp - Which access_ok() guards which access --------===//

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
#include "analysis/RangeCoverage.h"
#include "utils/CfgPaths.h"
#include "utils/SourceUtils.h"
#include "utils/StmtEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <set>

using namespace clang;

namespace uaccess {

char AccessOkModel::ID = 0;

AccessOkModel::AccessOkModel(FunctionAnalyses &FA)
    : Uses(FA.uses()), Ctx(FA.astContext()), Parents(FA.parents()),
      Body(FA.decl().getBody()) {
  const FunctionDecl &FD = FA.decl();
  if (CFG *G = FA.cfg()) {
    Graph = G;
    DomTree.buildDominatorTree(G);
    for (const CFGBlock *B : *Graph) {
      const auto *Op = dyn_cast_or_null<BinaryOperator>(B->getTerminatorStmt());
      HasShortCircuits |= Op && Op->isLogicalOp();
      unsigned Index = 0;
      for (const CFGElement &E : *B) {
        auto CS = E.getAs<CFGStmt>();
        ++Index;
        if (!CS)
          continue;
        Positions.try_emplace(CS->getStmt(), Position{B, Index});
        if (const UaccessUse *U = Uses.ownerOf(CS->getStmt())) {
          UsePositions.try_emplace(U->Id, Position{B, Index});
          UseElements[U->Id].push_back(Position{B, Index});
        }
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
  WC.FailsWith = W.FailsWith;
  UaccessUse &U = WC.Use;
  for (const Expr *Arg : Call.arguments()) {
    U.ArgExprs.push_back(Arg);
    // A call a macro makes (`CHECK_FRAME(frame)`): its argument as the
    // file shows it, not the macro's whole invocation.
    std::string Written =
        Arg->getBeginLoc().isMacroID() ? argumentText(*Arg, Ctx) : "";
    U.Args.push_back(Written.empty() ? writtenText(*Arg, Ctx) : Written);
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
    U.ArgExprs.push_back(W.LengthExpr); // Folded where it is written.
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
  const Stmt *S = withElement(&Before);
  return S &&
         dominates(positionOf(S, nullptr), positionOf(After.Anchor, &After));
}

// A subexpression the CFG keeps no element of (`p++` in the statement
// expression an accessor macro makes) runs with the nearest one around it
// that has one.
const Stmt *AccessOkModel::withElement(const Stmt *S) const {
  while (S && !Positions.count(S))
    S = Parents.getParent(S);
  return S;
}

bool AccessOkModel::mayRunBefore(const Stmt &S, const UaccessUse &A) const {
  const Stmt *At = withElement(&S);
  return mayRunBefore(At ? Positions.lookup(At) : Position(),
                      positionOf(A.Anchor, &A));
}

bool AccessOkModel::mayRunBefore(const Stmt &S, const Stmt &To) const {
  const Stmt *From = withElement(&S), *Target = withElement(&To);
  return mayRunBefore(From ? Positions.lookup(From) : Position(),
                      Target ? Positions.lookup(Target) : Position());
}

bool AccessOkModel::mayRunBefore(Position From, Position To) const {
  if (!From.Block || !To.Block || !Graph)
    return true;
  if (From.Block == To.Block && From.Index < To.Index)
    return true;
  llvm::BitVector Seen(Graph->getNumBlockIDs());
  llvm::SmallVector<const CFGBlock *, 16> Work{From.Block};
  while (!Work.empty()) {
    for (const CFGBlock::AdjacentBlock &Next : Work.pop_back_val()->succs()) {
      const CFGBlock *N = Next.getReachableBlock();
      if (N == To.Block)
        return true;
      if (N && !Seen.test(N->getBlockID())) {
        Seen.set(N->getBlockID());
        Work.push_back(N);
      }
    }
  }
  return false;
}

bool AccessOkModel::reachable(const Stmt &S) const {
  const Stmt *At = withElement(&S);
  const CFGBlock *Block = At ? Positions.lookup(At).Block : nullptr;
  if (!Block || !Graph)
    return true;
  if (Reached.empty()) {
    // Once per function, on the first question.
    Reached.resize(Graph->getNumBlockIDs());
    std::vector<const CFGBlock *> Work{&Graph->getEntry()};
    Reached.set(Graph->getEntry().getBlockID());
    while (!Work.empty()) {
      const CFGBlock *B = Work.back();
      Work.pop_back();
      for (const CFGBlock *Next : B->succs())
        if (Next && !Reached.test(Next->getBlockID()))
          Reached.set(Next->getBlockID()), Work.push_back(Next);
    }
  }
  return Reached.test(Block->getBlockID());
}

bool AccessOkModel::dominates(Position Before, Position After) const {
  if (!Before.Block || !After.Block)
    return false;
  if (Before.Block == After.Block)
    return Before.Index < After.Index;
  return DomTree.dominates(Before.Block, After.Block) ||
         (HasShortCircuits &&
          passesOnEveryPath(*Graph, *Before.Block, *After.Block));
}

namespace {
/// What a failed check returns: access_ok() and a checked begin false,
/// get_user() and put_user() -EFAULT, copy_*_user() and clear_user() the
/// bytes left. None for a wrapper of the function's own (its value is its
/// author's).
std::optional<ValueSign> failureSign(const UaccessUse &Check, size_t OwnUses) {
  if (Check.Id >= OwnUses)
    return std::nullopt;
  switch (Check.Api->TheRole) {
  case Role::AccessOk:
  case Role::CheckedBegin:
    return ValueSign::Zero;
  case Role::CheckedAccessor:
    return isBatchableAccessor(Check.Api->Name) ? ValueSign::Negative
                                                : ValueSign::Positive;
  default:
    return std::nullopt;
  }
}

/// The check was written in the function, not in the body of another
/// macro (arm64's __get_user_error() runs access_ok() and, where it fails,
/// sets its error variable: that convention is the macro's).
bool writtenHere(const UaccessUse &Check, const ASTContext &Ctx) {
  Token Tok;
  if (Lexer::getRawToken(Check.loc(), Tok, Ctx.getSourceManager(),
                         Ctx.getLangOpts(), true))
    return false;
  return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Check.name();
}

/// The walk of failureStops(): forward from a check that failed, with
/// what the path knows: the check's value, and the variables that hold it
/// or were set to a constant since (`if (!access_ok()) err = -EFAULT;`,
/// then `if (err) return err;`).
class FailedCheckWalk {
public:
  using Related = llvm::SmallPtrSet<const VarDecl *, 4>;
  FailedCheckWalk(const FunctionUses &Uses, ASTContext &Ctx,
                  const UaccessUse &Check, ValueSign Failed,
                  const Related &Vars)
      : Uses(Uses), Ctx(Ctx), Check(Check), Failed(Failed), Vars(Vars) {}

  /// The local variables that may carry the check's outcome: set from an
  /// expression with its value, or in a branch on it (`if (access_ok(..))
  /// err = 0;`).
  static Related findRelated(const UaccessUse &Check, const Stmt &Body);

  /// An element of a block, by its index from 1.
  using Target = std::pair<const CFGBlock *, unsigned>;
  /// True when one of the elements \p To runs on a path from just after
  /// element \p FromIndex of \p From.
  bool reaches(const CFGBlock &From, unsigned FromIndex,
               llvm::ArrayRef<Target> To);

private:
  /// What the path knows of a variable: its sign, or Unknown for a value
  /// free of the check (`ok = force;`, `ok |= force` after a failed
  /// `ok = access_ok(..)`), which a branch may take either way.
  using Facts = std::map<const VarDecl *, ValueSign>;
  /// The fact of \p Value stored: its sign, Unknown when it reads nothing
  /// of the check and calls nothing, none when it may carry the check's
  /// outcome.
  std::optional<ValueSign> stored(const Expr *Value, const Facts &F) const;
  /// \p E reads only a variable whose value is free of the check.
  bool readsFreeValue(const Expr *E, const Facts &F) const;
  std::optional<ValueSign> signIn(const Expr *E, const Facts &F) const;
  std::optional<bool> truth(const Expr *Cond, const Facts &F) const;
  /// A branch the walk does not decide that may still be about the check:
  /// it reads the check's value or a local variable (which may hold it, or
  /// what its failure set). The walk does not go past it.
  bool mayTestTheCheck(const Expr *Cond) const;
  /// An undecided \p Cond that goes either way whatever the check did:
  /// `!(access_ok(p) || access_ok(q))` with p's check failed is q's to
  /// decide. A `&&` or `||` whose operands the walk decides without
  /// settling it, or that read nothing of the check.
  bool eitherWay(const Expr *Cond, const Facts &F) const;
  bool mentionsValue(const Stmt &S) const {
    return mentionsValue(S, Check, Vars);
  }
  static bool mentionsValue(const Stmt &S, const UaccessUse &Check,
                            const Related &Vars);
  void apply(const Stmt &S, Facts &F) const;

  const FunctionUses &Uses;
  ASTContext &Ctx;
  const UaccessUse &Check;
  ValueSign Failed;
  const Related &Vars;
};

std::optional<ValueSign> FailedCheckWalk::signIn(const Expr *E,
                                                 const Facts &F) const {
  E = E->IgnoreParenImpCasts();
  // `(ret = get_user(...))`: the assignment's value.
  if (const auto *Assign = dyn_cast<BinaryOperator>(E);
      Assign && Assign->getOpcode() == BO_Assign)
    return signIn(Assign->getRHS(), F);
  if (isValueOf(Check, *E))
    return Failed;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (auto It = F.find(dyn_cast<VarDecl>(Ref->getDecl())); It != F.end())
      return It->second;
  // Inside the check's own expansion: not its value.
  if (Uses.ownerOf(E) || E->isValueDependent())
    return std::nullopt;
  ValueSign Sign = signOf(*E, Ctx);
  return Sign == ValueSign::Unknown ? std::nullopt : std::optional(Sign);
}

std::optional<bool> FailedCheckWalk::truth(const Expr *Cond,
                                           const Facts &F) const {
  if (!Cond)
    return std::nullopt;
  return conditionTruth(*Cond, [&](const Expr &E) -> std::optional<bool> {
    if (std::optional<ValueSign> Sign = signIn(&E, F))
      return truthOf(*Sign);
    // `err < 0`, `copy_from_user(..) != 0`: a known value against 0.
    const auto *BO = dyn_cast<BinaryOperator>(&E);
    if (!BO || !BO->isComparisonOp())
      return std::nullopt;
    bool ZeroOnLeft = false;
    const Expr *Other = operandAgainstZero(*BO, Ctx, ZeroOnLeft);
    std::optional<ValueSign> Sign = Other ? signIn(Other, F) : std::nullopt;
    return Sign ? compareWithZero(*Sign, BO->getOpcode(), ZeroOnLeft)
                : std::nullopt;
  });
}

bool FailedCheckWalk::mentionsValue(const Stmt &S, const UaccessUse &Check,
                                    const Related &Vars) {
  const Expr *Value = cast<Expr>(Check.Anchor)->IgnoreParenImpCasts();
  return anyStmtIn(S, [&](const Stmt &N) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&N);
    return &N == Value ||
           (Ref && Vars.count(dyn_cast<VarDecl>(Ref->getDecl())));
  });
}

// Twice over the body: a variable set from a related one is related too
// (`bad = !ok;`, then `err = bad;`).
FailedCheckWalk::Related FailedCheckWalk::findRelated(const UaccessUse &Check,
                                                      const Stmt &Body) {
  Related Out;
  auto Mentions = [&](const Stmt &S) { return mentionsValue(S, Check, Out); };
  for (int Round = 0; Round < 2; ++Round)
    anyStmtIn(Body, [&](const Stmt &S) {
      if (const auto *If = dyn_cast<IfStmt>(&S); If && Mentions(*If->getCond()))
        for (const Stmt *Arm : {If->getThen(), If->getElse()})
          if (Arm)
            anyStmtIn(*Arm, [&](const Stmt &A) {
              if (const auto *BO = dyn_cast<BinaryOperator>(&A);
                  BO && BO->isAssignmentOp())
                if (const VarDecl *V = localVariable(*BO->getLHS()))
                  Out.insert(V);
              return false;
            });
      if (const auto *BO = dyn_cast<BinaryOperator>(&S);
          BO && BO->isAssignmentOp() && Mentions(*BO->getRHS()))
        if (const VarDecl *V = localVariable(*BO->getLHS()))
          Out.insert(V);
      if (const auto *V = dyn_cast<DeclStmt>(&S))
        for (const Decl *D : V->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D);
              Var && Var->getInit() && Mentions(*Var->getInit()))
            Out.insert(Var);
      return false;
    });
  return Out;
}

// A variable of the function's that may carry the check's outcome, or
// the check's value itself.
bool FailedCheckWalk::mayTestTheCheck(const Expr *Cond) const {
  return !Cond || mentionsValue(*Cond);
}

bool FailedCheckWalk::readsFreeValue(const Expr *E, const Facts &F) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    return readsFreeValue(UO->getSubExpr(), F);
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  auto It = Ref ? F.find(dyn_cast<VarDecl>(Ref->getDecl())) : F.end();
  return It != F.end() && It->second == ValueSign::Unknown;
}

bool FailedCheckWalk::eitherWay(const Expr *Cond, const Facts &F) const {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot)
    return eitherWay(UO->getSubExpr(), F);
  // `unlikely(...)`, as truth() reads it.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect &&
      Call->getNumArgs() > 0)
    return eitherWay(Call->getArg(0), F);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  // `(access_ok(p, n), x)`: the value is x's.
  if (BO && BO->getOpcode() == BO_Comma)
    return eitherWay(BO->getRHS(), F);
  if (readsFreeValue(E, F))
    return true;
  if (!BO || !BO->isLogicalOp() || truth(BO, F))
    return !mentionsValue(*E);
  // Undecided: one operand decided (not settling it), the other free.
  for (auto [Known, Free] : {std::pair(BO->getLHS(), BO->getRHS()),
                             std::pair(BO->getRHS(), BO->getLHS())})
    if (truth(Known, F) && eitherWay(Free, F))
      return true;
  return !mentionsValue(*E);
}

std::optional<ValueSign> FailedCheckWalk::stored(const Expr *Value,
                                                 const Facts &F) const {
  if (!Value)
    return std::nullopt;
  if (std::optional<ValueSign> Sign = signIn(Value, F))
    return Sign;
  // A call's value may be an error code only the failure path asks for
  // (`if (!access_ok(..)) err = fault_code();`): not free.
  bool Calls =
      anyStmtIn(*Value, [](const Stmt &N) { return isa<CallExpr>(N); });
  if (readsFreeValue(Value, F) || (!Calls && !mentionsValue(*Value)))
    return ValueSign::Unknown;
  return std::nullopt;
}

// What an element does to the variables the path knows: an assignment sets
// one (to the check's value, a known one, or one free of the check), `err
// |= x` keeps a non-zero one non-zero and makes a zero one x, `++` and `--`
// move a zero one off zero; anything else that writes one forgets it.
void FailedCheckWalk::apply(const Stmt &S, Facts &F) const {
  auto Set = [&](const Expr *Target, std::optional<ValueSign> Sign) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V)
      return;
    if (Sign)
      F[V] = *Sign;
    else
      F.erase(V);
  };
  auto Was = [&](const Expr *Target) {
    return signIn(Target, F).value_or(ValueSign::Unknown);
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(&S)) {
    if (BO->getOpcode() == BO_Assign)
      Set(BO->getLHS(), stored(BO->getRHS(), F));
    else if (BO->getOpcode() == BO_OrAssign &&
             truthOf(Was(BO->getLHS())) == true)
      Set(BO->getLHS(), ValueSign::NonZero);
    else if (BO->getOpcode() == BO_OrAssign &&
             Was(BO->getLHS()) == ValueSign::Zero)
      Set(BO->getLHS(), stored(BO->getRHS(), F));
    else if (BO->isCompoundAssignmentOp())
      Set(BO->getLHS(), std::nullopt);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(&S);
             UO && UO->isIncrementDecrementOp()) {
    std::optional<ValueSign> After;
    if (Was(UO->getSubExpr()) == ValueSign::Zero)
      After = UO->isIncrementOp() ? ValueSign::Positive : ValueSign::Negative;
    Set(UO->getSubExpr(), After);
  } else if (const auto *DS = dyn_cast<DeclStmt>(&S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit()) {
        if (std::optional<ValueSign> Sign = stored(V->getInit(), F))
          F[V] = *Sign;
        else
          F.erase(V);
      }
  } else if (const auto *Asm = dyn_cast<GCCAsmStmt>(&S)) {
    for (const Expr *Out : Asm->outputs())
      Set(Out, std::nullopt);
  }
}

// Back at the check, it runs again: the walk ends there. A block is walked
// again only with facts it was not walked with.
bool FailedCheckWalk::reaches(const CFGBlock &From, unsigned FromIndex,
                              llvm::ArrayRef<Target> To) {
  struct Item {
    const CFGBlock *B;
    unsigned After;
    Facts F;
  };
  std::vector<Item> Work = {{&From, FromIndex, {}}};
  std::set<std::pair<unsigned, Facts>> Seen;
  // Each block with each set of facts once; a bound for huge functions.
  for (unsigned Steps = 0; !Work.empty() && Steps < 20000; ++Steps) {
    Item I = std::move(Work.back());
    Work.pop_back();
    bool Again = I.B == &From && I.After == 0;
    unsigned Stop = Again ? FromIndex : I.B->size() + 1;
    if (llvm::any_of(To, [&](const Target &T) {
          return T.first == I.B && T.second > I.After && T.second < Stop;
        }))
      return true;
    if (Again)
      continue;
    unsigned Index = 0;
    for (const CFGElement &E : *I.B)
      if (++Index > I.After)
        if (auto CS = E.getAs<CFGStmt>())
          apply(*CS->getStmt(), I.F);
    std::optional<bool> Taken;
    const Expr *Cond =
        I.B->succ_size() >= 2 ? ownBranchCondition(*I.B) : nullptr;
    // A switch's edges are its cases, not true and false.
    if (I.B->succ_size() == 2 && !isa<SwitchStmt>(I.B->getTerminatorStmt()))
      Taken = truth(Cond, I.F);
    // Undecided, and perhaps the failure's own test: it may stop the walk.
    if (I.B->succ_size() >= 2 && !Taken &&
        (!Cond || (mayTestTheCheck(Cond) && !eitherWay(Cond, I.F))))
      continue;
    unsigned Edge = 0;
    for (const CFGBlock::AdjacentBlock &Succ : I.B->succs()) {
      bool First = Edge++ == 0;
      const CFGBlock *Next = Succ.getReachableBlock();
      if (!Next || (Taken && *Taken != First) ||
          !Seen.insert({Next->getBlockID(), I.F}).second)
        continue;
      Work.push_back({Next, 0, I.F});
    }
  }
  // Past the bound the walk knows nothing: no finding from it.
  return false;
}
} // namespace

// Any element of the access: an unsafe op's own branches (x86's asm goto
// to its fault label) come before the element that stands for it, and a
// walk that stops at them has still reached it.
bool AccessOkModel::failureStops(const UaccessUse &Check,
                                 const UaccessUse &Access) const {
  auto It = UseElements.find(Access.Id);
  if (It == UseElements.end())
    return failureStops(Check, {positionOf(Access.Anchor, &Access)});
  return failureStops(Check, It->second);
}

bool AccessOkModel::failureStops(const UaccessUse &Check, const Stmt &S) const {
  return failureStops(Check, {positionOf(&S, nullptr)});
}

bool AccessOkModel::failureStops(const UaccessUse &Check,
                                 llvm::ArrayRef<Position> To) const {
  std::optional<ValueSign> Failed = failureSign(Check, Uses.uses().size());
  // A wrapper of the function's own fails as its body says.
  for (const WrapperCall &WC : WrapperCalls)
    if (&WC.Use == &Check && WC.FailsWith != ValueSign::Unknown)
      Failed = WC.FailsWith;
  if (!Failed || !Body || !writtenHere(Check, Ctx))
    return true;
  // From the check's value: its expansion's own branches are behind.
  Position From = positionOf(Check.Anchor, nullptr);
  if (!From.Block)
    From = positionOf(Check.Anchor, &Check);
  std::vector<FailedCheckWalk::Target> Targets;
  for (Position P : To)
    if (P.Block)
      Targets.emplace_back(P.Block, P.Index);
  if (!From.Block || Targets.empty())
    return true;
  FailedCheckWalk Walk(Uses, Ctx, Check, *Failed, relatedTo(Check));
  return !Walk.reaches(*From.Block, From.Index, Targets);
}

const AccessOkModel::RelatedVariables &
AccessOkModel::relatedTo(const UaccessUse &Check) const {
  auto [It, New] = RelatedByCheck.try_emplace(Check.Id);
  if (New)
    It->second = FailedCheckWalk::findRelated(Check, *Body);
  return It->second;
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

/// True when \p Value is made from \p Holder itself or from \p Checked
/// on every path: it reads one of them, and each arm of a choice
/// (`alt ? other : p`) does.
static bool madeFrom(const Expr &Value, llvm::StringRef Holder,
                     llvm::StringRef Checked) {
  if (const auto *Choice =
          dyn_cast<AbstractConditionalOperator>(Value.IgnoreParenCasts()))
    return madeFrom(*Choice->getTrueExpr(), Holder, Checked) &&
           madeFrom(*Choice->getFalseExpr(), Holder, Checked);
  return anyStmtIn(Value, [&](const Stmt &R) {
    const auto *E = dyn_cast<Expr>(&R);
    std::string Read = E ? holderOf(*E) : "";
    return !Read.empty() && (Read == Holder || Read == Checked);
  });
}

/// `p = other`, `h->buf = h->next`, `p = alt ? other : p`: not made from
/// the holder itself (`p = p + 2`, `p = untagged_addr(p)`, `h->buf =
/// h->buf + 1`) nor from the pointer \p Checked (`copy = from;`, `size =
/// &from->size;` after the check of `from`), on some path.
static bool assignsOther(const BinaryOperator &BO, llvm::StringRef Holder,
                         llvm::StringRef Checked) {
  return BO.getOpcode() == BO_Assign && holderOf(*BO.getLHS()) == Holder &&
         !madeFrom(*BO.getRHS(), Holder, Checked);
}

/// `&p` (`&h->buf`): the address of \p Holder.
static bool addressOf(const Expr &E, llvm::StringRef Holder) {
  const auto *UO = dyn_cast<UnaryOperator>(E.IgnoreParenCasts());
  return UO && UO->getOpcode() == UO_AddrOf &&
         holderOf(*UO->getSubExpr()) == Holder;
}

/// The locals that hold the address of \p Holder (`u32 __user **pp = &p;`,
/// `pp = &p;`).
static llvm::SmallPtrSet<const Decl *, 2>
addressHolders(const Stmt &Body, llvm::StringRef Holder) {
  llvm::SmallPtrSet<const Decl *, 2> Out;
  anyStmtIn(Body, [&](const Stmt &S) {
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    const auto *DS = dyn_cast<DeclStmt>(&S);
    const auto *To = BO && BO->getOpcode() == BO_Assign
                         ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())
                         : nullptr;
    if (To && addressOf(*BO->getRHS(), Holder))
      Out.insert(To->getDecl());
    if (DS)
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->getInit() && addressOf(*V->getInit(), Holder))
          Out.insert(V);
    return false;
  });
  return Out;
}

/// \p S writes \p Holder through its address: `*pp = other` through a
/// local that holds it, or a call given it for a parameter it may write
/// (`redirect(&p)`; not `copy_to_user(u, &p, sizeof(p))`, whose `from`
/// is const).
static bool
writesThroughAddress(const Stmt &S, llvm::StringRef Holder,
                     const llvm::SmallPtrSet<const Decl *, 2> &Via) {
  if (const auto *BO = dyn_cast<BinaryOperator>(&S);
      BO && BO->getOpcode() == BO_Assign) {
    const auto *Deref = dyn_cast<UnaryOperator>(BO->getLHS()->IgnoreParens());
    const auto *Ref =
        Deref && Deref->getOpcode() == UO_Deref
            ? dyn_cast<DeclRefExpr>(Deref->getSubExpr()->IgnoreParenImpCasts())
            : nullptr;
    return Ref && Via.count(Ref->getDecl());
  }
  const auto *Call = dyn_cast<CallExpr>(&S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  for (unsigned I = 0; Call && I < Call->getNumArgs(); ++I) {
    const ParmVarDecl *Param = Callee && I < Callee->getNumParams()
                                   ? Callee->getParamDecl(I)
                                   : nullptr;
    bool ReadOnly = Param && Param->getType()->isPointerType() &&
                    Param->getType()->getPointeeType().isConstQualified();
    if (!ReadOnly && addressOf(*Call->getArg(I), Holder))
      return true;
  }
  return false;
}

/// The statement by which \p FA's body assigns \p Holder (a variable, or a
/// field: `h.buf`, `h->buf`) a value that is not made from itself or from
/// \p Checked (assignsOther()), directly or through its address
/// (writesThroughAddress()), after \p From in the file and before what
/// the value must reach (\p Before, an expansion location), where
/// \p Reaches says its value gets there: an assignment in a branch that
/// leaves (`if (compat) { p = compat_ptr(u); return f(p); }`) is not the
/// access's. Null when there is none.
static const Stmt *
assignedBetween(FunctionAnalyses &FA, llvm::StringRef Holder,
                llvm::StringRef Checked, SourceLocation After,
                SourceLocation Before,
                llvm::function_ref<bool(const Stmt &)> Reaches,
                bool ThroughAddress = true) {
  const Stmt *Body = FA.decl().getBody();
  if (Holder.empty() || !Body)
    return nullptr;
  const SourceManager &SM = FA.astContext().getSourceManager();
  llvm::SmallPtrSet<const Decl *, 2> Via = addressHolders(*Body, Holder);
  const Stmt *Found = nullptr;
  anyStmtIn(*Body, [&](const Stmt &S) {
    const auto *BO = dyn_cast<BinaryOperator>(&S);
    if (!(BO && assignsOther(*BO, Holder, Checked)) &&
        !(ThroughAddress && writesThroughAddress(S, Holder, Via)))
      return false;
    SourceLocation At = SM.getExpansionLoc(S.getBeginLoc());
    if (SM.isBeforeInTranslationUnit(After, At) &&
        SM.isBeforeInTranslationUnit(At, Before) && Reaches(S))
      Found = &S;
    return Found != nullptr;
  });
  return Found;
}

/// True when assignment \p Assign of \p Holder, after \p Check, gives
/// \p Target (a CFG element) the new value on a path with no check of
/// \p Holder (nor \p Check again) after it: `if (f) p = other;` after the
/// check leaves the access on that path unchecked; `if (compat) { p =
/// compat_ptr(u); if (!access_ok(p, n)) return -EFAULT; }` checks it
/// again. One that runs before it on every path is asked apart.
static bool reachesUnchecked(FunctionAnalyses &FA, llvm::StringRef Holder,
                             const UaccessUse &Check, const Stmt &Assign,
                             const Stmt *Target) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const CFG *Graph = FA.cfg();
  if (!Graph || !Target || !Model.mayRunBefore(Assign, *Target))
    return false;
  llvm::SmallVector<const UaccessUse *, 4> Again{&Check};
  for (const UaccessUse *C : Model.checks())
    if (AccessOkModel::pointerOf(*C).Base == Holder)
      Again.push_back(C);
  // A wrapper's tested call is a check the recognizer does not own.
  auto Checks = [&](const Stmt &E) {
    const UaccessUse *U = FA.uses().ownerOf(&E);
    return llvm::any_of(
        Again, [&](const UaccessUse *C) { return U == C || &E == C->Anchor; });
  };
  auto Undoes = [&](const Stmt &E) { return &E == &Assign; };
  return !everyPathRunsFirst(*Graph, *Target, Checks, Undoes);
}

static const Stmt *assignedBetween(FunctionAnalyses &FA, llvm::StringRef Holder,
                                   llvm::StringRef Checked,
                                   const UaccessUse &From,
                                   const UaccessUse &To) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const SourceManager &SM = FA.astContext().getSourceManager();
  const Stmt *Target = FA.cfgElementOf(To);
  return assignedBetween(FA, Holder, Checked, SM.getExpansionLoc(From.loc()),
                         SM.getExpansionLoc(To.loc()), [&](const Stmt &S) {
                           return Model.dominates(S, To) ||
                                  reachesUnchecked(FA, Holder, From, S, Target);
                         });
}

const Stmt *reassignedBefore(FunctionAnalyses &FA, llvm::StringRef Holder,
                             const UaccessUse &Check, const Stmt &Call) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const SourceManager &SM = FA.astContext().getSourceManager();
  std::string Checked = AccessOkModel::pointerOf(Check).Base;
  return assignedBetween(FA, Holder, Checked, SM.getExpansionLoc(Check.loc()),
                         SM.getExpansionLoc(Call.getBeginLoc()),
                         [&](const Stmt &S) {
                           return Model.dominates(S, Call) ||
                                  reachesUnchecked(FA, Holder, Check, S, &Call);
                         });
}

const Stmt *reassignedBefore(FunctionAnalyses &FA, llvm::StringRef Holder,
                             const Stmt &Call) {
  const SourceManager &SM = FA.astContext().getSourceManager();
  // A call given the address (`user_regset_copyin(..., &ubuf, ...)`)
  // advances the pointer in the callers' buffer, as a walk does.
  return assignedBetween(
      FA, Holder, "", SM.getExpansionLoc(FA.decl().getBeginLoc()),
      SM.getExpansionLoc(Call.getBeginLoc()), [](const Stmt &) { return true; },
      /*ThroughAddress=*/false);
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
    // A check of unknown range says nothing of where the walk ends. A
    // check of the accessed name itself, which never walks, covers it
    // however it was set (`e = &p[3]; access_ok(e, sizeof(*e))`).
    bool Same = Ptr.Base.empty() || Checked == Ptr.Base ||
                (!Accessed.empty() && CheckedName == Accessed &&
                 (AccessOkModel::checksWholeBuffer(*C) ||
                  AccessOkModel::rangeUnknown(*C) || !PD.walks(Accessed)));
    bool Dom = Model.dominates(*C, A);
    const Stmt *Assigned =
        Same && Dom ? assignedBetween(FA, Accessed, CheckedName, *C, A)
                    : nullptr;
    if (Assigned) {
      G.Reassigned = C;
      G.AssignedBy = Assigned;
    } else if (Same && Dom && !Model.failureStops(*C, A))
      G.FailureIgnored = C;
    else if (Same && Dom)
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

bool holdsPassedValue(FunctionAnalyses &FA, llvm::StringRef Param,
                      const UaccessUse &A) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const Stmt *Body = FA.decl().getBody();
  auto Named = [&](const ParmVarDecl *P) { return P->getName() == Param; };
  if (!Body || Param.empty() || llvm::none_of(FA.decl().parameters(), Named))
    return false;
  bool Written = false;
  anyStmtIn(*Body, [&](const Stmt &S) {
    const Expr *Target = changedOperand(S);
    const auto *Ref =
        Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    if (!Ref || !isa<ParmVarDecl>(Ref->getDecl()) ||
        Ref->getDecl()->getName() != Param)
      return false;
    // Its address taken before the access, a callee may have moved it.
    Written = Model.mayRunBefore(S, A);
    return Written;
  });
  return !Written;
}

bool reliesOnAGuard(const FunctionUses &Uses) {
  return llvm::any_of(Uses.uses(), [](const UaccessUse &U) {
    Role R = U.Api->TheRole;
    return reliesOnAccessOk(*U.Api) || R == Role::CheckedBegin ||
           R == Role::UnsafeOp || R == Role::MaskedBegin || R == Role::Scoped;
  });
}

} // namespace uaccess
