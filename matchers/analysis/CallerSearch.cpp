//===--- CallerSearch.cpp - The access_ok() a pointer's callers make ------===//

#include "analysis/CallerSearch.h"

#include "analysis/AccessOkModel.h"
#include "analysis/FieldChecks.h"
#include "analysis/PointerDerivation.h"
#include "utils/SourceUtils.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace uaccess {

TracedPointer tracePointer(FunctionAnalyses &FA, const UaccessUse &A) {
  const FunctionDecl &FD = FA.decl();
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  TracedPointer P;
  PointerShape Shape = PD.accessShape(A);
  P.Name = Shape.Base;
  P.Origin = PD.originShape(Shape, false).Base;
  P.Traced = tracedParamOf(FD, P.Origin);
  // A parameter the function advances (`ids++`) points past the start of
  // what the callers pass: only a check of the whole buffer covers it.
  if (P.Traced.Index >= 0 && P.Traced.Field.empty() && !PD.stable(P.Origin))
    P.Traced.Inside = P.Traced.FromStart = true;
  // No pointer (an unnamed parameter has the empty name too), or a field
  // the function writes first: nothing of the callers'.
  if (P.Origin.empty() || (!P.Traced.Field.empty() && !PD.stable(P.Origin)))
    P.Traced.Index = -1;
  llvm::StringRef Text = A.arg(A.Api->PointerArg).trim();
  if (P.Origin.empty() && A.Anchor)
    if (ComputedAddress Address = addressComputedFrom(*A.Anchor, Text, FD);
        Address.From) {
      // An address a call computes from a parameter lies somewhere in the
      // caller's buffer: only a check of its whole length covers it.
      P.Name = Address.Call;
      P.Origin = Address.From->getName().str();
      P.Traced = tracedParamOf(FD, P.Origin);
      P.Traced.Inside = P.Traced.FromStart = true;
      return P;
    }
  if (!P.Origin.empty() || !Text.consume_front("*"))
    return P;
  Text = Text.trim();
  int Index = parameterIndex(FD, Text);
  if (Index < 0 || !PD.stable(Text) ||
      !FD.getParamDecl(Index)->getType()->getPointeeType()->isPointerType())
    return P;
  P.Name = ("*" + Text).str();
  P.Traced = TracedParam{Index, true, "", false};
  return P;
}

std::vector<ArgumentTrace::ForeignCall> foreignGuards(FunctionAnalyses &FA,
                                                      const UaccessUse &A,
                                                      llvm::StringRef Origin) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  auto Before = [&](const CallExpr &Call) { return Model.dominates(Call, A); };
  std::vector<ArgumentTrace::ForeignCall> Guards;
  llvm::SmallVector<std::string, 2> Names{
      FA.getAnalysis<PointerDerivation>()->accessShape(A).Base};
  if (Origin != Names.front())
    Names.push_back(Origin.str());
  for (const std::string &Name : Names)
    if (!Name.empty())
      llvm::append_range(Guards, foreignCallsBefore(FA, Name, Before));
  return Guards;
}

