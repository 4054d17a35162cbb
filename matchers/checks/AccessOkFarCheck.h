//===--- AccessOkFarCheck.h - access-ok-far ---------------------*- C++ -*-===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H
#define UACCESS_LINT_CHECKS_ACCESSOKFARCHECK_H

#include "analysis/AccessOkModel.h"
#include "analysis/ArgumentTrace.h"
#include "analysis/CallerSearch.h"
#include "analysis/MaskedPointer.h"
#include "analysis/RangeCoverage.h"
#include "checks/UaccessCheck.h"
#include "utils/GlobList.h"

#include "llvm/ADT/StringMap.h"

#include <deque>
#include <optional>

namespace uaccess {

struct FieldCheck;

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

  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

private:
  /// The access_ok() (or self-checking use) before an access, by how it
  /// relates to the access.
  struct Guards {
    const UaccessUse *Guard = nullptr;        ///< Same pointer, dominates.
    const UaccessUse *OnOtherPath = nullptr;  ///< Same pointer, earlier.
    const UaccessUse *OtherPointer = nullptr; ///< Dominates, other pointer.
    const UaccessUse *Unreadable = nullptr;   ///< Dominates, pointer unknown.
    /// Dominates, checks the accessed name for a fixed length, and the
    /// name moves (a walking or offset copy): it may be past that range.
    const UaccessUse *Moved = nullptr;
  };

  /// The filldir shape: an unsafe op outside its checked begin's range.
  void checkWindowRange(FunctionAnalyses &FA, const UaccessUse &Begin);
  void checkAccess(FunctionAnalyses &FA, const UaccessUse &A);
  /// An unsafe op needs a guard of its own when no checked begin opened its
  /// window (CVE-2017-5123), or when it goes through another pointer than
  /// the one its window was opened for.
  /// In a masked or scoped window, an op through a pointer its begin did
  /// not make (MaskedPointer.h) needs one too: \p Raw says how it escaped.
  bool needsOwnGuard(FunctionAnalyses &FA, const UaccessUse &Op,
                     bool ArchInternal, RawUse &Raw) const;
  /// Calls in a masked or scoped window that pass the raw pointer on to a
  /// callee that may access it, with no access_ok() of that pointer before.
  void checkMaskedCalls(FunctionAnalyses &FA);
  bool isArchInternal(clang::SourceLocation Loc,
                      const clang::SourceManager &SM) const;
  /// One finding per function, pointer and kind: a later access of the same
  /// pointer becomes a note of the first one's finding (null is returned).
  FindingBuilder *report(FunctionAnalyses &FA, const UaccessUse &A,
                         llvm::StringRef Kind, const std::string &Text);
  void flushGroups();
  static const UaccessUse *uncheckedOpener(FunctionAnalyses &FA,
                                           const UaccessUse &Op);
  void noteUncheckedWindow(FindingBuilder &B, FunctionAnalyses &FA,
                           const UaccessUse &Op);
  Guards findGuards(FunctionAnalyses &FA, const UaccessUse &A);
  void reportGuarded(FunctionAnalyses &FA, const UaccessUse &A,
                     const UaccessUse &Guard);
  void reportUnguarded(FunctionAnalyses &FA, const UaccessUse &A);
  /// The epoll v2 fix: a checked begin of the same family, failing the way
  /// the window's fault path already does.
  void fixUncheckedBegin(FindingBuilder &B, FunctionAnalyses &FA,
                         const UaccessUse &A);
  /// How \p Access goes past a range (RangeCoverage.h), as its finding
  /// says it: " accesses bytes 8 to 11 of 'ids'".
  std::string excessText(FunctionAnalyses &FA, const UaccessUse &Check,
                         const UaccessUse &Access, const RangeExcess &Excess);
  /// True when a check other than \p Guard that runs before \p A covers
  /// the bytes it reaches.
  bool coveredByAnotherCheck(FunctionAnalyses &FA, const UaccessUse &Guard,
                             const UaccessUse &A);
  /// \p Check's length as written, and in bytes when that differs.
  static std::string lengthText(const UaccessUse &Check, uint64_t Bytes);
  /// The message of an access with no check in its function: the check
  /// every caller makes (\p AllChecked), else "not guarded", or the other
  /// pointer a caller checks (CallerSearch::Other).
  std::string unguardedMessage(FunctionAnalyses &FA, const UaccessUse &A,
                               const TracedPointer &Ptr,
                               const CallerSearch &Search,
                               bool AllChecked) const;
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
  /// The link data of a finding whose search left the TU.
  CallerLink callerLink(const UaccessUse &A, llvm::StringRef Pointer,
                        const CallerSearch &Up);

  struct Group {
    explicit Group(FindingBuilder B) : Builder(std::move(B)) {}
    FindingBuilder Builder;
    std::string Pointer;
    clang::SourceLocation Last;
    unsigned Folded = 0;
  };

  /// The masked or scoped window whose mask the op being checked escapes;
  /// report() says so in its finding.
  RawUse Raw;

  const unsigned MaxStatements;
  const unsigned MaxLines;
  const unsigned CallerDepth;
  const bool FarBufferChecks;
  std::optional<GlobList> ArchInternal;
  // A deque: report() hands out pointers into it that later groups must
  // not move.
  std::deque<Group> Groups;
  llvm::StringMap<unsigned> GroupOf;
};

} // namespace uaccess

#endif
