//===--- BatchableCheck.cpp - batchable -----------------------------------===//
//
// Each put_user()/__put_user()/get_user()/__get_user() pays a STAC/CLAC
// pair; batching do_sys_poll()'s loop paid 25-48 % on poll(), and
// epoll_put_uevent()'s two puts 2 % on epoll. Reports accessors in loops and
// runs of accessors on one object, with the saving, and rewrites them into
// one window when that provably keeps behaviour.
//
//===----------------------------------------------------------------------===//

#include "checks/BatchableCheck.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace uaccess {

namespace {

/// The end of \p S including a `;` that ends it.
SourceLocation endIncludingSemi(const Stmt *S, ASTContext &Ctx) {
  if (SourceLocation After = afterSemicolon(*S, Ctx); After.isValid())
    return After;
  const SourceManager &SM = Ctx.getSourceManager();
  return Lexer::getLocForEndOfToken(
      SM.getExpansionRange(S->getEndLoc()).getEnd(), 0, SM, Ctx.getLangOpts());
}

std::string unsafeCall(const UaccessUse &U, llvm::StringRef Label) {
  llvm::StringRef Name = U.Api->TheDirection == Direction::ToUser
                             ? "unsafe_put_user"
                             : "unsafe_get_user";
  return (Name + "(" + U.arg(U.Api->ValueArg).trim() + ", " +
          U.arg(U.Api->PointerArg).trim() + ", " + Label + ");")
      .str();
}

/// A label name the function does not use yet, nor write anywhere: a
/// label in an `#ifdef` block this parse skipped counts too.
std::string freshLabel(const FunctionUses &Uses, const FunctionDecl &FD,
                       const ASTContext &Ctx, llvm::StringSet<> &Taken) {
  for (unsigned I = 0;; ++I) {
    std::string Name = I ? "efault" + std::to_string(I) : "efault";
    if (!Uses.findLabel(Name) && !spellsIdentifier(*FD.getBody(), Name, Ctx) &&
        Taken.insert(Name).second)
      return Name;
  }
}

/// The function's last statement is a return or goto, so a fault label can
/// go after it: nothing falls into the label.
bool endsInJump(const FunctionDecl &FD) {
  const auto *Body = dyn_cast<CompoundStmt>(FD.getBody());
  const Stmt *Last = Body && !Body->body_empty() ? Body->body_back() : nullptr;
  while (const auto *L = dyn_cast_or_null<LabelStmt>(Last))
    Last = L->getSubStmt();
  return Last && (isa<ReturnStmt>(Last) || isa<GotoStmt>(Last));
}

/// put_user, __put_user: each name once, in order.
std::vector<std::string> accessorNames(const BatchCandidate &C) {
  std::vector<std::string> Names;
  llvm::StringSet<> Seen;
  for (const UaccessUse *U : C.Accesses)
    if (Seen.insert(U->name()).second)
      Names.push_back(U->name().str());
  return Names;
}

constexpr MessageFormat InLoop{
    "loop", "{count#{accessors} in a loop toggles|{count} accessors "
            "({accessors}) in a loop toggle} user access {count#once|{count} "
            "times} per iteration; one {family} window around the loop makes "
            "it once per call"};
constexpr MessageFormat InRun{
    "run", "{count} accesses ({accessors}) through '{base}' toggle user "
           "access {count} times per call; one {family} window makes it 1"};
constexpr MessageFormat MessageTable[] = {InLoop, InRun};

} // namespace

const llvm::ArrayRef<MessageFormat> BatchableCheck::Messages = MessageTable;

void BatchableCheck::checkFunction(const FunctionDecl &FD,
                                   FunctionAnalyses &FA) {
  if (FA.uses().empty())
    return;
  llvm::StringSet<> TakenLabels;
  bool EndsInJump = endsInJump(FD);
  for (const BatchCandidate &C : findBatchCandidates(FA, MinAccesses)) {
    // Worth reading by default: a rewrite, a one-call alternative, or a
    // rewrite once the calls in the way move above the first access.
    std::string Why = whyNoRewrite(C, EndsInJump);
    bool Hoist = hoistable(C, EndsInJump);
    if (!Why.empty() && C.WholeArrayCopy.empty() && !Hoist && C.Guard.empty() &&
        !ReportAll)
      continue;
    FindingBuilder B = report(FD, C);
    if (noteRewritable(B, FD, C, EndsInJump))
      rewrite(B, FD, C,
              freshLabel(FA.uses(), FD, FA.astContext(), TakenLabels));
    else
      B.reason(Hoist ? "no rewrite until " + hoistedTexts(C) +
                           (C.Hoist.Moves.size() > 1 ? " are" : " is") +
                           " hoisted above the first access: " + Why
                     : Why);
  }
}

