//===--- HoistAnalysis.cpp - Moving calls out of a run's window -----------===//

#include "analysis/HoistAnalysis.h"
#include "analysis/PointerDerivation.h"
#include "api/UaccessApi.h"
#include "utils/Fingerprint.h"
#include "utils/NameMatch.h"
#include "utils/SourceUtils.h"
#include "utils/StmtEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace uaccess {

namespace {

/// A statement as written, on one line, without its `;`, short enough for
/// a note.
std::string oneLine(const Stmt &S, const ASTContext &Ctx) {
  std::string Text = collapseWhitespace(writtenText(S, Ctx));
  while (!Text.empty() && (Text.back() == ';' || Text.back() == ' '))
    Text.pop_back();
  if (Text.size() > 60)
    Text = Text.substr(0, 57) + "...";
  return Text;
}

/// What a statement the moved ones pass does, beyond its effects: the user
/// accesses it makes, and whether it may jump to a label.
struct Passed {
  const Stmt *S = nullptr;
  StmtEffects Effects;
  const UaccessUse *Access = nullptr; ///< Its first user access, if any.
  bool ReadsUser = false, WritesUser = false;
  bool Gotos = false; ///< A goto: what follows its label may read anything.
};

/// Fills the user-access and goto parts of \p P. The uses' own expansions
/// are left out: an accessor's internals jump nowhere the user can see.
void scanControl(Passed &P, const FunctionUses &Uses) {
  struct Scanner : RecursiveASTVisitor<Scanner> {
    Passed &P;
    const FunctionUses &Uses;
    Scanner(Passed &P, const FunctionUses &Uses) : P(P), Uses(Uses) {}
    bool VisitStmt(Stmt *S) {
      if (const UaccessUse *U = Uses.ownerOf(S)) {
        P.Access = P.Access ? P.Access : U;
        P.WritesUser |= U->Api->TheDirection == Direction::ToUser ||
                        U->Api->TheDirection == Direction::Exchange;
        P.ReadsUser |= U->Api->TheDirection == Direction::FromUser ||
                       U->Api->TheDirection == Direction::Exchange;
        return true;
      }
      P.Gotos |= isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S);
      return true;
    }
  } Scan(P, Uses);
  Scan.TraverseStmt(const_cast<Stmt *>(P.S));
}

/// The variable of \p A that \p B holds too, first by name (so that the
/// note does not depend on pointer order); null when none.
const VarDecl *common(const VarSet &A, const VarSet &B) {
  const VarDecl *Found = nullptr;
  for (const VarDecl *V : A)
    if (B.count(V) && (!Found || V->getName() < Found->getName()))
      Found = V;
  return Found;
}

std::string quoted(const VarDecl *V) { return "'" + V->getName().str() + "'"; }

/// A callee on the context list that \p S calls, directly or through the
/// bodies of functions defined in this TU (a few calls deep); null when
/// none.
const FunctionDecl *contextCallee(const Stmt &S, unsigned Depth,
                                  llvm::SmallPtrSetImpl<const Decl *> &Seen) {
  for (const CallExpr *Call : callsIn(&S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Seen.insert(Callee->getCanonicalDecl()).second)
      continue;
    if (Callee->getIdentifier() &&
        matchesAnyName(contextCallees(), Callee->getName()))
      return Callee;
    const FunctionDecl *Def = nullptr;
    if (Depth && (Def = parsedDefinition(*Callee)))
      if (const FunctionDecl *Inner =
              contextCallee(*Def->getBody(), Depth - 1, Seen))
        return Inner;
  }
  return nullptr;
}

class HoistPlanner {
public:
  HoistPlanner(FunctionAnalyses &FA, const HoistRun &Run)
      : Uses(FA.uses()), Ctx(FA.astContext()), Run(Run),
        Derivation(FA.getAnalysis<PointerDerivation>()),
        AddressTaken(addressTakenLocals(*FA.decl().getBody())) {}

