//===--- ArgumentTrace.cpp - What a call passes for a user pointer --------===//

#include "analysis/ArgumentTrace.h"

#include "analysis/AccessOkModel.h"
#include "analysis/CheckWrapper.h"
#include "analysis/MaskedPointer.h"
#include "analysis/PointerDerivation.h"
#include "analysis/WindowAnalysis.h"
#include "recognize/PointerShape.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace uaccess {

namespace {

/// The variable an argument `&p` passes the address of, or "".
std::string addressedVariable(const Expr &Arg) {
  const auto *Addr = dyn_cast<UnaryOperator>(Arg.IgnoreParenCasts());
  const auto *Ref =
      Addr && Addr->getOpcode() == UO_AddrOf
          ? dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenCasts())
          : nullptr;
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref->getDecl()->getNameAsString()
                                             : "";
}

/// The parameter an argument `*pp` reads the pointer from, or -1.
int dereferencedParameter(const Expr &Arg) {
  const auto *Deref = dyn_cast<UnaryOperator>(Arg.IgnoreParenCasts());
  const auto *Ref =
      Deref && Deref->getOpcode() == UO_Deref
          ? dyn_cast<DeclRefExpr>(Deref->getSubExpr()->IgnoreParenCasts())
          : nullptr;
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return Param ? int(Param->getFunctionScopeIndex()) : -1;
}

} // namespace

char TestedCallArguments::ID;

TestedCallArguments::TestedCallArguments(FunctionAnalyses &FA) {
  ASTContext &Ctx = FA.astContext();
  for (const CallExpr *Call : FA.calls()) {
    if (isValueDiscarded(*Call, FA.parents()))
      continue;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      ByBase[pointerShape(writtenText(*Call->getArg(I), Ctx)).Base].push_back(
          {Call, I});
    }
  }
}

llvm::ArrayRef<TestedCallArguments::Entry>
TestedCallArguments::passing(llvm::StringRef Base) const {
  auto It = ByBase.find(Base);
  if (It == ByBase.end())
    return {};
  return It->second;
}

std::vector<ArgumentTrace::ForeignCall>
foreignCallsBefore(FunctionAnalyses &FA, llvm::StringRef Base,
                   llvm::function_ref<bool(const CallExpr &)> RunsBefore) {
  std::vector<ArgumentTrace::ForeignCall> Found;
  for (auto [Other, I] : FA.getAnalysis<TestedCallArguments>()->passing(Base)) {
    if (!RunsBefore(*Other))
      continue;
    // A check of this TU's own is a check of the model's, not foreign.
    std::optional<CallCheck> Check = checkByCall(FA.cache(), *Other, I);
    if (Check && !Check->RequiredCallee.empty())
      Found.push_back({Other, Check->RequiredCallee, Check->RequiredArg});
  }
  return Found;
}

int parameterIndex(const FunctionDecl &FD, llvm::StringRef Name) {
  for (unsigned I = 0; I < FD.getNumParams(); ++I)
    if (FD.getParamDecl(I)->getName() == Name)
      return I;
  return -1;
}

TracedParam tracedParamOf(const FunctionDecl &FD, llvm::StringRef Pointer) {
  size_t Arrow = Pointer.find("->");
  TracedParam P;
  P.Index = parameterIndex(FD, Pointer.take_front(Arrow));
  if (Arrow != llvm::StringRef::npos)
    P.Field = Pointer.drop_front(Arrow).str();
  return P;
}

