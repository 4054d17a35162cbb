//===--- SourceUtils.cpp - Source text and AST neighbours -----------------===//

#include "utils/SourceUtils.h"
#include "utils/Fingerprint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

#include <atomic>

using namespace clang;

namespace uaccess {

const Expr *statementExprValue(const StmtExpr &SE) {
  const CompoundStmt *Body = SE.getSubStmt();
  return Body->body_empty() ? nullptr : dyn_cast<Expr>(Body->body_back());
}

const Expr *valueOf(const Expr &E) {
  const Expr *X = E.IgnoreParenCasts();
  while (const auto *SE = dyn_cast<StmtExpr>(X)) {
    const Expr *Last = statementExprValue(*SE);
    if (!Last)
      return X;
    X = Last->IgnoreParenCasts();
  }
  return X;
}

const VarDecl *localVariable(const Expr &E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E.IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() ? V : nullptr;
}

const Stmt *parentStmt(const Stmt &S, const ParentMap &Parents) {
  const Stmt *Parent = Parents.getParent(&S);
  // An initializer is held by its variable, a declaration.
  return isa_and_nonnull<DeclStmt>(Parent) ? nullptr : Parent;
}

PointerStepExpr pointerStepOf(const Expr &Value) {
  const Expr *V = valueOf(Value);
  PointerStepExpr Step;
  const Expr *Base = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(V); BO && BO->isAdditiveOp()) {
    Base = BO->getLHS(), Step.Count = BO->getRHS();
    Step.Back = BO->getOpcode() == BO_Sub;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(V);
             UO && UO->getOpcode() == UO_AddrOf) {
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      Base = AS->getBase(), Step.Count = AS->getIdx();
  }
  const auto *Ref =
      Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
  if (Ref && isa<VarDecl>(Ref->getDecl()) && Ref->getType()->isPointerType())
    Step.Base = Ref;
  return Step;
}

/// `do { ... } while (0)`: a macro's statement, which runs once.
static bool runsOnce(const DoStmt &Do) {
  const auto *Zero =
      dyn_cast<IntegerLiteral>(Do.getCond()->IgnoreParenImpCasts());
  return Zero && Zero->getValue().isZero();
}

const Stmt *enclosingLoop(const Stmt &S, const ParentMap &Parents) {
  for (const Stmt *P = Parents.getParent(&S); P; P = Parents.getParent(P)) {
    const auto *Do = dyn_cast<DoStmt>(P);
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || (Do && !runsOnce(*Do)))
      return P;
  }
  return nullptr;
}

bool declaredByMacro(SourceLocation Loc, const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  return Loc.isMacroID();
}

bool foldsItsArguments(const CallExpr &Call) {
  unsigned Builtin = Call.getBuiltinCallee();
  return Builtin == Builtin::BI__builtin_constant_p ||
         Builtin == Builtin::BI__builtin_object_size ||
         Builtin == Builtin::BI__builtin_dynamic_object_size;
}

bool neverEvaluated(const Stmt &S, const ParentMap &Parents) {
  const Stmt *Child = &S;
  for (const Stmt *P = Parents.getParent(&S); P;
       Child = P, P = Parents.getParent(P)) {
    if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(P);
        U && !U->getTypeOfArgument()->isVariablyModifiedType())
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(P);
        Call && Call->getCallee() != Child && foldsItsArguments(*Call))
      return true;
    if (const auto *G = dyn_cast<GenericSelectionExpr>(P);
        G && !G->isResultDependent() && G->getResultExpr() != Child)
      return true;
    if (const auto *Choose = dyn_cast<ChooseExpr>(P);
        Choose && Choose->getChosenSubExpr() != Child)
      return true;
  }
  return false;
}

namespace {

/// True when \p Child is the condition of the statement \p Parent.
bool isConditionOf(const Stmt *Child, const Stmt &Parent) {
  if (const auto *If = dyn_cast<IfStmt>(&Parent))
    return If->getCond() == Child;
  if (const auto *While = dyn_cast<WhileStmt>(&Parent))
    return While->getCond() == Child;
  if (const auto *Do = dyn_cast<DoStmt>(&Parent))
    return Do->getCond() == Child;
  if (const auto *For = dyn_cast<ForStmt>(&Parent))
    return For->getCond() == Child;
  if (const auto *Switch = dyn_cast<SwitchStmt>(&Parent))
    return Switch->getCond() == Child;
  return false;
}

} // namespace

