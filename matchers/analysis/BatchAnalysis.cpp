//===--- BatchAnalysis.cpp - Accesses that could share one window ---------===//

#include "analysis/BatchAnalysis.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/CallPolicy.h"
#include "recognize/PointerShape.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <map>

using namespace clang;

namespace uaccess {

bool isBatchableAccessor(const UaccessUse &U) {
  return isBatchableAccessor(U.name());
}

namespace {

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
}

const Stmt *loopBody(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getBody();
  return nullptr;
}

/// Where an access sits: its enclosing loops (innermost first), whether it
/// runs only on some iterations, and its statement in the enclosing block.
struct Placement {
  std::vector<const Stmt *> Loops;
  bool Conditional = false;
  const Stmt *TopStmt = nullptr;       ///< Child of Block.
  const CompoundStmt *Block = nullptr; ///< Innermost enclosing block.
};

/// True when \p Child runs only on some paths through \p Parent.
bool conditionalIn(const Stmt *Child, const Stmt *Parent) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getCond() != Child;
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return CO->getCond() != Child;
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
    return BO->isLogicalOp() && BO->getRHS() == Child;
  return isa<SwitchCase>(Parent) || isa<SwitchStmt>(Parent);
}

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

std::string stmtText(const Stmt *S, ASTContext &Ctx) {
  std::string Text = writtenText(*S, Ctx);
  if (!isa<CompoundStmt>(S) && !llvm::StringRef(Text).ends_with(";") &&
      !isa<IfStmt>(S) && !isLoop(S))
    Text += ";";
  return Text;
}

/// `return x;`, `goto l;`, or a block of just one of them.
const Stmt *failureStatement(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->size() == 1 ? CS->body_front() : nullptr;
  if (S && (isa<ReturnStmt>(S) || isa<GotoStmt>(S)))
    return S;
  return nullptr;
}

bool isZero(const Expr *E) {
  const auto *Literal = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return Literal && Literal->getValue() == 0;
}

/// `if (ACC) FAIL;` or `if (ACC || ACC ...) FAIL;`: the accesses it makes,
/// or none when the statement has another shape.
std::vector<const UaccessUse *>
accessesOfIf(const IfStmt *If, const FunctionUses &Uses, const Stmt *&Fail) {
  std::vector<const UaccessUse *> Out;
  Fail = nullptr;
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return Out;
  Fail = failureStatement(If->getThen());
  if (!Fail)
    return Out;
  // A node belongs to the use its first token came from, so `A || x > 3`
  // belongs to A: an operand is an access only when it is all of one.
  auto WholeUse = [&](const Expr *E) -> const UaccessUse * {
    E = E->IgnoreParenImpCasts();
    const UaccessUse *U = Uses.ownerOf(E);
    const auto *Anchor = U ? dyn_cast_or_null<Expr>(U->Anchor) : nullptr;
    return Anchor && Anchor->IgnoreParenImpCasts() == E ? U : nullptr;
  };
  std::vector<const Expr *> Work = {If->getCond()};
  while (!Work.empty()) {
    const Expr *E = Work.back()->IgnoreParenImpCasts();
    Work.pop_back();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_LOr && !WholeUse(BO)) {
      Work.push_back(BO->getRHS());
      Work.push_back(BO->getLHS());
      continue;
    }
    // `ACC != 0` tests what `ACC` alone does (lsm_list_modules()).
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_NE && WholeUse(BO->getLHS()) &&
        isZero(BO->getRHS()))
      E = BO->getLHS()->IgnoreParenImpCasts();
    const UaccessUse *U = WholeUse(E);
    if (!U || !isBatchableAccessor(*U)) {
      Out.clear();
      return Out;
    }
    Out.push_back(U);
  }
  return Out;
}

/// Calls in \p S that are not uaccess-safe, the accessors' own excluded.
/// A call in an accessor's argument counts: the unsafe_* op that replaces
/// the accessor evaluates it inside the window.
const CallExpr *firstUnsafeCall(const Stmt *S, const FunctionUses &Uses,
                                CallPolicy &Policy) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionUses &Uses;
    CallPolicy &Policy;
    const CallExpr *Found = nullptr;
    Finder(const FunctionUses &U, CallPolicy &P) : Uses(U), Policy(P) {}
    bool VisitCallExpr(CallExpr *C) {
      if (Uses.ownerOf(C) || Found)
        return true;
      if (!Policy.judge(*C).Safe)
        Found = C;
      return true;
    }
  } F(Uses, Policy);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// A use in \p S, other than \p Own, that must not end up inside the
/// window: an accessor toggles user access itself (its end would close the
/// window early), a begin or an end nests or ends windows. access_ok() and
/// the masked probe do neither.
const UaccessUse *foreignUse(const Stmt *S, const FunctionUses &Uses,
                             llvm::ArrayRef<const UaccessUse *> Own) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionUses &Uses;
    // A set: a run of N accesses in one condition visits each one's
    // expansion, N lookups of N.
    llvm::SmallPtrSet<const UaccessUse *, 8> Own;
    const UaccessUse *Found = nullptr;
    Finder(const FunctionUses &U, llvm::ArrayRef<const UaccessUse *> O)
        : Uses(U), Own(O.begin(), O.end()) {}
    bool VisitStmt(Stmt *S) {
      const UaccessUse *U = Uses.ownerOf(S);
      if (U && !Own.contains(U) && U->Api->TheRole != Role::AccessOk &&
          U->Api->TheRole != Role::MaskedProbe)
        Found = U;
      return !Found;
    }
  } F(Uses, Own);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

