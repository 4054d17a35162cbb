//===--- WindowMismatchCheck.cpp - window-mismatch ------------------------===//
//
// On powerpc, KUAP tracks the direction of a window: an end of another
// family leaves part of the access open, and a write in a read window
// faults. Reports ends and accesses whose family does not match the window.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowMismatchCheck.h"
#include "analysis/MaskedPointer.h"
#include "utils/KernelArch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"

#include <optional>

using namespace clang;

namespace uaccess {

namespace {
/// What an end of family \p End does to a window of family \p Window on
/// the arch the TU is built for. Only powerpc's KUAP tracks direction: on
/// x86 every end is clac, on arm64 a TTBR0 switch. \p Probe names the
/// configuration probe whose branch holds the window's begin, if any.
std::string endEffect(Family Window, Family End, const llvm::Triple &Target,
                      llvm::StringRef Probe, bool EmptyEnd) {
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
  std::string NoEffect =
      "no effect on " + kernelArchName(Target) +
      (EmptyEnd ? ", where the ends are empty and each access turns user "
                  "access on and off itself; "
                : ", where every end turns all user access off; ");
  // Another arch's configuration may make the probe 0 and the begin dead
  // (6.12 powerpc has no masked begin): name no arch this build cannot see.
  if (!Probe.empty())
    return NoEffect + "the begin is compiled only on arches where '" +
           Probe.str() + "()' is 1";
  return NoEffect + "on powerpc (KUAP) it leaves " + Left + " open";
}

/// True when \p End expands to no call and no asm: linux/uaccess.h's
/// fallback for an arch without windows (riscv and s390 in 6.12), where
/// each accessor switches user access itself.
bool expandsToNothing(const UaccessUse &End) {
  return !End.IsCall && End.Anchor &&
         !anyStmtIn(*End.Anchor,
                    [](const Stmt &S) { return isa<CallExpr, AsmStmt>(S); });
}

/// A begin whose window reaches \p End on some path and that \p Right does
/// not end (-1: the caller's window); none when \p Right ends them all.
/// Where one path opens with masked_user_access_begin() and another with
/// user_read_access_begin() (6.12's get_sigset_argpack()), renaming the
/// end would fix one path and break the other.
std::optional<int> otherOpener(const WindowAnalysis &Analysis,
                               const FunctionUses &Uses, const UaccessUse &End,
                               llvm::StringRef Right) {
  for (int Opener : Analysis.openersOf(End))
    if (Opener < 0 || matchingEnd(Uses.use(Opener).name()) != Right)
      return Opener;
  return std::nullopt;
}
constexpr MessageFormat MismatchedEnd{
    "mismatched-end", "'{end}' ends a {family} window opened by '{begin}'; "
                      "use '{expected_end}'"};
constexpr MessageFormat AccessInside{
    "access-inside", "'{accessor}' {verb} user memory inside a {family} "
                     "window"};
constexpr MessageFormat HelperEnd{
    "helper-end", "'{helper}'{guard?, the cleanup of '{guard}',} ends a "
                  "{family} window opened by '{begin}' with '{end}'; use "
                  "'{expected_end}'"};
constexpr MessageFormat HelperAccess{
    "helper-access", "'{helper}' {verb} user memory with '{accessor}' inside "
                     "a {family} window opened by '{begin}'"};
constexpr MessageFormat MessageTable[] = {MismatchedEnd, AccessInside,
                                          HelperEnd, HelperAccess};

/// What an access does to user memory, as the messages say it.
llvm::StringRef verbOf(const UaccessUse &Use) {
  return Use.Api->TheDirection == Direction::ToUser     ? "writes"
         : Use.Api->TheDirection == Direction::FromUser ? "reads"
                                                        : "reads and writes";
}
} // namespace

const llvm::ArrayRef<MessageFormat> WindowMismatchCheck::Messages =
    MessageTable;

void WindowMismatchCheck::report(FunctionAnalyses &FA,
                                 const WindowAnalysis &Analysis,
                                 const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::Mismatch || E.State.Begin < 0)
    return;
  if (E.Helper)
    return E.Use->Api->TheRole == Role::End ? reportHelperEnd(FA, E)
                                            : reportHelperAccess(FA, E);
  const FunctionUses &Uses = FA.uses();
  const UaccessUse &Begin = Uses.use(E.State.Begin);
  const UaccessUse &Use = *E.Use;
  llvm::StringRef Family = familyName(E.State.Fam);
  if (Use.Api->TheRole == Role::End) {
    llvm::StringRef Right = matchingEnd(Begin.name());
    auto B = diag(Use.loc(), &FD, MismatchedEnd,
                  FindingArgs()
                      .set("end", Use.name())
                      .set("family", Family)
                      .set("begin", Begin.name())
                      .set("expected_end", Right));
    noteBegin(B, Uses, E.State);
    noteEffect(B, FA, E, Use.loc());
    if (std::optional<int> Other = otherOpener(Analysis, Uses, Use, Right)) {
      if (*Other >= 0)
        B.note(Uses.use(*Other).loc(),
               "no fix-it: on another path '" + Uses.use(*Other).name() +
                   "' opens the window this end closes; open both alike");
      return;
    }
    // Only where the end's name is written right there (not in a macro of
    // the user's, where renaming it would change other expansions).
    const SourceManager &SM = context().sourceManager();
    SourceLocation Name = Use.Range.getBegin();
    CharSourceRange NameRange = CharSourceRange::getCharRange(
        Name, Name.getLocWithOffset(Use.name().size()));
    if (Lexer::getSourceText(NameRange, SM, FA.astContext().getLangOpts()) ==
        Use.name())
      B.replace(NameRange, Right);
    return;
  }
  auto B = diag(Use.loc(), &FD, AccessInside,
                FindingArgs()
                    .set("accessor", Use.name())
                    .set("verb", verbOf(Use))
                    .set("family", Family));
  noteBegin(B, Uses, E.State);
}

