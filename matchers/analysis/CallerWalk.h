//===--- CallerWalk.h - The search up a pointer's callers -------*- C++ -*-===//
//
// An access with no access_ok() in its function may rely on one its callers
// make: the epoll v1 patch checked "quite a distance away", two functions
// up. This is the one walk up the callers, parameter by parameter, that
// looks for a check at every call. It reads the calls through a provider of
// call-site facts, and there are two: the TU's AST (CallerSearch.h) and the
// program's call summaries (link/CallerLink.cpp). The rules:
//
//  * a call whose caller checks the pointer before it ends its path as
//    checked; the first check found is kept, and the longest chain;
//  * a caller that passes its own parameter on is searched in turn, up to
//    MaxCallerSearch calls (the unchecked end of that path blames the call
//    that passed it on); a recursion checks nothing new;
//  * a call that passes a pointer its caller neither checks nor was given
//    ends its path as unchecked, and is the call to blame; so does a check
//    of the pointer that falls short: a length that need not cover it, or
//    a failure that does not stop the call;
//  * a pointer read from a struct field checked elsewhere ends its path at
//    that check: neither checked here nor known unchecked;
//  * tested calls of functions another TU defines, or a function other TUs
//    may call, leave the provider's sight: an open end;
//  * a function with no caller ends its path as the provider says;
//  * with StopAtUnchecked, the paths past the first unchecked one are
//    walked only for their calls to blame (MoreBlamed);
//  * a fact the provider does not have yet leaves the search pending.
//
// The state is CallerPaths: what the paths ended in, with the details each
// verdict's words need. A provider (Facts) has these members:
//
//   using Function, Site, Check, FieldRef, Guards;  // copyable values
//   std::optional<std::vector<Site>> callsTo(const Function &);
//   Function callerOf(const Site &) const;
//   bool same(const Function &, const Function &) const;
//   CallStep<Facts> step(const Site &, const TracedParam &);
//   CallerEndKind<Facts> noCallers(const Function &, const TracedParam &);
//   static constexpr bool StopAtUnchecked;
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_CALLERWALK_H
#define UACCESS_LINT_ANALYSIS_CALLERWALK_H

#include "analysis/ArgumentTrace.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

/// How far up the callers the search for a check goes; access-ok-far's
/// CallerDepth only says how far up a check still counts as near.
constexpr unsigned MaxCallerSearch = 8;

/// What a search of the callers concluded, in one word: the search within
/// the TU and the link step's across TUs both end in one, and the check and
/// the link step act on it.
enum class CallerVerdict {
  Checked,       ///< Every path has a check of the pointer.
  FieldChecked,  ///< No path unchecked; some pass a field checked elsewhere.
  LeavesUnit,    ///< No path unchecked here; some go on in other TUs.
  Pending,       ///< The link step waits for more call summaries.
  OnlyUnused,    ///< Every path ends at a static function nothing uses.
  UncheckedCall, ///< A caller passes a pointer it neither checks nor got.
  Unchecked,     ///< Some other path has no check (no body, depth, no call).
  NoPath,        ///< No caller to search: no parameter, or no caller seen.
};

/// What one call does with the pointer the walk follows.
template <class Facts> struct CallStep {
  enum Kind {
    Checked,    ///< Its caller checks it before the call (Check).
    WeakCheck,  ///< ... but the check falls short (Other, OtherWeakness).
    LeavesUnit, ///< Tested calls of other TUs' functions (Guards) may.
    PassedOn,   ///< It is the caller's own parameter Up.
    FieldRead,  ///< Read from a struct field checked elsewhere (Field).
    Unchecked,  ///< None of these: the call is to blame.
    NoBody,     ///< The caller has no body to look into.
    Unknown,    ///< Nothing to go on until the provider knows more.
  };
  Kind TheKind = Unchecked;
  typename Facts::Check Check{};
  TracedParam Up;
  typename Facts::Guards Guards{};
  typename Facts::FieldRef Field{};
  /// A check the caller makes before the call of another pointer, or of
  /// this one falling short (WeakCheck), and what the caller passes.
  std::optional<typename Facts::Check> Other;
  CheckWeakness OtherWeakness = CheckWeakness::None;
  /// With OtherWeakness Short: the bytes reached, counted from Passed,
  /// when known.
  std::optional<ByteRange> Reached;
  std::string Passed;
  /// Some facts about this call are still missing (a check wrapper's
  /// summary): the search is pending, whatever Kind says.
  bool Waits = false;
};

/// How the path of a function that has no caller ends.
template <class Facts> struct CallerEndKind {
  enum Kind {
    Unused,     ///< A static function nothing uses: its callers are elsewhere.
    LeavesUnit, ///< Other TUs may call it.
    FieldRead,  ///< Its parameter's field is checked elsewhere (Field).
    Unchecked,  ///< No check on that path.
    Orphan,     ///< Nothing in the program calls it.
  };
  Kind TheKind = Unchecked;
  typename Facts::FieldRef Field{};
};