std::string whyForeign(const UaccessUse &U) {
  bool Accessor = U.Api->TheRole == Role::CheckedAccessor ||
                  U.Api->TheRole == Role::UncheckedAccessor;
  return "'" + U.name().str() + "' would run inside the window" +
         (Accessor ? " and end it early: it toggles user access itself"
                   : ", where it manages user access itself");
}

struct TouchKinds {
  bool Assigns = false; ///< An assignment, increment or decrement.
  bool Address = false; ///< Its address taken.
  bool Labels = false;  ///< Any label: a jump could enter by it.
};

/// True when \p S (but for \p Except) does to a variable \p IsTarget
/// accepts what \p Kinds asks about.
bool touches(const Stmt *S,
             llvm::function_ref<bool(const DeclRefExpr &)> IsTarget,
             TouchKinds Kinds, const Stmt *Except = nullptr) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::function_ref<bool(const DeclRefExpr &)> IsTarget;
    TouchKinds Kinds;
    const Stmt *Except;
    bool Found = false;
    Finder(llvm::function_ref<bool(const DeclRefExpr &)> T, TouchKinds K,
           const Stmt *E)
        : IsTarget(T), Kinds(K), Except(E) {}
    bool TraverseStmt(Stmt *S) {
      return S == Except || RecursiveASTVisitor<Finder>::TraverseStmt(S);
    }
    bool isTarget(const Expr *E) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && IsTarget(*Ref);
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= Kinds.Assigns && BO->isAssignmentOp() && isTarget(BO->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= ((Kinds.Address && UO->getOpcode() == UO_AddrOf) ||
                (Kinds.Assigns && UO->isIncrementDecrementOp())) &&
               isTarget(UO->getSubExpr());
      return !Found;
    }
    bool VisitLabelStmt(LabelStmt *) {
      Found |= Kinds.Labels;
      return !Found;
    }
  } F(IsTarget, Kinds, Except);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// True when \p S assigns to or steps the variable named \p Name, outside
/// \p Except.
bool modifies(const Stmt *S, llvm::StringRef Name,
              const Stmt *Except = nullptr) {
  TouchKinds Assigns;
  Assigns.Assigns = true;
  auto Named = [&](const DeclRefExpr &Ref) {
    return Ref.getDecl()->getName() == Name;
  };
  return touches(S, Named, Assigns, Except);
}

/// touches() of the variable \p V itself; taking its address always
/// counts.
bool touches(const Stmt *S, const VarDecl &V, TouchKinds Kinds,
             const Stmt *Except = nullptr) {
  Kinds.Address = true;
  auto Same = [&](const DeclRefExpr &Ref) { return Ref.getDecl() == &V; };
  return touches(S, Same, Kinds, Except);
}

/// `p++`, `++p`, `p += K` in a loop step: K; 0 otherwise.
long strideOf(const Stmt *Inc, llvm::StringRef Base, ASTContext &Ctx) {
  std::string Text = writtenText(*Inc, Ctx);
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(Text).split(Parts, ',');
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (Part == (Base + "++").str() || Part == ("++" + Base).str())
      return 1;
    long K;
    if (!Part.consume_front(Base))
      continue;
    Part = Part.ltrim();
    if (Part.consume_front("+=") && !Part.trim().getAsInteger(10, K) && K > 0)
      return K;
  }
  return 0;
}

/// \p Text as an operand of `*`: parenthesized unless it is a name.
std::string operand(llvm::StringRef Text) {
  static const llvm::Regex Name(
      "^[A-Za-z0-9_]+((->|\\.)[A-Za-z_][A-Za-z0-9_]*)*$");
  return Name.match(Text) ? Text.str() : "(" + Text.str() + ")";
}

/// The labels of \p S.
llvm::SmallPtrSet<const LabelDecl *, 4> labelsIn(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallPtrSet<const LabelDecl *, 4> Found;
    bool VisitLabelStmt(LabelStmt *L) {
      Found.insert(L->getDecl());
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Found);
}

/// A return in \p S outside \p Allowed, a goto to a label outside \p S,
/// or a break or continue that leaves \p S: it would leave the window
/// without ending it.
bool jumpsOut(const Stmt *S, llvm::ArrayRef<const Stmt *> Allowed) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::ArrayRef<const Stmt *> Allowed;
    llvm::SmallPtrSet<const LabelDecl *, 4> Inside;
    bool Found = false;
    /// Loops and switches inside S: a break or continue in them stays.
    unsigned Loops = 0, Switches = 0;
    bool TraverseStmt(Stmt *S) {
      if (!S || llvm::is_contained(Allowed, S))
        return true;
      bool Loop = isLoop(S), Switch = isa<SwitchStmt>(S);
      Loops += Loop;
      Switches += Switch;
      bool Go = RecursiveASTVisitor<Finder>::TraverseStmt(S);
      Loops -= Loop;
      Switches -= Switch;
      return Go;
    }
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool VisitGotoStmt(GotoStmt *G) {
      return !(Found |= !Inside.count(G->getLabel()));
    }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
    bool VisitBreakStmt(BreakStmt *) { return !(Found |= !Loops && !Switches); }
    bool VisitContinueStmt(ContinueStmt *) { return !(Found |= !Loops); }
  } F;
  F.Allowed = Allowed;
  F.Inside = labelsIn(S);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// A label in \p S that a goto outside \p S (in \p Body) or a computed
