//===--- AccessOkRedundantCheck.cpp - access-ok-redundant -----------------===//
//
// copy_to_user(), copy_from_user(), put_user(), get_user() and clear_user()
// check their range themselves; an access_ok() in front of nothing else
// repeats the check, and on x86 its speculation barrier (the cost David
// Laight's iovec series removed).
//
//===----------------------------------------------------------------------===//

#include "checks/AccessOkRedundantCheck.h"
#include "analysis/PointerDerivation.h"
#include "utils/ExprValues.h"
#include "utils/NameMatch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace uaccess {

namespace {

/// The statement of the block that holds \p S, and the block.
std::pair<const Stmt *, const CompoundStmt *>
topStatement(const Stmt *S, const ParentMap &Parents) {
  for (const Stmt *P = parentStmt(*S, Parents); P;
       S = P, P = parentStmt(*P, Parents))
    if (const auto *CS = dyn_cast<CompoundStmt>(P))
      return {S, CS};
  return {nullptr, nullptr};
}

/// `if (!CHECK) return X;` or `if (ACC) return X;`: the return's text.
std::string returnOnTrue(const Stmt *S, ASTContext &Ctx) {
  const auto *If = dyn_cast_or_null<IfStmt>(S);
  const auto *Ret =
      If && !If->getElse() ? dyn_cast<ReturnStmt>(If->getThen()) : nullptr;
  return Ret ? writtenText(*Ret, Ctx) : "";
}

/// The statement right after \p S in \p Block, or null.
const Stmt *nextInBlock(const CompoundStmt *Block, const Stmt *S) {
  if (!Block)
    return nullptr;
  for (auto It = Block->body_begin(); It != Block->body_end(); ++It)
    if (*It == S && std::next(It) != Block->body_end())
      return *std::next(It);
  return nullptr;
}

/// The accesses through \p Base, or through a pointer derived from it
/// (`q = p + 1`, `struct s __user *q = p`), after \p Check; sets
/// \p OnlySelfChecking when all of them check their range themselves.
std::vector<const UaccessUse *> accessesAfter(const UaccessUse &Check,
                                              llvm::StringRef Base,
                                              FunctionAnalyses &FA,
                                              bool &OnlySelfChecking) {
  const SourceManager &SM = FA.astContext().getSourceManager();
  const PointerDerivation &Derived = *FA.getAnalysis<PointerDerivation>();
  std::vector<const UaccessUse *> After;
  OnlySelfChecking = true;
  for (const UaccessUse &U : FA.uses().uses()) {
    bool Access =
        U.Api->PointerArg != NoArg && U.Api->TheRole != Role::AccessOk;
    if (!Access || !Derived.related(AccessOkModel::pointerOf(U).Base, Base) ||
        !SM.isBeforeInTranslationUnit(Check.loc(), U.loc()))
      continue;
    After.push_back(&U);
    OnlySelfChecking &= U.Api->TheRole == Role::CheckedAccessor;
  }
  return After;
}

/// A use that checks the range it is given: it relies on no earlier check.
bool checksItself(const UaccessUse &U) {
  Role R = U.Api->TheRole;
  return R == Role::CheckedAccessor || R == Role::CheckedBegin ||
         R == Role::AccessOk;
}

/// The use whose expansion or argument holds \p S, or null; \p Unevaluated
/// is set when \p S is under a sizeof first.
const UaccessUse *holder(const Stmt &S, const FunctionUses &Uses,
                         const ParentMap &Parents, bool &Unevaluated) {
  Unevaluated = false;
  for (const Stmt *P = &S; isa_and_nonnull<Expr>(P);
       P = parentStmt(*P, Parents)) {
    if (const UaccessUse *U = Uses.argumentOwnerOf(P))
      return U;
    if (const UaccessUse *U = Uses.ownerOf(P))
      return U;
    if (isa<UnaryExprOrTypeTraitExpr>(P)) {
      Unevaluated = true;
      return nullptr;
    }
  }
  return nullptr;
}

/// Mentions, after a check, of its pointer or of a pointer derived from
/// it, other than in uses that check their range themselves (and sizeof).
struct LaterMentions {
  /// In an access that does not check its range: it relies on the check.
  const UaccessUse *InUncheckedAccess = nullptr;
  /// Outside any access (passed to a call, stored, copied): what happens
  /// to the pointer there may rely on the check.
  const DeclRefExpr *Loose = nullptr;
};

// Accesses whose pointer reads as another variable, or as no variable at
// all, are not in accessesAfter(): every mention of the pointer and of the
// pointers derived from it is looked at instead.
LaterMentions mentionsAfter(const UaccessUse &Check, llvm::StringRef Base,
                            FunctionAnalyses &FA) {
  ASTContext &Ctx = FA.astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  const PointerDerivation &Derived = *FA.getAnalysis<PointerDerivation>();
  std::vector<const DeclRefExpr *> Refs;
  anyStmtIn(*FA.decl().getBody(), [&](const Stmt &S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(&S);
    if (Ref && isa<VarDecl>(Ref->getDecl()) &&
        Derived.related(Ref->getDecl()->getName(), Base) &&
        SM.isBeforeInTranslationUnit(Check.loc(),
                                     SM.getExpansionLoc(Ref->getBeginLoc())))
      Refs.push_back(Ref);
    return false;
  });
  llvm::sort(Refs, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->getBeginLoc()),
                                        SM.getExpansionLoc(B->getBeginLoc()));
  });
  LaterMentions M;
  for (const DeclRefExpr *Ref : Refs) {
    bool Unevaluated;
    const UaccessUse *U = holder(*Ref, FA.uses(), FA.parents(), Unevaluated);
    if (Unevaluated || (U && checksItself(*U)))
      continue;
    if (U && !M.InUncheckedAccess)
      M.InUncheckedAccess = U;
    else if (!U && !M.Loose)
      M.Loose = Ref;
  }
  return M;
}

} // namespace

