//===--- AnalysisCache.h - Per-function analyses, computed once -*- C++ -*-===//
//
// In the spirit of clang's AnalysisDeclContext: every check asks this cache
// for what it needs about a function (its uaccess uses, its CFG, its window
// paths, its access_ok model) and each is computed at most once per TU. No
// check owns a cache of its own.
//
//  * AnalysisCache is one TU's: the call policy, the caller index, and one
//    FunctionAnalyses per function asked about.
//  * FunctionAnalyses is one function's: FunctionUses, the CFG (once per
//    pruning choice) and any ManagedAnalysis, by type, through
//    getAnalysis<T>(). An analysis type provides
//      static std::unique_ptr<T> create(FunctionAnalyses &);
//    which may return null when the function has nothing for it; the null
//    answer is cached too. Its key is the address of its `static char ID`
//    (not const, so no linker folds two of them into one).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_ANALYSISCACHE_H
#define UACCESS_LINT_ANALYSIS_ANALYSISCACHE_H

#include "recognize/UaccessRecognizer.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
class ParentMap;
} // namespace clang

namespace uaccess {

class AnalysisCache;
class CallPolicy;
class FieldCheckIndex;

/// Base of the analyses FunctionAnalyses owns.
class ManagedAnalysis {
public:
  virtual ~ManagedAnalysis();
};

class FunctionAnalyses {
public:
  FunctionAnalyses(const clang::FunctionDecl &FD, AnalysisCache &Cache);
  ~FunctionAnalyses();

  const clang::FunctionDecl &decl() const { return FD; }
  AnalysisCache &cache() const { return Cache; }
  clang::ASTContext &astContext() const;
  CallPolicy &policy() const;

  const FunctionUses &uses();
  /// The parent of each statement of the body, mapped on first use. Only
  /// the body is walked: ASTContext::getParents() maps the whole TU, every
  /// header's inline functions included, and cost a kernel TU a fifth of
  /// its analysis time.
  const clang::ParentMap &parents();
  /// The calls in the body (callsIn()), found on first use: a run of N
  /// accesses asks N times.
  llvm::ArrayRef<const clang::CallExpr *> calls();
  /// The CFG of the body, or null when clang cannot build one. Trivially
  /// false edges (`if (0)`, `do { } while (0)` back edges) are pruned unless
  /// \p PruneTriviallyFalseEdges is false. Calls of cleanup-attribute
  /// functions are elements (CFGCleanupFunction) where their scopes end.
  clang::CFG *cfg(bool PruneTriviallyFalseEdges = true);
  /// The first element of cfg() that is part of \p U, or null.
  const clang::Stmt *cfgElementOf(const UaccessUse &U);

  /// The analysis of type \p T, created on first use; null when \p T has
  /// nothing to say about this function.
  template <typename T> T *getAnalysis() {
    auto It = Analyses.find(&T::ID);
    if (It != Analyses.end())
      return static_cast<T *>(It->second.get());
    // A null slot while create() runs: an analysis that asks for itself
    // through a chain of calls (a helper calling its caller) gets "nothing
    // to say" instead of recursing. create() may grow the map: the slot is
    // found again after it.
    Analyses[&T::ID] = nullptr;
    std::unique_ptr<ManagedAnalysis> Made = T::create(*this);
    T *Result = static_cast<T *>(Made.get());
    Analyses[&T::ID] = std::move(Made);
    return Result;
  }

private:
  const clang::FunctionDecl &FD;
  AnalysisCache &Cache;
  std::unique_ptr<FunctionUses> Uses;
  std::unique_ptr<clang::ParentMap> Parents;
  std::optional<std::vector<const clang::CallExpr *>> Calls;
  std::unique_ptr<clang::CFG> Graphs[2];
  bool Built[2] = {false, false};
  // Inline: most functions of a TU (header inlines) get one null answer.
  llvm::SmallDenseMap<const void *, std::unique_ptr<ManagedAnalysis>, 4>
      Analyses;
};

/// The direct calls in the TU, by callee; and the calls through a struct's
/// function-pointer field, by the functions the TU stores in that field.
class CallerIndex {
public:
  struct Site {
    const clang::FunctionDecl *Caller;
    const clang::CallExpr *Call;
  };
  explicit CallerIndex(clang::ASTContext &Ctx);
  /// The calls to \p Callee (any declaration of it); empty when none.
  llvm::ArrayRef<Site> callsTo(const clang::FunctionDecl &Callee) const;
  /// The calls through a field (`regset->set(...)`) that the TU sets to
  /// \p Callee, in an initializer (`.set = genregs_set`) or an assignment.
  llvm::ArrayRef<Site> indirectCallsTo(const clang::FunctionDecl &Callee) const;
  /// Where the TU names \p F other than to call it: a store in a field
  /// (`.set = genregs_set`, `ops->write = (void *)dev_write`), `&f`, an
  /// argument. What makes it a callback, and the calls through a field
  /// its callers.
  llvm::ArrayRef<const clang::Expr *>
  referencesOf(const clang::FunctionDecl &F) const;
  /// The TU names \p F other than to call it (or exports it under another
  /// name, `__attribute__((alias("f")))`): a callback, which whoever holds
  /// the pointer may call, window or not.
  bool addressTaken(const clang::FunctionDecl &F) const;
  /// The TU calls \p F (a variable's `__cleanup(f)` too) or names it where
  /// that runs (not in typeof or sizeof, nor in an arm _Generic or
  /// __builtin_choose_expr does not choose, which clang marks referenced or
  /// even used), or marks it `__attribute__((used))`. A static function it does
  /// not use is left to the TUs that do.
  bool isUsed(const clang::FunctionDecl &F) const;

  using SiteMap =
      llvm::DenseMap<const clang::FunctionDecl *, std::vector<Site>>;
  /// Every function stored in a field, with the calls through that field.
  const SiteMap &indirectCalls() const { return IndirectCalls; }

private:
  static llvm::ArrayRef<Site> sitesIn(const SiteMap &Map,
                                      const clang::FunctionDecl &Callee);
  SiteMap Calls;
  SiteMap IndirectCalls;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::Expr *>>
      References;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  /// The functions of `__cleanup()` attributes.
  llvm::DenseSet<const clang::FunctionDecl *> Cleanups;
};

class AnalysisCache {
public:
  /// \p ExtraSafe: callees the user declares uaccess-safe (a trailing '*'
  /// makes a prefix).
  AnalysisCache(clang::ASTContext &Ctx, const MacroLedger &Ledger,
                std::vector<std::string> ExtraSafe);
  ~AnalysisCache();

  clang::ASTContext &astContext() const { return Ctx; }
  const MacroLedger &ledger() const { return Ledger; }
  CallPolicy &policy() { return *Policy; }
  /// The analyses of \p FD, which must have a body.
  FunctionAnalyses &get(const clang::FunctionDecl &FD);
  /// Who calls whom in the TU, indexed on first use.
  const CallerIndex &callers();
  /// Which struct fields' user pointers the TU checks, found on first use
  /// of each field (FieldChecks.h).
  FieldCheckIndex &fieldChecks();

private:
  clang::ASTContext &Ctx;
  const MacroLedger &Ledger;
  std::unique_ptr<CallPolicy> Policy;
  std::unique_ptr<CallerIndex> Callers;
  std::unique_ptr<FieldCheckIndex> FieldChecks;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionAnalyses>>
      Functions;
};

} // namespace uaccess

#endif