namespace {

/// Where \p Own lies in \p Origin, what it copies, in bytes: 0 for Origin
/// itself or an exact copy, the constant bytes of an address's one store
/// (`tail = &p->b`: 4); none otherwise.
std::optional<int64_t> bytesInto(const PointerDerivation &PD,
                                 llvm::StringRef Own, llvm::StringRef Origin,
                                 const ASTContext &Ctx) {
  if (Own == Origin)
    return 0;
  std::optional<PointerCopy> Copy = PD.copyOf(Own);
  if (!Copy || Copy->Origin != Origin)
    return std::nullopt;
  if (Copy->exact())
    return 0;
  // `tail = &p->b`, `q = p + 1`: at the bytes of its one store, if known.
  BytePlace In = placeInOrigin(PD, BytePlace{Own.str()}, Origin, Ctx);
  return In.Holder == Origin ? In.Bytes : std::nullopt;
}

/// The names the caller's checks may give the pointer that \p Own (the
/// argument's pointer, as passed) holds for \p Param: Own itself, and
/// what Own copies. Empty when Own is not the pointer: a field the caller
/// writes first, or one of an offset copy (another element's). An
/// address inside the origin (`&p->b`) names it only at known bytes.
llvm::SmallVector<std::string, 2> callerNames(const PointerDerivation &PD,
                                              llvm::StringRef Own,
                                              TracedParam &Param,
                                              const ASTContext &Ctx) {
  llvm::SmallVector<std::string, 2> Names{Own.str() + Param.Field};
  std::optional<PointerCopy> Copy =
      Param.Indirect ? std::nullopt : PD.copyOf(Own);
  if (Copy && Copy->Address) {
    if (Param.Field.empty() && bytesInto(PD, Own, Copy->Origin, Ctx))
      Names.push_back(Copy->Origin);
  } else if (Copy &&
             (Param.Field.empty() || (Copy->exact() && Copy->SameType))) {
    Names.push_back(Copy->Origin + Param.Field);
    if (!Copy->exact() && !bytesInto(PD, Own, Copy->Origin, Ctx))
      Param.Inside = true, Param.FromStart = false;
  }
  if (!Param.Field.empty() && !PD.stable(Names.back()))
    Names.clear();
  return Names;
}

/// True when \p Check checks a range a caller's pointer must lie in: an
/// access_ok(), or a window's begin that checks one.
bool checksRange(const UaccessUse &Check) {
  Role R = Check.Api->TheRole;
  return R == Role::AccessOk || R == Role::CheckedBegin || R == Role::Scoped;
}

/// True when \p Check, of \p Checked, covers a fixed range that the
/// traced pointer may lie past (\p Param, on the caller's side): the
/// pointer lies somewhere inside the caller's, or the access reaches
/// bytes outside the range.
/// Param.Reach counts from \p Origin; a check of a copy inside it is
/// moved there (bytesInto()).
bool fallsShort(const UaccessUse &Check, llvm::StringRef Checked,
                llvm::StringRef Origin, const PointerDerivation &PD,
                const TracedParam &Param, const ASTContext &Ctx) {
  if (Param.Inside)
    return !AccessOkModel::checksWholeBuffer(Check);
  if (!checksRange(Check))
    return false;
  std::optional<ByteRange> Range =
      Param.Reach ? bytesChecked(Check, Checked, Ctx) : std::nullopt;
  std::optional<int64_t> Into =
      Range ? bytesInto(PD, Checked, Origin, Ctx) : std::nullopt;
  return Into && !Param.Reach->within(Range->shifted(*Into));
}

/// The caller's checks that run before \p Call on every path: of the
/// names \p Names (one that guards the call, or one that falls short), or
/// of another pointer. \p Param is on the caller's side (passedAt()).
void classifyChecks(FunctionAnalyses &FA, const CallExpr &Call,
                    llvm::ArrayRef<std::string> Names, llvm::StringRef Own,
                    const TracedParam &Param, ArgumentTrace &T) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  const ASTContext &Ctx = FA.astContext();
  for (const UaccessUse *C : Model.checks()) {
    if (!Model.dominates(*C, Call))
      continue;
    std::string Checked = AccessOkModel::pointerOf(*C).Base;
    // `p = other;` after the check: the call is given what it never saw.
    bool Same = llvm::is_contained(Names, Checked) &&
                !reassignedBefore(FA, Own, *C, Call);
    bool IsAccessOk = C->Api->TheRole == Role::AccessOk;
    bool Short = Same && fallsShort(*C, Checked, Names.back(), PD, Param, Ctx);
    bool Weak = T.OtherWeakness != CheckWeakness::None;
    if (Same && !Model.failureStops(*C, Call)) {
      if (!Weak)
        T.OtherCheck = C, T.OtherWeakness = CheckWeakness::FailureIgnored;
    } else if (Same && !Short) {
      T.Check = C;
    } else if (Same && checksRange(*C) && !Weak) {
      T.OtherCheck = C, T.OtherWeakness = CheckWeakness::Short;
      T.Reached = Param.Reach;
    } else if (!Same && !Checked.empty() && !T.OtherCheck && IsAccessOk) {
      T.OtherCheck = C;
    }
  }
  if (T.Check)
    T.OtherCheck = nullptr, T.OtherWeakness = CheckWeakness::None,
    T.Reached.reset();
}

