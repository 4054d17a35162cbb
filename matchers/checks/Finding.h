//===--- Finding.h - A diagnostic, detached from its AST --------*- C++ -*-===//
//
// What a check produces: a message at a file offset, with notes and fix-its,
// as plain values that outlive the AST. Workers hand findings back as JSON
// (runner/FindingsFormat.h) and every output format is rendered from them.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_FINDING_H
#define UACCESS_LINT_CHECKS_FINDING_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace uaccess {

/// How much a finding matters: errors fail a run (exit 1), warnings only
/// under --warnings-as-errors, notes (performance hints) never.
enum class Severity { Note, Warning, Error };

inline const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

inline std::optional<Severity> parseSeverity(const std::string &Name) {
  for (Severity S : {Severity::Note, Severity::Warning, Severity::Error})
    if (Name == severityName(S))
      return S;
  return std::nullopt;
}

struct FindingLocation {
  std::string File;
  uint64_t Offset = 0;
  uint64_t Line = 0;
  uint64_t Column = 0;
};

struct FindingNote {
  FindingLocation Loc;
  std::string Message;
  /// The note names a place the finding is about, one of several it folds
  /// in: a window's leak exit, a grouped access. Two findings at one place
  /// with other sites are two findings, and a new site makes a finding new
  /// to a baseline. Other notes explain (and may differ by arch).
  bool Site = false;
  /// With Site: what tells the site apart beyond its line's text (the
  /// function a call to blame is in), so that a like line elsewhere is
  /// another site to a baseline.
  std::string Identity;
};

/// A finding's named, typed arguments, as clang's `diag() << arg`: the
/// accessor, the begin, the pointer, the checking function, the call chain.
/// The finding's message is rendered from them by its check's message
/// format (checks/FindingText.h); the link step changes them and renders
/// again; a patch's words are written from them (describePatch). No part
/// of the tool reads a message back.
class FindingArgs {
public:
  /// Text, a count, or a list of names (a call chain).
  using Value = std::variant<std::string, int64_t, std::vector<std::string>>;

  FindingArgs &set(llvm::StringRef Name, std::string Text) {
    Values[Name.str()] = std::move(Text);
    return *this;
  }
  FindingArgs &set(llvm::StringRef Name, const char *Text) {
    return set(Name, std::string(Text));
  }
  FindingArgs &set(llvm::StringRef Name, llvm::StringRef Text) {
    return set(Name, Text.str());
  }
  FindingArgs &set(llvm::StringRef Name, int64_t Number) {
    Values[Name.str()] = Number;
    return *this;
  }
  FindingArgs &set(llvm::StringRef Name, std::vector<std::string> List) {
    Values[Name.str()] = std::move(List);
    return *this;
  }
  /// A flag is the count 1 or 0.
  FindingArgs &flag(llvm::StringRef Name, bool On) {
    return set(Name, int64_t(On ? 1 : 0));
  }
  void erase(llvm::StringRef Name) { Values.erase(Name.str()); }

  bool has(llvm::StringRef Name) const { return Values.count(Name.str()); }
  /// The argument as a message shows it: text as is, a count in decimal, a
  /// list of names quoted and joined ("'a', 'b'"); "" when there is none.
  std::string text(llvm::StringRef Name) const;
  /// A count; \p Default when there is none or it is not a count.
  int64_t number(llvm::StringRef Name, int64_t Default = 0) const;
  /// A list; one element for text; empty otherwise.
  std::vector<std::string> list(llvm::StringRef Name) const;
  /// Set, and not "", 0 or an empty list.
  bool isSet(llvm::StringRef Name) const;

  const std::map<std::string, Value> &values() const { return Values; }
  bool empty() const { return Values.empty(); }
  bool operator==(const FindingArgs &O) const { return Values == O.Values; }

private:
  std::map<std::string, Value> Values;
};

/// Lines [First, Last] of File: code a finding's analysis read elsewhere
/// than at its places (Finding::Depends).
struct LineSpan {
  std::string File;
  uint64_t First = 0;
  uint64_t Last = 0;
  bool operator==(const LineSpan &O) const {
    return File == O.File && First == O.First && Last == O.Last;
  }
};

struct FindingFix {
  std::string File;
  uint64_t Offset = 0;
  uint64_t Length = 0;
  std::string Replacement;
};

/// A tested call of a function another TU defines, with the argument that
/// passes the pointer in question (CallerEnd::GuardCalls).
using GuardCall = std::pair<std::string, uint64_t>;

