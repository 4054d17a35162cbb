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

#include "utils/SourceUtils.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

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
constexpr MessageFormat CleanupInside{
    "cleanup-inside",
    "call to '{callee}', the cleanup of '{guard}', with user access "
    "enabled{sleeps? (may sleep: reaches '{sleeps}')}"};
constexpr MessageFormat MessageTable[] = {AccessorInside, CallInside,
                                          CleanupInside};
} // namespace

const llvm::ArrayRef<MessageFormat> WindowCallCheck::Messages = MessageTable;

void WindowCallCheck::report(FunctionAnalyses &FA, const WindowAnalysis &,
                             const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::CallInside)
    return;
  const FunctionUses &Uses = FA.uses();
  if (!E.Call && E.Guard) {
    reportCleanup(FA, E);
    return;
  }
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

// The scope of a variable with a cleanup function ends in the window: the
// finding is where the scope ends, with a note at the variable.
void WindowCallCheck::reportCleanup(FunctionAnalyses &FA,
                                    const WindowEvent &E) {
  const VarDecl &Guard = *E.Guard;
  SourceLocation At = Guard.getLocation();
  const Stmt *Declared = nullptr;
  anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    const auto *DS = dyn_cast<DeclStmt>(&S);
    if (DS && llvm::is_contained(DS->decls(), &Guard))
      Declared = DS;
    return Declared != nullptr;
  });
  if (const auto *Scope = dyn_cast_or_null<CompoundStmt>(
          Declared ? FA.parents().getParent(Declared) : nullptr))
    At = Scope->getRBracLoc();
  FindingArgs Args;
  Args.set("callee", E.Verdict.Callee->getNameAsString())
      .set("guard", Guard.getName());
  if (E.Verdict.MaySleep)
    Args.set("sleeps", E.Verdict.SleepReason);
  auto B = diag(At, &FA.decl(), CleanupInside, std::move(Args));
  noteBegin(B, FA.uses(), E.State);
  B.note(Guard.getLocation(), "'" + Guard.getName().str() +
                                  "' is declared here; its scope ends in "
                                  "the window");
}

} // namespace uaccess
