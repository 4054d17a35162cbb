//===--- WindowEventCheck.cpp - Base of the window checks -----------------===//

#include "checks/WindowEventCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace uaccess {

void WindowEventCheck::checkFunction(const FunctionDecl &,
                                     FunctionAnalyses &FA) {
  const WindowAnalysis *Analysis = FA.getAnalysis<WindowAnalysis>();
  if (!Analysis)
    return;
  for (const WindowEvent &E : Analysis->events())
    report(FA, *Analysis, E);
}

void WindowEventCheck::noteBegin(FindingBuilder &B, const FunctionUses &Uses,
                                 const WindowState &State) {
  if (State.Begin < 0)
    return;
  const UaccessUse &Begin = Uses.use(State.Begin);
  B.note(Begin.loc(),
         "user access window opened by '" + Begin.name() + "' here");
}

bool WindowEventCheck::noteCloser(FindingBuilder &B, const FunctionUses &Uses,
                                  const WindowState &State) {
  if (State.Closer >= 0) {
    const UaccessUse &End = Uses.use(State.Closer);
    B.note(End.loc(), "the window was closed by '" + End.name() + "' here");
    return true;
  }
  const FunctionDecl *Helper =
      State.ClosedBy ? State.ClosedBy->getDirectCallee() : nullptr;
  if (!Helper)
    return false;
  std::optional<bool> NonZero = truthOf(State.ReturnedSign);
  std::string Way = !NonZero   ? ""
                    : *NonZero ? " on its way out that returns non-zero"
                               : " on its way out that returns 0";
  B.note(State.ClosedBy->getBeginLoc(), "the window was closed in '" +
                                            Helper->getNameAsString() + "'" +
                                            Way + ", called here");
  return true;
}

} // namespace uaccess
