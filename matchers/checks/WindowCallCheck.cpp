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

namespace {
constexpr MessageFormat AccessorInside{
    "accessor-inside", "'{accessor}' inside a user access window: it toggles "
                       "user access itself and closes the window early; use "
                       "the unsafe_* form"};
constexpr MessageFormat CallInside{
    "call-inside", "{indirect?indirect call|call to '{callee}'} with user "
                   "access enabled{sleeps? (may sleep: reaches '{sleeps}')}"};
constexpr MessageFormat MessageTable[] = {AccessorInside, CallInside};
} // namespace

const llvm::ArrayRef<MessageFormat> WindowCallCheck::Messages = MessageTable;

void WindowCallCheck::report(FunctionAnalyses &FA, const WindowAnalysis &,
                             const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::CallInside)
    return;
  const FunctionUses &Uses = FA.uses();
  if (!E.Call) {
    // A self-checking or unchecked accessor inside a window.
    auto B = diag(E.Use->loc(), &FD, AccessorInside,
                  FindingArgs().set("accessor", E.Use->name()));
    noteBegin(B, Uses, E.State);
    return;
  }
  const CallVerdict &V = E.Verdict;
  FindingArgs Args;
  Args.flag("indirect", V.Indirect);
  if (!V.Indirect)
    Args.set("callee", V.Callee->getNameAsString());
  if (V.MaySleep)
    Args.set("sleeps", V.SleepReason);
  auto B = diag(E.Call->getBeginLoc(), &FD, CallInside, std::move(Args));
  noteBegin(B, Uses, E.State);
  if (!V.InnerCall.empty() && V.Callee)
    B.note(V.Callee->getLocation(), "'" + V.Callee->getNameAsString() +
                                        "' calls '" + V.InnerCall +
                                        "', which is not uaccess-safe");
}

} // namespace uaccess