/// goto may reach, or a case of a switch outside it: a jump may enter the
/// window there without passing its begin. The uses' own expansions
/// (6.19's local labels) are left out, and so are labels only jumped to
/// from inside \p S (scoped_guard()'s).
bool isJumpTarget(const Stmt *S, const Stmt *Body, const FunctionUses &Uses) {
  struct Labels : RecursiveASTVisitor<Labels> {
    const FunctionUses &Uses;
    llvm::SmallPtrSet<const LabelDecl *, 4> Found;
    bool OutsideCase = false;
    unsigned Switches = 0;
    explicit Labels(const FunctionUses &U) : Uses(U) {}
    bool TraverseSwitchStmt(SwitchStmt *S) {
      ++Switches;
      bool Go = RecursiveASTVisitor<Labels>::TraverseSwitchStmt(S);
      --Switches;
      return Go;
    }
    bool VisitStmt(Stmt *S) {
      if (Uses.ownerOf(S))
        return true;
      if (const auto *L = dyn_cast<LabelStmt>(S))
        Found.insert(L->getDecl());
      OutsideCase |= isa<SwitchCase>(S) && !Switches;
      return true;
    }
  } In(Uses);
  In.TraverseStmt(const_cast<Stmt *>(S));
  if (In.OutsideCase || In.Found.empty())
    return In.OutsideCase;
  struct Gotos : RecursiveASTVisitor<Gotos> {
    const Stmt *Inside;
    const llvm::SmallPtrSetImpl<const LabelDecl *> &Labels;
    bool Found = false;
    Gotos(const Stmt *S, const llvm::SmallPtrSetImpl<const LabelDecl *> &L)
        : Inside(S), Labels(L) {}
    bool TraverseStmt(Stmt *S) {
      return S == Inside || RecursiveASTVisitor<Gotos>::TraverseStmt(S);
    }
    bool VisitGotoStmt(GotoStmt *G) {
      Found |= Labels.count(G->getLabel()) > 0;
      return !Found;
    }
    bool VisitAddrLabelExpr(AddrLabelExpr *) { return !(Found = true); }
  } Out(S, In.Found);
  Out.TraverseStmt(const_cast<Stmt *>(Body));
  return Out.Found;
}

Family familyOf(llvm::ArrayRef<const UaccessUse *> Accesses) {
  bool Reads = false, Writes = false;
  for (const UaccessUse *U : Accesses) {
    Reads |= U->Api->TheDirection == Direction::FromUser;
    Writes |= U->Api->TheDirection == Direction::ToUser;
  }
  return Reads && Writes ? Family::ReadWrite
         : Reads         ? Family::Read
                         : Family::Write;
}

/// Trip count of `for (i = 0; i < N; i++[, p++])` or
/// `for (i = N; i; ..., i--)`; sets Counter to i.
std::string tripCount(const ForStmt *For, ASTContext &Ctx, std::string &Counter,
                      const Expr *&CountExpr) {
  auto Text = [&](const Stmt *S) { return writtenText(*S, Ctx); };
  const Stmt *Init = For->getInit();
  const Expr *Cond = For->getCond();
  if (!Init || !Cond || !For->getInc())
    return "";
  const VarDecl *Var = nullptr;
  const Expr *Start = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Init);
      BO && BO->getOpcode() == BO_Assign) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()))
      Var = dyn_cast<VarDecl>(Ref->getDecl());
    Start = BO->getRHS();
  } else if (const auto *DS = dyn_cast<DeclStmt>(Init);
             DS && DS->isSingleDecl()) {
    Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    Start = Var ? Var->getInit() : nullptr;
  }
  if (!Var || !Start)
    return "";
  Counter = Var->getName().str();
  std::string Inc = Text(For->getInc());
  Expr::EvalResult Zero;
  bool StartsAtZero = Start->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
  const auto *CondBO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (StartsAtZero && CondBO && CondBO->getOpcode() == BO_LT &&
      llvm::StringRef(Text(CondBO->getLHS())).trim() == Counter &&
      (llvm::StringRef(Inc).contains(Counter + "++") ||
       llvm::StringRef(Inc).contains("++" + Counter))) {
    CountExpr = CondBO->getRHS();
    return Text(CondBO->getRHS());
  }
  // Counting down: for (j = N; j; ..., j--).
  const auto *CondRef = dyn_cast<DeclRefExpr>(Cond->IgnoreParenImpCasts());
  if (CondRef && CondRef->getDecl() == Var &&
      (llvm::StringRef(Inc).contains(Counter + "--") ||
       llvm::StringRef(Inc).contains("--" + Counter))) {
    CountExpr = Start;
    return Text(Start);
  }
  return "";
}