  HoistPlan plan();

private:
  StmtEffects effects(const Stmt &S) const {
    return effectsOf(S, AddressTaken, [this](const Stmt &N) {
      return Uses.ownerOf(&N) != nullptr;
    });
  }
  std::string text(const Stmt &S) const { return "'" + oneLine(S, Ctx) + "'"; }
  std::string describe(const Passed &P) const {
    return P.Access ? "the '" + P.Access->name().str() + "'" : text(*P.S);
  }
  bool tryMove(const Stmt &S);
  std::string shapeProblem(const Stmt &S) const;
  std::string conflict(const Passed &P, const Stmt &S,
                       const StmtEffects &E) const;
  std::string memoryConflict(const Passed &P, const Stmt &S,
                             const StmtEffects &E) const;
  bool reachesUser(const StmtEffects &E) const;
  std::string hiddenName(const Stmt &S) const;
  HoistMove move(const Stmt &S, const StmtEffects &E) const;

  const FunctionUses &Uses;
  ASTContext &Ctx;
  const HoistRun &Run;
  const PointerDerivation *Derivation;
  const VarSet AddressTaken;
  /// The statements from the first access to the one being moved that stay
  /// where they are.
  std::vector<Passed> Before;
  HoistPlan Plan;
};

HoistPlan HoistPlanner::plan() {
  size_t Left = Run.Blocked.size();
  bool InRun = false;
  for (const Stmt *S : Run.Block->body()) {
    InRun |= S == Run.First;
    if (!InRun)
      continue;
    if (!llvm::is_contained(Run.Blocked, S)) {
      Passed P;
      P.S = S;
      P.Effects = effects(*S);
      scanControl(P, Uses);
      Before.push_back(std::move(P));
      continue;
    }
    if (!tryMove(*S) || --Left == 0)
      break;
  }
  return std::move(Plan);
}

bool HoistPlanner::tryMove(const Stmt &S) {
  StmtEffects E = effects(S);
  std::string Why = shapeProblem(S);
  if (Why.empty() && E.NoReturnCall)
    Why = text(*E.NoReturnCall) + " does not return, and the accesses "
                                  "before it would then not be made";
  llvm::SmallPtrSet<const Decl *, 8> Seen;
  if (const FunctionDecl *Callee = contextCallee(S, 3, Seen);
      Why.empty() && Callee)
    Why = text(S) + " calls '" + Callee->getName().str() +
          "', which changes the context accesses run in (locks, preemption, "
          "page faults, the mm); the accesses before it would run in the new "
          "one";
  for (const Passed &P : Before)
    if (Why.empty())
      Why = conflict(P, S, E);
  if (Why.empty())
    Why = hiddenName(S);
  if (!Why.empty()) {
    Plan.WhyNot = Why;
    Plan.WhyNotAt = &S;
    Plan.Moves.clear();
    return false;
  }
  Plan.Moves.push_back(move(S, E));
  return true;
}

/// Only a call, or a declaration or assignment of a call's value, moves:
/// control flow and user accesses stay where they are.
std::string HoistPlanner::shapeProblem(const Stmt &S) const {
  const Expr *Value = nullptr;
  llvm::StringRef What = "a control statement";
  if (const auto *DS = dyn_cast<DeclStmt>(&S)) {
    const auto *Var =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (Var && Var->hasLocalStorage() &&
        !Var->getType()->isVariablyModifiedType())
      Value = Var->getInit();
    What = "another declaration";
  } else if (const auto *E = dyn_cast<Expr>(&S)) {
    Value = E->IgnoreParenCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(Value);
        BO && BO->getOpcode() == BO_Assign)
      Value = BO->getRHS();
    What = "another expression";
  } else if (isa<AsmStmt>(S)) {
    What = "an asm statement";
  }
  if (!Value || !isa<CallExpr>(Value->IgnoreParenCasts()))
    return text(S) + (S.getBeginLoc().isMacroID() ? " expands to " : " is ") +
           What.str() +
           "; only a call, or a declaration or assignment of a call's "
           "value, moves";
  Passed Inside;
  Inside.S = &S;
  scanControl(Inside, Uses);
  if (Inside.Access)
    return text(S) + " makes a user access itself";
  return "";
}

/// Why \p S cannot move above \p P, which stays: they touch the same
/// thing, or \p P may never return. (A return, goto, break or label
/// between the accesses already rules out the rewrite the hoist is for.)
std::string HoistPlanner::conflict(const Passed &P, const Stmt &S,
                                   const StmtEffects &E) const {
  std::string Moved = text(S), Other = describe(P);
  if (!P.Access && P.Effects.NoReturnCall)
    return Other + " before it may not return, and " + Moved +
           " would then run where it did not";
  if (const VarDecl *V = common(E.Reads, P.Effects.Writes))
    return Moved + " reads " + quoted(V) + ", which " + Other +
           " before it sets";
  if (const VarDecl *V = common(E.Writes, P.Effects.Reads))
    return Other + " before it reads " + quoted(V) + ", which " + Moved +
           " sets";
  if (const VarDecl *V = common(E.Writes, P.Effects.Writes))
    return Other + " before it sets " + quoted(V) + " too";
  return memoryConflict(P, S, E);
}

