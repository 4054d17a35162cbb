//===--- AccessOkFarCheck.cpp - access-ok-far -----------------------------===//
//
// __put_user(), __get_user(), __copy_*_user(), __clear_user() and unchecked
// begins trust an earlier access_ok(). CVE-2017-5123 (waitid) and
// CVE-2018-20669 (i915) had none; the epoll v1 patch had one "quite a
// distance away", two functions up; filldir checked one range and wrote
// another. For each such access this finds the check that guards it and
// reports when there is none, when it is far or in another function, when
// it checks another pointer, or when its range provably misses the access.
//
//===----------------------------------------------------------------------===//

#include "checks/AccessOkFarCheck.h"
#include "checks/AccessOkFarLink.h"
#include "checks/AccessOkFarMessages.h"

#include "analysis/AccessOkModel.h"
#include "analysis/CallerSearch.h"
#include "analysis/FieldChecks.h"
#include "analysis/PointerDerivation.h"
#include "analysis/RangeCoverage.h"
#include "analysis/WindowAnalysis.h"
#include "utils/Fingerprint.h"
#include "utils/KernelArch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;

namespace uaccess {

namespace {
/// The check as the user wrote it: the whole call, also where the API's
/// macro names only the function (arm64's `#define access_ok access_ok`).
std::string checkText(const UaccessUse &Check, const ASTContext &Ctx) {
  return sourceText(Check.Range, Ctx.getSourceManager(), Ctx.getLangOpts());
}
} // namespace

using namespace access_ok_far;

namespace {

const PointerDerivation &derivation(FunctionAnalyses &FA) {
  return *FA.getAnalysis<PointerDerivation>();
}

/// An access's pointer, with array members folded into their object.
PointerShape shape(FunctionAnalyses &FA, const UaccessUse &U) {
  return derivation(FA).accessShape(U);
}

} // namespace

AccessOkFarCheck::AccessOkFarCheck(llvm::StringRef Name, CheckContext &Context)
    : UaccessCheck(Name, Context),
      MaxStatements(Options.get("MaxStatements", 10u)),
      MaxLines(Options.get("MaxLines", 20u)),
      CallerDepth(Options.get("CallerDepth", 1u)),
      FarBufferChecks(Options.getBool("FarBufferChecks", false)),
      ArchInternal(Options.getGlobs("ArchInternalFiles", ArchUaccessFiles)) {}

void AccessOkFarCheck::checkFunction(const FunctionDecl &FD,
                                     FunctionAnalyses &FA) {
  const FunctionUses &Uses = FA.uses();
  if (!reliesOnAGuard(Uses))
    return;
  bool Internal =
      isArchInternal(FD.getLocation(), FA.astContext().getSourceManager());
  for (const UaccessUse &A : Uses.uses()) {
    if (A.Api->TheRole == Role::CheckedBegin)
      checkBeginFailure(FA, A);
    if (A.Api->TheRole == Role::CheckedBegin || coversItsPointee(A) ||
        (A.Api->TheRole == Role::Scoped && A.Api->LengthArg != NoArg))
      checkWindowRange(FA, A);
    else if (A.Api->TheRole == Role::UnsafeOp) {
      if (needsOwnGuard(FA, A, Internal, Raw))
        checkAccess(FA, A);
      Raw = RawUse();
    }
    // stac() and __uaccess_begin() name no pointer: the unsafe ops in
    // their windows carry the finding. The API's own code calls the
    // arch's primitives (raw_copy_to_user()) under checks of its own
    // making (mask_user_address()); code elsewhere is held to them.
    else if (reliesOnAccessOk(*A.Api) && A.Api->PointerArg != NoArg &&
             !(Internal && A.Api->Internal))
      checkAccess(FA, A);
  }
  Groups.flush();
  checkMaskedCalls(FA);
}

void AccessOkFarCheck::checkMaskedCalls(FunctionAnalyses &FA) {
  const SourceManager &SM = FA.astContext().getSourceManager();
  for (const RawCall &C : uncheckedRawCalls(FA)) {
    std::string Name = C.Raw.Through->getName().str();
    const FunctionDecl *Callee = C.Call->getDirectCallee();
    std::string Called =
        Callee ? Callee->getNameAsString()
               : spelledText(*C.Call->getCallee(), FA.astContext());
    diag(SM.getExpansionLoc(C.Call->getBeginLoc()), &FA.decl(), MaskedCall,
         FindingArgs()
             .set("callee", Called)
             .set("pointer", Name)
             .set("raw", rawPointerText(*C.Window, C.Raw)))
        .note(C.Window->Begin->loc(), maskNote(FA, *C.Window));
  }
}

bool AccessOkFarCheck::isArchInternal(SourceLocation Loc,
                                      const SourceManager &SM) const {
  if (!ArchInternal || Loc.isInvalid())
    return false;
  llvm::StringRef File = SM.getFilename(SM.getSpellingLoc(Loc));
  return ArchInternal->contains(File);
}

FindingBuilder *AccessOkFarCheck::report(FunctionAnalyses &FA,
                                         const UaccessUse &A,
                                         llvm::StringRef Kind,
                                         const MessageFormat &Message,
                                         FindingArgs Args) {
  // An op that escaped its window's mask says how.
  if (Raw.Window)
    Args.set("raw", rawPointerText(*Raw.Window, Raw.Raw));
  Args.set("accessor", A.name());
  PointerShape Shape = shape(FA, A);
  std::string Pointer = Shape.Base;
  // Copies of one pointer are one pointer: `msg_compat`, the compat cast
  // of `msg` in 6.12 ____sys_recvmsg(), is grouped with `msg`.
  std::string Object = derivation(FA).originShape(Shape, false).Base;
  std::string Key = Kind.str() + "\n" +
                    (Object.empty() ? "#" + std::to_string(A.Id) : Object);
  // Each window opened without a check is a defect of its own, with its
  // own begin to fix: its ops are not folded into the pointer's others.
  if (const UaccessUse *Begin = uncheckedOpener(FA, A))
    Key += "\n@" + std::to_string(Begin->Id);
  if (Raw.Window)
    Key += "\nmask@" + std::to_string(Raw.Window->Begin->Id);
  return Groups.add(
      Key,
      [&] {
        FindingBuilder B = diag(A.loc(), &FA.decl(), Message, Args);
        if (Raw.Window)
          B.note(Raw.Window->Begin->loc(), maskNote(FA, *Raw.Window));
        const llvm::Triple &Target =
            FA.astContext().getTargetInfo().getTriple();
        if (hasSeparateUserAddressSpace(Target))
          B.note(A.loc(), "no effect on " + kernelArchName(Target) +
                              ": user memory is a separate address space "
                              "there, so access_ok() is always true; the "
                              "check matters on arches that share one");
        return B;
      },
      "accesses of '" + Pointer + "'", A.loc(),
      [&] {
        return "'" + A.name().str() + "' accesses '" + Pointer + "' here too";
      });
}

/// True when \p A is an unsafe op that runs in a window its caller opened.
static bool inCallersWindow(FunctionAnalyses &FA, const UaccessUse &A) {
  const WindowAnalysis *Windows = FA.getAnalysis<WindowAnalysis>();
  return A.Api->TheRole == Role::UnsafeOp && Windows &&
         llvm::is_contained(Windows->openersOf(A), -1);
}

void AccessOkFarCheck::checkWindowRange(FunctionAnalyses &FA,
                                        const UaccessUse &A) {
  PointerShape Window = shape(FA, A);
  std::optional<long> Covered =
      elementsCovered(A.arg(A.Api->LengthArg), Window.Base);
  if (Window.Base.empty())
    return;
  for (const UaccessUse *Op : opsOpenedBy(FA, A)) {
    const UaccessUse &U = *Op;
    PointerShape Ptr = shape(FA, U);
    // `p = other;` inside the window: the op writes where no begin checked.
    if (AccessGuards G = guardsOf(FA, U); G.Reassigned == &A) {
      reportReassigned(FA, U, A, *G.AssignedBy, Ptr);
      continue;
    }
    std::optional<long> Index = Ptr.constantIndex();
    FindingArgs Args;
    Args.set("accessor", U.name()).set("begin", A.name());
    const MessageFormat *Message = nullptr;
    if (Ptr.Base == Window.Base && Index && Covered && *Index >= *Covered) {
      Message = &WindowElement;
      Args.set("index", int64_t(*Index))
          .set("pointer", Ptr.Base)
          .set("length", A.arg(A.Api->LengthArg).trim());
    } else if (RangeExcess Excess = rangeExcess(FA, A, U);
               Excess.Kind != RangeExcess::Covered) {
      Message = &WindowExcess;
      Args.set("excess", excessText(FA, A, U, Excess))
          .set("length", lengthText(A, Excess.Length));
    }
    if (Message)
      diag(U.loc(), &FA.decl(), *Message, std::move(Args))
          .note(A.loc(), "window opened here");
  }
}

/// Below 4 GiB on a 64-bit kernel: user memory whatever the check says
/// (the 32-bit syscall entry's `(u32)regs->sp`, `compat_ptr(uptr)`), as
/// written or as the one store of a local pointer (`p = compat_ptr(u)`).
static bool madeFrom32Bits(FunctionAnalyses &FA, const UaccessUse &A) {
  const ASTContext &Ctx = FA.astContext();
  if (Ctx.getTargetInfo().getPointerWidth(LangAS::Default) != 64)
    return false;
  llvm::StringRef Written = A.arg(A.Api->PointerArg).trim();
  if (fitsIn32Bits(Written))
    return true;
  const Expr *Store = derivation(FA).onlyStore(Written);
  return Store && fitsIn32Bits(writtenText(*Store, Ctx));
}

void AccessOkFarCheck::checkAccess(FunctionAnalyses &FA, const UaccessUse &A) {
  if (madeFrom32Bits(FA, A))
    return;
  AccessGuards G = guardsOf(FA, A);
  PointerShape Ptr = shape(FA, A);
  if (G.Reassigned && !G.Guard) {
    reportReassigned(FA, A, *G.Reassigned, *G.AssignedBy, Ptr);
  } else if (G.Guard) {
    reportGuarded(FA, A, *G.Guard);
  } else if (G.Unreadable) {
    return;
  } else if (G.FailureIgnored) {
    reportFailureIgnored(FA, A, *G.FailureIgnored, Ptr);
  } else if (G.OnOtherPath) {
    // An access whose pointer cannot be read (`(int __user *)p + n`) is
    // named as written, and the check by its own pointer.
    FindingArgs Args;
    Args.set("checked", derivation(FA).pointerName(*G.OnOtherPath));
    if (Ptr.Base.empty())
      Args.set("through", derivation(FA).pointerName(A));
    if (FindingBuilder *B =
            report(FA, A, "other-path", OtherPath, std::move(Args)))
      B->note(G.OnOtherPath->loc(), guardNote(*G.OnOtherPath));
  } else if (G.Moved) {
    llvm::StringRef Length = G.Moved->arg(G.Moved->Api->LengthArg).trim();
    if (FindingBuilder *B = report(
            FA, A, "short", Moved,
            FindingArgs().set("pointer", Ptr.Base).set("length", Length)))
      B->note(G.Moved->loc(), guardNote(*G.Moved));
  } else if (G.OtherPointer) {
    bool Window = isBegin(G.OtherPointer->Api->TheRole);
    if (FindingBuilder *B = report(
            FA, A, "other-pointer", Window ? OtherPointerWindow : OtherPointer,
            FindingArgs()
                .set("pointer", Ptr.Base)
                .set("checked", shape(FA, *G.OtherPointer).Base)))
      B->note(G.OtherPointer->loc(), guardNote(*G.OtherPointer));
  } else {
    reportUnguarded(FA, A);
  }
}

// A checked begin that failed opened no window and checked nothing: an op
// of its window that runs even there writes through an unchecked pointer
// with user access off (`user_write_access_begin(p, n);` alone, its result
// overwritten, or or-ed with a flag). Each op once, with the begin named.
void AccessOkFarCheck::checkBeginFailure(FunctionAnalyses &FA,
                                         const UaccessUse &Begin) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  for (const UaccessUse *Op : opsOpenedBy(FA, Begin))
    if (Model.dominates(Begin, *Op) && !Model.failureStops(Begin, *Op))
      reportFailureIgnored(FA, *Op, Begin, shape(FA, *Op));
}

