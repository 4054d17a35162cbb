//===--- BatchAnalysis.cpp - Accesses that could share one window ---------===//

#include "analysis/BatchAnalysis.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/BatchFacts.h"
#include "analysis/CallPolicy.h"
#include "analysis/RangeCoverage.h"
#include "recognize/PointerShape.h"
#include "utils/NameMatch.h"
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

using namespace batch;

/// Finds the candidates of one function: the loops first, then the runs.
class BatchFinder {
public:
  BatchFinder(FunctionAnalyses &FA, unsigned MinAccesses)
      : FA(FA), FD(FA.decl()), Uses(FA.uses()), Ctx(FA.astContext()),
        Policy(FA.policy()), Bounds{FD, FA.parents(), Ctx},
        MinAccesses(MinAccesses) {}

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
  /// The bytes one step of the loop covers: Stride elements of what the
  /// first access points to; 0 when unknown.
  uint64_t stepBytes(const BatchCandidate &C, long Stride) const;
  /// A window sized by the loop's count \p Count (of \p Trips trips, \p Step
  /// elements each) misleads where the count may be negative (a huge size)
  /// or the product may wrap (a small range the ops write past); when the
  /// rewrite would be \p Sized so, C says why not, and the guard to add.
  bool countMisleads(const Expr *CountExpr, const Stmt &Loop, BatchCandidate &C,
                     llvm::StringRef Trips, llvm::StringRef Count, long Step,
                     bool Sized) const;
  const Stmt *loopRange(const Stmt *LoopStmt, BatchCandidate &C,
                        std::string &Counter, std::string &Trips);
  /// What the window's range is computed from that the loop's body
  /// changes: the counter, a variable of the count, the user pointer, or
  /// memory the count reads. "" when it changes none of them.
  std::string changedByBody(const Stmt *LoopStmt, const BatchCandidate &C,
                            llvm::StringRef Counter,
                            const Expr *CountExpr) const;
  /// True, with the reason in \p C, when changedByBody() names something.
  bool bodyMovesRange(const Stmt *LoopStmt, BatchCandidate &C,
                      llvm::StringRef Counter, const Expr *CountExpr) const;
  const Stmt *wholeWalk(const Stmt *LoopStmt, BatchCandidate &C);
  void wholeArrayCopy(const Stmt *LoopStmt, BatchCandidate &C,
                      llvm::StringRef Counter, llvm::StringRef Trips);
  // Runs of accesses to one object in one block.
  void analyzeRun(const CompoundStmt &Block, const RunMembers &Members,
                  BatchCandidate &C);
  void runStatement(const Stmt *S, bool IsAccess, BatchCandidate &C);
  void runRange(BatchCandidate &C);
  /// Why an access of \p C's run lies outside the first \p Elements
  /// objects at its base, or "".
  std::string accessPastRange(const BatchCandidate &C, long Elements) const;
  void block(BatchCandidate &C, const CallExpr *Call);
  void planRunHoist(const CompoundStmt &Block, BatchCandidate &C);
  // The rewrite's fault label goes at the function's end, and the window
  // spans the text from the first access to the last.
  /// Why \p Fail, copied under that label, would not fail the same way, or
  /// "": a name it reads means something else there.
  std::string failureMovesMeaning(const Stmt &Fail) const;
  /// Why the window's text or the jumps to the label would not compile or
  /// keep behaviour, or "".
  std::string rewriteDoesNotFit(const BatchCandidate &C) const;

  FunctionAnalyses &FA;
  const FunctionDecl &FD;
  const FunctionUses &Uses;
  ASTContext &Ctx;
  CallPolicy &Policy;
  CountBounds Bounds;
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
  wholeArrayCopy(LoopStmt, C, Counter, Trips);
}