/// How \p Begin, open at a call, checks the argument \p Arg: a masked
/// begin or scope whose result it is or goes through (or that is passed its raw
/// source, which the caller is told of: uncheckedRawCalls()); a checked
/// begin of one of \p Names, or of the object Arg lies in
/// (`&frame->sc.regs[2]`).
bool windowChecks(FunctionAnalyses &FA, const UaccessUse &Begin,
                  const CallExpr &Call, const Expr &Arg,
                  llvm::ArrayRef<std::string> Names, llvm::StringRef Own) {
  if (reassignedBefore(FA, Own, Begin, Call))
    return false;
  const MaskedPointers *Masked = FA.getAnalysis<MaskedPointers>();
  bool Masks = Masked && Masked->of(Begin);
  if (Masks &&
      (isValueOf(Begin, *Arg.IgnoreParenCasts()) ||
       Masked->throughHolder(Begin, Arg) || Masked->classify(Begin, Arg)))
    return true;
  // Else through a pointer derived from the begin's (`q = frame` after it).
  std::string Base = AccessOkModel::pointerOf(Begin).Base;
  std::string Object = bytePlaceOf(Arg, FA.astContext()).Holder;
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  return (Masks || checksRange(Begin)) && !Base.empty() &&
         (llvm::is_contained(Names, Base) ||
          (!Object.empty() && PD.related(Object, Base) &&
           !PD.staleCopy(Object, Base, Begin.loc())));
}

/// \p Param as \p Begin saw the pointer: one the caller steps in straight
/// code since (`frame = frame + 1;`) reaches further by the bytes stepped,
/// or somewhere inside its buffer when they are not known.
TracedParam movedSince(FunctionAnalyses &FA, const UaccessUse &Begin,
                       const CallExpr &Call, llvm::StringRef Own,
                       const TracedParam &Param) {
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  if (!Param.Reach || Own.empty() || !PD.walks(Own) ||
      AccessOkModel::pointerOf(Begin).Base != Own)
    return Param;
  TracedParam Moved = Param;
  if (std::optional<int64_t> By = bytesSteppedBefore(FA, Begin, Call, Own))
    Moved.Reach = Param.Reach->shifted(*By);
  else
    Moved.Reach.reset(), Moved.Inside = true;
  return Moved;
}

/// The windows open at \p Call, when the callee works in its caller's
/// window (an `__always_inline` helper with `unsafe_*` ops). Without a
/// check before the call, every begin that opened one must check the
/// argument (windowChecks()). A begin whose range falls short is a short
/// check even after a check of the whole object: on powerpc the window
/// opens only its own range, as checkWindowRange() holds a caller's own
/// ops to it.
void classifyWindows(FunctionAnalyses &FA, const CallExpr &Call,
                     const Expr &Arg, llvm::ArrayRef<std::string> Names,
                     llvm::StringRef Own, const TracedParam &Param,
                     ArgumentTrace &T) {
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  llvm::ArrayRef<int> Openers =
      Windows ? Windows->openersOf(Call) : llvm::ArrayRef<int>();
  if (Openers.empty() || llvm::is_contained(Openers, -1))
    return;
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  const UaccessUse *Checked = nullptr, *Short = nullptr;
  std::optional<ByteRange> Reached;
  bool AllCheck = true;
  for (int Opener : Openers) {
    const UaccessUse &Begin = FA.uses().use(Opener);
    if (!windowChecks(FA, Begin, Call, Arg, Names, Own)) {
      AllCheck = false;
      continue;
    }
    std::string Base = AccessOkModel::pointerOf(Begin).Base;
    TracedParam AtBegin = movedSince(FA, Begin, Call, Own, Param);
    if (checksRange(Begin) && llvm::is_contained(Names, Base) &&
        fallsShort(Begin, Base, Names.back(), PD, AtBegin, FA.astContext()))
      Short = &Begin, Reached = AtBegin.Reach;
    Checked = &Begin;
  }
  if (Short && (T.Check || T.OtherWeakness == CheckWeakness::None)) {
    T.Check = nullptr;
    T.OtherCheck = Short, T.OtherWeakness = CheckWeakness::Short;
    T.Reached = Reached;
  } else if (!Short && !T.Check && AllCheck) {
    T.Check = Checked, T.OtherCheck = nullptr;
    T.OtherWeakness = CheckWeakness::None, T.Reached.reset();
  }
}