namespace {
constexpr MessageFormat Repeated{
    "repeated", "access_ok() on '{pointer}' is repeated by the self-checking "
                "'{accessor}' that follows; on x86 it costs a speculation "
                "barrier"};
constexpr MessageFormat MessageTable[] = {Repeated};
} // namespace

const llvm::ArrayRef<MessageFormat> AccessOkRedundantCheck::Messages =
    MessageTable;

void AccessOkRedundantCheck::checkFunction(const FunctionDecl &FD,
                                           FunctionAnalyses &FA) {
  const FunctionUses &Uses = FA.uses();
  if (llvm::none_of(Uses.uses(), [](const UaccessUse &U) {
        return U.Api->TheRole == Role::AccessOk;
      }))
    return;
  const AccessOkModel &Model = *FA.getAnalysis<AccessOkModel>();
  for (const UaccessUse *C : Model.checks()) {
    if (C->Api->TheRole != Role::AccessOk)
      continue;
    std::string Base = AccessOkModel::pointerOf(*C).Base;
    if (Base.empty())
      continue;
    bool OnlySelfChecking;
    std::vector<const UaccessUse *> After =
        accessesAfter(*C, Base, FA, OnlySelfChecking);
    if (After.empty() || !OnlySelfChecking)
      continue;
    LaterMentions Mentions = mentionsAfter(*C, Base, FA);
    if (Mentions.InUncheckedAccess)
      continue;
    const UaccessUse &First = *After.front();
    auto B =
        diag(C->loc(), &FD, Repeated,
             FindingArgs().set("pointer", Base).set("accessor", First.name()));
    B.note(First.loc(), "'" + First.name() + "' checks the range itself");
    if (Mentions.Loose)
      B.note(Mentions.Loose->getBeginLoc(),
             "not removed automatically: '" +
                 Mentions.Loose->getDecl()->getName() +
                 "' is used here after the check, outside a self-checking "
                 "accessor, and may rely on it");
    else
      fixRedundant(B, FA, *C, First, Base);
  }
}