/// `V op K` (or `K op V`, turned around) with K a constant: op and K.
std::optional<std::pair<BinaryOperatorKind, llvm::APSInt>>
comparisonWith(const BinaryOperator &BO, const VarDecl &V, ASTContext &Ctx) {
  auto IsV = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == &V;
  };
  if (!BO.isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = BO.getOpcode();
  const Expr *Other = BO.getRHS();
  if (!IsV(BO.getLHS())) {
    if (!IsV(BO.getRHS()))
      return std::nullopt;
    Other = BO.getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  Expr::EvalResult K;
  if (!Other->EvaluateAsInt(K, Ctx))
    return std::nullopt;
  return std::make_pair(Op, K.Val.getInt());
}

/// True when \p Cond, or a side of an `||` in it, is a comparison of
/// \p V with a constant that \p Holds accepts.
bool anyComparison(
    const Expr &Cond, const VarDecl &V, ASTContext &Ctx,
    llvm::function_ref<bool(BinaryOperatorKind, const llvm::APSInt &)> Holds) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond.IgnoreParenImpCasts());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LOr)
    return anyComparison(*BO->getLHS(), V, Ctx, Holds) ||
           anyComparison(*BO->getRHS(), V, Ctx, Holds);
  auto C = comparisonWith(*BO, V, Ctx);
  return C && Holds(C->first, C->second);
}

/// True when \p Cond holds whenever variable \p V is negative (`v < 0`,
/// `v <= 0`, `v < 1`, `0 > v`), also as a side of `||`. A count of 0 is
/// fine: the loop accesses nothing and the window checks 0 bytes.
bool holdsWhenNegative(const Expr &Cond, const VarDecl &V, ASTContext &Ctx) {
  return anyComparison(
      Cond, V, Ctx, [](BinaryOperatorKind Op, const llvm::APSInt &K) {
        int64_t Bound = K.getExtValue();
        return (Op == BO_LT && Bound >= 0) || (Op == BO_LE && Bound >= -1);
      });
}

/// True when \p Cond holds wherever \p V is above \p Max: `V > K`,
/// `V >= K` or `K < V` with K <= Max (also as a side of `||`).
bool holdsWhenAbove(const Expr &Cond, const VarDecl &V, uint64_t Max,
                    ASTContext &Ctx) {
  return anyComparison(Cond, V, Ctx,
                       [&](BinaryOperatorKind Op, const llvm::APSInt &K) {
                         return (Op == BO_GT || Op == BO_GE) &&
                                !K.isNegative() && K.getLimitedValue() <= Max;
                       });
}

/// An integer parameter that counts the elements of the user array \p Base:
/// the function indexes Base with it (`ufds + nfds - todo`).
std::string arrayExtent(const FunctionDecl &FD, llvm::StringRef Base) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringRef Base;
    std::string Found;
    bool refersTo(const Expr *E, llvm::StringRef Name) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && Ref->getDecl()->getName() == Name;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() != BO_Add || !refersTo(BO->getLHS(), Base))
        return true;
      const auto *Ref =
          dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
      if (Ref && isa<ParmVarDecl>(Ref->getDecl()) &&
          Ref->getType()->isIntegerType())
        Found = Ref->getDecl()->getName().str();
      return Found.empty();
    }
  } F;
  F.Base = Base;
  F.TraverseStmt(FD.getBody());
  return F.Found;
}

bool isParameter(const FunctionDecl &FD, llvm::StringRef Name) {
  for (const ParmVarDecl *P : FD.parameters())
    if (P->getName() == Name)
      return true;
  return false;
}

/// Finds the candidates of one function: the loops first, then the runs.
class BatchFinder {
public:
  BatchFinder(FunctionAnalyses &FA, unsigned MinAccesses)
      : FA(FA), FD(FA.decl()), Uses(FA.uses()), Ctx(FA.astContext()),
        Policy(FA.policy()), MinAccesses(MinAccesses) {}

  std::vector<BatchCandidate> find();

private:
  using RunKey = std::pair<const CompoundStmt *, std::string>;
  using RunMembers = std::vector<std::pair<const UaccessUse *, Placement>>;

  void group(std::map<const Stmt *, BatchCandidate> &ByLoop,
             std::map<RunKey, RunMembers> &Runs);
  // Loops.
  void analyzeLoop(const Stmt *LoopStmt, BatchCandidate &C);
  void loopAccessStatements(BatchCandidate &C);
  void addAccessStatement(BatchCandidate &C, const Stmt *S, const Stmt *Fail);
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
  /// The bytes one step of the loop covers: Stride elements of what the
  /// first access points to; 0 when unknown.
  uint64_t stepBytes(const BatchCandidate &C, long Stride) const;
  const Stmt *loopRange(const Stmt *LoopStmt, BatchCandidate &C,
                        std::string &Counter, std::string &Trips);
  const Stmt *wholeWalk(const Stmt *LoopStmt, BatchCandidate &C);
  void wholeArrayCopy(BatchCandidate &C, llvm::StringRef Counter,
                      llvm::StringRef Trips);
  // Runs of accesses to one object in one block.
  void analyzeRun(const CompoundStmt &Block, const RunMembers &Members,
                  BatchCandidate &C);
  void runStatement(const Stmt *S, bool IsAccess, BatchCandidate &C);
  void runRange(BatchCandidate &C);
  void block(BatchCandidate &C, const CallExpr *Call);
  void planRunHoist(const CompoundStmt &Block, BatchCandidate &C);