/// What the search through the callers found: checks on some paths, paths
/// with none, paths that leave the provider's sight.
template <class Facts> struct CallerPaths {
  using Function = typename Facts::Function;
  using Site = typename Facts::Site;
  using CallerChain = std::vector<Function>;

  /// A check found, and the callers up to it (the checking one last).
  struct CheckFound {
    typename Facts::Check Check;
    CallerChain Chain;
  };
  /// Where a path leaves the provider's sight: \p Function's callers
  /// (parameter Param; Index -1 when only Guards can still check it),
  /// reached up Chain, after tested calls Guards.
  struct OpenEnd {
    typename Facts::Function Function;
    TracedParam Param;
    CallerChain Chain;
    typename Facts::Guards Guards{};
  };
  /// A path that reads the pointer from a struct field checked elsewhere:
  /// in \p Caller, up Chain.
  struct FieldPass {
    Function Caller;
    typename Facts::FieldRef Check;
    CallerChain Chain;
  };
  /// A caller, on a path with no check, that checks another pointer (or
  /// this one, falling short: Weakness) before it passes this one on as
  /// Passed, up Chain.
  struct OtherCheck {
    Function Caller;
    typename Facts::Check Check;
    std::string Passed;
    CheckWeakness Weakness = CheckWeakness::None;
    CallerChain Chain;
    /// With Weakness Short: the bytes reached from Passed, when known.
    std::optional<ByteRange> Reached;
    bool weak() const { return Weakness != CheckWeakness::None; }
  };

  std::optional<CheckFound> First;
  unsigned Deepest = 0; ///< The longest chain to a check found.
  bool Unchecked = false;
  /// Some caller passes a pointer it neither checks nor was given: a path
  /// known to have no check, not merely the end of the search.
  bool UncheckedCall = false;
  /// Such a caller checks no other pointer either (Other).
  bool BareUncheckedCall = false;
  /// The first unchecked path's call to blame (none at the depth limit
  /// from the start, or a caller with no body), and whether it is the call
  /// that passed on the parameter of a function no one calls.
  std::optional<Site> Blamed;
  bool BlamedForNoCaller = false;
  /// With StopAtUnchecked, the calls to blame on the unchecked paths past
  /// the first, which the walk only collects: each is a defect of its own
  /// caller (a second window too short for a helper's op).
  std::vector<Site> MoreBlamed;
  /// Some unchecked path ends other than at a function no one calls.
  bool OtherUnchecked = false;
  /// The first function found that nothing in the program calls.
  std::optional<Function> Orphan;
  /// Some chain ends at a static function the TU never uses: its callers
  /// are the business of the TUs that use it.
  bool UnusedEnd = false;
  bool Pending = false;
  std::vector<OpenEnd> Open;
  std::optional<FieldPass> Field;
  std::optional<OtherCheck> Other;

  /// The conclusion: facts still missing leave it pending; an unchecked
  /// path outweighs a path that leaves the TU, which outweighs a field's
  /// check, which outweighs the checks found, which outweigh callers
  /// nothing uses.
  CallerVerdict verdict() const {
    if (Pending)
      return CallerVerdict::Pending;
    if (Unchecked)
      return UncheckedCall ? CallerVerdict::UncheckedCall
                           : CallerVerdict::Unchecked;
    if (!Open.empty())
      return CallerVerdict::LeavesUnit;
    if (Field)
      return CallerVerdict::FieldChecked;
    if (First)
      return CallerVerdict::Checked;
    return UnusedEnd ? CallerVerdict::OnlyUnused : CallerVerdict::NoPath;
  }
  bool allChecked() const { return verdict() == CallerVerdict::Checked; }
  /// A caller's check of another pointer is named when no path the search
  /// saw checks this one, and every caller that passes it with no check
  /// checks that other pointer: there a reader must compare the two. A
  /// check of this pointer that falls short is a defect of its path,
  /// whatever other paths check.
  bool namesOtherCheck() const {
    return Other && !BareUncheckedCall && (!First || Other->weak());
  }

  void found(const typename Facts::Check &C, const CallerChain &Callers) {
    Deepest = std::max<unsigned>(Deepest, Callers.size());
    if (!First)
      First = CheckFound{C, Callers};
  }
  /// A path with no check; \p At is the call to blame, if any.
  void unchecked(std::optional<Site> At, bool NoCaller = false) {
    if (!Blamed) {
      Blamed = std::move(At);
      BlamedForNoCaller = NoCaller;
    }
    OtherUnchecked |= !NoCaller;
    Unchecked = true;
  }
};