// The check runs before the access on every path, but a branch on its
// result lets the failure through (`!access_ok() && x`, a failure that
// sets a variable, a result thrown away).
/// A check of the name the access reads, which the function assigns
/// another value in between: directly (`p = other`), or through its
/// address (`*pp = other`, `redirect(&p)`), named as written.
void AccessOkFarCheck::reportReassigned(FunctionAnalyses &FA,
                                        const UaccessUse &A,
                                        const UaccessUse &Check,
                                        const Stmt &AssignedBy,
                                        const PointerShape &Ptr) {
  FindingArgs Args;
  Args.set("pointer", Ptr.Base);
  const auto *BO = dyn_cast<BinaryOperator>(&AssignedBy);
  const Stmt *Through = BO ? BO->getLHS()->IgnoreParens() : &AssignedBy;
  if (!BO || isa<UnaryOperator>(Through))
    Args.set("through",
             collapseWhitespace(writtenText(*Through, FA.astContext())));
  if (Check.Api->TheRole != Role::AccessOk)
    Args.set("check", Check.name());
  if (FindingBuilder *B =
          report(FA, A, "reassigned", Reassigned, std::move(Args)))
    B->note(Check.loc(), guardNote(Check));
}

void AccessOkFarCheck::reportFailureIgnored(FunctionAnalyses &FA,
                                            const UaccessUse &A,
                                            const UaccessUse &Check,
                                            const PointerShape &Ptr) {
  FindingArgs Args;
  Args.set("checked", derivation(FA).pointerName(Check));
  if (Check.Api->TheRole != Role::AccessOk)
    Args.set("check", Check.name());
  if (Ptr.Base.empty())
    Args.set("through", derivation(FA).pointerName(A));
  if (FindingBuilder *B =
          report(FA, A, "failure-ignored", FailureIgnored, std::move(Args)))
    B->note(Check.loc(),
            guardNote(Check) + ": a path where it fails reaches the access");
}