  FunctionAnalyses &FA;
  const FunctionDecl &FD;
  const FunctionUses &Uses;
  ASTContext &Ctx;
  CallPolicy &Policy;
  unsigned MinAccesses;
};

void BatchFinder::group(std::map<const Stmt *, BatchCandidate> &ByLoop,
                        std::map<RunKey, RunMembers> &Runs) {
  Placer Where(FA.parents());
  for (const UaccessUse &U : Uses.uses()) {
    if (!isBatchableAccessor(U) || !U.Anchor)
      continue;
    Placement P = Where.place(U.Anchor);
    PointerShape Ptr = pointerShape(U.arg(U.Api->PointerArg));
    if (P.Loops.empty()) {
      if (P.Block && !Ptr.Base.empty())
        Runs[{P.Block, Ptr.Base}].push_back({&U, P});
      continue;
    }
    BatchCandidate &C = ByLoop[P.Loops.front()];
    C.TheShape = BatchCandidate::InLoop;
    C.Loop = P.Loops.front();
    C.Accesses.push_back(&U);
    if (C.Base.empty())
      C.Base = Ptr.Base;
    else if (C.Base != Ptr.Base)
      C.WhyNoRewrite = "the loop accesses more than one user pointer";
    if (P.Conditional)
      C.WhyNoRewrite = "the access does not run on every iteration";
  }
}

void BatchFinder::block(BatchCandidate &C, const CallExpr *Call) {
  if (!Call || C.Blocker)
    return;
  C.Blocker = Call;
  const FunctionDecl *Callee = Call->getDirectCallee();
  C.BlockerName = Callee ? Callee->getNameAsString() : "an indirect call";
}

void BatchFinder::analyzeLoop(const Stmt *LoopStmt, BatchCandidate &C) {
  C.TheFamily = familyOf(C.Accesses);
  if (C.Base.empty())
    C.WhyNoRewrite = "the user pointer is not a plain variable";
  loopAccessStatements(C);
  block(C, firstUnsafeCall(loopBody(LoopStmt), Uses, Policy));
  // A call in a loop's body runs on every iteration: in general it cannot
  // leave the loop.
  if (C.Blocker) {
    C.Hoist.WhyNot =
        "'" + C.BlockerName +
        "' runs on every iteration of "
        "the loop; a call in a loop's body does not move out of it";
    C.Hoist.WhyNotAt = C.Blocker;
  }
  if (const UaccessUse *U = foreignUse(LoopStmt, Uses, C.Accesses);
      U && C.WhyNoRewrite.empty())
    C.WhyNoRewrite = whyForeign(*U);
  std::string Counter, Trips;
  const Stmt *Window = loopRange(LoopStmt, C, Counter, Trips);
  C.First = C.Last = Window;
  if (C.WhyNoRewrite.empty() && jumpsOut(Window, C.AccessStmts))
    C.WhyNoRewrite = "a return or goto would leave the window without "
                     "ending it";
  if (C.Range.empty() && C.WhyNoRewrite.empty())
    C.WhyNoRewrite = "the loop's trip count or stride cannot be computed";
  wholeArrayCopy(C, Counter, Trips);
}

/// An access statement `if (ACC) FAIL;` the rewrite will replace: every
/// one must fail the same way, and none may hold a comment the replacement
/// would delete.
void BatchFinder::addAccessStatement(BatchCandidate &C, const Stmt *S,
                                     const Stmt *Fail) {
  std::string FailText = stmtText(Fail, Ctx);
  if (!C.FailText.empty() && C.FailText != FailText)
    C.WhyNoRewrite = "the accesses fail in different ways";
  C.FailText = FailText;
  C.AccessStmts.push_back(S);
  if (containsComment(*S, Ctx))
    C.WhyNoRewrite = "a comment in an access statement would be lost";
}

/// Each access must be `if (ACC) FAIL;` alone in the loop body, or in a
/// block of such statements.
void BatchFinder::loopAccessStatements(BatchCandidate &C) {
  for (const UaccessUse *U : C.Accesses) {
    const Stmt *S = U->Anchor;
    const Stmt *Parent = parentStmt(*S, FA.parents());
    while (Parent && !isa<IfStmt>(Parent) && isa<Expr>(Parent)) {
      S = Parent;
      Parent = parentStmt(*Parent, FA.parents());
    }
    const Stmt *Fail = nullptr;
    auto *If = dyn_cast_or_null<IfStmt>(Parent);
    if (If && accessesOfIf(If, Uses, Fail).size() == 1) {
      addAccessStatement(C, If, Fail);
    } else if (C.WhyNoRewrite.empty()) {
      C.WhyNoRewrite = "the access's result is used in a way an "
                       "unsafe_* op cannot keep";
    }
  }
}