const IfStmt *
enclosingIfThen(const Stmt &S, const ParentMap &Parents,
                llvm::function_ref<bool(const Expr &Cond)> Accept) {
  const Stmt *Child = &S;
  for (const Stmt *P = parentStmt(S, Parents); P;
       Child = P, P = parentStmt(*P, Parents))
    if (const auto *If = dyn_cast<IfStmt>(P))
      if (If->getThen() == Child && If->getCond() && Accept(*If->getCond()))
        return If;
  return nullptr;
}

static std::atomic<bool> SkippedBodyAskedFor{false};

const FunctionDecl *parsedDefinition(const FunctionDecl &FD) {
  const FunctionDecl *Def = FD.getDefinition();
  if (Def && Def->hasSkippedBody())
    SkippedBodyAskedFor = true;
  return Def && Def->doesThisDeclarationHaveABody() ? Def : nullptr;
}

bool skippedBodyWasAskedFor() { return SkippedBodyAskedFor; }

void forgetSkippedBodies() { SkippedBodyAskedFor = false; }

std::vector<const CallExpr *> callsIn(const Stmt *S) {
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<const CallExpr *> Calls;
    bool VisitCallExpr(CallExpr *Call) {
      Calls.push_back(Call);
      return true;
    }
  } C;
  C.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(C.Calls);
}

bool anyStmtIn(const Stmt &S, llvm::function_ref<bool(const Stmt &)> Pred) {
  llvm::SmallVector<const Stmt *, 16> Work{&S};
  while (!Work.empty()) {
    const Stmt *Cur = Work.pop_back_val();
    if (Pred(*Cur))
      return true;
    for (const Stmt *Child : Cur->children())
      if (Child)
        Work.push_back(Child);
  }
  return false;
}

const Expr *ownBranchCondition(const CFGBlock &B) {
  const Stmt *Term = B.getTerminatorStmt();
  const auto *Cond = dyn_cast_or_null<Expr>(B.getTerminatorCondition());
  if (!Cond || isa<SwitchStmt>(Term))
    return Cond;
  // `if ((a || b) && c)`: b's block has the `&&` as its terminator, whose
  // condition is `(a || b)`; the block itself tests b.
  const auto *Logical = dyn_cast<BinaryOperator>(Cond);
  while (Logical && Logical->isLogicalOp()) {
    Cond = Logical->getRHS()->IgnoreParens();
    Logical = dyn_cast<BinaryOperator>(Cond);
  }
  return Cond;
}

bool isValueDiscarded(const Expr &E, const ParentMap &Parents) {
  const Stmt *Child = &E;
  const Stmt *Parent = Parents.getParent(&E);
  // Parentheses and implicit conversions pass the value on unchanged.
  while (Parent && (isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent) ||
                    isa<FullExpr>(Parent))) {
    Child = Parent;
    Parent = Parents.getParent(Parent);
  }
  if (!Parent)
    return true;
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Parent))
    return Cast->getType()->isVoidType();
  if (const auto *Comma = dyn_cast<BinaryOperator>(Parent);
      Comma && Comma->getOpcode() == BO_Comma)
    return Comma->getLHS() == Child;
  if (isa<Expr>(Parent) || isa<ReturnStmt>(Parent) || isa<DeclStmt>(Parent))
    return false;
  return !isConditionOf(Child, *Parent);
}

namespace {

/// The local variable the value of \p Child is stored in by \p Parent:
/// `v = E`, `v |= E`, `int v = E`; null for anything else.
const VarDecl *storedIn(const Stmt *Child, const Stmt &Parent) {
  const VarDecl *V = nullptr;
  if (const auto *Op = dyn_cast<BinaryOperator>(&Parent);
      Op && Op->isAssignmentOp() && Op->getRHS() == Child)
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Op->getLHS()->IgnoreParenImpCasts()))
      V = dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *DS = dyn_cast<DeclStmt>(&Parent))
    for (const Decl *D : DS->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit())
        if (Var->getInit()->IgnoreParenImpCasts() ==
            cast<Expr>(Child)->IgnoreParenImpCasts())
          V = Var;
  return V && V->isLocalVarDecl() ? V : nullptr;
}