CallerVerdict CallerSearch::verdict() const {
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

bool CallerSearch::namesOtherCheck() const {
  // A range too short is a defect of its path, whatever other paths check.
  return Other && !BareUncheckedCall && (!First || Other->Short);
}

namespace {

/// The walk up the TU's callers; every path it ends is recorded in Out.
class CallerWalk {
public:
  CallerWalk(AnalysisCache &Cache, CallerSearch &Out)
      : Cache(Cache), Out(Out) {}

  /// Searches the callers of \p FD for a check of parameter \p Param at
  /// every call.
  void callersOf(const FunctionDecl &FD, TracedParam Param);

private:
  void noCallers(const FunctionDecl &FD, TracedParam Param);
  void call(const CallerIndex::Site &Site, TracedParam Param);
  void passedOnUnchecked(const CallerIndex::Site &Site, const ArgumentTrace &T,
                         TracedParam Param);
  void noteOtherCheck(const ArgumentTrace &T, const FunctionDecl &Caller);

  AnalysisCache &Cache;
  CallerSearch &Out;
  std::vector<const FunctionDecl *> Chain; ///< The callers so far.
};

void CallerWalk::callersOf(const FunctionDecl &FD, TracedParam Param) {
  if (Chain.size() >= MaxCallerSearch) {
    Out.Unchecked = true;
    return;
  }
  // A callback's callers are the calls through the field the TU stores it
  // in: a regset's `->set`, called by copy_regset_from_user().
  std::vector<CallerIndex::Site> Sites(Cache.callers().callsTo(FD));
  llvm::append_range(Sites, Cache.callers().indirectCallsTo(FD));
  if (Sites.empty())
    return noCallers(FD, Param);
  for (const CallerIndex::Site &Site : Sites)
    if (!Out.Unchecked)
      call(Site, Param);
}

void CallerWalk::noCallers(const FunctionDecl &FD, TracedParam Param) {
  if (!FD.isExternallyVisible() && !FD.isReferenced()) {
    Out.UnusedEnd = true;
    return;
  }
  // Other TUs may call it: the link step looks there, for whole
  // parameters.
  // A field of the parameter ends the search at its checks in the TU.
  const FieldCheck *F =
      Param.Index >= 0 && !Param.Indirect && !Param.Field.empty()
          ? checkOfParamField(Cache, FD, Param.Index, Param.Field)
          : nullptr;
  if (FD.isExternallyVisible() && Param.linkable())
    Out.Open.push_back(OpenEnd{&FD, Param, Chain, {}});
  else if (!F)
    Out.Unchecked = true;
  else if (!Out.Field)
    Out.Field = CallerSearch::FieldPass{&FD, F, Chain};
}

void CallerWalk::call(const CallerIndex::Site &Site, TracedParam Param) {
  const auto &[Caller, Call] = Site;
  bool HasBody = parsedDefinition(*Caller);
  if (!HasBody ||
      llvm::is_contained(Chain, Caller)) { // Recursion checks nothing new.
    Out.Unchecked |= !HasBody;
    return;
  }
  ArgumentTrace T = traceArgument(Cache, *Caller, *Call, Param);
  Chain.push_back(Caller);
  if (T.Check) {
    Out.Deepest = std::max<unsigned>(Out.Deepest, Chain.size());
    if (!Out.First)
      Out.First = CallerCheck{Caller, T.Check, Chain};
  } else if (T.OtherIsShort) {
    // A check of this pointer that need not cover it ends its path: that
    // path relies on it, whatever the callers above check.
    noteOtherCheck(T, *Caller);
    Out.Unchecked = Out.UncheckedCall = true;
  } else if (!T.ForeignCalls.empty()) {
    // A check wrapper defined in another TU may check it: the link step
    // knows; failing that, the caller's own callers must.
    // The link step follows whole parameters from their start only.
    TracedParam Up = T.Up;
    if (!Up.linkable())
      Up.Index = -1;
    Out.Open.push_back(OpenEnd{Caller, Up, Chain, T.ForeignCalls});
  } else if (T.Up.Index < 0) {
    passedOnUnchecked(Site, T, Param);
  } else {
    noteOtherCheck(T, *Caller);
    callersOf(*Caller, T.Up);
  }
  Chain.pop_back();
}

/// A caller that passes a pointer it was not given, with no check.
void CallerWalk::passedOnUnchecked(const CallerIndex::Site &Site,
                                   const ArgumentTrace &T, TracedParam Param) {
  const auto &[Caller, Call] = Site;
  noteOtherCheck(T, *Caller);
  const FieldCheck *F =
      Param.Indirect ? nullptr
                     : checkOfPassedField(Cache, *Caller, *Call, Param.Index);
  if (!F) {
    Out.Unchecked = Out.UncheckedCall = true;
    Out.BareUncheckedCall |= !T.OtherCheck;
  } else if (!Out.Field)
    Out.Field = CallerSearch::FieldPass{Caller, F, Chain};
}

void CallerWalk::noteOtherCheck(const ArgumentTrace &T,
                                const FunctionDecl &Caller) {
  bool Shorter = T.OtherIsShort && Out.Other && !Out.Other->Short;
  if (T.OtherCheck && (!Out.Other || Shorter) && !T.Base.empty())
    Out.Other = CallerSearch::OtherCheck{&Caller, T.OtherCheck, T.Base,
                                         T.OtherIsShort, Chain};
}

} // namespace

CallerSearch searchCallersFor(FunctionAnalyses &FA, const UaccessUse &A,
                              const TracedPointer &Ptr) {
  CallerSearch Search;
  if (std::vector<ArgumentTrace::ForeignCall> Guards =
          foreignGuards(FA, A, Ptr.Origin);
      !Guards.empty()) {
    // The link step tells whether they check it; if not, the callers.
    TracedParam Up = Ptr.Traced;
    if (!Up.Field.empty())
      Up.Index = -1;
    Search.Open.push_back(OpenEnd{&FA.decl(), Up, {}, std::move(Guards)});
  } else if (Ptr.Traced.Index >= 0) {
    CallerWalk(FA.cache(), Search).callersOf(FA.decl(), Ptr.Traced);
  }
  return Search;
}

std::string callChainText(llvm::StringRef Function,
                          llvm::ArrayRef<std::string> Callers) {
  std::string Text = Function.str() + "()";
  for (const std::string &Caller : Callers)
    Text += " <- " + Caller + "()";
  return Text;
}

std::string callChainText(const FunctionDecl &FD,
                          llvm::ArrayRef<const FunctionDecl *> Chain) {
  std::vector<std::string> Callers;
  for (const FunctionDecl *F : Chain)
    Callers.push_back(F->getNameAsString());
  return callChainText(FD.getNameAsString(), Callers);
}

} // namespace uaccess