/// The range of a counted loop over the array, stepped by `p++` (stride 1)
/// or `p += K` with every access inside [p, p + K), or indexed by the
/// counter. Returns the statement the window encloses.
const Stmt *BatchFinder::loopRange(const Stmt *LoopStmt, BatchCandidate &C,
                                   std::string &Counter, std::string &Trips) {
  const Expr *CountExpr = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(LoopStmt))
    Trips = tripCount(For, Ctx, Counter, CountExpr);
  if (C.Base.empty() || Trips.empty())
    return LoopStmt;

  long Stride = strideOf(cast<ForStmt>(LoopStmt)->getInc(), C.Base, Ctx);
  bool Steps = Stride > 0;
  bool Indexed = true;
  for (const UaccessUse *U : C.Accesses) {
    PointerShape Ptr = pointerShape(U->arg(U->Api->PointerArg));
    std::optional<long> Index = Ptr.constantIndex();
    Indexed &= Ptr.Kind == PointerShape::Indexed && Ptr.IndexText == Counter;
    Steps &= Ptr.Base == C.Base && Index && *Index >= 0 && *Index < Stride;
  }
  std::string Count = operand(Trips);
  if (Steps && Stride > 1)
    Count = std::to_string(Stride) + " * " + Count;
  if (Steps != Indexed) {
    C.Range = Count + " * sizeof(*" + C.Base + ")";
    C.RangeReason =
        "the loop runs '" + Trips + "' times over '" + C.Base + "'" +
        (Stride > 1 ? ", " + std::to_string(Stride) + " elements a step" : "");
  }
  const Stmt *Enclosed =
      Steps && Stride == 1 ? wholeWalk(LoopStmt, C) : LoopStmt;
  // The window's size counts the loop's trips (not the whole walk's
  // length): a negative count must not become a huge size.
  bool MayBeNegative = CountExpr && !nonNegativeAt(*CountExpr, *LoopStmt);
  if (Steps != Indexed && Enclosed == LoopStmt && MayBeNegative &&
      C.WhyNoRewrite.empty()) {
    C.Guard = "if (" + Trips + " < 0) return ...;";
    C.WhyNoRewrite =
        "the count '" + Trips + "' is signed: where it is negative the loop " +
        "accesses nothing, but '" + Trips + " * sizeof(*" + C.Base +
        ")' is a huge size and the window fails; add `if (" + Trips +
        " < 0) return ...;` before the loop, or make the count unsigned";
  }
  // Nor does a product that may wrap: the window would check a small
  // range and the unsafe ops write past it, where each access was checked
  // (or faulted) before.
  bool MayWrap =
      CountExpr && !MayBeNegative &&
      !productFitsAt(*CountExpr, stepBytes(C, Steps ? Stride : 1), *LoopStmt);
  if (Steps != Indexed && Enclosed == LoopStmt && MayWrap &&
      C.WhyNoRewrite.empty()) {
    std::string Limit =
        "SIZE_MAX / " + (Steps && Stride > 1 ? "(" + std::to_string(Stride) +
                                                   " * sizeof(*" + C.Base + "))"
                                             : "sizeof(*" + C.Base + ")");
    C.Guard = "if (" + Trips + " > " + Limit + ") return ...;";
    C.WhyNoRewrite = "'" + C.Range + "' may wrap around size_t ('" + Trips +
                     "' is as wide): the window would check a small range "
                     "and the loop go past it; add `" +
                     C.Guard + "` before the loop, or bound the count";
  }
  // Nor is a copy_*_user() of 'n * sizeof' elements offered then.
  if (MayBeNegative || MayWrap)
    Trips.clear();
  return Enclosed;
}

bool BatchFinder::nonNegativeAt(const Expr &Count, const Stmt &Loop) const {
  const Expr *E = Count.IgnoreParenImpCasts();
  Expr::EvalResult Value;
  if (E->getType()->isUnsignedIntegerType() ||
      (E->EvaluateAsInt(Value, Ctx) && !Value.Val.getInt().isNegative()))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && guardedAt(Loop, *V, [&](const Expr &Cond) {
           return holdsWhenNegative(Cond, *V, Ctx);
         });
}

bool BatchFinder::guardedAt(
    const Stmt &Loop, const VarDecl &V,
    llvm::function_ref<bool(const Expr &)> Holds) const {
  if (touches(FD.getBody(), V, TouchKinds()) ||
      touches(&Loop, V, {/*Assigns=*/true}))
    return false;
  for (const Stmt *Child = &Loop, *S = parentStmt(Loop, FA.parents()); S;
       Child = S, S = parentStmt(*S, FA.parents())) {
    const auto *Block = dyn_cast<CompoundStmt>(S);
    if (!Block)
      continue;
    bool Guarded = false;
    for (const Stmt *Earlier : Block->body()) {
      if (Earlier == Child)
        break;
      if (Guarded && touches(Earlier, V, {true, true, true}))
        Guarded = false;
      const auto *If = dyn_cast<IfStmt>(Earlier);
      if (If && !If->getElse() && leavesPast(If->getThen(), Loop) &&
          Holds(*If->getCond()))
        Guarded = true;
    }
    // What holds the loop inside this block must keep V too.
    if (Guarded && !touches(Child, V, {true, true, true}, &Loop))
      return true;
  }
  return false;
}

bool BatchFinder::leavesPast(const Stmt *Then, const Stmt &Loop) const {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Then))
    Then = Block->body_empty() ? nullptr : Block->body_back();
  if (isa_and_nonnull<ReturnStmt>(Then))
    return true;
  const auto *Goto = dyn_cast_or_null<GotoStmt>(Then);
  const LabelStmt *Label = Goto ? Goto->getLabel()->getStmt() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  return Label &&
         SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loop.getEndLoc()),
                                      SM.getExpansionLoc(Label->getBeginLoc()));
}

