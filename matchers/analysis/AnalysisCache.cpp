//===--- AnalysisCache.cpp - Per-function analyses, computed once ---------===//

#include "analysis/AnalysisCache.h"
#include "analysis/CallPolicy.h"
#include "analysis/FieldChecks.h"
#include "utils/EvaluatedVisitor.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace uaccess {

ManagedAnalysis::~ManagedAnalysis() = default;

FunctionAnalyses::FunctionAnalyses(const FunctionDecl &FD, AnalysisCache &Cache)
    : FD(FD), Cache(Cache) {}

FunctionAnalyses::~FunctionAnalyses() = default;

ASTContext &FunctionAnalyses::astContext() const { return Cache.astContext(); }

CallPolicy &FunctionAnalyses::policy() const { return Cache.policy(); }

const FunctionUses &FunctionAnalyses::uses() {
  if (!Uses)
    Uses = std::make_unique<FunctionUses>(FD, Cache.ledger(), astContext());
  return *Uses;
}

const ParentMap &FunctionAnalyses::parents() {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(FD.getBody()));
  return *Parents;
}

llvm::ArrayRef<const CallExpr *> FunctionAnalyses::calls() {
  if (!Calls)
    Calls = callsIn(FD.getBody());
  return *Calls;
}

CFG *FunctionAnalyses::cfg(bool PruneTriviallyFalseEdges) {
  unsigned Slot = PruneTriviallyFalseEdges ? 1 : 0;
  if (!Built[Slot]) {
    Built[Slot] = true;
    CFG::BuildOptions BO;
    BO.PruneTriviallyFalseEdges = PruneTriviallyFalseEdges;
    // In C this adds only the calls of __attribute__((cleanup)) functions
    // at every exit of their variable's scope: hand-written guards that
    // end a window.
    BO.AddImplicitDtors = true;
    Graphs[Slot] = CFG::buildCFG(&FD, FD.getBody(), &astContext(), BO);
  }
  return Graphs[Slot].get();
}

const Stmt *FunctionAnalyses::cfgElementOf(const UaccessUse &U) {
  if (const CFG *Graph = cfg())
    for (const CFGBlock *B : *Graph)
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>();
            CS && uses().ownerOf(CS->getStmt()) == &U)
          return CS->getStmt();
  return nullptr;
}

namespace {
/// The field a call goes through: `regset->set(...)`, `(*ops->get)(...)`.
const FieldDecl *calledField(const CallExpr &C) {
  const Expr *Callee = C.getCallee()->IgnoreParenImpCasts();
  if (const auto *Deref = dyn_cast<UnaryOperator>(Callee);
      Deref && Deref->getOpcode() == UO_Deref)
    Callee = Deref->getSubExpr()->IgnoreParenImpCasts();
  const auto *Member = dyn_cast<MemberExpr>(Callee);
  return Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
}

/// The function \p Value names: `genregs_set`, `&genregs_set`.
const FunctionDecl *functionNamed(const Expr *Value) {
  Value = Value->IgnoreParenImpCasts();
  if (const auto *AddrOf = dyn_cast<UnaryOperator>(Value);
      AddrOf && AddrOf->getOpcode() == UO_AddrOf)
    Value = AddrOf->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Value);
  return Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
}

