//===--- WindowEventCheck.cpp - Base of the window checks -----------------===//

#include "checks/WindowEventCheck.h"

#include "clang/AST/Decl.h"

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

} // namespace uaccess