bool BatchFinder::productFitsAt(const Expr &Count, uint64_t Bytes,
                                const Stmt &Loop) const {
  const Expr *E = Count.IgnoreParenImpCasts();
  uint64_t SizeBits = Ctx.getTypeSize(Ctx.getSizeType());
  // A count narrower than size_t (an int on a 64-bit arch) times any
  // element's size fits.
  if (Ctx.getTypeSize(E->getType()) < SizeBits)
    return true;
  if (!Bytes)
    return false;
  uint64_t Max = llvm::maxUIntN(SizeBits) / Bytes;
  Expr::EvalResult Value;
  if (E->EvaluateAsInt(Value, Ctx))
    return !Value.Val.getInt().isNegative() &&
           Value.Val.getInt().getLimitedValue() <= Max;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && guardedAt(Loop, *V, [&](const Expr &Cond) {
           return holdsWhenAbove(Cond, *V, Max, Ctx);
         });
}

uint64_t BatchFinder::stepBytes(const BatchCandidate &C, long Stride) const {
  const UaccessUse &U = *C.Accesses.front();
  const Expr *Ptr = argumentExpr(U, U.Api->PointerArg, Ctx);
  if (!Ptr || Stride <= 0)
    return 0;
  QualType Pointee = Ptr->IgnoreParenImpCasts()->getType()->getPointeeType();
  if (Pointee.isNull() || Pointee->isIncompleteType() ||
      Pointee->isVoidType() || Pointee->isDependentType())
    return 0;
  return Ctx.getTypeSizeInChars(Pointee).getQuantity() * uint64_t(Stride);
}

/// The whole walk over the array, when it is a parameter stepped only in
/// this loop, inside an outer loop, and the function names its length.
const Stmt *BatchFinder::wholeWalk(const Stmt *LoopStmt, BatchCandidate &C) {
  std::string Extent = arrayExtent(FD, C.Base);
  const Stmt *Outer = nullptr;
  for (const Stmt *S = parentStmt(*LoopStmt, FA.parents()); S;
       S = parentStmt(*S, FA.parents()))
    if (isLoop(S))
      Outer = S;
  if (!Outer || Extent.empty() || !isParameter(FD, C.Base))
    return LoopStmt;
  // A signed length could be negative where the loops access nothing.
  int Length = parameterIndex(FD, Extent);
  // As wide as size_t, 'length * sizeof' could wrap (productFitsAt()).
  QualType LengthType =
      Length < 0 ? QualType() : FD.getParamDecl(Length)->getType();
  if (Length < 0 || !LengthType->isUnsignedIntegerType() ||
      Ctx.getTypeSize(LengthType) >= Ctx.getTypeSize(Ctx.getSizeType()))
    return LoopStmt;
  // The pointer must change nowhere but in this loop's step.
  const Stmt *Inc = cast<ForStmt>(LoopStmt)->getInc();
  if (modifies(FD.getBody(), C.Base, Inc) ||
      firstUnsafeCall(Outer, Uses, Policy))
    return LoopStmt;
  C.Range = Extent + " * sizeof(*" + C.Base + ")";
  C.RangeReason = "'" + C.Base + " + " + Extent +
                  "' elsewhere in the function makes '" + Extent +
                  "' the length of '" + C.Base +
                  "', and the loops step through it once";
  return Outer;
}

/// copy_to_user() of the whole array: `__put_user(k[i], &u[i])`.
void BatchFinder::wholeArrayCopy(BatchCandidate &C, llvm::StringRef Counter,
                                 llvm::StringRef Trips) {
  if (C.Accesses.size() != 1 || Counter.empty() || Trips.empty())
    return;
  const UaccessUse *U = C.Accesses.front();
  PointerShape Ptr = pointerShape(U->arg(U->Api->PointerArg));
  llvm::StringRef Value = llvm::StringRef(U->arg(U->Api->ValueArg)).trim();
  std::string Kernel = Value.split('[').first.trim().str();
  if (Ptr.Kind != PointerShape::Indexed || Ptr.IndexText != Counter ||
      !Value.ends_with(("[" + Counter + "]").str()))
    return;
  std::string Size = Trips.str() + " * sizeof(*" + C.Base + ")";
  C.WholeArrayCopy =
      U->Api->TheDirection == Direction::ToUser
          ? "copy_to_user(" + C.Base + ", " + Kernel + ", " + Size + ")"
          : "copy_from_user(" + Kernel + ", " + C.Base + ", " + Size + ")";
}

/// The span of block statements from the first access to the last, what
/// runs between them, and the range.
void BatchFinder::analyzeRun(const CompoundStmt &Block,
                             const RunMembers &Members, BatchCandidate &C) {
  for (auto &[U, P] : Members)
    C.Accesses.push_back(U);
  C.TheFamily = familyOf(C.Accesses);
  llvm::SmallPtrSet<const Stmt *, 8> Tops;
  for (auto &[U, P] : Members)
    Tops.insert(P.TopStmt);
  for (const Stmt *S : Block.body()) {
    if (!Tops.count(S) && !C.First)
      continue;
    if (!C.First)
      C.First = S;
    C.Last = S;
    runStatement(S, Tops.erase(S), C);
    if (Tops.empty())
      break;
  }
  runRange(C);
  planRunHoist(Block, C);
}

