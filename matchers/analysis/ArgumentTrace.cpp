//===--- ArgumentTrace.cpp - What a call passes for a user pointer --------===//

#include "analysis/ArgumentTrace.h"

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
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

/// A function this TU only declares: its body, if any, is another TU's.
bool isForeign(const FunctionDecl *Callee) {
  return Callee && Callee->getIdentifier() && !parsedDefinition(*Callee) &&
         Callee->isExternallyVisible() && !lookupApi(Callee->getName());
}

/// Tested calls of foreign functions that pass \p Base and run before
/// \p Call on every path.
std::vector<ArgumentTrace::ForeignCall>
foreignCallsBefore(const FunctionDecl &Caller, const CallExpr &Call,
                   llvm::StringRef Base, const AccessOkModel &Model,
                   ASTContext &Ctx) {
  std::vector<ArgumentTrace::ForeignCall> Found;
  for (const CallExpr *Other : callsIn(Caller.getBody())) {
    if (Other == &Call || !isForeign(Other->getDirectCallee()) ||
        isValueDiscarded(*Other, Ctx))
      continue;
    for (unsigned I = 0; I < Other->getNumArgs(); ++I)
      if (pointerShape(writtenText(*Other->getArg(I), Ctx)).Base == Base &&
          Model.dominates(*Other, Call))
        Found.push_back({Other, I});
  }
  return Found;
}

} // namespace

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

ArgumentTrace traceArgument(AnalysisCache &Cache, const FunctionDecl &Caller,
                            const CallExpr &Call, TracedParam Param) {
  ArgumentTrace T;
  if (Param.Index < 0 || unsigned(Param.Index) >= Call.getNumArgs())
    return T;
  ASTContext &Ctx = Cache.astContext();
  const Expr &Arg = *Call.getArg(Param.Index);
  std::string Own = Param.Indirect ? addressedVariable(Arg)
                                   : pointerShape(writtenText(Arg, Ctx)).Base;
  if (Own.empty()) {
    // `*uevents`: the caller's pointer, passed by address to be advanced.
    bool Deref = !Param.Indirect && Param.Field.empty();
    T.Up = {Deref ? dereferencedParameter(Arg) : -1, true, ""};
    return T;
  }
  // A check of the argument as passed, or of what it copies.
  FunctionAnalyses &FA = Cache.get(Caller);
  llvm::SmallVector<std::string, 2> Names{Own + Param.Field};
  if (!Param.Indirect)
    if (std::optional<PointerCopy> Copy =
            FA.getAnalysis<PointerDerivation>()->copyOf(Own))
      Names.push_back(Copy->Origin + Param.Field);
  T.Base = Names.back();
  T.Up = tracedParamOf(Caller, T.Base);
  T.Up.Indirect = false;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  for (const UaccessUse *C : Model.checks())
    if (llvm::is_contained(Names, AccessOkModel::pointerOf(*C).Base) &&
        Model.dominates(*C, Call))
      T.Check = C;
  if (!T.Check && Param.Field.empty())
    T.ForeignCalls = foreignCallsBefore(Caller, Call, Own, Model, Ctx);
  return T;
}

} // namespace uaccess
