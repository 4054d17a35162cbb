//===--- WindowUnsafeOutsideCheck.cpp - window-unsafe-outside -------------===//
//
// unsafe_* ops skip the access check and the STAC/CLAC toggle; outside a
// window they fault under SMAP/PAN/KUAP, and on arches with no protection
// they silently access user memory unchecked.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowUnsafeOutsideCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace uaccess {

void WindowUnsafeOutsideCheck::report(FunctionAnalyses &FA,
                                      const WindowAnalysis &,
                                      const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::UnsafeOutside)
    return;
  const FunctionUses &Uses = FA.uses();
  if (E.Call) {
    std::string Callee =
        E.Verdict.Callee ? E.Verdict.Callee->getNameAsString() : "callee";
    auto B = diag(E.Call->getBeginLoc(), &FD,
                  "call to '" + Callee +
                      "', which performs unsafe user accesses, outside a "
                      "user access window");
    if (E.Verdict.Callee)
      B.note(E.Verdict.Callee->getLocation(),
             "'" + Callee + "' has unsafe_* accesses and no window of its own");
    if (E.State.Closer >= 0)
      B.note(Uses.use(E.State.Closer).loc(), "the window was closed here");
    return;
  }
  auto B = diag(E.Use->loc(), &FD,
                "'" + E.Use->name() + "' outside a user access window");
  if (E.State.Closer >= 0)
    B.note(Uses.use(E.State.Closer).loc(), "the window was closed by '" +
                                               Uses.use(E.State.Closer).name() +
                                               "' here");
}

} // namespace uaccess
