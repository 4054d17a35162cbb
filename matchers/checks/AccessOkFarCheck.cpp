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

#include "AccessOkModel.h"
#include "Checks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace uaccess {

namespace {

std::string guardNote(const UaccessUse &Check) {
  return Check.Api->TheRole == Role::AccessOk
             ? "access_ok() here"
             : "'" + Check.name().str() + "' checks the range here";
}

int parameterIndex(const FunctionDecl &FD, llvm::StringRef Name) {
  for (unsigned I = 0; I < FD.getNumParams(); ++I)
    if (FD.getParamDecl(I)->getName() == Name)
      return I;
  return -1;
}

/// What the window's fault path does after ending the window: the
/// statement after the end in the label block (`return -EFAULT;`).
std::string faultStatement(const UaccessUse &Begin, const FunctionUses &Uses,
                           ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const UaccessUse &U : Uses.uses()) {
    if (U.Api->TheRole != Role::UnsafeOp || !U.FaultLabel ||
        !SM.isBeforeInTranslationUnit(Begin.loc(), U.loc()))
      continue;
    // The label's statement, then its siblings, up to the first jump.
    const auto *Parent = dyn_cast_or_null<CompoundStmt>([&]() -> const Stmt * {
      for (const DynTypedNode &P : Ctx.getParents(*U.FaultLabel))
        if (const auto *S = P.get<Stmt>())
          return S;
      return nullptr;
    }());
    if (!Parent)
      return "";
    bool Seen = false;
    for (const Stmt *S : Parent->body()) {
      Seen |= S == U.FaultLabel;
      if (!Seen)
        continue;
      if (const auto *L = dyn_cast<LabelStmt>(S))
        S = L->getSubStmt();
      if (isa<ReturnStmt>(S) || isa<GotoStmt>(S)) {
        std::string Text = sourceText(SM.getExpansionRange(S->getSourceRange()),
                                      SM, Ctx.getLangOpts());
        return Text + ";";
      }
    }
    return "";
  }
  return "";
}

} // namespace

void AccessOkFarCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

const AccessOkModel &AccessOkFarCheck::modelOf(const FunctionDecl &FD) {
  std::unique_ptr<AccessOkModel> &Slot = Models[&FD];
  if (!Slot)
    Slot = std::make_unique<AccessOkModel>(FD, context().usesOf(FD),
                                           context().astContext());
  return *Slot;
}

void AccessOkFarCheck::indexCallers() {
  Indexed = true;
  struct Collector : RecursiveASTVisitor<Collector> {
    AccessOkFarCheck &Self;
    const FunctionDecl *Current = nullptr;
    explicit Collector(AccessOkFarCheck &S) : Self(S) {}
    bool TraverseFunctionDecl(FunctionDecl *FD) {
      const FunctionDecl *Saved = Current;
      Current = FD;
      bool R = RecursiveASTVisitor<Collector>::TraverseFunctionDecl(FD);
      Current = Saved;
      return R;
    }
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Current)
        Self.Callers[Callee->getCanonicalDecl()].push_back({Current, C});
      return true;
    }
  } C(*this);
  C.TraverseDecl(context().astContext().getTranslationUnitDecl());
}