bool BatchableCheck::hoistable(const BatchCandidate &C, bool EndsInJump) {
  return C.Blocker && C.Hoist.possible() && C.WhyNoRewrite.empty() &&
         !C.Range.empty() && EndsInJump;
}

std::string BatchableCheck::whyNoRewrite(const BatchCandidate &C,
                                         bool EndsInJump) {
  if (C.Blocker)
    return "'" + C.BlockerName +
           "' would run inside the window and is not uaccess-safe";
  if (!C.WhyNoRewrite.empty())
    return C.WhyNoRewrite;
  if (C.Range.empty())
    return "the range the accesses cover cannot be computed";
  if (!EndsInJump)
    return "the function falls off its end, so there is no place for a "
           "fault label";
  return "";
}

/// The finding, with the saving: loops rank above runs, more accesses above
/// fewer.
FindingBuilder BatchableCheck::report(const FunctionDecl &FD,
                                      const BatchCandidate &C) {
  const UaccessUse &First = *C.Accesses.front();
  unsigned N = C.Accesses.size();
  bool Loop = C.TheShape == BatchCandidate::InLoop;
  FindingArgs Args;
  Args.set("count", int64_t(N))
      .set("accessors", accessorNames(C))
      .set("family", familyName(C.TheFamily));
  if (!Loop)
    Args.set("base", C.Base);
  FindingBuilder B = diag(First.loc(), &FD, Loop ? InLoop : InRun, Args);
  B.rank(Loop ? 1000 + N : N);
  if (C.Loop)
    B.note(C.Loop->getBeginLoc(), "the loop");
  for (const UaccessUse *U : llvm::ArrayRef(C.Accesses).drop_front())
    B.site(U->loc(), "and '" + U->name() + "' here");
  return B;
}

bool BatchableCheck::noteRewritable(FindingBuilder &B, const FunctionDecl &FD,
                                    const BatchCandidate &C, bool EndsInJump) {
  const UaccessUse &First = *C.Accesses.front();
  if (C.Blocker) {
    B.note(C.Blocker->getBeginLoc(),
           "'" + C.BlockerName +
               "' would run inside the window and is not uaccess-safe; "
               "no rewrite offered");
    noteHoist(B, C, EndsInJump);
  }
  if (!C.WhyNoRewrite.empty())
    B.note(First.loc(), "no rewrite offered: " + C.WhyNoRewrite);
  if (!C.WholeArrayCopy.empty())
    B.note(First.loc(), "alternatively '" + C.WholeArrayCopy +
                            "' does it in one call: simpler, but it copies "
                            "whole elements and adds the usercopy hardening "
                            "checks");
  if (!C.rewritable() || C.Blocker)
    return false;
  if (!EndsInJump) {
    B.note(FD.getBody()->getEndLoc(),
           "no rewrite offered: the function falls off its end, so there "
           "is no place for a fault label");
    return false;
  }
  B.note(C.First->getBeginLoc(),
         "the window covers '" + C.Range + "': " + C.RangeReason);
  // What the equivalence harness showed differs, said where it applies.
  if (C.TheShape == BatchCandidate::InLoop)
    B.note(C.First->getBeginLoc(),
           "if the loop runs zero times the rewrite still checks '" + C.Base +
               "' (a zero-length range), as the merged do_sys_poll() does");
  if (C.TheFamily != Family::Write)
    B.note(First.loc(),
           "on a fault get_user() zeroes its destination; with asm-goto "
           "outputs unsafe_get_user() leaves it unchanged");
  return true;
}

/// The statements to move above the first access, and what that changes
/// when an earlier access faults; or, when the calls in the way were all
/// that kept the rewrite, why they cannot move.
void BatchableCheck::noteHoist(FindingBuilder &B, const BatchCandidate &C,
                               bool EndsInJump) {
  if (!hoistable(C, EndsInJump)) {
    if (C.WhyNoRewrite.empty() && !C.Range.empty() && EndsInJump &&
        C.Hoist.WhyNotAt)
      B.note(C.Hoist.WhyNotAt->getBeginLoc(),
             "no hoist offered: " + C.Hoist.WhyNot);
    return;
  }
  std::string Shared = " lets the " + std::to_string(C.Accesses.size()) +
                       " accesses share one window";
  for (const HoistMove &M : C.Hoist.Moves) {
    std::string Others;
    for (const HoistMove &O : C.Hoist.Moves)
      if (&O != &M)
        Others += (Others.empty() ? "'" : ", '") + O.Text + "'";
    std::string Text = "hoisting '" + M.Text + "' above the first access" +
                       (Others.empty() ? "" : " (with " + Others + ")") +
                       Shared;
    std::string Quiet = "'" + M.QuietCallee + "' is declared " + M.QuietBecause;
    if (M.RunsOnFault)
      Text += "; it then also runs when an earlier access faults";
    else if (!M.SetsOnFault.empty())
      Text += "; " + Quiet + ", but it then also sets '" + M.SetsOnFault +
              "' when an earlier access faults and jumps to its label";
    else
      Text += "; " + Quiet +
              ", so nothing changes when an earlier access "
              "faults";
    B.note(M.S->getBeginLoc(), Text);
  }
  B.note(C.First->getBeginLoc(), "after the hoist the window covers '" +
                                     C.Range + "': " + C.RangeReason);
}

