//===--- CallerLink.cpp - access_ok() checks across TUs -------------------===//

#include "link/CallerLink.h"

#include "analysis/CallerSearch.h"
#include "analysis/FieldChecks.h"
#include "checks/AccessOkFarMessages.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

namespace uaccess {

void ProgramCalls::add(const CallSummary &Summary) {
  for (const CallSite &C : Summary.Calls) {
    std::string Key = C.Caller + "\n" + C.Callee + "\n" + C.Loc.File + "\n" +
                      std::to_string(C.Loc.Offset);
    if (!SeenSites.insert(Key).second)
      continue;
    Sites.push_back({C, Summary.Unit});
    ByCallee[C.Callee].push_back(&Sites.back());
  }
  for (const WrapperDefinition &W : Summary.Wrappers)
    Wrappers.try_emplace(W.Function, W);
  for (const std::string &Name : Summary.Answered)
    AnsweredIn[Summary.Unit].insert(Name);
  for (const FieldCheckSummary &F : Summary.FieldChecks)
    FieldChecks[F.Field].push_back(F);
}

const FieldCheckSummary *
ProgramCalls::fieldCheck(llvm::StringRef Key, llvm::StringRef Except) const {
  auto It = FieldChecks.find(Key);
  if (It == FieldChecks.end())
    return nullptr;
  // An access_ok() says most plainly that the field is checked, then a
  // check wrapper's, then a checked accessor's or begin's.
  auto Rank = [](const FieldCheckSummary &F) {
    return F.Explicit ? 0 : F.RequiredCallee.empty() ? 2 : 1;
  };
  const FieldCheckSummary *Best = nullptr;
  for (const FieldCheckSummary &F : It->second) {
    // A tested call of a wrapper counts in the reading function too: it is
    // the one that function makes, on the field, before it passes it on.
    bool Counts =
        F.RequiredCallee.empty() ? F.Function != Except : wrapperChecks(F);
    if (Counts && (!Best || Rank(F) < Rank(*Best)))
      Best = &F;
  }
  return Best;
}

bool ProgramCalls::wrapperChecks(const FieldCheckSummary &F) const {
  const WrapperDefinition *W = wrapper(F.RequiredCallee);
  return W && W->Param == F.RequiredArg;
}

void ProgramCalls::fieldWrappersToAsk(llvm::StringRef Key,
                                      std::set<std::string> &Out) const {
  auto It = FieldChecks.find(Key);
  if (It != FieldChecks.end())
    for (const FieldCheckSummary &F : It->second)
      if (!F.RequiredCallee.empty() && !asked(F.RequiredCallee))
        Out.insert(F.RequiredCallee);
}

void ProgramCalls::markFieldsAsked(const std::set<std::string> &Keys) {
  for (const std::string &K : Keys)
    FieldsAsked.insert(K);
}

bool ProgramCalls::answered(llvm::StringRef Unit,
                            llvm::StringRef Function) const {
  auto It = AnsweredIn.find(Unit);
  return It != AnsweredIn.end() && It->second.contains(Function);
}

bool ProgramCalls::asked(llvm::StringRef Function, llvm::StringRef Unit) const {
  return Asked.contains(Function) ||
         (!Unit.empty() && answered(Unit, Function));
}

void ProgramCalls::markAsked(const std::set<std::string> &Names) {
  for (const std::string &N : Names)
    Asked.insert(N);
}

std::vector<const ProgramCalls::Site *>
ProgramCalls::callsTo(llvm::StringRef Function, llvm::StringRef Unit) const {
  std::vector<const Site *> Out;
  auto It = ByCallee.find(Function);
  if (It == ByCallee.end())
    return Out;
  for (const Site *S : It->second)
    if (Unit.empty() ? !S->Call.CalleeInternal
                     : S->Call.CalleeInternal && S->Unit == Unit)
      Out.push_back(S);
  return Out;
}

const WrapperDefinition *ProgramCalls::wrapper(llvm::StringRef Function) const {
  auto It = Wrappers.find(Function);
  return It == Wrappers.end() ? nullptr : &It->second;
}

namespace {

/// What the search through the program's callers found for one finding.
struct Resolution {
  /// The first check found, where, and the callers up to it.
  std::string Check;
  FindingLocation CheckLoc;
  std::vector<std::string> Chain;
  uint64_t Deepest = 0;
  bool Unchecked = false;
  /// The call to blame: it passes an unchecked pointer, or (NoCallers) its
  /// caller's own parameter, and nothing calls that caller.
  const ProgramCalls::Site *UncheckedAt = nullptr;
  bool NoCallers = false;
  /// The first function found that nothing calls, and whether some
  /// unchecked path ends otherwise (an unchecked call, the depth limit).
  std::string Orphan;
  bool OtherUnchecked = false;
  /// Functions not asked about yet: the answer waits for their summaries.
  std::set<std::string> Missing;
  /// The first call that passes a pointer read from a struct field checked
  /// elsewhere (TracedArgument::Field), its check, and the callers up to
  /// it; such a path is neither checked nor known unchecked.
  const ProgramCalls::Site *FieldAt = nullptr;
  const FieldCheckSummary *FieldCheck = nullptr;
  std::vector<std::string> FieldChain;

