//===--- WindowMismatchCheck.cpp - window-mismatch ------------------------===//
//
// On powerpc, KUAP tracks the direction of a window: an end of another
// family leaves part of the access open, and a write in a read window
// faults. Reports ends and accesses whose family does not match the window.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowMismatchCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace uaccess {

void WindowMismatchCheck::report(FunctionAnalyses &FA, const WindowAnalysis &,
                                 const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::Mismatch || E.State.Begin < 0)
    return;
  const FunctionUses &Uses = FA.uses();
  const UaccessUse &Begin = Uses.use(E.State.Begin);
  const UaccessUse &Use = *E.Use;
  llvm::StringRef Family = familyName(E.State.Fam);
  if (Use.Api->TheRole == Role::End) {
    llvm::StringRef Right = matchingEnd(Begin.name());
    auto B =
        diag(Use.loc(), &FD,
             "'" + Use.name() + "' ends a " + Family + " window opened by '" +
                 Begin.name() + "'; use '" + Right + "'");
    noteBegin(B, Uses, E.State);
    // Only where the end's name is written right there (not in a macro of
    // the user's, where renaming it would change other expansions).
    const SourceManager &SM = context().sourceManager();
    SourceLocation Name = Use.Range.getBegin();
    CharSourceRange NameRange = CharSourceRange::getCharRange(
        Name, Name.getLocWithOffset(Use.name().size()));
    if (Lexer::getSourceText(
            NameRange, SM, context().astContext().getLangOpts()) == Use.name())
      B.replace(NameRange, Right);
    return;
  }
  llvm::StringRef Verb = Use.Api->TheDirection == Direction::ToUser ? "writes"
                         : Use.Api->TheDirection == Direction::FromUser
                             ? "reads"
                             : "reads and writes";
  auto B = diag(Use.loc(), &FD,
                "'" + Use.name() + "' " + Verb + " user memory inside a " +
                    Family + " window");
  noteBegin(B, Uses, E.State);
}

} // namespace uaccess
