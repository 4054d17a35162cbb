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
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace uaccess {

namespace {
/// What an end of family \p End does to a window of family \p Window on
/// the arch the TU is built for. Only powerpc's KUAP tracks direction: on
/// x86 every end is clac, on arm64 a TTBR0 switch.
std::string endEffect(Family Window, Family End, const llvm::Triple &Target) {
  bool WritesLeft = (Window == Family::Write || Window == Family::ReadWrite) &&
                    End == Family::Read;
  bool ReadsLeft = (Window == Family::Read || Window == Family::ReadWrite) &&
                   End == Family::Write;
  if (!WritesLeft && !ReadsLeft)
    return "the end closes more than the window opened: no hole on any "
           "arch, but the families should match";
  std::string Left = WritesLeft ? "user writes" : "user reads";
  if (Target.isPPC())
    return "on powerpc (KUAP) this leaves " + Left + " open after the end";
  return "no effect on " + Target.getArchName().str() +
         ", where every end turns all user access off; on powerpc (KUAP) it "
         "leaves " +
         Left + " open";
}
} // namespace

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
    B.note(Use.loc(),
           endEffect(E.State.Fam, Use.Api->TheFamily,
                     context().astContext().getTargetInfo().getTriple()));
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