  void found(llvm::StringRef Text, const FindingLocation &Loc,
             const std::vector<std::string> &Up) {
    Deepest = std::max<uint64_t>(Deepest, Up.size());
    if (!Check.empty())
      return;
    Check = Text.str();
    CheckLoc = Loc;
    Chain = Up;
  }
  /// The first unchecked path with a call to blame is the one noted.
  void unchecked(const ProgramCalls::Site *At, bool NoCaller = false) {
    if (!UncheckedAt) {
      UncheckedAt = At;
      NoCallers = NoCaller;
    }
    OtherUnchecked |= !NoCaller;
    Unchecked = true;
  }
  /// \p Function has no caller at all; \p Via passed its parameter on.
  void orphan(const std::string &Function, const ProgramCalls::Site *Via) {
    if (Orphan.empty())
      Orphan = Function;
    unchecked(Via, true);
  }
  /// The conclusion, as the search within a TU draws it
  /// (CallerSearch::verdict()): summaries still missing leave it open.
  CallerVerdict verdict() const {
    if (!Missing.empty())
      return CallerVerdict::Pending;
    if (Unchecked)
      return CallerVerdict::Unchecked;
    if (FieldAt)
      return CallerVerdict::FieldChecked;
    return Check.empty() ? CallerVerdict::NoPath : CallerVerdict::Checked;
  }
};

class Resolver {
public:
  Resolver(const ProgramCalls &Calls, uint64_t MaxDepth)
      : Calls(Calls), MaxDepth(MaxDepth) {}

  void resolveEnd(const CallerEnd &E, Resolution &R) {
    if (guardedBy(E.GuardCalls, E.Chain, R))
      return;
    if (E.Param < 0)
      return R.unchecked(nullptr);
    std::vector<std::string> Chain = E.Chain;
    resolveCallers(E.Function, E.Unit, E.Param, E.Indirect, Chain, nullptr, R);
  }

private:
  /// A tested call of a check wrapper of the pointer's argument.
  bool guardedBy(llvm::ArrayRef<GuardCall> Guards,
                 const std::vector<std::string> &Chain, Resolution &R) {
    for (const auto &[Callee, Arg] : Guards) {
      const WrapperDefinition *W = Calls.wrapper(Callee);
      if (W && W->Param == Arg) {
        R.found(W->Check, W->Loc, Chain);
        return true;
      }
      if (!Calls.asked(Callee))
        R.Missing.insert(Callee);
    }
    return false;
  }

  /// \p Via: the call that passed \p Function's parameter on, if any.
  void resolveCallers(const std::string &Function, const std::string &Unit,
                      int Param, bool Indirect, std::vector<std::string> &Chain,
                      const ProgramCalls::Site *Via, Resolution &R) {
    if (!Calls.asked(Function, Unit)) {
      R.Missing.insert(Function);
      return;
    }
    std::vector<const ProgramCalls::Site *> Sites =
        Calls.callsTo(Function, Unit);
    if (Sites.empty())
      return R.orphan(Function, Via);
    if (Chain.size() >= MaxDepth)
      return R.unchecked(Via);
    for (const ProgramCalls::Site *S : Sites)
      resolveSite(*S, Param, Indirect, Chain, R);
  }

