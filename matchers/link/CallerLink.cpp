//===--- CallerLink.cpp - access_ok() checks across TUs -------------------===//

#include "link/CallerLink.h"

#include "analysis/CallerSearch.h"
#include "analysis/CallerWalk.h"
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

/// A function as the summaries name it.
struct ProgramFunction {
  std::string Name;
  /// Set for a static function: its callers are all in this TU.
  std::string Unit;
};

/// A check as a summary writes it, and where.
struct WrittenCheck {
  std::string Text;
  FindingLocation Loc;
};

/// The caller walk's facts as the program's call summaries show them
/// (analysis/CallerWalk.h). The functions not asked about yet are
/// collected in Missing: the answer waits for their summaries.
class ProgramCallerFacts {
public:
  using Function = ProgramFunction;
  using Site = const ProgramCalls::Site *;
  using Check = WrittenCheck;
  using FieldRef = const FieldCheckSummary *;
  using Guards = std::vector<GuardCall>;
  /// Every path is walked: the finding says when all the unchecked ones
  /// end at functions nothing calls.
  static constexpr bool StopAtUnchecked = false;

  explicit ProgramCallerFacts(const ProgramCalls &Calls) : Calls(Calls) {}

  std::optional<std::vector<Site>> callsTo(const Function &F) {
    if (!Calls.asked(F.Name, F.Unit)) {
      Missing.insert(F.Name);
      return std::nullopt;
    }
    return Calls.callsTo(F.Name, F.Unit);
  }
  Function callerOf(Site S) const {
    return {S->Call.Caller, S->Call.CallerInternal ? S->Unit : ""};
  }
  bool same(const Function &A, const Function &B) const {
    return A.Name == B.Name;
  }
  CallerEndKind<ProgramCallerFacts> noCallers(const Function &,
                                              const TracedParam &) {
    return {CallerEndKind<ProgramCallerFacts>::Orphan};
  }
  CallStep<ProgramCallerFacts> step(Site S, const TracedParam &Param);
  /// The check of a tested call of a check wrapper of the pointer's
  /// argument; \p Waits is set when some callee is not asked about yet.
  std::optional<WrittenCheck> guardedBy(llvm::ArrayRef<GuardCall> Guards,
                                        bool &Waits);

  std::set<std::string> Missing;

private:
  void readField(Site S, const TracedArgument &A,
                 CallStep<ProgramCallerFacts> &Out);

  const ProgramCalls &Calls;
};

std::optional<WrittenCheck>
ProgramCallerFacts::guardedBy(llvm::ArrayRef<GuardCall> Guards, bool &Waits) {
  for (const auto &[Callee, Arg] : Guards) {
    const WrapperDefinition *W = Calls.wrapper(Callee);
    if (W && W->Param == Arg)
      return WrittenCheck{W->Check, W->Loc};
    if (!Calls.asked(Callee)) {
      Missing.insert(Callee);
      Waits = true;
    }
  }
  return std::nullopt;
}

CallStep<ProgramCallerFacts> ProgramCallerFacts::step(Site S,
                                                      const TracedParam &P) {
  using Step = CallStep<ProgramCallerFacts>;
  Step Out;
  const TracedArgument *A = nullptr;
  for (const TracedArgument &T : S->Call.Args)
    if (T.Index == uint64_t(P.Index) && T.Indirect == P.Indirect)
      A = &T;
  if (!A)
    return Out; // Unchecked.
  if (!A->Check.empty()) {
    Out.TheKind = Step::Checked;
    Out.Check = {A->Check, A->CheckLoc};
  } else if (std::optional<WrittenCheck> C =
                 guardedBy(A->GuardCalls, Out.Waits)) {
    Out.TheKind = Step::Checked;
    Out.Check = std::move(*C);
  } else if (A->CallerParam < 0 && !A->Field.empty()) {
    readField(S, *A, Out);
  } else if (A->CallerParam >= 0) {
    Out.TheKind = Step::PassedOn;
    Out.Up = TracedParam{A->CallerParam, A->CallerIndirect, "", false};
  }
  return Out;
}

/// A call that passes a pointer read from a struct field checked
/// elsewhere: that check, once the wrappers it may call are known.
void ProgramCallerFacts::readField(Site S, const TracedArgument &A,
                                   CallStep<ProgramCallerFacts> &Out) {
  if (const FieldCheckSummary *F = Calls.fieldCheck(A.Field, S->Call.Caller)) {
    Out.TheKind = CallStep<ProgramCallerFacts>::FieldRead;
    Out.Field = F;
    return;
  }
  size_t Before = Missing.size();
  Calls.fieldWrappersToAsk(A.Field, Missing);
  if (Missing.size() != Before) {
    Out.TheKind = CallStep<ProgramCallerFacts>::Unknown;
    Out.Waits = true;
  }
}

