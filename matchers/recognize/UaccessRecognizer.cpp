//===--- UaccessRecognizer.cpp - Find uaccess API uses in an AST ----------===//

#include "recognize/UaccessRecognizer.h"
#include "utils/EvaluatedVisitor.h"
#include "utils/Fingerprint.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <functional>

using namespace clang;

namespace uaccess {

namespace {
/// The text of one unexpanded macro argument, as written.
std::string argumentText(const Token *Start, const Preprocessor &PP) {
  const SourceManager &SM = PP.getSourceManager();
  const Token *Last = nullptr;
  bool AllInFile = true;
  for (const Token *T = Start; T->isNot(tok::eof); ++T) {
    Last = T;
    AllInFile &= T->getLocation().isFileID();
  }
  if (!Last)
    return "";
  if (AllInFile &&
      SM.isWrittenInSameFile(Start->getLocation(), Last->getLocation()))
    return sourceText(CharSourceRange::getTokenRange(Start->getLocation(),
                                                     Last->getLocation()),
                      SM, PP.getLangOpts());
  std::string Text;
  for (const Token *T = Start; T->isNot(tok::eof); ++T) {
    if (!Text.empty() && T->hasLeadingSpace())
      Text += ' ';
    Text += PP.getSpelling(*T);
  }
  return Text;
}
} // namespace

class LedgerRecorder : public PPCallbacks {
public:
  LedgerRecorder(MacroLedger &Ledger, const Preprocessor &PP)
      : Ledger(Ledger), PP(PP) {}

  void MacroExpands(const Token &NameTok, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *Args) override {
    const IdentifierInfo *II = NameTok.getIdentifierInfo();
    if (!II)
      return;
    const ApiEntry *Api = lookupApi(II->getName());
    if (!Api)
      return;
    const MacroInfo *MI = MD.getMacroInfo();
    MacroRecord R;
    R.Api = Api;
    R.NameLoc = NameTok.getLocation();
    R.FileRange = PP.getSourceManager().getExpansionRange(Range);
    R.FunctionLike = MI && MI->isFunctionLike();
    if (R.FunctionLike)
      R.UseEnd = R.FileRange.getEnd();
    if (Args && MI)
      for (unsigned I = 0, E = MI->getNumParams(); I != E; ++I)
        R.Args.push_back(argumentText(Args->getUnexpArgument(I), PP));
    Ledger.add(std::move(R), PP);
  }

private:
  MacroLedger &Ledger;
  const Preprocessor &PP;
};

std::unique_ptr<PPCallbacks> MacroLedger::makeRecorder(const Preprocessor &PP) {
  return std::make_unique<LedgerRecorder>(*this, PP);
}

void MacroLedger::add(MacroRecord R, const Preprocessor &) {
  unsigned Index = Records.size();
  int Producer = enclosingRecord(R.NameLoc, nullptr);
  if (Producer < 0) {
    R.Primary = Index;
  } else {
    R.Primary = Records[Producer].Primary;
    // `#define user_write_access_begin user_access_begin`: the arguments
    // the user wrote belong to the function-like macro it turns into.
    MacroRecord &Outer = Records[R.Primary];
    if (!Outer.FunctionLike && Outer.Args.empty() && R.FunctionLike) {
      Outer.Args = R.Args;
      Outer.UseEnd = R.UseEnd;
    }
  }
  ByNameLoc[R.NameLoc.getRawEncoding()] = Index;
  Records.push_back(std::move(R));
}

// Follows where the token at Loc was produced: through macro arguments to
// the tokens the caller wrote, and through macro bodies to the invocation.
// The first API macro whose body produced it owns it.
int MacroLedger::enclosingRecord(SourceLocation Loc,
                                 bool *PassedArgument) const {
  // Producer: which macro body wrote this token.
  for (SourceLocation L = Loc; L.isMacroID();) {
    const SrcMgr::ExpansionInfo &E =
        SM.getSLocEntry(SM.getFileID(L)).getExpansion();
    if (E.isMacroArgExpansion()) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    SourceLocation Name = E.getExpansionLocStart();
    auto It = ByNameLoc.find(Name.getRawEncoding());
    if (It != ByNameLoc.end()) {
      if (PassedArgument)
        *PassedArgument = false;
      return It->second;
    }
    L = Name;
  }
  if (!PassedArgument)
    return -1;
  // Context: which macro expansion the token was substituted into.
  for (SourceLocation L = Loc; L.isMacroID();) {
    const SrcMgr::ExpansionInfo &E =
        SM.getSLocEntry(SM.getFileID(L)).getExpansion();
    SourceLocation Next = E.getExpansionLocStart();
    if (!E.isMacroArgExpansion()) {
      auto It = ByNameLoc.find(Next.getRawEncoding());
      if (It != ByNameLoc.end()) {
        *PassedArgument = true;
        return It->second;
      }
    }
    L = Next;
  }
  return -1;
}

Attribution MacroLedger::attribute(SourceLocation Loc) const {
  Attribution A;
  bool InArgument = false;
  int Index = enclosingRecord(Loc, &InArgument);
  if (Index >= 0) {
    A.Primary = Records[Index].Primary;
    A.InArgument = InArgument;
  }
  return A;
}

//===----------------------------------------------------------------------===//
// Per-function uses
//===----------------------------------------------------------------------===//

// What never runs is no use (EvaluatedVisitor): an access_ok() inside
// BUILD_BUG_ON_INVALID() (a sizeof; GEM_BUG_ON() without debugging) checks
// nothing, and an accessor in typeof, in an arm _Generic or
// __builtin_choose_expr does not choose, or in __builtin_constant_p()
// accesses nothing.
class UseCollector : public EvaluatedVisitor<UseCollector> {
public:
  UseCollector(FunctionUses &Out, const MacroLedger &Ledger, ASTContext &Ctx)
      : Out(Out), Ledger(Ledger), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  /// S->getBeginLoc(): a binary operator's is its left operand's, found
  /// anew at each level, so a chain of N `||` would cost N * N.
  SourceLocation beginOf(const Stmt *S) {
    llvm::SmallVector<const BinaryOperator *, 8> Chain;
    SourceLocation Loc;
    for (const auto *BO = dyn_cast<BinaryOperator>(S); BO;
         BO = dyn_cast<BinaryOperator>(BO->getLHS())) {
      auto It = Begins.find(BO);
      if (It != Begins.end()) {
        Loc = It->second;
        break;
      }
      Chain.push_back(BO);
    }
    if (Loc.isInvalid())
      Loc = Chain.empty() ? S->getBeginLoc()
                          : Chain.back()->getLHS()->getBeginLoc();
    for (const BinaryOperator *BO : Chain)
      Begins[BO] = Loc;
    return Loc;
  }