  void resolveSite(const ProgramCalls::Site &S, int Param, bool Indirect,
                   std::vector<std::string> &Chain, Resolution &R) {
    const TracedArgument *A = nullptr;
    for (const TracedArgument &T : S.Call.Args)
      if (T.Index == uint64_t(Param) && T.Indirect == Indirect)
        A = &T;
    if (llvm::is_contained(Chain, S.Call.Caller))
      return; // Recursion checks nothing new.
    Chain.push_back(S.Call.Caller);
    if (!A)
      R.unchecked(&S);
    else if (!A->Check.empty())
      R.found(A->Check, A->CheckLoc, Chain);
    else if (guardedBy(A->GuardCalls, Chain, R))
      ;
    else if (A->CallerParam < 0 && !A->Field.empty())
      resolveField(S, *A, Chain, R);
    else if (A->CallerParam < 0)
      R.unchecked(&S);
    else
      resolveCallers(S.Call.Caller, S.Call.CallerInternal ? S.Unit : "",
                     A->CallerParam, A->CallerIndirect, Chain, &S, R);
    Chain.pop_back();
  }

  /// A call that passes a pointer read from a struct field checked
  /// elsewhere: that check, once the wrappers it may call are known.
  void resolveField(const ProgramCalls::Site &S, const TracedArgument &A,
                    const std::vector<std::string> &Chain, Resolution &R) {
    if (const FieldCheckSummary *F = Calls.fieldCheck(A.Field, S.Call.Caller)) {
      if (!R.FieldAt) {
        R.FieldAt = &S;
        R.FieldCheck = F;
        R.FieldChain = Chain;
      }
      return;
    }
    size_t Before = R.Missing.size();
    Calls.fieldWrappersToAsk(A.Field, R.Missing);
    if (R.Missing.size() == Before)
      R.unchecked(&S);
  }