/// A guard that is too far away, or too short for the access.
void AccessOkFarCheck::reportGuarded(FunctionAnalyses &FA, const UaccessUse &A,
                                     const UaccessUse &Guard) {
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  PointerShape Ptr = derivation(FA).originShape(shape(FA, A), false);
  unsigned Lines = Model.linesBetween(Guard, A);
  unsigned Stmts = Model.statementsBetween(Guard, A);
  // One check of the whole buffer before the code that walks it is how
  // the kernel writes a buffer piece by piece (proc_bus_pci_read(), i915's
  // relocation loop): its distance to each piece is by design.
  bool WholeBuffer = isVariableLength(Guard.arg(Guard.Api->LengthArg));
  if ((Lines > MaxLines || Stmts > MaxStatements) &&
      (!WholeBuffer || FarBufferChecks))
    if (FindingBuilder *B = report(FA, A, "far", Far,
                                   FindingArgs()
                                       .set("lines", int64_t(Lines))
                                       .set("statements", int64_t(Stmts))))
      B->note(Guard.loc(), guardNote(Guard));
  std::optional<long> Index = Ptr.constantIndex();
  std::optional<long> Covered =
      elementsCovered(Guard.arg(Guard.Api->LengthArg), Ptr.Base);
  FindingArgs Args;
  const MessageFormat *Message = nullptr;
  if (Index && Covered && *Index >= *Covered) {
    Message = &GuardElement;
    Args.set("index", int64_t(*Index))
        .set("pointer", Ptr.Base)
        .set("covered", int64_t(*Covered));
  } else if (RangeExcess Excess = rangeExcess(FA, Guard, A);
             Excess.Kind != RangeExcess::Covered &&
             !coveredByAnotherCheck(FA, Guard, A)) {
    Message = &GuardExcess;
    Args.set("excess", excessText(FA, Guard, A, Excess))
        .set("length", lengthText(Guard, Excess.Length));
  }
  if (Message && Guard.Api->TheRole != Role::AccessOk)
    Args.set("check", Guard.name());
  if (Message)
    if (FindingBuilder *B = report(FA, A, "short", *Message, std::move(Args)))
      B->note(Guard.loc(), guardNote(Guard));
}