/// 'a(x)', 'int n = b(y)': the statements to hoist, in order.
std::string BatchableCheck::hoistedTexts(const BatchCandidate &C) {
  std::string Texts;
  for (const HoistMove &M : C.Hoist.Moves)
    Texts += (Texts.empty() ? "'" : ", '") + M.Text + "'";
  return Texts;
}

/// begin + unsafe_*() + end, and a fault label that ends the window and
/// fails as the accesses did.
void BatchableCheck::rewrite(FindingBuilder &B, const FunctionDecl &FD,
                             const BatchCandidate &C, llvm::StringRef Label) {
  ASTContext &Ctx = context().astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Begin = checkedBeginForFamily(C.TheFamily);
  llvm::StringRef End = endForFamily(C.TheFamily);
  std::string Indent = lineIndent(C.First->getBeginLoc(), SM);
  B.arg("fix_begin", Begin);
  B.insert(SM.getExpansionLoc(C.First->getBeginLoc()),
           "if (!" + Begin.str() + "(" + C.Base + ", " + C.Range + "))\n" +
               Indent + "\t" + C.FailText + "\n" + Indent);
  for (const Stmt *S : C.AccessStmts) {
    std::string Ops;
    std::string StmtIndent = lineIndent(S->getBeginLoc(), SM);
    SourceLocation From = SM.getExpansionLoc(S->getBeginLoc());
    SourceLocation To = endIncludingSemi(S, Ctx);
    for (const UaccessUse *U : C.Accesses) {
      SourceLocation At = SM.getExpansionLoc(U->loc());
      if (!SM.isBeforeInTranslationUnit(At, From) &&
          SM.isBeforeInTranslationUnit(At, To))
        Ops += (Ops.empty() ? "" : "\n" + StmtIndent) + unsafeCall(*U, Label);
    }
    B.replace(CharSourceRange::getCharRange(From, To), Ops);
  }
  B.insert(endIncludingSemi(C.Last, Ctx), "\n" + Indent + End.str() + "();");
  B.insert(SM.getExpansionLoc(FD.getBody()->getEndLoc()),
           Label.str() + ":\n\t" + End.str() + "();\n\t" + C.FailText + "\n");
}

namespace {
std::string batchPlural(llvm::StringRef Family) {
  return Family == "write" ? "writes" : Family == "read" ? "reads" : "accesses";
}

/// put_user(), __put_user()
std::string callsText(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N + "()";
  return Out;
}
} // namespace

PatchText BatchableCheck::describePatch(const Finding &F) {
  const FindingArgs &A = F.Args;
  std::string K = A.text("family");
  std::string Count = A.text("count");
  std::string Calls = callsText(A.list("accessors"));
  std::string What, Where, Saving;
  if (F.MessageId == InLoop.Id) {
    What = functionText(F) + " calls " + Calls +
           " in a loop, and each call opens and closes a user access "
           "window of its own: a toggle per iteration";
    Where = " around the loop";
    Saving = "one toggle per call instead of one per iteration";
  } else if (F.MessageId == InRun.Id) {
    What = functionText(F) + " makes " + Count + " user accesses (" + Calls +
           ") through '" + A.text("base") +
           "', and each opens and closes a user access window of its own: " +
           Count + " toggles per call";
    Saving = "one toggle per call instead of " + Count;
  } else {
    return {"batch user " + batchPlural(K), ""};
  }
  return {"batch user " + batchPlural(K),
          What +
              ". With SMAP, PAN or KUAP a toggle is not free (STAC and CLAC "
              "serialize the pipeline on many x86 cores). Open one " +
              K + " window" + Where + " with " + A.text("fix_begin") +
              "(), do the accesses with the unsafe_*() accessors inside it, "
              "and end it after them and at a fault label: " +
              Saving + ". The saving has not been measured here."};
}

} // namespace uaccess