/// What the search through the program's callers found for one finding,
/// and the functions whose summaries it still waits for.
struct Resolution {
  CallerPaths<ProgramCallerFacts> Paths;
  std::set<std::string> Missing;
};

std::vector<ProgramFunction> functionsNamed(llvm::ArrayRef<std::string> Names) {
  std::vector<ProgramFunction> Out;
  for (const std::string &N : Names)
    Out.push_back({N, ""});
  return Out;
}

std::vector<std::string> namesOf(llvm::ArrayRef<ProgramFunction> Chain) {
  std::vector<std::string> Out;
  for (const ProgramFunction &F : Chain)
    Out.push_back(F.Name);
  return Out;
}

/// Each end where the TU's search left off: a tested call of a check
/// wrapper there, else its function's callers.
Resolution resolve(const CallerLink &L, const ProgramCalls &Calls) {
  Resolution R;
  ProgramCallerFacts Facts(Calls);
  for (const CallerEnd &E : L.Ends) {
    std::vector<ProgramFunction> Chain = functionsNamed(E.Chain);
    if (std::optional<WrittenCheck> C =
            Facts.guardedBy(E.GuardCalls, R.Paths.Pending))
      R.Paths.found(*C, Chain);
    else if (E.Param < 0)
      R.Paths.unchecked(std::nullopt);
    else
      CallerWalk<ProgramCallerFacts>(Facts, R.Paths, L.MaxDepth)
          .callersOf({E.Function, E.Unit}, {E.Param, E.Indirect, "", false},
                     std::move(Chain));
  }
  R.Missing = std::move(Facts.Missing);
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
  const auto &[Check, Chain] = *R.Paths.First;
  FindingArgs Args = linkedArgs(F);
  Args.set("check", Check.Text)
      .set("check_at", placeText(Check.Loc, Root))
      .set("calls", int64_t(Chain.size()))
      .set("chain", callChainText(F.Function, namesOf(Chain)));
  restate(F, access_ok_far::CheckedByCaller, std::move(Args));
  F.Notes.insert(F.Notes.begin(),
                 FindingNote{Check.Loc, "'" + Check.Text + "' here"});
}

/// Some path has no check: say where, when a call is to blame.
void noteUnchecked(Finding &F, const Resolution &R) {
  if (!R.Paths.Blamed || !*R.Paths.Blamed)
    return;
  const CallSite &C = (*R.Paths.Blamed)->Call;
  F.Notes.push_back(FindingNote{
      C.Loc, R.Paths.BlamedForNoCaller
                 ? C.Caller + "() passes its own parameter to " + C.Callee +
                       "() here, unchecked, and no call of " + C.Caller +
                       "() was found"
                 : C.Caller + "() calls " + C.Callee +
                       "() here without a check of the pointer it passes"});
}

/// Every unchecked path ends at a function that nothing in the database
/// calls: say so, rather than leave "or in its callers" open.
void rewordOrphan(Finding &F, const Resolution &R, const ProgramCalls &Calls) {
  if (!Calls.fromDatabase() || !R.Paths.Orphan || R.Paths.OtherUnchecked ||
      !R.Missing.empty())
    return;
  const std::string &Orphan = R.Paths.Orphan->Name;
  FindingArgs Args = linkedArgs(F);
  Args.flag("own", Orphan == F.Function).set("orphan", Orphan);
  restate(F, access_ok_far::NoCallerInDatabase, std::move(Args));
}

/// The pointer is read from a struct field that a check elsewhere covers,
/// on no path the callers show: by the finding's own function (\p Via
/// null), or by the caller \p Via that passes it on, up \p Chain.
void rewordField(Finding &F, const FieldCheckSummary &C, const std::string *Via,
                 const std::vector<std::string> &Chain,
                 const ProgramCalls &Calls, llvm::StringRef Root) {
  FindingArgs Args = linkedArgs(F);
  Args.set("field", C.Field);
  if (Via)
    Args.set("via", *Via)
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
    CallerVerdict Verdict = R.Paths.verdict();
    bool Checked = Verdict == CallerVerdict::Checked;
    uint64_t Depth = std::max<uint64_t>(R.Paths.Deepest, F.Link->CheckedDepth);
    bool Near = Checked && Depth <= F.Link->NearDepth;
    const FieldCheckSummary *Own =
        F.Link->Ends.empty() && !F.Link->Field.empty()
            ? Calls.fieldCheck(F.Link->Field, F.Function)
            : nullptr;
    if (Verdict == CallerVerdict::FieldChecked)
      rewordField(F, *R.Paths.Field->Check, &R.Paths.Field->Caller.Name,
                  namesOf(R.Paths.Field->Chain), Calls, Root);
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