  bool VisitStmt(Stmt *S) {
    Attribution A = Ledger.attribute(beginOf(S));
    if (A.Primary >= 0 && !endsPastUse(*S, A.Primary)) {
      unsigned Id = useForRecord(A.Primary);
      if (A.InArgument) {
        Out.ArgOwner.try_emplace(S, Id);
        return true;
      }
      Out.Owner.try_emplace(S, Id);
      UaccessUse &U = Out.Uses[Id];
      if (auto *Call = dyn_cast<CallExpr>(S))
        adoptCallArguments(U, A.Primary, *Call);
      if (!FirstOwned.count(Id))
        FirstOwned[Id] = S;
      if (!U.Anchor && Ledger.attribute(S->getEndLoc()).Primary == A.Primary)
        U.Anchor = S;
      return true;
    }
    if (auto *Call = dyn_cast<CallExpr>(S))
      recordCall(Call);
    if (auto *Label = dyn_cast<LabelStmt>(S))
      Out.Labels.try_emplace(Label->getName(), Label);
    return true;
  }

  void finish() {
    for (UaccessUse &U : Out.Uses) {
      if (U.Api->LabelArg != NoArg) {
        llvm::StringRef Name = U.arg(U.Api->LabelArg).trim();
        U.FaultLabel = Out.Labels.lookup(Name);
      }
      if (U.Api->TheRole == Role::Scoped)
        markScope(U);
      if (!U.Anchor)
        U.Anchor = FirstOwned.lookup(U.Id);
    }
  }

private:
  llvm::DenseMap<const BinaryOperator *, SourceLocation> Begins;

  /// `(user_write_access_begin(p, n), x)` starts in the begin's expansion
  /// but ends in text the user wrote after it: the comma is the user's, and
  /// owning it would make the begin run twice. A scoped window's `for`s
  /// are its own, and end in the body the user wrote after it.
  bool endsPastUse(const Stmt &S, unsigned Primary) const {
    if (Ledger.record(Primary).Api->TheRole == Role::Scoped)
      return false;
    SourceLocation UseEnd = useEnd(S, Primary);
    SourceLocation End = S.getEndLoc();
    if (UseEnd.isInvalid() || End.isInvalid())
      return false;
    // Where the user wrote the last token: inside unlikely(...), not at
    // unlikely's own end.
    return SM.isBeforeInTranslationUnit(UseEnd, SM.getFileLoc(End));
  }

