//===--- AccessOkFarLink.cpp - What access-ok-far hands the link step -----===//

#include "checks/AccessOkFarLink.h"

#include "clang/AST/Decl.h"

namespace uaccess {

namespace {

/// A place where the search for a check leaves the TU, as the link step
/// reads it; a static function's callers are all in \p Unit.
CallerEnd callerEnd(const OpenEnd &Open, llvm::StringRef Unit) {
  CallerEnd E;
  E.Function = Open.Function->getNameAsString();
  E.Param = Open.Param.Index;
  E.Indirect = Open.Param.Indirect;
  if (!Open.Function->isExternallyVisible())
    E.Unit = Unit.str();
  for (const ArgumentTrace::ForeignCall &F : Open.Guards)
    E.GuardCalls.emplace_back(F.Callee, F.Arg);
  for (const clang::FunctionDecl *F : Open.Chain)
    E.Chain.push_back(F->getNameAsString());
  return E;
}

} // namespace

CallerLink callerLink(const UaccessUse &A, llvm::StringRef Pointer,
                      const CallerSearch &Up, llvm::StringRef Unit,
                      unsigned NearDepth) {
  CallerLink L;
  for (const OpenEnd &Open : Up.Open)
    L.Ends.push_back(callerEnd(Open, Unit));
  L.Accessor = A.name().str();
  L.Pointer = Pointer.str();
  L.CheckedDepth = Up.First ? Up.Deepest : 0;
  L.NearDepth = NearDepth;
  L.MaxDepth = MaxCallerSearch;
  return L;
}

} // namespace uaccess