/// No guard in the function: one in the callers, or none at all. When
/// the search leaves the TU, the finding carries what the link step needs
/// to finish it (CallerLink): that step drops or rewords it.
void AccessOkFarCheck::reportUnguarded(FunctionAnalyses &FA,
                                       const UaccessUse &A) {
  const FunctionDecl &FD = FA.decl();
  TracedPointer Ptr = tracePointer(FA, A);
  int Param = Ptr.Traced.Index;
  CallerSearch Search = searchCallersFor(FA, A, Ptr);
  CallerVerdict Verdict = Search.verdict();
  bool AllChecked = Verdict == CallerVerdict::Checked;
  // A check in every caller within CallerDepth calls is near enough; for
  // an op in its callers' window, the window that reaches it is the check,
  // however many helpers down (signal frames' sigcontext writers).
  if (AllChecked && (Search.Deepest <= CallerDepth || inCallersWindow(FA, A)))
    return;
  // A static function the TU never uses (a header's inline helper) has its
  // callers in the TUs that use it, where it is analyzed with them; so has
  // one whose callers all end at such functions (xstate.h's
  // set_xfeature_in_sigframe(), in every fpu TU but signal.c).
  if ((Param >= 0 && !FD.isExternallyVisible() &&
       !FA.cache().callers().isUsed(FD)) ||
      Verdict == CallerVerdict::OnlyUnused)
    return;
  // The object that holds the pointer may have been checked where the
  // callers cannot be followed: through a field. A caller that passes it
  // unchecked is a path with no check, whatever other paths do.
  std::string OtherUnitsField;
  if (!AllChecked && Verdict != CallerVerdict::UncheckedCall &&
      Verdict != CallerVerdict::LeavesUnit &&
      reportFieldCheck(FA, A, Ptr, Search, OtherUnitsField))
    return;
  FindingArgs Args;
  const MessageFormat &Message = unguardedMessage(FA, A, Ptr, Search, Args);
  bool Other = !AllChecked && Search.namesOtherCheck();
  llvm::StringRef OtherKind = "caller-other-pointer";
  if (Other && Search.Other->Weakness == CheckWeakness::Short)
    OtherKind = "caller-short";
  else if (Other && Search.Other->Weakness == CheckWeakness::FailureIgnored)
    OtherKind = "caller-failure-ignored";
  FindingBuilder *B =
      report(FA, A, AllChecked ? "caller" : (Other ? OtherKind : "none"),
             Message, std::move(Args));
  if (!B)
    return;
  if (AllChecked)
    B->note(Search.First->Check->loc(), guardNote(*Search.First->Check));
  else if (Other)
    B->note(Search.Other->Check->loc(), guardNote(*Search.Other->Check));
  if (Verdict == CallerVerdict::LeavesUnit) {
    CallerLink L = callerLink(A, Ptr.Name, Search, unitName(), CallerDepth);
    L.NamesOtherCheck = Other;
    B->link(std::move(L));
  } else if (!AllChecked && !OtherUnitsField.empty()) {
    CallerLink L = callerLink(
        A, Ptr.Name.empty() ? derivation(FA).pointerName(A) : Ptr.Name,
        CallerSearch(), unitName(), CallerDepth);
    L.Field = OtherUnitsField;
    B->link(std::move(L));
  }
  dependOnCallers(*B, FA, Search);
  noteBlamedCalls(*B, Search);
  noteUncheckedWindow(*B, FA, A);
  if (A.Api->TheRole == Role::UncheckedBegin && A.Api->LengthArg != NoArg)
    fixUncheckedBegin(*B, FA, A);
}

