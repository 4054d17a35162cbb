//===--- WindowEventCheck.cpp - Shared base of the window checks ----------===//

#include "Checks.h"

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace uaccess {

void WindowEventCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

void WindowEventCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!FD)
    return;
  const WindowAnalysis *Analysis = context().windowsOf(*FD);
  if (!Analysis)
    return;
  for (const WindowEvent &E : Analysis->events())
    report(*FD, *Analysis, E);
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