/// An access statement `if (ACC) FAIL;` the rewrite will replace: every
/// one must fail the same way, and none may hold a comment the replacement
/// would delete.
void BatchFinder::addAccessStatement(BatchCandidate &C, const Stmt *S,
                                     const Stmt *Fail) {
  std::string FailText = stmtText(Fail, Ctx);
  if (!C.FailText.empty() && C.FailText != FailText)
    C.WhyNoRewrite = "the accesses fail in different ways";
  if (std::string Why = Fail ? failureMovesMeaning(*Fail) : "";
      !Why.empty() && C.WhyNoRewrite.empty())
    C.WhyNoRewrite = Why;
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

/// \p Written (`&p[i] + 1`, `&p[j - 1] - 1`) adds to or subtracts from the
/// address of the element it indexes: it points past that element.
static bool movesPastElement(llvm::StringRef Written) {
  size_t Close = Written.find(']');
  if (Close == llvm::StringRef::npos)
    return false;
  std::string Rest = stripWhitespace(Written.substr(Close + 1));
  for (size_t At = Rest.find("->"); At != std::string::npos;
       At = Rest.find("->"))
    Rest.replace(At, 2, ".");
  return Rest.find_first_of("+-") != std::string::npos;
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
  if (bodyMovesRange(LoopStmt, C, Counter, CountExpr)) {
    Trips.clear();
    return LoopStmt;
  }

  const auto *For = cast<ForStmt>(LoopStmt);
  long Stride = strideOf(For->getInc(), C.Base, Ctx);
  bool Steps = Stride > 0;
  bool Indexed = true;
  // Counting down from N (`for (j = N; j; j--)`), the counter runs from N
  // to 1: `&p[j - 1]` covers [p, p + N), `&p[j]` one element past it.
  bool CountsDown = isa<DeclRefExpr>(For->getCond()->IgnoreParenImpCasts());
  std::string IndexWanted = CountsDown ? Counter + "-1" : Counter;
  for (const UaccessUse *U : C.Accesses) {
    PointerShape Ptr = pointerShape(U->arg(U->Api->PointerArg));
    std::optional<long> Index = Ptr.constantIndex();
    std::string IndexText = Ptr.IndexText;
    llvm::erase_if(IndexText, [](char Ch) { return Ch == ' '; });
    Indexed &= Ptr.Kind == PointerShape::Indexed && IndexText == IndexWanted &&
               !movesPastElement(U->arg(U->Api->PointerArg));
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
  bool Unsafe =
      countMisleads(CountExpr, *LoopStmt, C, Trips, Count, Steps ? Stride : 1,
                    Steps != Indexed && Enclosed == LoopStmt);
  // Nor is a copy_*_user() of 'n * sizeof' elements offered then.
  if (Unsafe)
    Trips.clear();
  return Enclosed;
}

bool BatchFinder::countMisleads(const Expr *CountExpr, const Stmt &Loop,
                                BatchCandidate &C, llvm::StringRef Trips,
                                llvm::StringRef Count, long Step,
                                bool Sized) const {
  // The window's size counts the loop's trips (not the whole walk's
  // length): a negative count must not become a huge size.
  bool MayBeNegative = CountExpr && !Bounds.nonNegativeAt(*CountExpr, Loop);
  std::string Element = "sizeof(*" + C.Base + ")";
  if (Sized && MayBeNegative && C.WhyNoRewrite.empty()) {
    C.Guard = "if (" + Trips.str() + " < 0) return ...;";
    C.WhyNoRewrite = "the count '" + Trips.str() +
                     "' is signed: where it is negative the loop accesses "
                     "nothing, but '" +
                     Count.str() + " * " + Element +
                     "' is a huge size and the window fails; add `if (" +
                     Trips.str() +
                     " < 0) return ...;` before the loop, or make the count "
                     "unsigned";
  }
  // Nor does a product that may wrap: the window would check a small
  // range and the unsafe ops write past it, where each access was checked
  // (or faulted) before.
  bool MayWrap = CountExpr && !MayBeNegative &&
                 !Bounds.productFitsAt(*CountExpr, stepBytes(C, Step), Loop);
  if (Sized && MayWrap && C.WhyNoRewrite.empty()) {
    std::string Limit = "SIZE_MAX / " + (Step > 1 ? "(" + std::to_string(Step) +
                                                        " * " + Element + ")"
                                                  : Element);
    C.Guard = "if (" + Trips.str() + " > " + Limit + ") return ...;";
    C.WhyNoRewrite = "'" + C.Range + "' may wrap around size_t ('" +
                     Trips.str() +
                     "' is as wide): the window would check a small range "
                     "and the loop go past it; add `" +
                     C.Guard + "` before the loop, or bound the count";
  }
  return MayBeNegative || MayWrap;
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

namespace {
/// The variables \p E reads; \p ReadsMemory is set when it also reads
/// through a pointer or a struct.
std::vector<const VarDecl *> variablesOf(const Expr *E, bool &ReadsMemory) {
  std::vector<const VarDecl *> Vars;
  ReadsMemory = false;
  if (!E)
    return Vars;
  anyStmtIn(*E, [&](const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Vars.push_back(V);
    ReadsMemory |= isa<MemberExpr, ArraySubscriptExpr>(S) ||
                   (isa<UnaryOperator>(S) &&
                    cast<UnaryOperator>(S).getOpcode() == UO_Deref);
    return false;
  });
  return Vars;
}

/// \p S stores to memory (not to a variable of its own), outside \p Skip.
bool storesToMemory(const Stmt &S, llvm::ArrayRef<const Stmt *> Skip) {
  if (llvm::is_contained(Skip, &S))
    return false;
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(&S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(&S);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (Target && !isa<DeclRefExpr>(Target->IgnoreParenImpCasts()))
    return true;
  // A call may store anywhere.
  if (isa<CallExpr>(S))
    return true;
  for (const Stmt *Child : S.children())
    if (Child && storesToMemory(*Child, Skip))
      return true;
  return false;
}
} // namespace

// The window's size is the count's value where the loop starts, and its
// address the pointer's: a body that moves either (`n++`, `u++`, `i--`)
// would run the unsafe ops past the checked range.
bool BatchFinder::bodyMovesRange(const Stmt *LoopStmt, BatchCandidate &C,
                                 llvm::StringRef Counter,
                                 const Expr *CountExpr) const {
  std::string Changed = changedByBody(LoopStmt, C, Counter, CountExpr);
  if (Changed.empty())
    return false;
  if (C.WhyNoRewrite.empty())
    C.WhyNoRewrite = "the loop's body changes '" + Changed +
                     "', which the window's range is computed from";
  return true;
}

std::string BatchFinder::changedByBody(const Stmt *LoopStmt,
                                       const BatchCandidate &C,
                                       llvm::StringRef Counter,
                                       const Expr *CountExpr) const {
  const Stmt *Body = loopBody(LoopStmt);
  if (!Body)
    return "";
  for (llvm::StringRef Name : {Counter, llvm::StringRef(C.Base)})
    if (!Name.empty() && modifies(Body, Name))
      return Name.str();
  bool ReadsMemory = false;
  for (const VarDecl *V : variablesOf(CountExpr, ReadsMemory))
    if (touches(Body, *V, {/*Assigns=*/true}))
      return V->getName().str();
  if (CountExpr && (CountExpr->HasSideEffects(Ctx) ||
                    (ReadsMemory && storesToMemory(*Body, C.AccessStmts))))
    return writtenText(*CountExpr, Ctx);
  return "";
}

/// copy_to_user() of the whole array: `__put_user(k[i], &u[i])`.
void BatchFinder::wholeArrayCopy(const Stmt *LoopStmt, BatchCandidate &C,
                                 llvm::StringRef Counter,
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
  // Over an array the loop leaves in place: `k++` in it would copy
  // other elements.
  if (modifies(LoopStmt, Kernel))
    return;
  std::string Size = operand(Trips) + " * sizeof(*" + C.Base + ")";
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
    std::vector<const UaccessUse *> Own = accessesOfIf(If, Uses, Fail);
    if (Own.empty()) {
      C.WhyNoRewrite = "an access's result is used in a way an "
                       "unsafe_* op cannot keep";
      return;
    }
    addAccessStatement(C, S, Fail);
    // `get_user(p, &p->next)`: a read into the pointer itself moves it.
    for (const UaccessUse *U : Own)
      if (U->Api->ValueArg != NoArg &&
          U->Api->TheDirection == Direction::FromUser &&
          stripWhitespace(U->arg(U->Api->ValueArg)) == stripWhitespace(C.Base))
        C.WhyNoRewrite = "'" + C.Base + "' changes between the accesses";
    return;
  }
  if (modifies(S, C.Base))
    C.WhyNoRewrite = "'" + C.Base + "' changes between the accesses";
  else if (mayChangePointer(S, C.Base, FD.getBody()))
    C.WhyNoRewrite = "'" + C.Base +
                     "' may change between the accesses: a "
                     "store between them may be one of it";
  if (jumpsOut(S, {}))
    C.WhyNoRewrite = "a jump between the accesses would leave the "
                     "window without ending it";
  if (isJumpTarget(S, FD.getBody(), Uses))
    C.WhyNoRewrite = "a label between the accesses lets a jump enter the "
                     "window without its begin";
}

/// The range of a run: one struct, or the first elements of an array.
namespace {
/// The size of what \p Base points to, read from the first node of
/// \p Pointer that holds Base; none when no such node is found.
std::optional<int64_t> baseObjectBytes(const Expr &Pointer,
                                       llvm::StringRef Base,
                                       const ASTContext &Ctx) {
  std::optional<int64_t> Bytes;
  anyStmtIn(Pointer, [&](const Stmt &S) {
    const auto *E = dyn_cast<Expr>(&S);
    if (!E || !isa<DeclRefExpr, MemberExpr>(E) ||
        !E->getType()->isPointerType() || holderOf(*E) != Base)
      return false;
    QualType Pointee = E->getType()->getPointeeType();
    if (!Pointee->isIncompleteType() && !Pointee->isDependentType())
      Bytes = Ctx.getTypeSizeInChars(Pointee).getQuantity();
    return true;
  });
  return Bytes;
}
} // namespace

// The window of a run covers `Elements * sizeof(*Base)` bytes from Base:
// each access must lie inside, in bytes, whatever its text says (a cast to
// a wider type, `&p->last + 1`).
std::string BatchFinder::accessPastRange(const BatchCandidate &C,
                                         long Elements) const {
  for (const UaccessUse *U : C.Accesses) {
    const Expr *Ptr = argumentExpr(*U, U->Api->PointerArg, Ctx);
    std::optional<int64_t> Object =
        Ptr ? baseObjectBytes(*Ptr, C.Base, Ctx) : std::nullopt;
    BytePlace At = Ptr ? bytePlaceOf(*Ptr, Ctx) : BytePlace();
    QualType Pointee = Ptr ? Ptr->getType()->getPointeeType() : QualType();
    if (!Object || At.Holder != C.Base || !At.Bytes || Pointee.isNull() ||
        Pointee->isIncompleteType())
      return "the bytes that '" + U->arg(U->Api->PointerArg).trim().str() +
             "' reaches cannot be computed";
    int64_t End =
        *At.Bytes + At.Extent + Ctx.getTypeSizeInChars(Pointee).getQuantity();
    if (*At.Bytes < 0 || End > Elements * *Object)
      return "'" + U->arg(U->Api->PointerArg).trim().str() +
             "' reaches bytes " + std::to_string(*At.Bytes) + " to " +
             std::to_string(End - 1) + ", past the " +
             std::to_string(Elements * *Object) + " bytes the window covers";
  }
  return "";
}

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
  if (AllFields || MaxIndex >= 0) {
    std::string Outside = accessPastRange(C, AllFields ? 1 : MaxIndex + 1);
    if (!Outside.empty() && C.WhyNoRewrite.empty()) {
      C.WhyNoRewrite = Outside;
      return;
    }
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

namespace {
/// True when \p Take takes a parameter or a variable of the function's
/// outermost block: what its last line sees.
bool anyTopVariable(const FunctionDecl &FD,
                    llvm::function_ref<bool(const VarDecl &)> Take) {
  if (llvm::any_of(FD.parameters(),
                   [&](const ParmVarDecl *P) { return Take(*P); }))
    return true;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  for (const Stmt *S :
       Body ? Body->body() : CompoundStmt::body_const_range(nullptr, nullptr))
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && Take(*V))
          return true;
  return false;
}
} // namespace

std::string BatchFinder::failureMovesMeaning(const Stmt &Fail) const {
  std::string Why;
  anyStmtIn(Fail, [&](const Stmt &S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&S);
    const auto *D = Ref ? dyn_cast<NamedDecl>(Ref->getDecl()) : nullptr;
    if (!D || !D->getIdentifier())
      return false;
    bool Local = D->getDeclContext()->isFunctionOrMethod();
    if (Local && anyTopVariable(FD, [&](const VarDecl &V) { return &V == D; }))
      return false;
    if (!Local && !anyTopVariable(FD, [&](const VarDecl &V) {
          return V.getName() == D->getName();
        }))
      return false;
    Why = "'" + D->getName().str() + "' in the failure '" +
          stmtText(&Fail, Ctx) + "' is not the same variable at the " +
          "function's end, where the fault label would go";
    return true;
  });
  return Why;
}

std::string BatchFinder::rewriteDoesNotFit(const BatchCandidate &C) const {
  if (containsDirective(*C.First, *C.Last, Ctx))
    return "a preprocessor directive lies inside the window: under another "
           "configuration it would hold code this parse did not see";
  // The label block goes at the function's end, outside any `#if` of the
  // body: where the accesses are inside one, another configuration keeps
  // the label and drops every jump to it (-Wunused-label).
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
      Body &&
      conditionalsOpenAt(Body->getLBracLoc(), C.First->getBeginLoc(), Ctx))
    return "the accesses are inside an '#if' block of the function: the "
           "fault label at its end would be unused where that block is "
           "compiled out";
  // A jump to the label may not enter the scope of a variable with a
  // cleanup (__free(), guard()) or of a variable-length array.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation From = SM.getExpansionLoc(C.First->getBeginLoc());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  if (!Body)
    return "";
  for (const Stmt *S : Body->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && SM.isBeforeInTranslationUnit(
                  From, SM.getExpansionLoc(DS->getBeginLoc())))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && (V->hasAttr<CleanupAttr>() ||
                  V->getType()->isVariablyModifiedType()))
          return "the fault label at the function's end would be in the "
                 "scope of '" +
                 V->getName().str() + "', declared after the accesses " +
                 (V->hasAttr<CleanupAttr>() ? "with a cleanup"
                                            : "with a variable length") +
                 ": a jump to it may not enter that scope";
  return "";
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
  auto Fit = [&](BatchCandidate &C) {
    if (C.WhyNoRewrite.empty() && C.First && C.Last)
      C.WhyNoRewrite = rewriteDoesNotFit(C);
  };
  for (auto &[Key, Members] : Runs) {
    if (Members.size() < MinAccesses)
      continue;
    BatchCandidate C;
    C.TheShape = BatchCandidate::InRun;
    C.Base = Key.second;
    analyzeRun(*Key.first, Members, C);
    Out.push_back(std::move(C));
  }
  llvm::for_each(Out, Fit);
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
