//===--- CallerLink.h - access_ok() checks across TUs -----------*- C++ -*-===//
//
// The link step. access-ok-far's search for the check a user pointer relies
// on stops at the TU's edge: a function other TUs call, or a tested call of
// a function another TU defines. Such findings carry a CallerLink. The
// driver then asks the TUs that name those functions for their call
// summaries (runner/CallSummary.h), asks again for the functions those
// summaries lead to, and finally finishes each finding:
//
//  * a check at every call, at most NearDepth calls up: dropped;
//  * a check at every call, farther up: "relies on an access_ok() in
//    another function", naming the check, its file and line, and the chain;
//  * a pointer read from a struct field, by the finding's function or by a
//    caller that passes it unchecked, where a check of that field exists
//    elsewhere (analysis/FieldChecks.h): "relies on an access_ok() of the
//    struct field ...", naming that check;
//  * a call with no check, or no caller anywhere: kept as "not guarded",
//    with a note at the unchecked call when there is one; when every such
//    path ends at a function that nothing in the database calls, the
//    finding says so ("f() has no caller in this database").
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_LINK_CALLERLINK_H
#define UACCESS_LINT_LINK_CALLERLINK_H

#include "checks/Finding.h"
#include "runner/CallSummary.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <deque>
#include <set>
#include <string>
#include <vector>

namespace uaccess {

/// The call summaries the driver has gathered, and which functions it has
/// asked about: for those, every TU that names them has answered.
class ProgramCalls {
public:
  struct Site {
    CallSite Call;
    std::string Unit; ///< The caller's TU.
  };

  /// Adds one TU's summary; a site two TUs report (a header's) counts once.
  void add(const CallSummary &Summary);
  void markAsked(const std::set<std::string> &Names);
  /// True when every call of \p Function is known: every TU that names it
  /// has answered; or, for the internal one of TU \p Unit, that TU has.
  bool asked(llvm::StringRef Function, llvm::StringRef Unit = "") const;
  /// True when TU \p Unit's summary listed every call of \p Function in it.
  bool answered(llvm::StringRef Unit, llvm::StringRef Function) const;
  /// The calls of \p Function: of the internal one of TU \p Unit when
  /// \p Unit is not empty, else of the external one.
  std::vector<const Site *> callsTo(llvm::StringRef Function,
                                    llvm::StringRef Unit) const;
  const WrapperDefinition *wrapper(llvm::StringRef Function) const;
  /// The first access_ok() of struct field \p Key that a summary lists, or
  /// else its first check, outside function \p Except; null when none.
  const FieldCheckSummary *fieldCheck(llvm::StringRef Key,
                                      llvm::StringRef Except = "") const;
  /// Adds to \p Out the functions not yet asked about whose being check
  /// wrappers would make a tested call of them a check of field \p Key
  /// (FieldCheckSummary::RequiredCallee).
  void fieldWrappersToAsk(llvm::StringRef Key,
                          std::set<std::string> &Out) const;
  /// True when every TU that names field \p Key has answered for it.
  bool fieldAsked(llvm::StringRef Key) const {
    return FieldsAsked.contains(Key);
  }
  void markFieldsAsked(const std::set<std::string> &Keys);
  /// Set when the summaries were asked of a compile database's TUs, not
  /// only of the files the command line named: then a function no summary
  /// calls has no caller in the database, and findings may say so.
  void setFromDatabase(bool Whole) { FromDatabase = Whole; }
  bool fromDatabase() const { return FromDatabase; }

private:
  bool wrapperChecks(const FieldCheckSummary &F) const;
  std::deque<Site> Sites;
  llvm::StringMap<std::vector<const Site *>> ByCallee;
  std::set<std::string> SeenSites;
  llvm::StringMap<WrapperDefinition> Wrappers;
  llvm::StringSet<> Asked;
  llvm::StringMap<std::vector<FieldCheckSummary>> FieldChecks;
  llvm::StringSet<> FieldsAsked;
  /// Per TU, the functions whose calls in it are all known.
  llvm::StringMap<llvm::StringSet<>> AnsweredIn;
  bool FromDatabase = false;
};

/// The functions whose call summaries the findings' links still need.
std::set<std::string> namesToAsk(const std::vector<Finding> &Findings,
                                 const ProgramCalls &Calls);
/// The struct fields whose checks the findings' links still need.
std::set<std::string> fieldsToAsk(const std::vector<Finding> &Findings,
                                  const ProgramCalls &Calls);

/// Finishes every finding that carries a link (see the file comment) and
/// clears the link; a finding dropped as near enough is removed. Files
/// under \p Root are named relative to it in messages.
void linkFindings(std::vector<Finding> &Findings, const ProgramCalls &Calls,
                  llvm::StringRef Root);

} // namespace uaccess

#endif