bool isTested(const Expr &E, const Stmt &Body, const ParentMap &Parents,
              unsigned Depth) {
  const Stmt *Child = &E;
  for (const Stmt *Parent = Parents.getParent(&E); Parent;
       Child = Parent, Parent = Parents.getParent(Parent)) {
    if (isa<ReturnStmt>(Parent) || isConditionOf(Child, *Parent))
      return true;
    if (const VarDecl *V = storedIn(Child, *Parent))
      return Depth < 2 && anyStmtIn(
                              Body,
                              [&](const Stmt &S) {
                                const auto *Ref = dyn_cast<DeclRefExpr>(&S);
                                return Ref && Ref->getDecl() == V &&
                                       isTested(*Ref, Body, Parents, Depth + 1);
                              });
    const auto *Comma = dyn_cast<BinaryOperator>(Parent);
    if (!isa<Expr>(Parent) ||
        (Comma && Comma->getOpcode() == BO_Comma && Comma->getLHS() == Child))
      return false;
  }
  return false;
}

} // namespace

bool isResultTested(const Expr &E, const Stmt &Body, const ParentMap &Parents) {
  return isTested(E, Body, Parents, 0);
}

std::string sourceText(CharSourceRange R, const SourceManager &SM,
                       const LangOptions &LO) {
  if (R.isInvalid())
    return "";
  return Lexer::getSourceText(R, SM, LO).str();
}

std::string writtenText(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return sourceText(SM.getExpansionRange(S.getSourceRange()), SM,
                    Ctx.getLangOpts());
}

std::string spelledText(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getSpellingLoc(S.getBeginLoc());
  SourceLocation End = SM.getSpellingLoc(S.getEndLoc());
  if (SM.getFileID(Begin) != SM.getFileID(End))
    return "";
  return collapseWhitespace(sourceText(
      CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts()));
}

namespace {

/// True when the token at macro location \p L is the last of its
/// immediate expansion; \p UseEnd is then where that use ends.
bool endsItsExpansion(SourceLocation L, const SourceManager &SM,
                      const LangOptions &LO, SourceLocation &UseEnd) {
  // SourceManager asks for the location past the token.
  unsigned Length = Lexer::MeasureTokenLength(SM.getSpellingLoc(L), SM, LO);
  return Length && SM.isAtEndOfImmediateMacroExpansion(
                       L.getLocWithOffset(Length), &UseEnd);
}

/// The file location of the token at \p L, or of the whole macro use
/// whose first (\p AtEnd: last) token it is, up through macro arguments:
/// `sizeof_field(struct s, a)` for the `sizeof` its body begins with.
/// Invalid when L is inside a macro's own tokens.
SourceLocation fileEdge(SourceLocation L, bool AtEnd, const SourceManager &SM,
                        const LangOptions &LO) {
  if (L.isFileID())
    return L;
  SourceLocation Use;
  bool Edge = AtEnd ? endsItsExpansion(L, SM, LO, Use)
                    : SM.isAtStartOfImmediateMacroExpansion(L, &Use);
  if (Edge)
    if (SourceLocation Up = fileEdge(Use, AtEnd, SM, LO); Up.isValid())
      return Up;
  if (SM.isMacroArgExpansion(L))
    return fileEdge(SM.getImmediateSpellingLoc(L), AtEnd, SM, LO);
  return SourceLocation();
}

} // namespace