/// Where access-ok-far's search for a check ran out of callers in the TU:
/// a function other TUs may call (or a call of functions defined there).
/// The link step (link/CallerLink.h) follows it through the call
/// summaries of the TUs that name it.
struct CallerEnd {
  /// The function whose callers are still to be searched, and its
  /// parameter that holds the pointer (Indirect: its address); a negative
  /// Param when only GuardCalls can still check it.
  std::string Function;
  int Param = -1;
  bool Indirect = false;
  /// The TU's main file when Function has internal linkage (its callers
  /// are all in that TU); empty otherwise.
  std::string Unit;
  /// Tested calls, before the call that passes the pointer on, of
  /// functions defined in other TUs, with the argument that passes it:
  /// one that is a check wrapper of that parameter checks the pointer.
  std::vector<GuardCall> GuardCalls;
  /// The callers from the finding's function up to Function, inclusive
  /// (empty when Function is the finding's own).
  std::vector<std::string> Chain;
};

/// What the link step needs to finish an access-ok-far finding.
struct CallerLink {
  std::vector<CallerEnd> Ends;
  std::string Accessor; ///< '__get_user'
  std::string Pointer;  ///< The parameter's name in the finding's function.
  /// A check found on the callers' paths inside the TU, 0 calls when none.
  uint64_t CheckedDepth = 0;
  /// How many calls up a check in every caller still counts as near
  /// (access-ok-far.CallerDepth).
  uint64_t NearDepth = 1;
  /// How many calls up the search goes.
  uint64_t MaxDepth = 8;
  /// Set when the pointer is read from this struct field ("record::member",
  /// analysis/FieldChecks.h) and the finding's TU checks that field
  /// nowhere: a check of it in another TU is named.
  std::string Field;
  /// Set when a caller checks another pointer than the one it passes on
  /// (ArgumentTrace::OtherCheck) and the message names that check: a path
  /// with no check keeps that message.
  bool NamesOtherCheck = false;
};

struct Finding {
  std::string Check;
  /// Which of its check's message formats Message was rendered from
  /// (checks/FindingText.h), and its arguments.
  std::string MessageId;
  FindingArgs Args;
  /// Rendered from MessageId and Args when the finding is made, and again
  /// when the link step changes them.
  std::string Message;
  FindingLocation Loc;
  Severity Level = Severity::Warning;
  std::string Function;
  /// The lines the function spans in Loc.File (0 when unknown): --diff
  /// counts a deletion inside them as touching the finding.
  uint64_t FunctionBeginLine = 0;
  uint64_t FunctionEndLine = 0;
  /// The other code the finding depends on, so that a change there can
  /// make or unmake it (CheckContext::dependencies(), over utils'
  /// codeDependencies()): the #define of each macro that made its places
  /// (a helper macro's end), the functions its notes are in, the functions
  /// of its own file its function calls, and, in any file, those it calls
  /// inside a window (a helper that ends the window) or, where its
  /// function has an op or an end outside any window, those that use the
  /// API (a helper that opens the window). --diff counts a change inside
  /// them as touching the finding.
  std::vector<LineSpan> Depends;
  std::vector<FindingNote> Notes;
  std::vector<FindingFix> Fixes;
  /// Higher sorts first among findings of one check (batchable savings).
  uint64_t Rank = 0;
  /// Why no fix-it is offered, where a check says (batchable).
  std::string Reason;
  /// Set by the driver after the merge (tool/gate/Fingerprints.h): what a
  /// baseline knows the finding by. Workers leave it empty.
  std::string Fingerprint;
  /// The fingerprint as versions before 2026-12 made it (whitespace
  /// collapsed, legacyFingerprintSnippet()): a baseline written by one
  /// still accepts the finding. Not written anywhere.
  std::string LegacyFingerprint;
  /// The kernel names of the arches whose TUs have the finding, sorted.
  /// Set by the driver from the TUs' arches; `merge` unites them.
  std::vector<std::string> Arches;
  /// Set when the finding depends on callers in other TUs; the driver's
  /// link step rewords or drops it, then clears this.
  std::optional<CallerLink> Link;
  /// Set by the driver from the TUs that have the finding: the indices of
  /// their settings (tool/inputs/Settings.h), sorted. Each settings' header
  /// filter and baseline decide for its own TUs.
  std::vector<unsigned> Configs;
};

} // namespace uaccess

#endif
