//===--- BatchableCheck.h - batchable ---------------------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_BATCHABLECHECK_H
#define UACCESS_LINT_CHECKS_BATCHABLECHECK_H

#include "analysis/BatchAnalysis.h"
#include "checks/UaccessCheck.h"

#include "llvm/ADT/StringSet.h"

namespace uaccess {

/// batchable: accessors that could share one window. See
/// docs/checks/batchable.md.
///
/// Options: MinAccesses (2), the fewest accesses in a run worth a window;
/// loops always count. ReportAll (false): also report candidates with
/// neither a rewrite, a whole-array copy, nor calls to hoist out of the
/// way to offer, with the reason.
class BatchableCheck : public UaccessCheck {
public:
  BatchableCheck(llvm::StringRef Name, CheckContext &Context)
      : UaccessCheck(Name, Context),
        // One access is nothing to batch: at least 2.
        MinAccesses(Options.getAtLeast("MinAccesses", 2u, 2u)),
        ReportAll(Options.getBool("ReportAll", false)) {}
  static constexpr llvm::StringLiteral Summary =
      "put_user/get_user in loops and runs that could share one window";
  static constexpr llvm::StringLiteral Tags = "performance";
  static constexpr llvm::StringLiteral Precision = "medium";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says (CheckRegistry.h).
  static PatchText describePatch(const Finding &F);

  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

private:
  FindingBuilder report(const clang::FunctionDecl &FD, const BatchCandidate &C);
  /// Why \p C gets no rewrite; empty when it gets one.
  static std::string whyNoRewrite(const BatchCandidate &C, bool EndsInJump);
  /// Rewritable but for calls that can all move above the first access.
  static bool hoistable(const BatchCandidate &C, bool EndsInJump);
  static std::string hoistedTexts(const BatchCandidate &C);
  /// The notes that say why a rewrite is offered, or why not.
  bool noteRewritable(FindingBuilder &B, const clang::FunctionDecl &FD,
                      const BatchCandidate &C, bool EndsInJump);
  void noteHoist(FindingBuilder &B, const BatchCandidate &C, bool EndsInJump);
  void rewrite(FindingBuilder &B, const clang::FunctionDecl &FD,
               const BatchCandidate &C, llvm::StringRef Label);

  const unsigned MinAccesses;
  const bool ReportAll;
};

} // namespace uaccess

#endif