std::optional<AccessOkFarCheck::CallerCheck>
AccessOkFarCheck::checkedInCallers(const FunctionDecl &FD, unsigned Param,
                                   unsigned Depth) {
  if (Depth > context().options().MaxCallerDepth)
    return std::nullopt;
  if (!Indexed)
    indexCallers();
  auto It = Callers.find(FD.getCanonicalDecl());
  if (It == Callers.end() || It->second.empty())
    return std::nullopt;
  // Every call must be guarded; report the first guard found.
  std::optional<CallerCheck> First;
  const SourceManager &SM = context().sourceManager();
  for (const auto &[Caller, Call] : It->second) {
    if (Param >= Call->getNumArgs() || !Caller->hasBody())
      return std::nullopt;
    std::string ArgText =
        sourceText(SM.getExpansionRange(Call->getArg(Param)->getSourceRange()),
                   SM, context().astContext().getLangOpts());
    std::string Base = pointerShape(ArgText).Base;
    if (Base.empty())
      return std::nullopt;
    const AccessOkModel &Model = modelOf(*Caller);
    std::optional<CallerCheck> Found;
    for (const UaccessUse *C : Model.checks())
      if (AccessOkModel::pointerOf(*C).Base == Base &&
          Model.dominates(*C, *Call))
        Found = CallerCheck{Caller, C, {Caller}};
    if (!Found) {
      int Up = parameterIndex(*Caller, Base);
      if (Up < 0)
        return std::nullopt;
      Found = checkedInCallers(*Caller, Up, Depth + 1);
      if (!Found)
        return std::nullopt;
      Found->Chain.insert(Found->Chain.begin(), Caller);
    }
    if (!First)
      First = Found;
  }
  return First;
}

void AccessOkFarCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!FD || !context().isAnalyzable(*FD))
    return;
  const FunctionUses &Uses = context().usesOf(*FD);
  bool Relies = false;
  for (const UaccessUse &U : Uses.uses())
    Relies |= reliesOnAccessOk(*U.Api) || U.Api->TheRole == Role::CheckedBegin;
  if (!Relies)
    return;
  ASTContext &Ctx = context().astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  const AccessOkModel &Model = modelOf(*FD);
  const CheckOptions &Opts = context().options();

  for (const UaccessUse &A : Uses.uses()) {
    if (A.Api->TheRole == Role::CheckedBegin) {
      // The filldir shape: an unsafe op outside the begin's own range.
      PointerShape Window = AccessOkModel::pointerOf(A);
      std::optional<long> Covered =
          elementsCovered(A.arg(A.Api->LengthArg), Window.Base);
      if (Window.Base.empty() || !Covered)
        continue;
      for (const UaccessUse &U : Uses.uses()) {
        if (U.Api->TheRole != Role::UnsafeOp || !Model.dominates(A, U))
          continue;
        PointerShape Ptr = AccessOkModel::pointerOf(U);
        std::optional<long> Index = Ptr.constantIndex();
        if (Ptr.Base != Window.Base || !Index || *Index < *Covered)
          continue;
        diag(U.loc(), FD,
             "'" + U.name() + "' accesses element " + std::to_string(*Index) +
                 " of '" + Ptr.Base + "', outside the window '" + A.name() +
                 "' opened for '" + A.arg(A.Api->LengthArg).trim() + "'")
            .note(A.loc(), "window opened here");
      }
      continue;
    }
    if (!reliesOnAccessOk(*A.Api))
      continue;
    PointerShape Ptr = AccessOkModel::pointerOf(A);
    // stac() and __uaccess_begin() inside the arch's own copy routines name
    // no pointer; their callers' checks are what count.
    if (A.Api->Internal && A.Api->PointerArg == NoArg)
      continue;
    const UaccessUse *Guard = nullptr, *OnOtherPath = nullptr,
                     *OtherPointer = nullptr;
    for (const UaccessUse *C : Model.checks()) {
      bool Same =
          Ptr.Base.empty() || AccessOkModel::pointerOf(*C).Base == Ptr.Base;
      bool Dom = Model.dominates(*C, A);
      if (Same && Dom)
        Guard = C;
      else if (Same && !OnOtherPath &&
               SM.isBeforeInTranslationUnit(C->loc(), A.loc()))
        OnOtherPath = C;
      else if (!Same && Dom)
        OtherPointer = C;
    }
    std::string What = "'" + A.name().str() + "'";
    if (Guard) {
      unsigned Lines = Model.linesBetween(*Guard, A);
      unsigned Stmts = Model.statementsBetween(*Guard, A);
      if (Lines > Opts.MaxAccessOkLines || Stmts > Opts.MaxAccessOkStatements)
        diag(A.loc(), FD,
             What + " relies on an access_ok() " + std::to_string(Lines) +
                 " lines and " + std::to_string(Stmts) +
                 " statements earlier; keep the check next to the access")
            .note(Guard->loc(), guardNote(*Guard));
      std::optional<long> Index = Ptr.constantIndex();
      std::optional<long> Covered =
          elementsCovered(Guard->arg(Guard->Api->LengthArg), Ptr.Base);
      if (Index && Covered && *Index >= *Covered)
        diag(A.loc(), FD,
             What + " accesses element " + std::to_string(*Index) + " of '" +
                 Ptr.Base + "', but access_ok() covers only " +
                 std::to_string(*Covered))
            .note(Guard->loc(), guardNote(*Guard));
      continue;
    }
    if (OnOtherPath) {
      diag(A.loc(), FD,
           What + " is not guarded on every path: the access_ok() on '" +
               Ptr.Base + "' does not run before it on all of them")
          .note(OnOtherPath->loc(), guardNote(*OnOtherPath));
      continue;
    }
    if (OtherPointer) {
      diag(A.loc(), FD,
           What + " accesses '" + Ptr.Base +
               "', but the access_ok() before it checks '" +
               AccessOkModel::pointerOf(*OtherPointer).Base + "'")
          .note(OtherPointer->loc(), guardNote(*OtherPointer));
      continue;
    }
    int Param = Ptr.Base.empty() ? -1 : parameterIndex(*FD, Ptr.Base);
    std::optional<CallerCheck> Up;
    if (Param >= 0)
      Up = checkedInCallers(*FD, Param, 1);
    std::string Message;
    if (Up) {
      std::string Chain = FD->getNameAsString() + "()";
      for (const FunctionDecl *F : Up->Chain)
        Chain += " <- " + F->getNameAsString() + "()";
      unsigned N = Up->Chain.size();
      Message = What + " relies on an access_ok() in another function: '" +
                Ptr.Base + "' is checked in " + Up->Caller->getNameAsString() +
                "(), " + std::to_string(N) + (N == 1 ? " call" : " calls") +
                " up (" + Chain + ")";
    } else {
      Message = What + " is not guarded by any access_ok()" +
                (Ptr.Base.empty() ? "" : " on '" + Ptr.Base + "'") +
                (Param >= 0 ? ", here or in its callers" : "");
    }
    auto B = diag(A.loc(), FD, Message);
    if (Up)
      B.note(Up->Check->loc(), guardNote(*Up->Check));
    // The epoll v2 fix: a checked begin of the same family, failing the way
    // the window's fault path already does.
    if (A.Api->TheRole == Role::UncheckedBegin && A.Api->LengthArg != NoArg) {
      std::string Fail = faultStatement(A, Uses, Ctx);
      const Stmt *Parent = nullptr;
      for (const DynTypedNode &P : Ctx.getParents(*A.Anchor))
        Parent = P.get<Stmt>();
      if (!Fail.empty() && isa_and_nonnull<CompoundStmt>(Parent)) {
        SourceLocation Begin = SM.getExpansionLoc(A.Anchor->getBeginLoc());
        SourceLocation End = Lexer::findLocationAfterToken(
            SM.getExpansionRange(A.Anchor->getEndLoc()).getEnd(), tok::semi, SM,
            Ctx.getLangOpts(), false);
        if (End.isValid())
          B.replace(CharSourceRange::getCharRange(Begin, End),
                    "if (!" + checkedBeginForFamily(A.Api->TheFamily).str() +
                        "(" + A.arg(A.Api->PointerArg).trim().str() + ", " +
                        A.arg(A.Api->LengthArg).trim().str() + "))\n" +
                        lineIndent(Begin, SM) + "\t" + Fail);
      }
    }
  }
}

} // namespace uaccess