/// The callers the search weighed, in the TU: a patch that deletes a check
/// there, or adds a call, changes the finding, so the gate counts it as the
/// patch's (docs/ci.md, rule 4). So does one that stores a function of the
/// chain in a field (`.set = my_set`): the calls through the field become
/// its callers.
void AccessOkFarCheck::dependOnCallers(FindingBuilder &B, FunctionAnalyses &FA,
                                       const CallerSearch &Search) {
  const CallerIndex &Callers = FA.cache().callers();
  auto Add = [&](const FunctionDecl *F) {
    if (!F)
      return;
    B.dependsOn(F->getLocation());
    for (const Expr *Named : Callers.referencesOf(*F))
      B.dependsOnCode(Named->getSourceRange());
  };
  Add(&FA.decl());
  auto AddChain = [&](const std::vector<const FunctionDecl *> &Chain) {
    llvm::for_each(Chain, Add);
  };
  if (Search.First)
    AddChain(Search.First->Chain);
  if (Search.Other)
    AddChain(Search.Other->Chain);
  if (Search.Field)
    AddChain(Search.Field->Chain);
  for (const OpenEnd &End : Search.Open)
    AddChain(End.Chain);
  if (Search.Blamed)
    Add(Search.Blamed->Caller);
  if (Search.Orphan)
    Add(*Search.Orphan);
}

