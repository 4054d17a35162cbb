//===--- CallSummary.cpp - One TU's calls, for the link step --------------===//

#include "runner/CallSummary.h"

#include "analysis/ArgumentTrace.h"
#include "analysis/CheckWrapper.h"
#include "analysis/FieldChecks.h"
#include "runner/FindingsFormat.h"
#include "utils/Fingerprint.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace clang;
using llvm::json::Object;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

namespace uaccess {

namespace {

/// The argument as the link step needs it; false when it tells nothing
/// (neither checked, nor guarded, nor passed on).
bool traced(AnalysisCache &Cache, CheckContext &Context,
            const FunctionDecl &Caller, const CallExpr &Call, TracedParam Param,
            TracedArgument &Out) {
  ArgumentTrace T = traceArgument(Cache, Caller, Call, Param);
  Out.Index = Param.Index;
  Out.Indirect = Param.Indirect;
  // A field of the caller's parameter (`args->data_ptr`), or a pointer
  // inside it: the summaries name whole parameters from their start only,
  // so it is not followed.
  Out.CallerParam = T.Up.Field.empty() && !T.Up.Inside ? T.Up.Index : -1;
  Out.CallerIndirect = T.Up.Indirect;
  if (T.Check) {
    Out.Check = writtenText(*T.Check->Anchor, Cache.astContext());
    Out.CheckLoc = Context.locate(T.Check->loc());
  }
  for (const ArgumentTrace::ForeignCall &F : T.ForeignCalls)
    Out.GuardCalls.emplace_back(F.Callee, F.Arg);
  if (T.Check || !T.ForeignCalls.empty() || Out.CallerParam >= 0)
    return true;
  // Read from a struct field that the TU checks elsewhere, and that the
  // caller does not set itself.
  if (Param.Indirect)
    return false;
  if (const FieldCheck *Field =
          checkOfPassedField(Cache, Caller, Call, Param.Index)) {
    Out.Field = Field->Key;
    return true;
  }
  // Or that a tested call may check, of a function another TU defines.
  llvm::ArrayRef<ForeignFieldCall> Foreign =
      foreignChecksOfPassedField(Cache, Caller, Call, Param.Index);
  if (Foreign.empty())
    return false;
  Out.Field = Foreign.front().Key;
  return true;
}

/// The checks in the TU of the fields asked about, and of those the
/// summarized arguments read.
void summarizeFieldChecks(AnalysisCache &Cache, CheckContext &Context,
                          const llvm::StringSet<> &WantedFields,
                          CallSummary &Out) {
  std::set<std::string> Keys;
  for (const auto &Key : WantedFields)
    Keys.insert(Key.getKey().str());
  for (const CallSite &S : Out.Calls)
    for (const TracedArgument &A : S.Args)
      if (!A.Field.empty())
        Keys.insert(A.Field);
  for (const std::string &Key : Keys)
    for (const FieldCheck &C : Cache.fieldChecks().find(Key))
      Out.FieldChecks.push_back(
          {Key, C.Function->getNameAsString(),
           writtenText(*C.Check->Anchor, Cache.astContext()),
           Context.locate(C.Check->loc()), C.AtStore,
           C.Check->Api->TheRole == Role::AccessOk, "", 0});
  for (const std::string &Key : Keys)
    for (const ForeignFieldCall &C : Cache.fieldChecks().foreignCalls(Key))
      Out.FieldChecks.push_back(
          {Key, C.Function->getNameAsString(),
           collapseWhitespace(writtenText(*C.Call, Cache.astContext())),
           Context.locate(C.Call->getBeginLoc()), false, false, C.Callee,
           C.Arg});
  Out.FieldsAnswered.assign(Keys.begin(), Keys.end());
}

CallSite summarizeCall(AnalysisCache &Cache, CheckContext &Context,
                       const FunctionDecl &Caller, const CallExpr &Call,
                       const FunctionDecl &Callee) {
  CallSite S;
  S.Caller = Caller.getNameAsString();
  S.CallerInternal = !Caller.isExternallyVisible();
  S.Callee = Callee.getNameAsString();
  S.CalleeInternal = !Callee.isExternallyVisible();
  S.Loc = Context.locate(Call.getBeginLoc());
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    for (bool Indirect : {false, true}) {
      TracedArgument A;
      if (traced(Cache, Context, Caller, Call, {int(I), Indirect, "", false},
                 A))
        S.Args.push_back(std::move(A));
    }
  return S;
}

std::optional<WrapperDefinition>
wrapperOf(AnalysisCache &Cache, const FunctionDecl &FD, CheckContext &Context) {
  const CheckWrapper *W = checkWrapper(Cache.get(FD));
  // The link step knows whole parameters only, not a wrapper of a field,
  // and wrappers that check for themselves, not through another TU's.
  if (!W || W->PointerParam >= FD.getNumParams() || !W->Field.empty() ||
      !W->RequiredCallee.empty())
    return std::nullopt;
  std::string Length =
      W->LengthParam >= 0 && unsigned(W->LengthParam) < FD.getNumParams()
          ? FD.getParamDecl(W->LengthParam)->getNameAsString()
      : W->LengthText.empty() ? "..."
                              : W->LengthText;
  return WrapperDefinition{
      FD.getNameAsString(), W->PointerParam,
      "access_ok(" + FD.getParamDecl(W->PointerParam)->getNameAsString() +
          ", " + Length + ")",
      Context.locate(FD.getLocation())};
}

/// A call of a named function, and the definition it is in: a direct
/// call, or one through a struct field the TU stores the function in (a
/// regset's `->set`, which 6.12 arch/x86/kernel/ptrace.c sets to
/// regset_tls_set() of tls.c and calls in copy_regset_from_user()).
struct NamedCall {
  const FunctionDecl *Caller;
  const CallExpr *Call;
  const FunctionDecl *Callee;
};

/// Adds to \p Out the calls among \p Calls to functions named in \p Names,
/// and the check wrappers among \p Definitions so named.
void summarizeCallsTo(AnalysisCache &Cache, CheckContext &Context,
                      llvm::ArrayRef<const FunctionDecl *> Definitions,
                      llvm::ArrayRef<NamedCall> Calls,
                      const llvm::StringSet<> &Names, CallSummary &Out) {
  for (const FunctionDecl *FD : Definitions)
    if (FD->getIdentifier() && Names.contains(FD->getName()))
      if (std::optional<WrapperDefinition> W = wrapperOf(Cache, *FD, Context))
        Out.Wrappers.push_back(std::move(*W));
  for (const NamedCall &C : Calls)
    if (Names.contains(C.Callee->getName()))
      Out.Calls.push_back(
          summarizeCall(Cache, Context, *C.Caller, *C.Call, *C.Callee));
}

} // namespace

CallSummary summarizeCalls(AnalysisCache &Cache, CheckContext &Context,
                           llvm::ArrayRef<const FunctionDecl *> Definitions,
                           const llvm::StringSet<> &Wanted,
                           const llvm::StringSet<> &WantedFields) {
  CallSummary Out;
  const SourceManager &SM = Cache.astContext().getSourceManager();
  Out.Unit = Context.locate(SM.getLocForStartOfFile(SM.getMainFileID())).File;
  // Each level of callers looks at the same calls: gather them once.
  std::vector<NamedCall> Calls;
  for (const FunctionDecl *FD : Definitions)
    for (const CallExpr *Call : callsIn(FD->getBody()))
      if (const FunctionDecl *Callee = Call->getDirectCallee();
          Callee && Callee->getIdentifier())
        Calls.push_back({FD, Call, Callee});
  llvm::SmallPtrSet<const FunctionDecl *, 32> Bodies(Definitions.begin(),
                                                     Definitions.end());
  size_t Direct = Calls.size();
  for (const auto &[Callee, Sites] : Cache.callers().indirectCalls())
    for (const CallerIndex::Site &S : Sites)
      if (Callee->getIdentifier() && Bodies.contains(S.Caller))
        Calls.push_back({S.Caller, S.Call, Callee});
  // The map's order is its pointers': sort by place, as the direct calls.
  std::sort(Calls.begin() + Direct, Calls.end(),
            [&](const NamedCall &A, const NamedCall &B) {
              SourceLocation LA = SM.getExpansionLoc(A.Call->getBeginLoc());
              SourceLocation LB = SM.getExpansionLoc(B.Call->getBeginLoc());
              if (LA != LB)
                return SM.isBeforeInTranslationUnit(LA, LB);
              return A.Callee->getName() < B.Callee->getName();
            });
  llvm::StringSet<> Answered, Next = Wanted;
  // The callers that pass a parameter on are what the link step asks about
  // next; their calls in this TU are summarized now, while it is parsed.
  while (!Next.empty()) {
    size_t From = Out.Calls.size();
    summarizeCallsTo(Cache, Context, Definitions, Calls, Next, Out);
    for (const auto &Name : Next)
      Answered.insert(Name.getKey());
    Next.clear();
    for (const CallSite &S : llvm::drop_begin(Out.Calls, From))
      if (llvm::any_of(
              S.Args,
              [](const TracedArgument &A) { return A.CallerParam >= 0; }) &&
          !Answered.contains(S.Caller))
        Next.insert(S.Caller);
  }
  for (const auto &Name : Answered)
    Out.Answered.push_back(Name.getKey().str());
  llvm::sort(Out.Answered);
  summarizeFieldChecks(Cache, Context, WantedFields, Out);
  return Out;
}

Value toJSON(const TracedArgument &A) {
  Object O{{"index", A.Index},
           {"indirect", A.Indirect},
           {"caller_param", A.CallerParam},
           {"caller_indirect", A.CallerIndirect},
           {"guard_calls", guardCallsToJSON(A.GuardCalls)}};
  if (!A.Check.empty()) {
    O["check"] = bytesToJSON(A.Check);
    O["check_loc"] = toJSON(A.CheckLoc);
  }
  if (!A.Field.empty())
    O["field"] = bytesToJSON(A.Field);
  return O;
}

Value toJSON(const CallSite &S) {
  return Object{{"caller", bytesToJSON(S.Caller)},
                {"caller_internal", S.CallerInternal},
                {"callee", bytesToJSON(S.Callee)},
                {"callee_internal", S.CalleeInternal},
                {"loc", toJSON(S.Loc)},
                {"args", S.Args}};
}

Value toJSON(const WrapperDefinition &W) {
  return Object{{"function", bytesToJSON(W.Function)},
                {"param", W.Param},
                {"check", bytesToJSON(W.Check)},
                {"loc", toJSON(W.Loc)}};
}

Value toJSON(const FieldCheckSummary &F) {
  return Object{{"field", bytesToJSON(F.Field)},
                {"function", bytesToJSON(F.Function)},
                {"check", bytesToJSON(F.Check)},
                {"loc", toJSON(F.Loc)},
                {"at_store", F.AtStore},
                {"explicit", F.Explicit},
                {"required_callee", bytesToJSON(F.RequiredCallee)},
                {"required_arg", F.RequiredArg}};
}

Value toJSON(const CallSummary &S) {
  return Object{{"unit", bytesToJSON(S.Unit)},
                {"answered", bytesToJSON(S.Answered)},
                {"calls", S.Calls},
                {"wrappers", S.Wrappers},
                {"fields_answered", bytesToJSON(S.FieldsAnswered)},
                {"field_checks", S.FieldChecks}};
}

bool fromJSON(const Value &V, TracedArgument &A, Path P) {
  ObjectMapper O(V, P);
  if (!O || !O.map("index", A.Index) || !O.map("indirect", A.Indirect) ||
      !O.map("caller_param", A.CallerParam) ||
      !O.map("caller_indirect", A.CallerIndirect) ||
      !guardCallsFromJSON(V, A.GuardCalls, P))
    return false;
  const llvm::json::Object *Obj = V.getAsObject();
  if (Obj->get("field") && !mapBytes(V, "field", A.Field, P))
    return false;
  if (!Obj->get("check"))
    return true;
  return mapBytes(V, "check", A.Check, P) && O.map("check_loc", A.CheckLoc);
}

bool fromJSON(const Value &V, CallSite &S, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "caller", S.Caller, P) &&
         O.map("caller_internal", S.CallerInternal) &&
         mapBytes(V, "callee", S.Callee, P) &&
         O.map("callee_internal", S.CalleeInternal) && O.map("loc", S.Loc) &&
         O.map("args", S.Args);
}

bool fromJSON(const Value &V, WrapperDefinition &W, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "function", W.Function, P) &&
         O.map("param", W.Param) && mapBytes(V, "check", W.Check, P) &&
         O.map("loc", W.Loc);
}

bool fromJSON(const Value &V, FieldCheckSummary &F, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "field", F.Field, P) &&
         mapBytes(V, "function", F.Function, P) &&
         mapBytes(V, "check", F.Check, P) && O.map("loc", F.Loc) &&
         O.map("at_store", F.AtStore) && O.map("explicit", F.Explicit) &&
         (!V.getAsObject()->get("required_callee") ||
          mapBytes(V, "required_callee", F.RequiredCallee, P)) &&
         O.mapOptional("required_arg", F.RequiredArg);
}

bool fromJSON(const Value &V, CallSummary &S, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "unit", S.Unit, P) &&
         mapBytes(V, "answered", S.Answered, P) && O.map("calls", S.Calls) &&
         O.map("wrappers", S.Wrappers) &&
         mapBytes(V, "fields_answered", S.FieldsAnswered, P) &&
         O.map("field_checks", S.FieldChecks);
}

} // namespace uaccess