  const ProgramCalls &Calls;
  uint64_t MaxDepth;
};

Resolution resolve(const CallerLink &L, const ProgramCalls &Calls) {
  Resolution R;
  Resolver Search(Calls, L.MaxDepth);
  for (const CallerEnd &E : L.Ends)
    Search.resolveEnd(E, R);
  return R;
}

/// \p Path under \p Root, as the kernel names its files.
std::string shortPath(llvm::StringRef Path, llvm::StringRef Root) {
  llvm::StringRef Rel = Path;
  if (!Root.empty() && Rel.consume_front(Root) &&
      (Root.ends_with("/") || Rel.consume_front("/")))
    return Rel.str();
  return Path.str();
}

/// "fs/select.c:123"
std::string placeText(const FindingLocation &Loc, llvm::StringRef Root) {
  return shortPath(Loc.File, Root) + ":" + std::to_string(Loc.Line);
}

/// The arguments the link's words start from: the accessor and the pointer
/// the TU named, and the begin the check's fix-it writes. The TU's others
/// (how the op escaped its mask, the caller it searched up to) no longer
/// apply.
FindingArgs linkedArgs(const Finding &F) {
  const CallerLink &L = *F.Link;
  FindingArgs Args;
  Args.set("accessor", L.Accessor).set("pointer", L.Pointer);
  if (F.Args.has("fix_begin"))
    Args.set("fix_begin", F.Args.text("fix_begin"));
  return Args;
}

/// The finding now says \p Message, with \p Args.
void restate(Finding &F, const MessageFormat &Message, FindingArgs Args) {
  F.MessageId = Message.Id.str();
  F.Args = std::move(Args);
  F.Message = formatMessage(Message.Format, F.Args);
}

void reword(Finding &F, const Resolution &R, llvm::StringRef Root) {
  FindingArgs Args = linkedArgs(F);
  Args.set("check", R.Check)
      .set("check_at", placeText(R.CheckLoc, Root))
      .set("calls", int64_t(R.Chain.size()))
      .set("chain", callChainText(F.Function, R.Chain));
  restate(F, access_ok_far::CheckedByCaller, std::move(Args));
  F.Notes.insert(F.Notes.begin(),
                 FindingNote{R.CheckLoc, "'" + R.Check + "' here"});
}

/// Some path has no check: say where, when a call is to blame.
void noteUnchecked(Finding &F, const Resolution &R) {
  if (!R.UncheckedAt)
    return;
  const CallSite &C = R.UncheckedAt->Call;
  F.Notes.push_back(FindingNote{
      C.Loc, R.NoCallers
                 ? C.Caller + "() passes its own parameter to " + C.Callee +
                       "() here, unchecked, and no call of " + C.Caller +
                       "() was found"
                 : C.Caller + "() calls " + C.Callee +
                       "() here without a check of the pointer it passes"});
}

/// Every unchecked path ends at a function that nothing in the database
/// calls: say so, rather than leave "or in its callers" open.
void rewordOrphan(Finding &F, const Resolution &R, const ProgramCalls &Calls) {
  if (!Calls.fromDatabase() || R.Orphan.empty() || R.OtherUnchecked ||
      !R.Missing.empty())
    return;
  FindingArgs Args = linkedArgs(F);
  Args.flag("own", R.Orphan == F.Function).set("orphan", R.Orphan);
  restate(F, access_ok_far::NoCallerInDatabase, std::move(Args));
}

/// The pointer is read from a struct field that a check elsewhere covers,
/// on no path the callers show: by the finding's own function (\p Via
/// null), or by the caller \p Via that passes it on, up \p Chain.
void rewordField(Finding &F, const FieldCheckSummary &C,
                 const ProgramCalls::Site *Via,
                 const std::vector<std::string> &Chain,
                 const ProgramCalls &Calls, llvm::StringRef Root) {
  FindingArgs Args = linkedArgs(F);
  Args.set("field", C.Field);
  if (Via)
    Args.set("via", Via->Call.Caller)
        .set("calls", int64_t(Chain.size()))
        .set("chain", callChainText(F.Function, Chain));
  else
    Args.set("holder", F.Link->Pointer);
  Args.set("check", C.Check)
      .set("checker", C.Function)
      .set("check_at", placeText(C.Loc, Root))
      .flag("at_store", C.AtStore);
  // A call of a check wrapper: say that it is one, and how it checks.
  if (const WrapperDefinition *W =
          C.RequiredCallee.empty() ? nullptr : Calls.wrapper(C.RequiredCallee))
    Args.set("wrapper", W->Check).set("wrapper_at", placeText(W->Loc, Root));
  restate(F, access_ok_far::FieldChecked, std::move(Args));
  F.Notes.insert(F.Notes.begin(), FindingNote{C.Loc, "'" + C.Check + "' here"});
}

} // namespace

std::set<std::string> fieldsToAsk(const std::vector<Finding> &Findings,
                                  const ProgramCalls &Calls) {
  std::set<std::string> Keys;
  for (const Finding &F : Findings)
    if (F.Link && F.Link->Ends.empty() && !F.Link->Field.empty() &&
        !Calls.fieldAsked(F.Link->Field))
      Keys.insert(F.Link->Field);
  return Keys;
}

std::set<std::string> namesToAsk(const std::vector<Finding> &Findings,
                                 const ProgramCalls &Calls) {
  std::set<std::string> Names;
  for (const Finding &F : Findings)
    if (F.Link) {
      Resolution R = resolve(*F.Link, Calls);
      Names.insert(R.Missing.begin(), R.Missing.end());
    }
  return Names;
}

void linkFindings(std::vector<Finding> &Findings, const ProgramCalls &Calls,
                  llvm::StringRef Root) {
  llvm::erase_if(Findings, [&](Finding &F) {
    if (!F.Link)
      return false;
    Resolution R = resolve(*F.Link, Calls);
    CallerVerdict Verdict = R.verdict();
    bool Checked = Verdict == CallerVerdict::Checked;
    uint64_t Depth = std::max(R.Deepest, F.Link->CheckedDepth);
    bool Near = Checked && Depth <= F.Link->NearDepth;
    const FieldCheckSummary *Own =
        F.Link->Ends.empty() && !F.Link->Field.empty()
            ? Calls.fieldCheck(F.Link->Field, F.Function)
            : nullptr;
    if (Verdict == CallerVerdict::FieldChecked)
      rewordField(F, *R.FieldCheck, R.FieldAt, R.FieldChain, Calls, Root);
    else if (Checked && !Near)
      reword(F, R, Root);
    else if (Own)
      rewordField(F, *Own, nullptr, {}, Calls, Root);
    else if (!Checked) {
      if (!F.Link->NamesOtherCheck)
        rewordOrphan(F, R, Calls);
      noteUnchecked(F, R);
    }
    F.Link.reset();
    return Near;
  });
}

} // namespace uaccess