/// Whether the statements that hold the blocking calls can move above the
/// first access. A call in an access's own argument does not move with a
/// statement.
void BatchFinder::planRunHoist(const CompoundStmt &Block, BatchCandidate &C) {
  if (!C.Blocker)
    return;
  if (const CallExpr *Call = C.ArgumentBlocker) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    C.Hoist.WhyNot = "'" +
                     (Callee ? Callee->getName().str() : "an indirect call") +
                     "' is called in an access's argument; only a statement "
                     "between the accesses moves";
    C.Hoist.WhyNotAt = Call;
    return;
  }
  HoistRun Run;
  Run.Block = &Block;
  Run.First = C.First;
  Run.Blocked = C.BlockerStmts;
  Run.Base = C.Base;
  C.Hoist = planHoist(FA, Run);
}

/// One statement of a run: an access `if (ACC) FAIL;`, or something that
/// runs between accesses and must be fine inside a window.
void BatchFinder::runStatement(const Stmt *S, bool IsAccess,
                               BatchCandidate &C) {
  // An access's failure runs after the window ends: only its condition
  // would be inside.
  const auto *If = dyn_cast<IfStmt>(S);
  const CallExpr *Call =
      firstUnsafeCall(IsAccess && If ? If->getCond() : S, Uses, Policy);
  block(C, Call);
  if (Call && !IsAccess)
    C.BlockerStmts.push_back(S);
  if (Call && IsAccess && !C.ArgumentBlocker)
    C.ArgumentBlocker = Call;
  if (const UaccessUse *U = foreignUse(S, Uses, C.Accesses))
    C.WhyNoRewrite = whyForeign(*U);
  if (IsAccess) {
    const Stmt *Fail = nullptr;
    if (accessesOfIf(If, Uses, Fail).empty()) {
      C.WhyNoRewrite = "an access's result is used in a way an "
                       "unsafe_* op cannot keep";
      return;
    }
    addAccessStatement(C, S, Fail);
    return;
  }
  if (modifies(S, C.Base))
    C.WhyNoRewrite = "'" + C.Base + "' changes between the accesses";
  if (jumpsOut(S, {}))
    C.WhyNoRewrite = "a jump between the accesses would leave the "
                     "window without ending it";
  if (isJumpTarget(S, FD.getBody(), Uses))
    C.WhyNoRewrite = "a label between the accesses lets a jump enter the "
                     "window without its begin";
}

/// The range of a run: one struct, or the first elements of an array.
void BatchFinder::runRange(BatchCandidate &C) {
  // MaxIndex: the last element touched; -2 when one is not constant.
  bool AllFields = true;
  long MaxIndex = -1;
  for (const UaccessUse *U : C.Accesses) {
    PointerShape Ptr = pointerShape(U->arg(U->Api->PointerArg));
    if (Ptr.Kind == PointerShape::FieldOf ||
        Ptr.Kind == PointerShape::WholeObject)
      continue;
    AllFields = false;
    std::optional<long> Index = Ptr.constantIndex();
    MaxIndex = Index && *Index >= 0 && MaxIndex != -2
                   ? std::max(MaxIndex, *Index)
                   : -2;
  }
  if (AllFields) {
    C.Range = "sizeof(*" + C.Base + ")";
    C.RangeReason = "the accesses are fields of one '*" + C.Base + "'";
  } else if (MaxIndex >= 0) {
    C.Range = std::to_string(MaxIndex + 1) + " * sizeof(*" + C.Base + ")";
    C.RangeReason = "the accesses are elements 0.." + std::to_string(MaxIndex) +
                    " of '" + C.Base + "'";
  } else if (C.WhyNoRewrite.empty()) {
    C.WhyNoRewrite = "the range the accesses cover cannot be computed";
  }
}

std::vector<BatchCandidate> BatchFinder::find() {
  std::map<const Stmt *, BatchCandidate> ByLoop;
  std::map<RunKey, RunMembers> Runs;
  group(ByLoop, Runs);
  std::vector<BatchCandidate> Out;
  for (auto &[LoopStmt, C] : ByLoop) {
    analyzeLoop(LoopStmt, C);
    Out.push_back(std::move(C));
  }
  for (auto &[Key, Members] : Runs) {
    if (Members.size() < MinAccesses)
      continue;
    BatchCandidate C;
    C.TheShape = BatchCandidate::InRun;
    C.Base = Key.second;
    analyzeRun(*Key.first, Members, C);
    Out.push_back(std::move(C));
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const BatchCandidate &A, const BatchCandidate &B) {
                     if (A.TheShape != B.TheShape)
                       return A.TheShape == BatchCandidate::InLoop;
                     return A.Accesses.size() > B.Accesses.size();
                   });
  return Out;
}

} // namespace

std::vector<BatchCandidate> findBatchCandidates(FunctionAnalyses &FA,
                                                unsigned MinAccesses) {
  return BatchFinder(FA, MinAccesses).find();
}

} // namespace uaccess
