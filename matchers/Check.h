//===--- Check.h - One uaccess-lint check -----------------------*- C++ -*-===//
//
// Modelled on clang-tidy: a check is a class with registerMatchers() and
// check(), one doc page under docs/ and one lit test per fixture flavor.
// Shared per-TU state (the macro ledger, function uses, the window analysis
// of each function) lives in CheckContext so checks never redo each other's
// work.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECK_H
#define UACCESS_LINT_CHECK_H

#include "CallPolicy.h"
#include "Finding.h"
#include "UaccessRecognizer.h"
#include "WindowAnalysis.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Twine.h"
#include <functional>
#include <memory>

namespace uaccess {

struct CheckOptions {
  /// Extra uaccess-safe callee names (or prefixes ending in '*').
  std::vector<std::string> ExtraSafeCallees;
  /// batchable: fewest accesses worth a window.
  uint64_t MinAccesses = 2;
  /// access-ok-far: farthest an access_ok() may be, in statements and lines.
  uint64_t MaxAccessOkStatements = 10;
  uint64_t MaxAccessOkLines = 20;
  /// access-ok-far: how many callers up to look for a check.
  uint64_t MaxCallerDepth = 3;
};

class CheckContext;

/// Adds notes and fix-its to a finding; the finding is recorded when the
/// builder goes out of scope.
class FindingBuilder {
public:
  FindingBuilder(CheckContext &Ctx, Finding F) : Ctx(Ctx), F(std::move(F)) {}
  FindingBuilder(FindingBuilder &&) = default;
  ~FindingBuilder();

  FindingBuilder &note(clang::SourceLocation Loc, const llvm::Twine &Message);
  FindingBuilder &replace(clang::CharSourceRange Range, llvm::StringRef Text);
  FindingBuilder &insert(clang::SourceLocation Loc, llvm::StringRef Text);
  FindingBuilder &rank(unsigned R) {
    F.Rank = R;
    return *this;
  }

private:
  CheckContext &Ctx;
  Finding F;
  bool Moved = false;
};

class CheckContext {
public:
  CheckContext(const MacroLedger &Ledger, CheckOptions Opts,
               std::vector<Finding> &Sink, llvm::StringRef Directory);

  void setASTContext(clang::ASTContext &Ctx);
  clang::ASTContext &astContext() { return *AST; }
  const clang::SourceManager &sourceManager() const;
  const CheckOptions &options() const { return Opts; }
  CallPolicy &policy() { return *Policy; }
  const MacroLedger &ledger() const { return Ledger; }

  /// Functions worth analyzing: definitions, not the API's own bodies.
  bool isAnalyzable(const clang::FunctionDecl &FD) const;
  const FunctionUses &usesOf(const clang::FunctionDecl &FD);
  /// The window analysis of \p FD, or null when it has nothing to analyze.
  const WindowAnalysis *windowsOf(const clang::FunctionDecl &FD);

  FindingBuilder report(llvm::StringRef Check, clang::SourceLocation Loc,
                        const clang::FunctionDecl *FD,
                        const llvm::Twine &Message);
  FindingLocation locate(clang::SourceLocation Loc) const;
  void add(Finding F) { Sink.push_back(std::move(F)); }

private:
  const MacroLedger &Ledger;
  CheckOptions Opts;
  std::vector<Finding> &Sink;
  std::string Directory;
  clang::ASTContext *AST = nullptr;
  std::unique_ptr<CallPolicy> Policy;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<WindowAnalysis>>
      Windows;
};

class UaccessCheck : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  UaccessCheck(llvm::StringRef Name, CheckContext &Context)
      : Name(Name), Context(Context) {}
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override {
    check(R);
  }
  virtual void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;

protected:
  FindingBuilder diag(clang::SourceLocation Loc, const clang::FunctionDecl *FD,
                      const llvm::Twine &Message) {
    return Context.report(Name, Loc, FD, Message);
  }
  llvm::StringRef name() const { return Name; }
  CheckContext &context() { return Context; }

private:
  std::string Name;
  CheckContext &Context;
};

/// Every check, by name.
struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Summary;
  std::function<std::unique_ptr<UaccessCheck>(llvm::StringRef, CheckContext &)>
      Make;
};
llvm::ArrayRef<CheckInfo> allChecks();

/// clang-tidy style filter: comma-separated globs, '-' negates, last match
/// wins. Returns false and sets Error for a malformed glob.
class CheckFilter {
public:
  static std::optional<CheckFilter> parse(llvm::StringRef Spec,
                                          std::string &Error);
  bool enabled(llvm::StringRef Check) const;
  /// True when some glob names no known check (a typo, most likely).
  std::vector<std::string> unmatchedGlobs() const;

private:
  struct Glob {
    std::string Text;
    bool Negative;
  };
  std::vector<Glob> Globs;
};

} // namespace uaccess

#endif