/// True when \p If's condition is decided by \p Check alone: true where it
/// failed, false where it passed (`!access_ok(p, n)`, `unlikely(!...)`).
/// `!access_ok(p, n) || cnt > MAX` tests more: removing it drops the rest.
static bool testsOnlyTheCheck(const IfStmt &If, const UaccessUse &Check) {
  auto Truth = [&](bool Passed) {
    return conditionTruth(*If.getCond(),
                          [&](const Expr &E) -> std::optional<bool> {
                            if (isValueOf(Check, E))
                              return Passed;
                            return std::nullopt;
                          });
  };
  return Truth(false) == true && Truth(true) == false;
}

/// Why the check cannot simply be deleted before \p First, or "".
static std::string whyKept(FunctionAnalyses &FA, const UaccessUse &Check,
                           const UaccessUse &First, llvm::StringRef Base,
                           const Stmt *CheckStmt, const Stmt *AccessStmt,
                           const Stmt *Next) {
  ASTContext &Ctx = FA.astContext();
  std::string Length = stripWhitespace(Check.arg(Check.Api->LengthArg));
  bool SameRange =
      First.Api->LengthArg != NoArg
          ? stripWhitespace(First.arg(First.Api->LengthArg)) == Length
          : Length == stripWhitespace("sizeof(*" + Base.str() + ")") &&
                stripWhitespace(First.arg(First.Api->PointerArg)) == Base;
  std::string Fail = returnOnTrue(CheckStmt, Ctx);
  if (Next != AccessStmt || !SameRange || Fail.empty() ||
      returnOnTrue(AccessStmt, Ctx) != Fail)
    return "the check fails earlier, or over another range, than the "
           "access does";
  if (!testsOnlyTheCheck(*cast<IfStmt>(CheckStmt), Check))
    return "its condition tests more than the check";
  // access_ok(p, 0) fails for a kernel pointer where copy_to_user(p, k, 0)
  // returns 0: the same only for a length that is never 0.
  const Expr *N = argumentExpr(Check, Check.Api->LengthArg, Ctx);
  if (!N || !foldsToNonZero(*N, Ctx))
    return "for a length of 0, access_ok() fails where '" + First.name().str() +
           "' does not";
  return "";
}

void AccessOkRedundantCheck::fixRedundant(FindingBuilder &B,
                                          FunctionAnalyses &FA,
                                          const UaccessUse &Check,
                                          const UaccessUse &First,
                                          llvm::StringRef Base) {
  const SourceManager &SM = FA.astContext().getSourceManager();
  auto [CheckStmt, Block] = topStatement(Check.Anchor, FA.parents());
  auto [AccessStmt, AccessBlock] = topStatement(First.Anchor, FA.parents());
  const Stmt *Next =
      Block && Block == AccessBlock ? nextInBlock(Block, CheckStmt) : nullptr;
  std::string Why =
      whyKept(FA, Check, First, Base, CheckStmt, AccessStmt, Next);
  if (!Why.empty())
    return void(B.note(Check.loc(), "not removed automatically: " + Why));
  SourceLocation From = SM.getExpansionLoc(CheckStmt->getBeginLoc());
  SourceLocation To = SM.getExpansionLoc(AccessStmt->getBeginLoc());
  B.replace(CharSourceRange::getCharRange(From, To), "");
}

PatchText AccessOkRedundantCheck::describePatch(const Finding &F) {
  const FindingArgs &A = F.Args;
  return {"drop the redundant access_ok()",
          "In " + functionText(F) + ", the access_ok() on '" +
              A.text("pointer") + "' is repeated by the " + A.text("accessor") +
              "() that follows it, which checks the same range itself and "
              "fails the same way. On x86 the first check costs a "
              "speculation barrier for nothing. Drop it."};
}

} // namespace uaccess
