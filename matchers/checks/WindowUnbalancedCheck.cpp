//===--- WindowUnbalancedCheck.cpp - window-unbalanced --------------------===//
//
// Reports a window left open on some path to a return, an end on a path
// with no open window (objtool's "redundant UACCESS disable"), and a begin
// while a window is already open. The notes walk the path: where the window
// opened, the edge that leaked it, and where the function returns.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowUnbalancedCheck.h"

#include "utils/SourceUtils.h"
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
constexpr MessageFormat Leak{"leak", "user access window opened by '{begin}' "
                                     "is not closed on every path"};
constexpr MessageFormat RedundantEnd{
    "redundant-end", "'{end}' ends a user access window that is not open on "
                     "every path"};
constexpr MessageFormat NestedBegin{
    "nested-begin", "'{begin}' begins a user access window while one is "
                    "already open"};
constexpr MessageFormat MessageTable[] = {Leak, RedundantEnd, NestedBegin};
} // namespace

const llvm::ArrayRef<MessageFormat> WindowUnbalancedCheck::Messages =
    MessageTable;

void WindowUnbalancedCheck::report(FunctionAnalyses &FA,
                                   const WindowAnalysis &Analysis,
                                   const WindowEvent &E) {
  switch (E.Kind) {
  case WindowEventKind::Leak:
    return reportLeak(FA, Analysis, E);
  case WindowEventKind::RedundantEnd:
    return reportRedundantEnd(FA, E);
  case WindowEventKind::NestedBegin: {
    // A helper that opens a window, called while one is open: at the call.
    std::string Begin =
        E.Call && E.Helper ? E.Helper->getNameAsString() : E.Use->name().str();
    auto B = diag(E.Call ? E.Call->getBeginLoc() : E.Use->loc(), &FA.decl(),
                  NestedBegin, FindingArgs().set("begin", Begin));
    noteBegin(B, FA.uses(), E.State);
    // Its begin, which may lie in a helper it forwards to.
    if (E.Call && E.Helper)
      B.note(E.Use->loc(), "'" + Begin + "' opens its own window with '" +
                               E.Use->name().str() + "' here");
    return;
  }
  default:
    return;
  }
}

void WindowUnbalancedCheck::reportLeak(FunctionAnalyses &FA,
                                       const WindowAnalysis &Analysis,
                                       const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  // A window a helper opened at E.Call: reported there, by the helper's
  // name; its begin (E.Use, in the helper) gives the end to add.
  const UaccessUse *Begin = E.Use;
  const UaccessUse *Fault =
      E.State.ViaFault >= 0 ? &FA.uses().use(E.State.ViaFault) : nullptr;
  std::string Opener =
      E.Call && E.Helper ? E.Helper->getNameAsString() : Begin->name().str();
  FindingArgs Args;
  Args.set("begin", Opener);
  if (E.Call && Begin)
    Args.set("api_begin", Begin->name());
  if (Fault)
    Args.set("fault_op", Fault->name());
  if (Fault && Fault->FaultLabel)
    Args.set("label", Fault->FaultLabel->getName());
  auto B = diag(E.Call ? E.Call->getBeginLoc() : Begin->loc(), &FD, Leak,
                std::move(Args));
  if (E.Call && Begin)
    B.note(Begin->loc(),
           "'" + Opener + "' opens it with '" + Begin->name() + "' here");
  if (Fault) {
    llvm::StringRef Label =
        Fault->FaultLabel ? Fault->FaultLabel->getName() : "its label";
    B.site(Fault->loc(), "a fault in '" + Fault->name() + "' jumps to '" +
                             Label + "' with the window open");
  }
  noteJump(B, E.State, "with the window open");
  if (E.Exit)
    B.site(E.Exit->getBeginLoc(), "returns here with the window open");
  else
    B.site(FD.getBody()->getEndLoc(),
           "function ends here with the window open");
  if (Fault && Fault->FaultLabel && Begin)
    closeAtFaultLabel(B, FA, Analysis, *Begin, *Fault->FaultLabel);
}

// One right edit: the fault label is reached only with this window open,
// and its code never closes it.
void WindowUnbalancedCheck::closeAtFaultLabel(FindingBuilder &B,
                                              FunctionAnalyses &FA,
                                              const WindowAnalysis &Analysis,
                                              const UaccessUse &Begin,
                                              const LabelStmt &Label) {
  // Its code runs into another label, whose own paths an end there would
  // end too, and whose fix-it (if it is a fault label too) already ends
  // this path: a second end would close a closed window.
  if (const LabelStmt *Next = fallsIntoLabel(Label, FA.parents())) {
    B.reason(llvm::Twine("'") + Label.getName() + "' runs into '" +
             Next->getName() +
             "': end the window where the paths meet, by hand");
    return;
  }
  llvm::ArrayRef<WindowState> AtLabel = Analysis.statesAt(&Label);
  bool AllOpenSame = !AtLabel.empty();
  for (const WindowState &S : AtLabel)
    AllOpenSame &= S.isOpen() && S.Fam == Begin.Api->TheFamily;
  const Stmt *Sub = Label.getSubStmt();
  // A label written by a macro: the edit would land at the macro's call,
  // which may be anywhere (before the begin, even). No fix-it then.
  if (!AllOpenSame || !Sub || Label.getBeginLoc().isMacroID() ||
      Sub->getBeginLoc().isMacroID())
    return;
  const SourceManager &SM = context().sourceManager();
  SourceLocation At = SM.getFileLoc(Sub->getBeginLoc());
  bool SameLine = SM.getSpellingLineNumber(At) ==
                  SM.getSpellingLineNumber(SM.getFileLoc(Label.getBeginLoc()));
  llvm::StringRef End = matchingEnd(Begin.name());
  std::string Text = SameLine ? (End + "(); ").str()
                              : (End + "();\n" + lineIndent(At, SM)).str();
  B.insert(At, Text);
}

void WindowUnbalancedCheck::reportRedundantEnd(FunctionAnalyses &FA,
                                               const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  const FunctionUses &Uses = FA.uses();
  auto B = diag(E.Use->loc(), &FD, RedundantEnd,
                FindingArgs().set("end", E.Use->name()));
  if (const UaccessUse *Scope = Uses.scopeOf(E.Use->Anchor))
    B.note(Scope->loc(), "'" + Scope->name() +
                             "' ends its window by itself where its scope "
                             "ends: an end inside it ends the window twice");
  else if (!noteCloser(B, Uses, E.State))
    B.note(FD.getLocation(),
           "no window is open on a path from the function's entry");
  noteJump(B, E.State, "with no window open");
}

// The only fix-it inserts the begin's end at the fault label.
PatchText WindowUnbalancedCheck::describePatch(const Finding &F) {
  const FindingArgs &A = F.Args;
  std::string Summary = "end the user access window on the fault path";
  if (F.MessageId != Leak.Id || !A.isSet("fault_op") || !A.isSet("label"))
    return {Summary, ""};
  return {Summary,
          "When " + A.text("fault_op") + "() faults in " + functionText(F) +
              ", it jumps to '" + A.text("label") +
              "' with the user access window that " + A.text("begin") +
              "() opened still open, and the code there does not close "
              "it. User access then stays enabled after the function "
              "returns, which is what SMAP, PAN and KUAP are there to "
              "prevent. Call " +
              matchingEnd(A.isSet("api_begin") ? A.text("api_begin")
                                               : A.text("begin"))
                  .str() +
              "() at the label."};
}

} // namespace uaccess
