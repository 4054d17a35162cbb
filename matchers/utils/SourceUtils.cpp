//===--- SourceUtils.cpp - Source text and AST neighbours -----------------===//

#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace uaccess {

const Stmt *parentStmt(const Stmt &S, ASTContext &Ctx) {
  for (const DynTypedNode &P : Ctx.getParents(S))
    if (const auto *PS = P.get<Stmt>())
      return PS;
  return nullptr;
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

bool containsComment(const Stmt &S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      SM.getExpansionRange(S.getSourceRange()), SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return false;
  auto [FID, Begin] = SM.getDecomposedLoc(R.getBegin());
  unsigned End = SM.getFileOffset(R.getEnd());
  llvm::StringRef Buffer = SM.getBufferData(FID);
  Lexer Raw(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buffer.begin(),
            Buffer.begin() + Begin, Buffer.end());
  Raw.SetCommentRetentionState(true);
  Token Tok;
  while (!Raw.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) < End)
    if (Tok.is(tok::comment))
      return true;
  return Tok.is(tok::comment) && SM.getFileOffset(Tok.getLocation()) < End;
}

std::string lineIndent(SourceLocation Loc, const SourceManager &SM) {
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  llvm::StringRef Buffer = SM.getBufferData(FID);
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::StringRef Line = Buffer.substr(LineStart, Offset - LineStart);
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

} // namespace uaccess