  /// The record's end, or for a name-only macro (powerpc's `#define
  /// user_write_access_begin user_write_access_begin`), whose arguments
  /// follow it in the file, the end of the call \p S starts with.
  SourceLocation useEnd(const Stmt &S, unsigned Primary) const {
    SourceLocation UseEnd = Ledger.record(Primary).UseEnd;
    if (UseEnd.isValid())
      return UseEnd;
    for (const Stmt *Part = &S; Part;) {
      if (const auto *Call = dyn_cast<CallExpr>(Part))
        return SM.getFileLoc(Call->getRParenLoc());
      auto Children = Part->children();
      Part = Children.empty() ? nullptr : *Children.begin();
    }
    return {};
  }

  unsigned useForRecord(unsigned Primary) {
    auto It = ByRecord.find(Primary);
    if (It != ByRecord.end())
      return It->second;
    const MacroRecord &R = Ledger.record(Primary);
    UaccessUse U;
    U.Id = Out.Uses.size();
    U.Api = R.Api;
    U.Range = R.FileRange;
    U.Args = R.Args;
    U.NameLoc = R.NameLoc;
    Out.Uses.push_back(std::move(U));
    ByRecord[Primary] = Out.Uses.back().Id;
    return Out.Uses.back().Id;
  }

  /// powerpc's `#define user_write_access_begin user_write_access_begin`:
  /// the macro only names the function, and the arguments the user wrote
  /// follow it in the file, outside the expansion. They are the call's.
  void adoptCallArguments(UaccessUse &U, unsigned Primary,
                          const CallExpr &Call) {
    const MacroRecord &R = Ledger.record(Primary);
    // The call's `(...)` follows the name outside its expansion: in the
    // file, or in the body of a macro of the user's (`#define
    // CHECK_REC(p) access_ok(p, REC_LEN)` on arm64).
    if (R.FunctionLike || !U.Args.empty() || Call.getNumArgs() == 0 ||
        Ledger.attribute(Call.getRParenLoc()).Primary == int(Primary))
      return;
    if (Call.getRParenLoc().isMacroID() && checksMacroLocal(U, Call))
      return;
    CharSourceRange Name = U.Range;
    takeCallArguments(U, Call);
    // Inside another macro's argument (`unlikely(!begin(p, n))`), the
    // call's expansion range is that macro's: the use stays at its name.
    if (Call.getRParenLoc().isMacroID())
      U.Range = Name;
  }

  /// True when \p Call, a use \p U inside a macro's body, passes for its
  /// pointer a variable that body declares: arm64's `__put_user_error()`
  /// checks its own `__p`, a copy of what the caller passed, as the
  /// accessors of the API do. Such a check is the macro's, not the user's.
  static bool checksMacroLocal(const UaccessUse &U, const CallExpr &Call) {
    int I = U.Api->PointerArg;
    if (I < 0 || unsigned(I) >= Call.getNumArgs())
      return false;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call.getArg(I)->IgnoreParenImpCasts());
    return Ref && isa<VarDecl>(Ref->getDecl()) &&
           Ref->getDecl()->getLocation().isMacroID();
  }

  /// The arguments of \p Call, as the use's, with their text as written.
  void takeCallArguments(UaccessUse &U, const CallExpr &Call) {
    // Inside a macro's body, each argument as that body writes it.
    bool InBody = Call.getRParenLoc().isMacroID();
    for (const Expr *Arg : Call.arguments()) {
      U.ArgExprs.push_back(Arg);
      std::string Text =
          InBody ? textAtLevel(*Arg, Call.getRParenLoc(), Ctx) : "";
      U.Args.push_back(!Text.empty() ? Text
                                     : sourceText(SM.getExpansionRange(
                                                      Arg->getSourceRange()),
                                                  SM, Ctx.getLangOpts()));
    }
    U.Range = SM.getExpansionRange(Call.getSourceRange());
  }

  void recordCall(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return;
    const ApiEntry *Api = lookupApi(Callee->getName());
    if (!Api || Out.Owner.count(Call))
      return;
    UaccessUse U;
    U.Id = Out.Uses.size();
    U.Api = Api;
    U.IsCall = true;
    takeCallArguments(U, *Call);
    U.Anchor = Call;
    Out.Owner[Call] = U.Id;
    for (const Stmt *Part = Call->getCallee(); Part;) {
      Out.Owner[Part] = U.Id;
      auto Children = Part->children();
      Part = Children.empty() ? nullptr : *Children.begin();
    }
    Out.Uses.push_back(std::move(U));
  }

