//===--- BatchFacts.cpp - What batching asks of a statement ---------------===//

#include "analysis/BatchFacts.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/BatchAnalysis.h"
#include "analysis/CallPolicy.h"
#include "recognize/PointerShape.h"
#include "utils/ExprValues.h"
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
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <map>

namespace uaccess::batch {

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

bool conditionalIn(const Stmt *Child, const Stmt *Parent) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getCond() != Child;
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return CO->getCond() != Child;
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
    return BO->isLogicalOp() && BO->getRHS() == Child;
  return isa<SwitchCase>(Parent) || isa<SwitchStmt>(Parent);
}

std::string stmtText(const Stmt *S, ASTContext &Ctx) {
  std::string Text = writtenText(*S, Ctx);
  if (!isa<CompoundStmt>(S) && !llvm::StringRef(Text).ends_with(";") &&
      !isa<IfStmt>(S) && !isLoop(S))
    Text += ";";
  return Text;
}

const Stmt *failureStatement(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->size() == 1 ? CS->body_front() : nullptr;
  if (S && (isa<ReturnStmt>(S) || isa<GotoStmt>(S)))
    return S;
  return nullptr;
}

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
        isLiteralZero(*BO->getRHS()))
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

bool touches(const Stmt *S,
             llvm::function_ref<bool(const DeclRefExpr &)> IsTarget,
             TouchKinds Kinds, const Stmt *Except) {
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

bool modifies(const Stmt *S, llvm::StringRef Name, const Stmt *Except) {
  TouchKinds Assigns;
  Assigns.Assigns = true;
  auto Named = [&](const DeclRefExpr &Ref) {
    return Ref.getDecl()->getName() == Name;
  };
  return touches(S, Named, Assigns, Except);
}

namespace {
/// An assignment, increment or decrement of anything but a variable: a
/// store through memory (`t->rs = ...`, `*pp = q`).
bool storesToMemory(const Stmt &N) {
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(&N); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(&N);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  return Target && !isa<DeclRefExpr>(Target->IgnoreParenImpCasts());
}

bool namesVariable(const Stmt &N, llvm::StringRef Name) {
  return anyStmtIn(N, [&](const Stmt &R) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&R);
    return Ref && Ref->getDecl()->getName() == Name;
  });
}
} // namespace

bool takesAddressOf(const Stmt *S, llvm::StringRef Name) {
  TouchKinds Address;
  Address.Address = true;
  return touches(
      S,
      [&](const DeclRefExpr &Ref) { return Ref.getDecl()->getName() == Name; },
      Address);
}

bool mayChangePointer(const Stmt *S, llvm::StringRef Base, const Stmt *Body) {
  llvm::StringRef Root =
      Base.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
  if (!S || modifies(S, Root) || takesAddressOf(S, Root))
    return true;
  bool AddressTaken = takesAddressOf(Body, Root);
  // `memcpy(t, saved, sizeof(*t))`: a call given the struct may write it.
  bool Field = Root != Base;
  return anyStmtIn(*S, [&](const Stmt &N) {
    const auto *Call = dyn_cast<CallExpr>(&N);
    bool GivesRoot =
        Call && llvm::any_of(Call->arguments(), [&](const Expr *A) {
          return namesVariable(*A, Root);
        });
    return (Field && (GivesRoot || storesToMemory(N))) ||
           (AddressTaken && (storesToMemory(N) || Call));
  });
}

bool touches(const Stmt *S, const VarDecl &V, TouchKinds Kinds,
             const Stmt *Except) {
  Kinds.Address = true;
  auto Same = [&](const DeclRefExpr &Ref) { return Ref.getDecl() == &V; };
  return touches(S, Same, Kinds, Except);
}

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

std::string operand(llvm::StringRef Text) {
  static const llvm::Regex Name(
      "^[A-Za-z0-9_]+((->|\\.)[A-Za-z_][A-Za-z0-9_]*)*$");
  return Name.match(Text) ? Text.str() : "(" + Text.str() + ")";
}

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

bool holdsWhenNegative(const Expr &Cond, const VarDecl &V, ASTContext &Ctx) {
  return anyComparison(
      Cond, V, Ctx, [](BinaryOperatorKind Op, const llvm::APSInt &K) {
        int64_t Bound = K.getExtValue();
        return (Op == BO_LT && Bound >= 0) || (Op == BO_LE && Bound >= -1);
      });
}

bool holdsWhenAbove(const Expr &Cond, const VarDecl &V, uint64_t Max,
                    ASTContext &Ctx) {
  return anyComparison(Cond, V, Ctx,
                       [&](BinaryOperatorKind Op, const llvm::APSInt &K) {
                         return (Op == BO_GT || Op == BO_GE) &&
                                !K.isNegative() && K.getLimitedValue() <= Max;
                       });
}

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

bool CountBounds::nonNegativeAt(const Expr &Count, const Stmt &Loop) const {
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

bool CountBounds::guardedAt(
    const Stmt &Loop, const VarDecl &V,
    llvm::function_ref<bool(const Expr &)> Holds) const {
  if (touches(FD.getBody(), V, TouchKinds()) ||
      touches(&Loop, V, {/*Assigns=*/true}))
    return false;
  for (const Stmt *Child = &Loop, *S = parentStmt(Loop, Parents); S;
       Child = S, S = parentStmt(*S, Parents)) {
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

bool CountBounds::leavesPast(const Stmt *Then, const Stmt &Loop) const {
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

bool CountBounds::productFitsAt(const Expr &Count, uint64_t Bytes,
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

} // namespace uaccess::batch