/// Memory, kernel or user, that \p S and \p P may both touch.
std::string HoistPlanner::memoryConflict(const Passed &P, const Stmt &S,
                                         const StmtEffects &E) const {
  std::string Moved = text(S), Other = describe(P);
  if (E.ReadsMemory && P.Effects.WritesMemory)
    return Moved + " may read memory that " + Other + " before it writes";
  if (E.WritesMemory && (P.Effects.ReadsMemory || P.Effects.WritesMemory))
    return Moved + " may change memory that " + Other + " before it " +
           (P.Effects.ReadsMemory ? "reads" : "writes");
  if ((P.ReadsUser || P.WritesUser) && reachesUser(E))
    return Moved + " may reach the user memory that " + Other + " before it " +
           (P.WritesUser ? "writes" : "reads");
  return "";
}

/// A call that may have side effects and is given the user pointer, or
/// could find it in memory, may access what the run accesses. Pure and
/// const callees make no user access.
bool HoistPlanner::reachesUser(const StmtEffects &E) const {
  if (!E.WritingCall)
    return false;
  bool BaseIsLocal = false;
  for (const Passed &P : Before)
    for (const VarDecl *V : P.Effects.Reads)
      BaseIsLocal |= P.Access && V->getName() == Run.Base;
  if (!BaseIsLocal || !Derivation)
    return true;
  for (const VarDecl *V : E.Reads)
    if (V->getType()->isPointerType() &&
        Derivation->related(V->getName(), Run.Base))
      return true;
  return false;
}

/// A moved declaration must not hide a variable of the same name that a
/// statement it passes uses.
std::string HoistPlanner::hiddenName(const Stmt &S) const {
  const auto *DS = dyn_cast<DeclStmt>(&S);
  const auto *Var = DS ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!Var)
    return "";
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringRef Name;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= Ref->getDecl()->getName() == Name;
      return !Found;
    }
  };
  for (const Passed &P : Before) {
    Finder F;
    F.Name = Var->getName();
    F.TraverseStmt(const_cast<Stmt *>(P.S));
    if (F.Found)
      return describe(P) + " before it uses another '" + Var->getName().str() +
             "', which the moved declaration would "
             "hide";
  }
  return "";
}

HoistMove HoistPlanner::move(const Stmt &S, const StmtEffects &E) const {
  HoistMove M;
  M.S = &S;
  M.Text = oneLine(S, Ctx);
  M.RunsOnFault = E.WritingCall || E.WritesMemory;
  if (M.RunsOnFault)
    return M;
  // Where an earlier access fails with a goto, the code after the label may
  // read a variable the moved statement assigns; with a return, only what
  // the return reads, which conflict() has ruled out. A declared variable
  // had no value there before the move: nothing could read it.
  bool Gotos =
      llvm::any_of(Before, [](const Passed &P) { return P.Access && P.Gotos; });
  const auto *DS = dyn_cast<DeclStmt>(&S);
  for (const VarDecl *V : E.Writes)
    if (Gotos && (!DS || DS->getSingleDecl() != V) &&
        (M.SetsOnFault.empty() || V->getName() < M.SetsOnFault))
      M.SetsOnFault = V->getName().str();
  std::vector<const CallExpr *> Calls = callsIn(&S);
  const CallExpr *Quiet = E.ReadingCall ? E.ReadingCall : Calls.front();
  const FunctionDecl *Callee = Quiet->getDirectCallee();
  M.QuietCallee = Callee ? Callee->getName().str() : "";
  M.QuietBecause =
      callEffect(*Quiet) == CallEffect::ReadsMemory ? "pure" : "const";
  return M;
}

} // namespace

HoistPlan planHoist(FunctionAnalyses &FA, const HoistRun &Run) {
  if (!Run.Block || !Run.First || Run.Blocked.empty())
    return {};
  return HoistPlanner(FA, Run).plan();
}

} // namespace uaccess
