//===--- WindowCallCheck.cpp - window-call --------------------------------===//
//
// "To make sure there's not too much happening in the window": code that
// runs with user access on can be tricked into touching user memory, and a
// callee that sleeps or faults runs with SMAP disabled. objtool rejects calls
// to functions off its uaccess-safe list; this is the same rule at source
// level, before a build, for every arch.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowCallCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace uaccess {

void WindowCallCheck::report(FunctionAnalyses &FA, const WindowAnalysis &,
                             const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::CallInside)
    return;
  const FunctionUses &Uses = FA.uses();
  if (!E.Call) {
    // A self-checking or unchecked accessor inside a window.
    auto B = diag(E.Use->loc(), &FD,
                  "'" + E.Use->name() +
                      "' inside a user access window: it toggles user "
                      "access itself and closes the window early; use the "
                      "unsafe_* form");
    noteBegin(B, Uses, E.State);
    return;
  }
  const CallVerdict &V = E.Verdict;
  std::string What = V.Indirect
                         ? "indirect call"
                         : "call to '" + V.Callee->getNameAsString() + "'";
  std::string Sleep =
      V.MaySleep ? " (may sleep: reaches '" + V.SleepReason + "')" : "";
  auto B = diag(E.Call->getBeginLoc(), &FD,
                What + " with user access enabled" + Sleep);
  noteBegin(B, Uses, E.State);
  if (!V.InnerCall.empty() && V.Callee)
    B.note(V.Callee->getLocation(), "'" + V.Callee->getNameAsString() +
                                        "' calls '" + V.InnerCall +
                                        "', which is not uaccess-safe");
}

} // namespace uaccess