std::string textAtLevel(const Stmt &S, SourceLocation Level,
                        const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Want = SM.getFileID(Level);
  // Up the expansions to Level's; an argument of the macro whose body
  // Level is in stands where the body names its parameter (`p`).
  // The last token of a macro use's expansion stands for its last token
  // (`HDR_LEN()`'s `)`), the others for its name.
  auto Up = [&](SourceLocation L, bool AtEnd) {
    while (L.isValid() && SM.getFileID(L) != Want) {
      if (!L.isMacroID())
        return SourceLocation();
      SourceLocation UseEnd;
      if (SM.isMacroArgExpansion(L)) {
        if (SourceLocation Param = SM.getImmediateExpansionRange(L).getBegin();
            SM.getFileID(Param) == Want)
          return Param;
      } else if (AtEnd && endsItsExpansion(L, SM, Ctx.getLangOpts(), UseEnd)) {
        L = UseEnd;
        continue;
      }
      L = SM.getImmediateMacroCallerLoc(L);
    }
    return L;
  };
  SourceLocation Begin = Up(S.getBeginLoc(), false);
  SourceLocation End = Up(S.getEndLoc(), true);
  if (Begin.isInvalid() || End.isInvalid() ||
      SM.isBeforeInTranslationUnit(End, Begin))
    return "";
  Begin = SM.getSpellingLoc(Begin);
  End = SM.getSpellingLoc(End);
  if (SM.getFileID(Begin) != SM.getFileID(End) ||
      SM.isBeforeInTranslationUnit(End, Begin))
    return "";
  return collapseWhitespace(sourceText(
      CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts()));
}

std::string macroUseText(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!S.getBeginLoc().isMacroID())
    return "";
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Begin = fileEdge(S.getBeginLoc(), false, SM, LO);
  SourceLocation End = fileEdge(S.getEndLoc(), true, SM, LO);
  if (Begin.isInvalid() || End.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(End) ||
      SM.isBeforeInTranslationUnit(End, Begin))
    return "";
  return collapseWhitespace(sourceText(
      CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts()));
}

std::string argumentText(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = S.getBeginLoc(), End = S.getEndLoc();
  // Only tokens the caller wrote: a macro body's own tokens have no file
  // position of their own.
  auto FromArgument = [&](SourceLocation L) {
    for (; L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L))
      if (SM.isMacroArgExpansion(L))
        return true;
    return false;
  };
  if (!Begin.isMacroID() || !FromArgument(Begin) || !FromArgument(End))
    return "";
  SourceLocation FileBegin = SM.getFileLoc(Begin);
  SourceLocation FileEnd = SM.getFileLoc(End);
  if (SM.getFileID(FileBegin) != SM.getFileID(FileEnd) ||
      SM.isBeforeInTranslationUnit(FileEnd, FileBegin))
    return "";
  return collapseWhitespace(
      sourceText(CharSourceRange::getTokenRange(FileBegin, FileEnd), SM,
                 Ctx.getLangOpts()));
}

ComputedAddress addressComputedFrom(const Stmt &Within, llvm::StringRef Text,
                                    const FunctionDecl &FD) {
  const ASTContext &Ctx = FD.getASTContext();
  std::string Wanted = collapseWhitespace(Text);
  ComputedAddress Address;
  anyStmtIn(Within, [&](const Stmt &S) {
    const auto *Call = dyn_cast<CallExpr>(&S);
    if (!Call || !Call->getDirectCallee() || !Call->getType()->isPointerType())
      return false;
    std::string Spelled = spelledText(*Call, Ctx);
    llvm::StringRef Casts = Wanted;
    // What comes before the call may only be casts: `(u32 __user *)`.
    static const llvm::Regex OnlyCasts("^( *[(][^()]*[)] *)*$");
    if (Spelled.empty() || !Casts.consume_back(Spelled) ||
        !OnlyCasts.match(Casts))
      return false;
    unsigned Found = 0;
    for (const Expr *Arg : Call->arguments()) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
      const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      const auto *Owner =
          P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
      if (Owner && Owner->getCanonicalDecl() == FD.getCanonicalDecl() &&
          P->getType()->isPointerType()) {
        Address.From = P;
        ++Found;
      }
    }
    if (Found != 1)
      Address.From = nullptr;
    else
      Address.Call = Spelled;
    return true;
  });
  return Address;
}

