//===--- WindowUnbalancedCheck.cpp - window-unbalanced --------------------===//
//
// Reports a window left open on some path to a return, an end on a path
// with no open window (objtool's "redundant UACCESS disable"), and a begin
// while a window is already open. The notes walk the path: where the window
// opened, the edge that leaked it, and where the function returns.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace uaccess {

namespace {
void noteJump(FindingBuilder &B, const WindowState &State,
              llvm::StringRef What) {
  if (!State.ViaJump)
    return;
  std::string Target = "here";
  if (const auto *Goto = dyn_cast<GotoStmt>(State.ViaJump))
    Target = ("'" + Goto->getLabel()->getName() + "'").str();
  B.note(State.ViaJump->getBeginLoc(),
         (llvm::Twine("jump to ") + Target + " " + What).str());
}
} // namespace

void WindowUnbalancedCheck::report(const FunctionDecl &FD,
                                   const WindowAnalysis &Analysis,
                                   const WindowEvent &E) {
  const FunctionUses &Uses = usesOf(FD);
  switch (E.Kind) {
  case WindowEventKind::Leak: {
    const UaccessUse &Begin = *E.Use;
    auto B = diag(Begin.loc(), &FD,
                  "user access window opened by '" + Begin.name() +
                      "' is not closed on every path");
    llvm::StringRef End = matchingEnd(Begin.name());
    const UaccessUse *Fault =
        E.State.ViaFault >= 0 ? &Uses.use(E.State.ViaFault) : nullptr;
    if (Fault) {
      llvm::StringRef Label =
          Fault->FaultLabel ? Fault->FaultLabel->getName() : "its label";
      B.note(Fault->loc(), "a fault in '" + Fault->name() + "' jumps to '" +
                               Label + "' with the window open");
    }
    noteJump(B, E.State, "with the window open");
    if (E.Exit)
      B.note(E.Exit->getBeginLoc(), "returns here with the window open");
    else
      B.note(FD.getBody()->getEndLoc(),
             "function ends here with the window open");
    // One right edit: the fault label is reached only with this window
    // open, and its code never closes it.
    if (Fault && Fault->FaultLabel) {
      llvm::ArrayRef<WindowState> AtLabel =
          Analysis.statesAt(Fault->FaultLabel);
      bool AllOpenSame = !AtLabel.empty();
      for (const WindowState &S : AtLabel)
        AllOpenSame &= S.isOpen() && S.Fam == Begin.Api->TheFamily;
      const Stmt *Sub = Fault->FaultLabel->getSubStmt();
      if (AllOpenSame && Sub) {
        const SourceManager &SM = context().sourceManager();
        SourceLocation At = SM.getFileLoc(Sub->getBeginLoc());
        bool SameLine = SM.getSpellingLineNumber(At) ==
                        SM.getSpellingLineNumber(
                            SM.getFileLoc(Fault->FaultLabel->getBeginLoc()));
        std::string Indent = lineIndent(At, SM);
        std::string Text =
            SameLine ? (End + "(); ").str() : (End + "();\n" + Indent).str();
        B.insert(At, Text);
      }
    }
    return;
  }
  case WindowEventKind::RedundantEnd: {
    auto B = diag(E.Use->loc(), &FD,
                  "'" + E.Use->name() +
                      "' ends a user access window that is not open on "
                      "every path");
    if (E.State.Closer >= 0)
      B.note(Uses.use(E.State.Closer).loc(),
             "the window was already closed by '" +
                 Uses.use(E.State.Closer).name() + "' here");
    else
      B.note(FD.getLocation(),
             "no window is open on a path from the function's entry");
    noteJump(B, E.State, "with no window open");
    return;
  }
  case WindowEventKind::NestedBegin: {
    auto B = diag(E.Use->loc(), &FD,
                  "'" + E.Use->name() +
                      "' begins a user access window while one is "
                      "already open");
    noteBegin(B, Uses, E.State);
    return;
  }
  default:
    return;
  }
}

} // namespace uaccess