/// The call to blame on each unchecked path, as a site of the finding: a
/// caller that newly passes the pointer unchecked (a second window too
/// short for a helper's op) makes a new finding, and the gate's (docs/ci.md,
/// rule 2).
void AccessOkFarCheck::noteBlamedCalls(FindingBuilder &B,
                                       const CallerSearch &Search) {
  // One note per place: a macro that makes two calls names its use once.
  std::vector<SourceLocation> Noted;
  auto Note = [&](const CallerIndex::Site &S) {
    if (!S.Call || !S.Caller)
      return;
    const SourceManager &SM = S.Caller->getASTContext().getSourceManager();
    SourceLocation At = SM.getExpansionLoc(S.Call->getExprLoc());
    if (llvm::is_contained(Noted, At))
      return;
    Noted.push_back(At);
    const FunctionDecl *Callee = S.Call->getDirectCallee();
    std::string Called =
        Callee ? "'" + Callee->getNameAsString() + "()'" : "it";
    std::string Caller = S.Caller->getNameAsString();
    B.site(S.Call->getExprLoc(),
           "'" + Caller + "()' calls " + Called +
               " here with no check that covers it",
           Caller);
    B.dependsOn(S.Caller->getLocation());
  };
  if (Search.Blamed)
    Note(*Search.Blamed);
  llvm::for_each(Search.MoreBlamed, Note);
}