namespace {
/// True when \p Match takes a raw token (comments kept) of the file text
/// \p R was written with.
bool anyRawToken(SourceRange R, const ASTContext &Ctx,
                 llvm::function_ref<bool(const Token &)> Match) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange File =
      Lexer::makeFileCharRange(SM.getExpansionRange(R), SM, Ctx.getLangOpts());
  if (File.isInvalid())
    return false;
  auto [FID, Begin] = SM.getDecomposedLoc(File.getBegin());
  unsigned End = SM.getFileOffset(File.getEnd());
  llvm::StringRef Buffer = SM.getBufferData(FID);
  Lexer Raw(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buffer.begin(),
            Buffer.begin() + Begin, Buffer.end());
  Raw.SetCommentRetentionState(true);
  Token Tok;
  bool More = true;
  while (More) {
    More = !Raw.LexFromRawLexer(Tok);
    if (SM.getFileOffset(Tok.getLocation()) >= End)
      return false;
    if (Match(Tok))
      return true;
  }
  return false;
}
} // namespace

bool containsComment(const Stmt &S, const ASTContext &Ctx) {
  return anyRawToken(S.getSourceRange(), Ctx,
                     [](const Token &Tok) { return Tok.is(tok::comment); });
}

unsigned conditionalsOpenAt(SourceLocation From, SourceLocation To,
                            const ASTContext &Ctx) {
  unsigned Open = 0;
  bool AfterHash = false;
  anyRawToken(SourceRange(From, To), Ctx, [&](const Token &Tok) {
    bool Directive = AfterHash && Tok.is(tok::raw_identifier);
    AfterHash = Tok.is(tok::hash) && Tok.isAtStartOfLine();
    if (!Directive)
      return false;
    llvm::StringRef Name = Tok.getRawIdentifier();
    if (Name == "if" || Name == "ifdef" || Name == "ifndef")
      ++Open;
    else if (Name == "endif" && Open)
      --Open;
    return false;
  });
  return Open;
}

bool spellsIdentifier(const Stmt &S, llvm::StringRef Name,
                      const ASTContext &Ctx) {
  return anyRawToken(S.getSourceRange(), Ctx, [&](const Token &Tok) {
    return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name;
  });
}

bool containsDirective(const Stmt &First, const Stmt &Last,
                       const ASTContext &Ctx) {
  return anyRawToken(SourceRange(First.getBeginLoc(), Last.getEndLoc()), Ctx,
                     [](const Token &Tok) {
                       return Tok.is(tok::hash) && Tok.isAtStartOfLine();
                     });
}