/// The walk up the callers that fills \p Out through \p Facts.
template <class Facts> class CallerWalk {
public:
  using Paths = CallerPaths<Facts>;
  using Function = typename Facts::Function;
  using Site = typename Facts::Site;

  CallerWalk(Facts &TheFacts, Paths &Out, unsigned MaxDepth = MaxCallerSearch)
      : TheFacts(TheFacts), Out(Out), MaxDepth(MaxDepth) {}

  /// Searches the callers of \p F, reached up \p Callers, for a check of
  /// its parameter \p Param at every call.
  void callersOf(const Function &F, const TracedParam &Param,
                 typename Paths::CallerChain Callers = {}) {
    Chain = std::move(Callers);
    searchCallers(F, Param, std::nullopt);
  }

private:
  /// \p Via: the call that passed \p F's parameter on, if any.
  void searchCallers(const Function &F, const TracedParam &Param,
                     const std::optional<Site> &Via) {
    std::optional<std::vector<Site>> Sites = TheFacts.callsTo(F);
    if (!Sites) {
      Out.Pending = true;
      return;
    }
    if (Sites->empty())
      return noCallers(F, Param, Via);
    if (Chain.size() >= MaxDepth)
      return Out.unchecked(Via);
    for (const Site &S : *Sites) {
      if (Facts::StopAtUnchecked && Out.Unchecked)
        moreBlamed(S, Param);
      else
        call(S, Param);
    }
  }

  /// Past the first unchecked path: the calls to blame on the paths
  /// through \p S, walked apart so that they leave the verdict alone.
  void moreBlamed(const Site &S, const TracedParam &Param) {
    Paths Scratch;
    CallerWalk Sub(TheFacts, Scratch, MaxDepth);
    Sub.Chain = Chain;
    Sub.call(S, Param);
    if (Scratch.Blamed)
      Out.MoreBlamed.push_back(*Scratch.Blamed);
    llvm::append_range(Out.MoreBlamed, Scratch.MoreBlamed);
  }

  void noCallers(const Function &F, const TracedParam &Param,
                 const std::optional<Site> &Via) {
    CallerEndKind<Facts> End = TheFacts.noCallers(F, Param);
    switch (End.TheKind) {
    case CallerEndKind<Facts>::Unused:
      Out.UnusedEnd = true;
      return;
    case CallerEndKind<Facts>::LeavesUnit:
      Out.Open.push_back({F, Param, Chain, {}});
      return;
    case CallerEndKind<Facts>::FieldRead:
      if (!Out.Field)
        Out.Field = typename Paths::FieldPass{F, End.Field, Chain};
      return;
    case CallerEndKind<Facts>::Unchecked:
      return Out.unchecked(Via);
    case CallerEndKind<Facts>::Orphan:
      if (!Out.Orphan)
        Out.Orphan = F;
      return Out.unchecked(Via, true);
    }
  }

  void call(const Site &S, const TracedParam &Param) {
    Function Caller = TheFacts.callerOf(S);
    if (llvm::any_of(
            Chain, [&](const Function &F) { return TheFacts.same(F, Caller); }))
      return; // Recursion checks nothing new.
    CallStep<Facts> Step = TheFacts.step(S, Param);
    Out.Pending |= Step.Waits;
    if (Step.TheKind == CallStep<Facts>::NoBody)
      return Out.unchecked(std::nullopt);
    Chain.push_back(Caller);
    noteOtherCheck(Step, Caller);
    followStep(S, Step, Caller);
    Chain.pop_back();
  }

  void followStep(const Site &S, const CallStep<Facts> &Step,
                  const Function &Caller) {
    switch (Step.TheKind) {
    case CallStep<Facts>::Checked:
      return Out.found(Step.Check, Chain);
    case CallStep<Facts>::WeakCheck:
      // That path relies on it, whatever the callers above check.
      return uncheckedCall(S, false);
    case CallStep<Facts>::LeavesUnit:
      Out.Open.push_back({Caller, Step.Up, Chain, Step.Guards});
      return;
    case CallStep<Facts>::PassedOn:
      return searchCallers(Caller, Step.Up, S);
    case CallStep<Facts>::FieldRead:
      if (!Out.Field)
        Out.Field = typename Paths::FieldPass{Caller, Step.Field, Chain};
      return;
    case CallStep<Facts>::Unchecked:
      return uncheckedCall(S, !Step.Other);
    case CallStep<Facts>::NoBody:
    case CallStep<Facts>::Unknown:
      return;
    }
  }

  void uncheckedCall(const Site &S, bool Bare) {
    Out.unchecked(S);
    Out.UncheckedCall = true;
    Out.BareUncheckedCall |= Bare;
  }

  /// The first caller that checks another pointer is kept, unless a later
  /// one checks this pointer falling short.
  void noteOtherCheck(const CallStep<Facts> &Step, const Function &Caller) {
    if (!Step.Other || Step.Passed.empty())
      return;
    bool Weak = Step.TheKind == CallStep<Facts>::WeakCheck;
    if (!Out.Other || (Weak && !Out.Other->weak()))
      Out.Other = typename Paths::OtherCheck{
          Caller,      *Step.Other,
          Step.Passed, Weak ? Step.OtherWeakness : CheckWeakness::None,
          Chain,       Weak ? Step.Reached : std::nullopt};
  }

  Facts &TheFacts;
  Paths &Out;
  unsigned MaxDepth;
  typename Paths::CallerChain Chain; ///< The callers so far.
};

} // namespace uaccess

#endif
