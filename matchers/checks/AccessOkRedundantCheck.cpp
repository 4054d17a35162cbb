//===--- AccessOkRedundantCheck.cpp - access-ok-redundant -----------------===//
//
// copy_to_user(), copy_from_user(), put_user(), get_user() and clear_user()
// check their range themselves; an access_ok() in front of nothing else
// repeats the check, and on x86 its speculation barrier (the cost David
// Laight's iovec series removed).
//
//===----------------------------------------------------------------------===//

#include "AccessOkModel.h"
#include "Checks.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace uaccess {

namespace {

const Stmt *parentOf(const Stmt &S, ASTContext &Ctx) {
  for (const DynTypedNode &P : Ctx.getParents(S))
    if (const auto *PS = P.get<Stmt>())
      return PS;
  return nullptr;
}

/// The statement of the block that holds \p S, and the block.
std::pair<const Stmt *, const CompoundStmt *> topStatement(const Stmt *S,
                                                           ASTContext &Ctx) {
  for (const Stmt *P = parentOf(*S, Ctx); P; S = P, P = parentOf(*P, Ctx))
    if (const auto *CS = dyn_cast<CompoundStmt>(P))
      return {S, CS};
  return {nullptr, nullptr};
}

/// `if (!CHECK) return X;` or `if (ACC) return X;`: the return's text.
std::string returnOnTrue(const Stmt *S, ASTContext &Ctx) {
  const auto *If = dyn_cast_or_null<IfStmt>(S);
  const auto *Ret =
      If && !If->getElse() ? dyn_cast<ReturnStmt>(If->getThen()) : nullptr;
  if (!Ret)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  return sourceText(SM.getExpansionRange(Ret->getSourceRange()), SM,
                    Ctx.getLangOpts());
}

std::string compact(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!isspace(static_cast<unsigned char>(C)))
      Out += C;
  return Out;
}

} // namespace

void AccessOkRedundantCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

void AccessOkRedundantCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!FD || !context().isAnalyzable(*FD))
    return;
  const FunctionUses &Uses = context().usesOf(*FD);
  bool HasCheck = false;
  for (const UaccessUse &U : Uses.uses())
    HasCheck |= U.Api->TheRole == Role::AccessOk;
  if (!HasCheck)
    return;
  ASTContext &Ctx = context().astContext();
  const SourceManager &SM = Ctx.getSourceManager();
  AccessOkModel Model(*FD, Uses, Ctx);

  for (const UaccessUse *C : Model.checks()) {
    if (C->Api->TheRole != Role::AccessOk)
      continue;
    std::string Base = AccessOkModel::pointerOf(*C).Base;
    if (Base.empty())
      continue;
    std::vector<const UaccessUse *> After;
    bool OnlySelfChecking = true;
    for (const UaccessUse &U : Uses.uses()) {
      bool Access =
          U.Api->PointerArg != NoArg && U.Api->TheRole != Role::AccessOk;
      if (!Access || AccessOkModel::pointerOf(U).Base != Base ||
          !SM.isBeforeInTranslationUnit(C->loc(), U.loc()))
        continue;
      After.push_back(&U);
      OnlySelfChecking &= U.Api->TheRole == Role::CheckedAccessor;
    }
    if (After.empty() || !OnlySelfChecking)
      continue;
    auto B = diag(C->loc(), FD,
                  "access_ok() on '" + Base +
                      "' is repeated by the self-checking '" +
                      After.front()->name() +
                      "' that follows; on x86 it costs a speculation barrier");
    B.note(After.front()->loc(),
           "'" + After.front()->name() + "' checks the range itself");
    // Removable only when nothing happens between the check and the first
    // access, which fails the same way over the same range.
    auto [CheckStmt, Block] = topStatement(C->Anchor, Ctx);
    auto [AccessStmt, AccessBlock] = topStatement(After.front()->Anchor, Ctx);
    const Stmt *Next = nullptr;
    if (Block && Block == AccessBlock)
      for (auto It = Block->body_begin(); It != Block->body_end(); ++It)
        if (*It == CheckStmt && std::next(It) != Block->body_end())
          Next = *std::next(It);
    const UaccessUse &First = *After.front();
    std::string Length = compact(C->arg(C->Api->LengthArg));
    bool SameRange =
        First.Api->LengthArg != NoArg
            ? compact(First.arg(First.Api->LengthArg)) == Length
            : Length == compact("sizeof(*" + Base + ")") &&
                  compact(First.arg(First.Api->PointerArg)) == Base;
    std::string Fail = returnOnTrue(CheckStmt, Ctx);
    if (Next == AccessStmt && SameRange && !Fail.empty() &&
        returnOnTrue(AccessStmt, Ctx) == Fail) {
      SourceLocation From = SM.getExpansionLoc(CheckStmt->getBeginLoc());
      SourceLocation To = SM.getExpansionLoc(AccessStmt->getBeginLoc());
      B.replace(CharSourceRange::getCharRange(From, To), "");
    } else {
      B.note(C->loc(), "not removed automatically: the check fails "
                       "earlier, or over another range, than the access does");
    }
  }
}

} // namespace uaccess