SourceLocation afterSemicolon(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionRange(S.getEndLoc()).getEnd();
  return Lexer::findLocationAfterToken(
      End, tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
}

std::string lineIndent(SourceLocation Loc, const SourceManager &SM) {
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  llvm::StringRef Buffer = SM.getBufferData(FID);
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::StringRef Line = Buffer.substr(LineStart, Offset - LineStart);
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

//===----------------------------------------------------------------------===//
// What a function depends on
//===----------------------------------------------------------------------===//

namespace {
/// The start of the physical line holding \p Offset.
size_t physicalLineStart(llvm::StringRef Text, size_t Offset) {
  // rfind() looks before Offset: a newline at Offset ends this line.
  size_t Newline = Text.rfind('\n', Offset);
  return Newline == llvm::StringRef::npos ? 0 : Newline + 1;
}

/// True when the physical line that the newline at \p Newline ends is
/// continued by a backslash.
bool continued(llvm::StringRef Text, size_t Newline) {
  llvm::StringRef Before = Text.take_front(Newline);
  Before.consume_back("\r");
  return Before.ends_with("\\");
}
} // namespace

namespace {
/// A statement after which the code at its level does not go on.
bool leavesBlock(const Stmt *S) {
  return isa_and_nonnull<ReturnStmt, GotoStmt, BreakStmt, ContinueStmt>(S);
}
} // namespace

const LabelStmt *fallsIntoLabel(const LabelStmt &L, const ParentMap &PM) {
  const Stmt *Sub = L.getSubStmt();
  if (const auto *Inner = dyn_cast_or_null<LabelStmt>(Sub))
    return Inner;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(PM.getParent(&L));
  if (leavesBlock(Sub) || !Block)
    return nullptr;
  bool After = false;
  for (const Stmt *S : Block->body()) {
    if (After) {
      if (const auto *Next = dyn_cast<LabelStmt>(S))
        return Next;
      if (leavesBlock(S))
        return nullptr;
    }
    After |= S == &L;
  }
  return nullptr;
}

std::pair<size_t, size_t> logicalLine(llvm::StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  size_t Begin = physicalLineStart(Text, Offset);
  while (Begin > 0 && continued(Text, Begin - 1))
    Begin = physicalLineStart(Text, Begin - 1);
  size_t End = Text.find('\n', Offset);
  while (End != llvm::StringRef::npos && continued(Text, End))
    End = Text.find('\n', End + 1);
  return {Begin, End == llvm::StringRef::npos ? Text.size() : End};
}

namespace {
/// The #define of each macro level that made a location, each once, into
/// \p Ranges.
class MacroDefinitions {
public:
  MacroDefinitions(const SourceManager &SM,
                   std::vector<CharSourceRange> &Ranges)
      : SM(SM), Ranges(Ranges) {}

  /// Up the expansions that made \p Loc, and down the spellings too, for a
  /// macro expanded in another macro's argument (`ID(MY_END)`).
  void add(SourceLocation Loc) {
    llvm::SmallVector<SourceLocation, 8> Work{Loc};
    while (!Work.empty() && Expansions.size() < 100000) {
      SourceLocation L = Work.pop_back_val();
      if (!L.isMacroID() ||
          !Expansions.insert(SM.getFileID(L).getHashValue()).second)
        continue; // A file, or an expansion already done.
      SourceLocation Spelled = SM.getImmediateSpellingLoc(L);
      definitionAt(Spelled);
      Work.push_back(Spelled);
      Work.push_back(SM.getImmediateExpansionRange(L).getBegin());
    }
  }

private:
  /// The directive whose text holds \p Spelled, if it is one.
  void definitionAt(SourceLocation Spelled) {
    if (!Spelled.isFileID())
      return;
    auto [File, Offset] = SM.getDecomposedLoc(Spelled);
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(File, &Invalid);
    if (Invalid)
      return;
    auto [Begin, End] = logicalLine(Text, Offset);
    if (!Text.slice(Begin, End).ltrim(" \t").starts_with("#"))
      return;
    SourceLocation Start = SM.getComposedLoc(File, Begin);
    if (Defines.insert(Start.getRawEncoding()).second)
      Ranges.push_back(
          CharSourceRange::getCharRange(Start, SM.getComposedLoc(File, End)));
  }

  const SourceManager &SM;
  std::vector<CharSourceRange> &Ranges;
  llvm::DenseSet<unsigned> Expansions;
  llvm::DenseSet<SourceLocation::UIntTy> Defines;
};

/// Collects codeDependencies(): each macro expansion of a body once.
class DependencyWalk {
public:
  DependencyWalk(const FunctionDecl &FD, const SourceManager &SM,
                 CallFilter Follow)
      : FD(FD), SM(SM), Home(SM.getFileID(SM.getFileLoc(FD.getLocation()))),
        Follow(Follow), Macros(SM, Ranges) {}

  /// \p Depth: 0 in \p FD's body, more in the body of a callee that runs
  /// inside one of its windows (every call there runs inside it too).
  void walk(const Stmt *S, unsigned Depth) {
    if (!S)
      return;
    macrosAt(S->getBeginLoc());
    macrosAt(S->getEndLoc());
    foldedDeclarations(*S);
    if (const auto *Call = dyn_cast<CallExpr>(S))
      callee(*Call, Depth);
    for (const Stmt *Child : S->children())
      walk(Child, Depth);
  }

  std::vector<CharSourceRange> Ranges;

private:
  /// How deep the walk follows callees that run inside a window.
  static constexpr unsigned MaxDepth = 4;

  /// The #define of each macro level that made \p Loc.
  void macrosAt(SourceLocation Loc) { Macros.add(Loc); }

  /// The declarations whose values or sizes an analysis folds where \p S
  /// names them: an enumerator's enum (a value before it moves it), a
  /// constant's definition with its initializer, the type a sizeof
  /// measures, the records whose layout gives an address its offset
  /// (`&p->b`, offsetof()), and the typedef a variable's type is named
  /// by. A patch that changes one changes the branch that is dead, or the
  /// bytes a window covers, with no line of the body changed.
  void foldedDeclarations(const Stmt &S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(&S)) {
      if (const auto *E = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
        folded(dyn_cast<EnumDecl>(E->getDeclContext()));
      else if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        variable(*V);
    } else if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(&S)) {
      if (Size->isArgumentType())
        typeOf(Size->getArgumentType(), /*Measured=*/true);
      else
        typeOf(Size->getArgumentExpr()->getType(), /*Measured=*/true);
    } else if (const auto *Address = dyn_cast<UnaryOperator>(&S);
               Address && Address->getOpcode() == UO_AddrOf) {
      addressed(Address->getSubExpr());
    } else if (const auto *Member = dyn_cast<MemberExpr>(&S);
               Member && Member->getType()->isArrayType()) {
      addressed(Member); // `p->slots + i`: the array decays to its address.
    } else if (const auto *Offset = dyn_cast<OffsetOfExpr>(&S)) {
      for (unsigned I = 0; I < Offset->getNumComponents(); ++I)
        if (const FieldDecl *F = Offset->getComponent(I).getField())
          folded(F->getParent()->getDefinition());
    }
  }

  /// The records whose layout places the object \p E names: `&p->b` is
  /// p plus b's offset, which the fields before it (and their types)
  /// decide, and `&p->v[i]` adds i elements of v's type.
  void addressed(const Expr *E) {
    for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *Member = dyn_cast<MemberExpr>(E)) {
        if (const auto *F = dyn_cast<FieldDecl>(Member->getMemberDecl()))
          folded(F->getParent()->getDefinition());
        if (Member->isArrow())
          return; // The object the pointer points to starts there.
        E = Member->getBase();
      } else if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E)) {
        typeOf(Element->getType(), /*Measured=*/true);
        E = Element->getBase();
      } else {
        return;
      }
    }
  }

  /// A variable's typedef names, and a constant's initializer.
  void variable(const VarDecl &V) {
    typeOf(V.getType(), /*Measured=*/false);
    const VarDecl *WithInit = nullptr;
    if (!V.hasLocalStorage() && V.getType().isConstQualified() &&
        V.getAnyInitializer(WithInit))
      folded(WithInit);
  }

  /// The declarations \p T is made of: its typedefs and enum, and when
  /// \p Measured (a sizeof's), its record and what that is made of.
  void typeOf(QualType T, bool Measured) {
    for (unsigned Depth = 0; !T.isNull() && Depth < 16; ++Depth) {
      if (const auto *Named = T->getAs<TypedefType>()) {
        folded(Named->getDecl());
        T = Named->desugar();
      } else if (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr())) {
        // Its bound is in its spelling (the record's fields, below).
        T = Array->getElementType();
      } else if (const auto *Ptr = T->getAs<PointerType>()) {
        T = Ptr->getPointeeType();
        Measured = false; // A pointer's size is the pointer's.
      } else {
        if (Measured)
          if (const RecordDecl *R = T->getAsRecordDecl())
            folded(R->getDefinition());
        if (const auto *E = T->getAs<EnumType>())
          folded(E->getDecl());
        return;
      }
    }
  }

  /// \p D's range, and what it folds in turn: the values its enumerators
  /// and initializer name, the types of a measured record's fields.
  void folded(const Decl *D) {
    // A bound: a sizeof of a big record reaches every record inside it.
    if (!D || FoldedDecls.size() > 256 || !FoldedDecls.insert(D).second)
      return;
    addRange(SM.getExpansionRange(D->getSourceRange()));
    // A declaration a macro makes, or whose type a macro names (`PADT
    // pad;`, `typedef PADT pad_t;`): those #defines decide it too.
    macrosAt(D->getBeginLoc());
    macrosAt(D->getEndLoc());
    typeSpelling(D);
    if (const auto *E = dyn_cast<EnumDecl>(D)) {
      for (const EnumConstantDecl *C : E->enumerators())
        walkFolded(C->getInitExpr());
    } else if (const auto *V = dyn_cast<VarDecl>(D)) {
      walkFolded(V->getInit());
    } else if (const auto *R = dyn_cast<RecordDecl>(D)) {
      for (const FieldDecl *F : R->fields()) {
        typeOf(F->getType(), /*Measured=*/true);
        typeSpelling(F);
        macrosAt(F->getBeginLoc());
        // `u32 v[SLOTS]`: the type keeps the size, its spelling the bound.
        if (const TypeSourceInfo *TSI = F->getTypeSourceInfo())
          for (TypeLoc L = TSI->getTypeLoc(); !L.isNull();
               L = L.getNextTypeLoc())
            if (auto Array = L.getAs<ArrayTypeLoc>())
              walkFolded(Array.getSizeExpr());
      }
    } else if (const auto *T = dyn_cast<TypedefNameDecl>(D)) {
      typeOf(T->getUnderlyingType(), /*Measured=*/false);
    }
  }

  /// The macros the type of \p D is spelled with.
  void typeSpelling(const Decl *D) {
    const TypeSourceInfo *TSI = nullptr;
    if (const auto *DD = dyn_cast<DeclaratorDecl>(D))
      TSI = DD->getTypeSourceInfo();
    else if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      TSI = TD->getTypeSourceInfo();
    if (!TSI)
      return;
    SourceRange R = TSI->getTypeLoc().getSourceRange();
    macrosAt(R.getBegin());
    macrosAt(R.getEnd());
  }

  /// The folded declarations of each expression in \p S, and the macros
  /// it expands (`enum { QUICK = QUICK_VAL }`).
  void walkFolded(const Stmt *S) {
    if (!S)
      return;
    macrosAt(S->getBeginLoc());
    macrosAt(S->getEndLoc());
    foldedDeclarations(*S);
    for (const Stmt *Child : S->children())
      walkFolded(Child);
  }

  void addRange(CharSourceRange Range) {
    if (Range.isValid() &&
        RangeStarts.insert(Range.getBegin().getRawEncoding()).second)
      Ranges.push_back(Range);
  }

  /// The declarations of what \p Call calls (its definition, and its
  /// prototypes: a `noinline` added to one changes the call), those in
  /// \p FD's own file, or in any file when \p Follow says so: then its
  /// body (a header's `static inline` end helper, or opener) decides where
  /// the window opens or closes, and what it calls and expands counts
  /// too. Not every callee of the TU: a header's helper called outside
  /// any window would make every caller's old findings the patch's.
  void callee(const CallExpr &Call, unsigned Depth) {
    const FunctionDecl *Called = Call.getDirectCallee();
    const FunctionDecl *Def = Called ? Called->getDefinition() : nullptr;
    if (!Def || Def == &FD)
      return;
    bool AnyFile = Depth > 0 || (Follow && Follow(Call));
    if (!Added.insert({Def, unsigned(AnyFile)}).second)
      return;
    for (const FunctionDecl *Decl : Def->redecls()) {
      CharSourceRange Range = SM.getExpansionRange(Decl->getSourceRange());
      if (Range.isValid() &&
          (AnyFile || SM.getFileID(Range.getBegin()) == Home) &&
          RangeStarts.insert(Range.getBegin().getRawEncoding()).second)
        Ranges.push_back(Range);
    }
    if (AnyFile && Depth < MaxDepth)
      walk(Def->getBody(), Depth + 1);
  }

  const FunctionDecl &FD;
  const SourceManager &SM;
  FileID Home;
  CallFilter Follow;
  MacroDefinitions Macros;
  /// Each callee once as a file's, once as any file's.
  llvm::DenseSet<std::pair<const FunctionDecl *, unsigned>> Added;
  llvm::DenseSet<SourceLocation::UIntTy> RangeStarts;
  llvm::DenseSet<const Decl *> FoldedDecls;
};
} // namespace

std::vector<CharSourceRange> macroDefinitionsAt(SourceLocation Loc,
                                                const SourceManager &SM) {
  std::vector<CharSourceRange> Ranges;
  MacroDefinitions(SM, Ranges).add(Loc);
  return Ranges;
}

std::vector<CharSourceRange> codeDependencies(const FunctionDecl &FD,
                                              const SourceManager &SM,
                                              CallFilter Follow) {
  DependencyWalk Walk(FD, SM, Follow);
  Walk.walk(FD.getBody(), 0);
  return std::move(Walk.Ranges);
}

} // namespace uaccess
