//===--- AccessOkFarCheck.h - access-ok-far ---------------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H
#define UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H

#include "analysis/CallerSearch.h"
#include "analysis/MaskedPointer.h"
#include "checks/FindingGroups.h"
#include "checks/UaccessCheck.h"
#include "recognize/PointerShape.h"
#include "utils/GlobList.h"

#include <optional>

namespace uaccess {

/// access-ok-far: accesses whose access_ok() is missing, far, elsewhere, on
/// another pointer, or too short. See docs/checks/access-ok-far.md.
///
/// Options: MaxStatements (10) and MaxLines (20), the farthest a check may
/// be from the access it guards; CallerDepth (1), how many calls up a
/// check in every caller still counts as near; FarBufferChecks (false),
/// whether a check of a whole variable-length buffer (`access_ok(buf,
/// cnt)`) is also held to those distances; ArchInternalFiles, the arch's
/// own uaccess code, where a window that names no pointer is the callers'
/// business.
class AccessOkFarCheck : public UaccessCheck {
public:
  AccessOkFarCheck(llvm::StringRef Name, CheckContext &Context);
  static constexpr llvm::StringLiteral Summary =
      "an access relying on an access_ok() that is missing, far away, in "
      "another function, on another pointer, or too short";
  static constexpr llvm::StringLiteral Tags = "security,correctness";
  static constexpr llvm::StringLiteral Precision = "medium";
  /// The messages of its findings (checks/FindingText.h).
  static const llvm::ArrayRef<MessageFormat> Messages;
  /// What a patch of its fix-its says (CheckRegistry.h).
  static PatchText describePatch(const Finding &F);

  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

private:
  /// The filldir shape: an unsafe op outside its checked begin's range.
  void checkWindowRange(FunctionAnalyses &FA, const UaccessUse &Begin);
  void checkBeginFailure(FunctionAnalyses &FA, const UaccessUse &Begin);
  void checkAccess(FunctionAnalyses &FA, const UaccessUse &A);
  /// Calls in a masked or scoped window that pass the raw pointer on to a
  /// callee that may access it, with no access_ok() of that pointer before.
  void checkMaskedCalls(FunctionAnalyses &FA);
  bool isArchInternal(clang::SourceLocation Loc,
                      const clang::SourceManager &SM) const;
  /// One finding per function, pointer and kind: a later access of the same
  /// pointer becomes a note of the first one's finding (null is returned).
  /// \p Message is rendered from \p Args with the accessor's name and,
  /// when the op escaped its window's mask, how ("raw").
  FindingBuilder *report(FunctionAnalyses &FA, const UaccessUse &A,
                         llvm::StringRef Kind, const MessageFormat &Message,
                         FindingArgs Args);
  void noteUncheckedWindow(FindingBuilder &B, FunctionAnalyses &FA,
                           const UaccessUse &Op);
  void reportReassigned(FunctionAnalyses &FA, const UaccessUse &A,
                        const UaccessUse &Check, const clang::Stmt &AssignedBy,
                        const PointerShape &Ptr);
  void reportFailureIgnored(FunctionAnalyses &FA, const UaccessUse &A,
                            const UaccessUse &Check, const PointerShape &Ptr);
  void reportGuarded(FunctionAnalyses &FA, const UaccessUse &A,
                     const UaccessUse &Guard);
  void reportUnguarded(FunctionAnalyses &FA, const UaccessUse &A);
  /// The epoll v2 fix: a checked begin of the same family, failing the way
  /// the window's fault path already does.
  void fixUncheckedBegin(FindingBuilder &B, FunctionAnalyses &FA,
                         const UaccessUse &A);
  /// An unguarded access through a pointer read from a struct field that
  /// the TU checks elsewhere (FieldChecks.h): silent after a tested call
  /// that checks that field of the same object (unless a begin that checks
  /// nothing opened its window), else reported with the check. False when the
  /// TU checks no such field; then \p OtherUnits is set to the field, for the
  /// link step to ask other TUs about, when the function does not write it.
  void reportCallerField(FunctionAnalyses &FA, const UaccessUse &A,
                         const TracedPointer &Ptr,
                         const CallerSearch::FieldPass &Pass);
  bool reportFieldCheck(FunctionAnalyses &FA, const UaccessUse &A,
                        const TracedPointer &Ptr, const CallerSearch &Search,
                        std::string &OtherUnits);
  /// The TU's main file, as findings name it.
  void dependOnCallers(FindingBuilder &B, FunctionAnalyses &FA,
                       const CallerSearch &Search);
  void noteBlamedCalls(FindingBuilder &B, const CallerSearch &Search);
  std::string unitName();

  /// The masked or scoped window whose mask the op being checked escapes;
  /// report() says so in its finding.
  RawUse Raw;

  const unsigned MaxStatements;
  const unsigned MaxLines;
  const unsigned CallerDepth;
  const bool FarBufferChecks;
  std::optional<GlobList> ArchInternal;
  /// How many accesses of one pointer a grouped finding lists in notes.
  static constexpr unsigned ListedAccesses = 3;
  FindingGroups Groups{ListedAccesses};
};

} // namespace uaccess

#endif
