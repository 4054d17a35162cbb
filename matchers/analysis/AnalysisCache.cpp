//===--- AnalysisCache.cpp - Per-function analyses, computed once ---------===//

#include "analysis/AnalysisCache.h"
#include "analysis/CallPolicy.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

namespace {
/// Records every direct call with the function it is made from.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  using Map =
      llvm::DenseMap<const FunctionDecl *, std::vector<CallerIndex::Site>>;
  explicit CallCollector(Map &Calls) : Calls(Calls) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool Continue = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return Continue;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Current)
      Calls[Callee->getCanonicalDecl()].push_back({Current, C});
    return true;
  }

private:
  Map &Calls;
  const FunctionDecl *Current = nullptr;
};
} // namespace

CallerIndex::CallerIndex(ASTContext &Ctx) {
  CallCollector(Calls).TraverseDecl(Ctx.getTranslationUnitDecl());
}

llvm::ArrayRef<CallerIndex::Site>
CallerIndex::callsTo(const FunctionDecl &Callee) const {
  auto It = Calls.find(Callee.getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
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

const CallerIndex &AnalysisCache::callers() {
  if (!Callers)
    Callers = std::make_unique<CallerIndex>(Ctx);
  return *Callers;
}

} // namespace uaccess