/// Moves \p Param to the caller's side of a call that passes \p Arg for
/// it, where Arg is the caller's pointer \p Own at an offset: a constant
/// one moves the bytes reached (`&p->b`, `p + 1`); one that varies (`p +
/// i`) puts the pointer somewhere inside the buffer of \p Origin, what
/// Own copies (Inside). A local address inside Origin (`tail = &p->b`)
/// is at the bytes of its one store.
void passedAt(const Expr &Arg, llvm::StringRef Own, llvm::StringRef Origin,
              const PointerDerivation &PD, TracedParam &Param,
              const ASTContext &Ctx) {
  std::optional<ByteRange> Reach = std::move(Param.Reach);
  Param.Reach.reset();
  if (Param.Indirect || !Param.Field.empty() || Param.Inside)
    return;
  BytePlace Passed = bytePlaceOf(Arg, Ctx);
  if (Passed.Holder != Own || Passed.Extent)
    return;
  std::optional<int64_t> Into = bytesInto(PD, Own, Origin, Ctx);
  if (!Passed.Bytes || !Into)
    Param.Inside = true, Param.FromStart = false;
  else if (Reach)
    Param.Reach = Reach->shifted(*Passed.Bytes + *Into);
}

/// The shape of \p Arg as the caller wrote it: inside a macro that makes
/// the call (`#define CALLD(x) put_d(x)`), the macro's argument.
/// A pointer the shapes do not read (`p - 1`) is read as the variable it
/// offsets, at an offset that is not the caller's own pointer.
PointerShape argumentShape(const Expr &Arg, const ASTContext &Ctx) {
  std::string Text =
      Arg.getBeginLoc().isMacroID() ? argumentText(Arg, Ctx) : "";
  PointerShape Shape =
      pointerShape(Text.empty() ? writtenText(Arg, Ctx) : Text);
  if (!Shape.Base.empty())
    return Shape;
  std::string Holder = bytePlaceOf(Arg, Ctx).Holder;
  if (!Holder.empty() && Holder.find_first_of("->.") == std::string::npos)
    Shape.Base = Holder;
  return Shape;
}

} // namespace

ArgumentTrace traceArgument(AnalysisCache &Cache, const FunctionDecl &Caller,
                            const CallExpr &Call, TracedParam Param) {
  ArgumentTrace T;
  if (Param.Index < 0 || unsigned(Param.Index) >= Call.getNumArgs())
    return T;
  ASTContext &Ctx = Cache.astContext();
  const Expr &Arg = *Call.getArg(Param.Index);
  FunctionAnalyses &FA = Cache.get(Caller);
  const PointerDerivation &PD = *FA.getAnalysis<PointerDerivation>();
  // `&frame->sc[0]`: an element of an array inside *frame, so in frame.
  PointerShape Shape = PD.objectShape(argumentShape(Arg, Ctx));
  std::string Own = Param.Indirect ? addressedVariable(Arg) : Shape.Base;
  // The field of what the caller passes: `args`, not `args + 1` or
  // `&outer->inner`, whose fields are other objects'.
  bool Holder = Param.Indirect || Shape.Kind == PointerShape::WholeObject;
  llvm::SmallVector<std::string, 2> Names;
  if (!Own.empty() && (Param.Field.empty() || Holder))
    Names = callerNames(PD, Own, Param, Ctx);
  if (Names.empty()) {
    // `*uevents`: the caller's pointer, passed by address to be advanced.
    bool Deref = Own.empty() && !Param.Indirect && Param.Field.empty();
    T.Up.Index = Deref ? dereferencedParameter(Arg) : -1;
    T.Up.Indirect = true;
    return T;
  }
  T.Base = Names.back();
  T.Up = tracedParamOf(Caller, T.Base);
  // `frame = other;` before the call: the call is given what the caller
  // made, not what its callers passed.
  if (T.Up.Index >= 0 && T.Up.Field.empty() && !Param.Indirect &&
      reassignedBefore(FA, T.Base, Call))
    T.Up.Index = -1;
  passedAt(Arg, Own, T.Base, PD, Param, Ctx);
  T.Up.Inside = Param.Inside;
  T.Up.FromStart = Param.FromStart;
  T.Up.Reach = Param.Reach;
  // A field passed on (`sr->umsg`) is the callers' only while the caller
  // does not write it first.
  if (!T.Up.Field.empty() && !PD.stable(T.Base))
    T.Up.Index = -1;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  classifyChecks(FA, Call, Names, Own, Param, T);
  classifyWindows(FA, Call, Arg, Names, Own, Param, T);
  if (!T.Check && Param.linkable())
    T.ForeignCalls = foreignCallsBefore(FA, Own, [&](const CallExpr &Other) {
      return &Other != &Call && Model.dominates(Other, Call);
    });
  return T;
}

} // namespace uaccess