/// Records every direct call with the function it is made from, the calls
/// through function-pointer fields, and the functions stored in them.
/// Only what runs counts: `__typeof__(dev_write)` neither calls nor
/// stores dev_write.
class CallCollector : public EvaluatedVisitor<CallCollector> {
public:
  using Map =
      llvm::DenseMap<const FunctionDecl *, std::vector<CallerIndex::Site>>;
  using ReferenceMap =
      llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>>;
  CallCollector(Map &Calls, llvm::DenseSet<const FunctionDecl *> &AddressTaken,
                ReferenceMap &References,
                llvm::DenseSet<const FunctionDecl *> &Cleanups)
      : Calls(Calls), AddressTaken(AddressTaken), References(References),
        Cleanups(Cleanups) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool Continue = EvaluatedVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return Continue;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (!Current)
      return true;
    if (const FunctionDecl *Callee = C->getDirectCallee()) {
      Calls[Callee->getCanonicalDecl()].push_back({Current, C});
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        Callees.insert(Ref);
    } else if (const FieldDecl *Field = calledField(*C))
      FieldCalls[Field].push_back({Current, C});
    return true;
  }
  bool VisitInitListExpr(InitListExpr *IL) {
    const InitListExpr *Semantic =
        IL->isSemanticForm() ? IL : IL->getSemanticForm();
    const RecordDecl *RD =
        Semantic ? Semantic->getType()->getAsRecordDecl() : nullptr;
    if (!RD || RD->isUnion())
      return true;
    unsigned I = 0;
    for (const FieldDecl *Field : RD->fields())
      if (I < Semantic->getNumInits())
        noteStore(Field, Semantic->getInit(I++));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    const auto *Member = B->getOpcode() == BO_Assign
                             ? dyn_cast<MemberExpr>(B->getLHS()->IgnoreParens())
                             : nullptr;
    if (Member)
      if (const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl()))
        noteStore(Field, B->getRHS());
    return true;
  }
  /// `__attribute__((alias("f")))` exports f under another name: other
  /// TUs call it, as they would a callback.
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (const auto *Alias = FD->getAttr<AliasAttr>())
      Aliasees.insert(Alias->getAliasee());
    if (FD->getIdentifier())
      ByName.try_emplace(FD->getName(), FD->getCanonicalDecl());
    return true;
  }
  /// `__cleanup(f)` calls f where the variable goes out of scope.
  bool VisitVarDecl(VarDecl *V) {
    if (const auto *Cleanup = V->getAttr<CleanupAttr>())
      if (const FunctionDecl *F = Cleanup->getFunctionDecl())
        Cleanups.insert(F->getCanonicalDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      Refs.push_back({Ref, F->getCanonicalDecl()});
    return true;
  }
  /// The functions named other than as the callee of a call: their
  /// address is taken (`.fn = put_cb`, `&put_cb`), at those names.
  void addAddressTaken() const {
    for (const auto &[Ref, F] : Refs)
      if (!Callees.count(Ref)) {
        AddressTaken.insert(F);
        References[F].push_back(Ref);
      }
    for (llvm::StringRef Name : Aliasees.keys())
      if (auto It = ByName.find(Name); It != ByName.end())
        AddressTaken.insert(It->second);
  }
  /// The calls through each field, for each function stored in it.
  void addIndirect(Map &Indirect) const {
    for (const auto &[Field, Functions] : Stored) {
      auto It = FieldCalls.find(Field);
      if (It != FieldCalls.end())
        for (const FunctionDecl *F : Functions)
          llvm::append_range(Indirect[F], It->second);
    }
  }

private:
  void noteStore(const FieldDecl *Field, const Expr *Value) {
    const FunctionDecl *F = Value ? functionNamed(Value) : nullptr;
    if (!F)
      return;
    Stored[Field].insert(F->getCanonicalDecl());
  }

  Map &Calls;
  llvm::DenseSet<const FunctionDecl *> &AddressTaken;
  ReferenceMap &References;
  llvm::DenseSet<const FunctionDecl *> &Cleanups;
  llvm::SmallPtrSet<const DeclRefExpr *, 32> Callees;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Refs;
  llvm::StringSet<> Aliasees;
  llvm::StringMap<const FunctionDecl *> ByName;
  const FunctionDecl *Current = nullptr;
  llvm::DenseMap<const FieldDecl *, std::vector<CallerIndex::Site>> FieldCalls;
  llvm::DenseMap<const FieldDecl *,
                 llvm::SmallSetVector<const FunctionDecl *, 2>>
      Stored;
};
} // namespace

CallerIndex::CallerIndex(ASTContext &Ctx) {
  CallCollector Collector(Calls, AddressTaken, References, Cleanups);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  Collector.addIndirect(IndirectCalls);
  Collector.addAddressTaken();
}

llvm::ArrayRef<CallerIndex::Site>
CallerIndex::sitesIn(const SiteMap &Map, const FunctionDecl &Callee) {
  auto It = Map.find(Callee.getCanonicalDecl());
  if (It == Map.end())
    return {};
  return It->second;
}

llvm::ArrayRef<CallerIndex::Site>
CallerIndex::callsTo(const FunctionDecl &Callee) const {
  return sitesIn(Calls, Callee);
}

llvm::ArrayRef<const Expr *>
CallerIndex::referencesOf(const FunctionDecl &F) const {
  auto It = References.find(F.getCanonicalDecl());
  if (It == References.end())
    return {};
  return It->second;
}

bool CallerIndex::addressTaken(const FunctionDecl &F) const {
  return AddressTaken.count(F.getCanonicalDecl());
}

bool CallerIndex::isUsed(const FunctionDecl &F) const {
  return !callsTo(F).empty() || addressTaken(F) ||
         Cleanups.count(F.getCanonicalDecl()) ||
         F.getMostRecentDecl()->hasAttr<UsedAttr>();
}

llvm::ArrayRef<CallerIndex::Site>
CallerIndex::indirectCallsTo(const FunctionDecl &Callee) const {
  return sitesIn(IndirectCalls, Callee);
}

AnalysisCache::AnalysisCache(ASTContext &Ctx, const MacroLedger &Ledger,
                             std::vector<std::string> ExtraSafe)
    : Ctx(Ctx), Ledger(Ledger),
      Policy(std::make_unique<CallPolicy>(*this, std::move(ExtraSafe))) {}

AnalysisCache::~AnalysisCache() = default;

FunctionAnalyses &AnalysisCache::get(const FunctionDecl &FD) {
  std::unique_ptr<FunctionAnalyses> &Slot = Functions[&FD];
  if (!Slot)
    Slot = std::make_unique<FunctionAnalyses>(FD, *this);
  return *Slot;
}

FieldCheckIndex &AnalysisCache::fieldChecks() {
  if (!FieldChecks)
    FieldChecks = std::make_unique<FieldCheckIndex>(*this);
  return *FieldChecks;
}

const CallerIndex &AnalysisCache::callers() {
  if (!Callers)
    Callers = std::make_unique<CallerIndex>(Ctx);
  return *Callers;
}

} // namespace uaccess