void WindowMismatchCheck::noteEffect(FindingBuilder &B, FunctionAnalyses &FA,
                                     const WindowEvent &E, SourceLocation At) {
  ASTContext &Ctx = FA.astContext();
  const UaccessUse *Probe =
      maskedProbeOf(FA.uses(), FA.uses().use(E.State.Begin), FA.parents());
  B.note(At, endEffect(E.State.Fam, E.Use->Api->TheFamily,
                       Ctx.getTargetInfo().getTriple(),
                       Probe ? Probe->name() : "", expandsToNothing(*E.Use)));
}

// The end to rename is in the helper's body, and the helper closes every
// window it is called in: renaming it for this caller would break the
// callers whose windows it matches, so there is no fix-it.
void WindowMismatchCheck::reportHelperEnd(FunctionAnalyses &FA,
                                          const WindowEvent &E) {
  const FunctionUses &Uses = FA.uses();
  const UaccessUse &Begin = Uses.use(E.State.Begin);
  std::string Helper = E.Helper->getNameAsString();
  SourceLocation At = E.Call ? E.Call->getBeginLoc() : E.Guard->getLocation();
  FindingArgs Args;
  Args.set("helper", Helper);
  if (!E.Call)
    Args.set("guard", E.Guard->getNameAsString());
  Args.set("family", familyName(E.State.Fam))
      .set("begin", Begin.name())
      .set("end", E.Use->name())
      .set("expected_end", matchingEnd(Begin.name()));
  auto B = diag(At, &FA.decl(), HelperEnd, std::move(Args));
  noteBegin(B, Uses, E.State);
  B.note(E.Use->loc(),
         "'" + E.Use->name() + "' in '" + Helper + "' ends the window here");
  noteEffect(B, FA, E, At);
  B.note(At, "no fix-it: the end is in '" + Helper +
                 "', which closes the windows of all its callers; give this "
                 "window its own end, or make the helper's end match");
}

// The access is in the helper's body, which runs in windows of either
// family: the fix is this window's (a family that permits it), or the
// helper's; no fix-it.
void WindowMismatchCheck::reportHelperAccess(FunctionAnalyses &FA,
                                             const WindowEvent &E) {
  const FunctionUses &Uses = FA.uses();
  std::string Helper = E.Helper->getNameAsString();
  auto B = diag(E.Call->getBeginLoc(), &FA.decl(), HelperAccess,
                FindingArgs()
                    .set("helper", Helper)
                    .set("verb", verbOf(*E.Use))
                    .set("accessor", E.Use->name())
                    .set("family", familyName(E.State.Fam))
                    .set("begin", Uses.use(E.State.Begin).name()));
  noteBegin(B, Uses, E.State);
  B.note(E.Use->loc(), "'" + E.Use->name() + "' in '" + Helper + "' " +
                           verbOf(*E.Use).str() + " here");
}

// The words of mismatchText() before findings had arguments: the read and
// write directions, and why the end must match.
PatchText WindowMismatchCheck::describePatch(const Finding &F) {
  if (F.MessageId != MismatchedEnd.Id)
    return {"close the user access window with the matching end", ""};
  const FindingArgs &A = F.Args;
  std::string Window = A.text("family");
  std::string Kind = Window == "rw" ? "" : Window + " ";
  std::string Which = Window == "rw" ? "read-write " : Kind;
  std::string Right = A.text("expected_end");
  return {"close the " + Kind + "window with " + Right + "()",
          functionText(F) + " opens a " + Which + "user access window with " +
              A.text("begin") + "() and closes it with " + A.text("end") +
              "(). An end has to match its begin: where the read and write "
              "directions are opened separately (powerpc with KUAP), a "
              "mismatched end leaves a direction open, and the pair no "
              "longer says what the window is for. Close it with " +
              Right + "()."};
}

} // namespace uaccess