/// The search ended at a caller that passes the pointer read from a struct
/// field the TU checks elsewhere (CallerSearch::Field).
void AccessOkFarCheck::reportCallerField(FunctionAnalyses &FA,
                                         const UaccessUse &A,
                                         const TracedPointer &Ptr,
                                         const CallerSearch::FieldPass &Pass) {
  const FieldCheck &C = *Pass.Check;
  FindingArgs Args;
  Args.set("via", Pass.Caller->getNameAsString())
      .set("field", C.Key)
      .set("pointer", Ptr.Name)
      .set("calls", int64_t(Pass.Chain.size()))
      .set("chain", callChainText(FA.decl(), Pass.Chain))
      .set("check", checkText(*C.Check, FA.astContext()))
      .set("checker", C.Function->getNameAsString())
      .flag("at_store", C.AtStore);
  if (FindingBuilder *B = report(FA, A, "field", FieldChecked, std::move(Args)))
    B->note(C.Check->loc(), guardNote(*C.Check));
}

bool AccessOkFarCheck::reportFieldCheck(FunctionAnalyses &FA,
                                        const UaccessUse &A,
                                        const TracedPointer &Ptr,
                                        const CallerSearch &Search,
                                        std::string &OtherUnits) {
  if (Search.verdict() == CallerVerdict::FieldChecked) {
    reportCallerField(FA, A, Ptr, *Search.Field);
    return true;
  }
  FieldVerdict V = fieldVerdictOf(FA, A, uncheckedOpener(FA, A));
  if (V.Kind == FieldVerdict::None)
    OtherUnits = V.OtherUnits;
  if (V.Kind != FieldVerdict::CheckedElsewhere)
    return V.Kind == FieldVerdict::CheckedBySibling;
  const FieldRead &Read = V.Read;
  const FieldCheck *C = &*V.Check;
  std::string Name =
      Ptr.Name.empty() ? spelledText(*Read.Member, FA.astContext()) : Ptr.Name;
  FindingArgs Args;
  Args.set("holder", Name)
      .set("field", Read.Key)
      .set("check", checkText(*C->Check, FA.astContext()))
      .set("checker", C->Function->getNameAsString())
      .flag("at_store", C->AtStore);
  if (FindingBuilder *B =
          report(FA, A, "field", FieldChecked, std::move(Args))) {
    B->note(C->Check->loc(), guardNote(*C->Check));
    noteUncheckedWindow(*B, FA, A);
  }
  return true;
}

std::string AccessOkFarCheck::unitName() {
  const SourceManager &SM = context().sourceManager();
  return context().locate(SM.getLocForStartOfFile(SM.getMainFileID())).File;
}

void AccessOkFarCheck::noteUncheckedWindow(FindingBuilder &B,
                                           FunctionAnalyses &FA,
                                           const UaccessUse &Op) {
  if (const UaccessUse *Begin = uncheckedOpener(FA, Op))
    B.note(Begin->loc(), "'" + Begin->name() +
                             "' opens the window here without checking "
                             "any range");
}

void AccessOkFarCheck::fixUncheckedBegin(FindingBuilder &B,
                                         FunctionAnalyses &FA,
                                         const UaccessUse &A) {
  ASTContext &Ctx = FA.astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Fail = faultStatement(FA, A);
  if (Fail.empty() ||
      !isa_and_nonnull<CompoundStmt>(parentStmt(*A.Anchor, FA.parents())))
    return;
  SourceLocation Begin = SM.getExpansionLoc(A.Anchor->getBeginLoc());
  SourceLocation End = afterSemicolon(*A.Anchor, Ctx);
  if (End.isInvalid())
    return;
  llvm::StringRef Checked = checkedBeginForFamily(A.Api->TheFamily);
  B.arg("fix_begin", Checked);
  B.replace(CharSourceRange::getCharRange(Begin, End),
            "if (!" + Checked.str() + "(" +
                A.arg(A.Api->PointerArg).trim().str() + ", " +
                A.arg(A.Api->LengthArg).trim().str() + "))\n" +
                lineIndent(Begin, SM) + "\t" + Fail);
}

} // namespace uaccess
