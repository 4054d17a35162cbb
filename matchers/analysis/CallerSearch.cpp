//===--- CallerSearch.cpp - The access_ok() a pointer's callers make ------===//

#include "analysis/CallerSearch.h"

#include "analysis/AccessOkModel.h"
#include "analysis/FieldChecks.h"
#include "analysis/PointerDerivation.h"
#include "analysis/RangeCoverage.h"
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
  // what the callers pass: only a check of the whole buffer covers it. An
  // access no step can precede (`__put_user(1, p); p++;`) is at the start.
  if (P.Traced.Index >= 0 && P.Traced.Field.empty() && !PD.stable(P.Origin) &&
      !holdsPassedValue(FA, P.Origin, A))
    P.Traced.Inside = P.Traced.FromStart = true;
  // No pointer (an unnamed parameter has the empty name too), or a field
  // the function writes first: nothing of the callers'.
  if (P.Origin.empty() || (!P.Traced.Field.empty() && !PD.stable(P.Origin)))
    P.Traced.Index = -1;
  // Where the bytes are known, a caller's fixed length must cover them.
  if (P.Traced.Index >= 0 && P.Traced.Field.empty() && !P.Traced.Inside)
    P.Traced.Reach = bytesReached(FA, A, P.Origin);
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
      P.Traced.Reach.reset();
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

std::optional<std::vector<UnitCallerFacts::Site>>
UnitCallerFacts::callsTo(Function F) {
  std::vector<Site> Sites(Cache.callers().callsTo(*F));
  llvm::append_range(Sites, Cache.callers().indirectCallsTo(*F));
  return Sites;
}

CallerEndKind<UnitCallerFacts>
UnitCallerFacts::noCallers(Function F, const TracedParam &Param) {
  using End = CallerEndKind<UnitCallerFacts>;
  if (!F->isExternallyVisible() && !Cache.callers().isUsed(*F))
    return {End::Unused};
  // Other TUs may call it: the link step looks there, for whole
  // parameters.
  if (F->isExternallyVisible() && Param.linkable())
    return {End::LeavesUnit};
  // A field of the parameter ends the search at its checks in the TU.
  if (Param.Index >= 0 && !Param.Indirect && !Param.Field.empty())
    if (const FieldCheck *C =
            checkOfParamField(Cache, *F, Param.Index, Param.Field))
      return {End::FieldRead, C};
  return {End::Unchecked};
}

CallStep<UnitCallerFacts> UnitCallerFacts::step(const Site &S,
                                                const TracedParam &Param) {
  using Step = CallStep<UnitCallerFacts>;
  Step Out;
  if (!parsedDefinition(*S.Caller)) {
    Out.TheKind = Step::NoBody;
    return Out;
  }
  ArgumentTrace T = traceArgument(Cache, *S.Caller, *S.Call, Param);
  if (T.Check) {
    Out.TheKind = Step::Checked;
    Out.Check = T.Check;
    return Out;
  }
  if (T.OtherCheck)
    Out.Other = T.OtherCheck;
  Out.Passed = T.Base;
  if (T.OtherWeakness != CheckWeakness::None) {
    // A check of this pointer that falls short ends its path: that path
    // relies on it, whatever the callers above check.
    Out.TheKind = Step::WeakCheck;
    Out.OtherWeakness = T.OtherWeakness;
    Out.Reached = T.Reached;
  } else if (!T.ForeignCalls.empty()) {
    // A check wrapper defined in another TU may check it: the link step
    // knows; failing that, the caller's own callers must. The link step
    // follows whole parameters from their start only.
    Out.TheKind = Step::LeavesUnit;
    Out.Other.reset();
    Out.Up = T.Up;
    if (!Out.Up.linkable())
      Out.Up.Index = -1;
    Out.Guards = T.ForeignCalls;
  } else if (T.Up.Index >= 0) {
    Out.TheKind = Step::PassedOn;
    Out.Up = T.Up;
  } else if (const FieldCheck *F =
                 Param.Indirect ? nullptr
                                : checkOfPassedField(Cache, *S.Caller, *S.Call,
                                                     Param.Index)) {
    Out.TheKind = Step::FieldRead;
    Out.Field = F;
  } else {
    Out.TheKind = Step::Unchecked;
  }
  return Out;
}

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
    Search.Open.push_back({&FA.decl(), Up, {}, std::move(Guards)});
  } else if (Ptr.Traced.Index >= 0) {
    UnitCallerFacts Facts(FA.cache());
    CallerWalk<UnitCallerFacts>(Facts, Search)
        .callersOf(&FA.decl(), Ptr.Traced);
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