  // scoped_user_*_access(p, label) { body }: the body the user wrote is the
  // body of the innermost `for` of the expansion.
  void markScope(UaccessUse &U) {
    const Stmt *Loop = FirstOwned.lookup(U.Id);
    const Stmt *Body = nullptr;
    while (const auto *For = dyn_cast_or_null<ForStmt>(Loop)) {
      Body = For->getBody();
      Loop = Out.Owner.lookup(Body) == U.Id && Out.Owner.count(Body) ? Body
                                                                     : nullptr;
    }
    if (!Body)
      return;
    U.Anchor = FirstOwned.lookup(U.Id);
    markSubtree(Body, U.Id);
  }

  void markSubtree(const Stmt *S, unsigned Id) {
    if (!S)
      return;
    Out.Scope.try_emplace(S, Id);
    for (const Stmt *Child : S->children())
      markSubtree(Child, Id);
  }

  FunctionUses &Out;
  const MacroLedger &Ledger;
  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::DenseMap<unsigned, unsigned> ByRecord;
  llvm::DenseMap<unsigned, const Stmt *> FirstOwned;
};

FunctionUses::FunctionUses(const FunctionDecl &FD, const MacroLedger &Ledger,
                           ASTContext &Ctx) {
  UseCollector Collector(*this, Ledger, Ctx);
  Collector.TraverseStmt(FD.getBody());
  Collector.finish();
}

const UaccessUse *FunctionUses::ownerOf(const Stmt *S) const {
  auto It = Owner.find(S);
  return It == Owner.end() ? nullptr : &Uses[It->second];
}

const UaccessUse *FunctionUses::argumentOwnerOf(const Stmt *S) const {
  auto It = ArgOwner.find(S);
  return It == ArgOwner.end() ? nullptr : &Uses[It->second];
}

const UaccessUse *FunctionUses::scopeOf(const Stmt *S) const {
  auto It = Scope.find(S);
  return It == Scope.end() ? nullptr : &Uses[It->second];
}

bool isValueOf(const UaccessUse &U, const Expr &E) {
  const auto *Anchor = dyn_cast_or_null<Expr>(U.Anchor);
  if (!Anchor)
    return false;
  const Expr *Value = Anchor->IgnoreParenImpCasts();
  const Expr *Here = E.IgnoreParenImpCasts();
  const auto *Call = dyn_cast<CallExpr>(Here);
  return Here == Value ||
         (Call && Call->getCallee()->IgnoreParenImpCasts() == Value);
}

bool isApiBody(const FunctionDecl &FD) {
  return FD.getIdentifier() && lookupApi(FD.getName());
}

bool isAnalyzable(const FunctionDecl &FD) {
  return FD.doesThisDeclarationHaveABody() && !isApiBody(FD);
}

const LabelStmt *FunctionUses::findLabel(llvm::StringRef Name) const {
  return Labels.lookup(Name);
}

const Expr *argumentExpr(const UaccessUse &U, int I, const ASTContext &Ctx) {
  if (I >= 0 && unsigned(I) < U.ArgExprs.size())
    return U.ArgExprs[I] ? U.ArgExprs[I]->IgnoreImpCasts() : nullptr;
  std::string Wanted = collapseWhitespace(U.arg(I));
  if (!U.Anchor || Wanted.empty())
    return nullptr;
  const Expr *Found = nullptr;
  // As spelled; else as the file shows it, where a name in the argument is
  // a macro of its own (`&infop->si_uid`); else as the use's invocation
  // spells it inside another macro's body (`access_ok(p, REC_LEN)` in
  // `#define CHECK_REC(p)`); else as a macro use the argument makes
  // (`sizeof_field(struct s, a)`).
  auto AtUse = [&](const Stmt &S, const ASTContext &Ctx) -> std::string {
    return U.NameLoc.isMacroID() ? textAtLevel(S, U.NameLoc, Ctx) : "";
  };
  using TextOf = std::function<std::string(const Stmt &, const ASTContext &)>;
  const TextOf Texts[] = {
      [](const Stmt &S, const ASTContext &C) { return spelledText(S, C); },
      [](const Stmt &S, const ASTContext &C) { return argumentText(S, C); },
      AtUse,
      [](const Stmt &S, const ASTContext &C) { return macroUseText(S, C); }};
  for (const TextOf &Text : Texts) {
    anyStmtIn(*U.Anchor, [&](const Stmt &S) {
      const auto *E = dyn_cast<Expr>(&S);
      if (!E || Text(*E, Ctx) != Wanted)
        return false;
      // The user's expression, not the conversion a macro's callee makes
      // of it (generic __put_user() passes `ptr` on as `void __user *`).
      Found = E->IgnoreImpCasts();
      return true;
    });
    if (Found)
      return Found;
  }
  return nullptr;
}

} // namespace uaccess
