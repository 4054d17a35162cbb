//===--- UaccessCheck.cpp - The base of every check -----------------------===//

#include "checks/UaccessCheck.h"
#include "analysis/WindowAnalysis.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace uaccess {

//===----------------------------------------------------------------------===//
// OptionsView
//===----------------------------------------------------------------------===//

std::string OptionsView::get(llvm::StringRef Name,
                             llvm::StringRef Default) const {
  std::string Key = Prefix + Name.str();
  if (Record)
    Record->Declared[Key] = Default.str();
  auto It = Given.find(Key);
  return It == Given.end() ? Default.str() : It->second;
}

bool OptionsView::getBool(llvm::StringRef Name, bool Default) const {
  std::string Text = get(Name, Default ? "true" : "false");
  if (Text == "true" || Text == "1")
    return true;
  if (Text == "false" || Text == "0")
    return false;
  invalid(Name, Text, "true or false");
  return Default;
}

std::optional<GlobList> OptionsView::getGlobs(llvm::StringRef Name,
                                              llvm::StringRef Default) const {
  std::string Text = get(Name, Default);
  std::string Error;
  std::optional<GlobList> Globs = GlobList::parse(Text, Error);
  if (!Globs)
    invalid(Name, Text, "a list of path globs");
  return Globs;
}

void OptionsView::invalid(llvm::StringRef Name, llvm::StringRef Value,
                          llvm::StringRef Expected) const {
  if (Record)
    Record->Errors.push_back("invalid value '" + Value.str() +
                             "' for check option '" + Prefix + Name.str() +
                             "': expected " + Expected.str());
}

//===----------------------------------------------------------------------===//
// FindingBuilder
//===----------------------------------------------------------------------===//

FindingBuilder::FindingBuilder(FindingBuilder &&Other)
    : Ctx(Other.Ctx), F(std::move(Other.F)), Moved(Other.Moved) {
  // The finding now belongs to this builder; the other records nothing.
  Other.Moved = true;
}

FindingBuilder::~FindingBuilder() {
  if (!Moved)
    Ctx.add(std::move(F));
}

FindingBuilder &FindingBuilder::note(SourceLocation Loc,
                                     const llvm::Twine &Message) {
  F.Notes.push_back({Ctx.locate(Loc), Message.str()});
  dependOnFunctionAround(Loc);
  return *this;
}

FindingBuilder &FindingBuilder::site(SourceLocation Loc,
                                     const llvm::Twine &Message,
                                     llvm::StringRef Identity) {
  F.Notes.push_back(
      {Ctx.locate(Loc), Message.str(), /*Site=*/true, Identity.str()});
  dependOnFunctionAround(Loc);
  return *this;
}

void FindingBuilder::dependOnFunctionAround(SourceLocation Loc) {
  const FunctionDecl *Def = Ctx.definitionAround(Loc);
  std::optional<LineSpan> Around = Def ? Ctx.linesOf(*Def) : std::nullopt;
  if (!Around)
    return;
  bool Own = Around->File == F.Loc.File &&
             Around->First == F.FunctionBeginLine &&
             Around->Last == F.FunctionEndLine;
  if (Own)
    return;
  auto Add = [&](const LineSpan &Span) {
    if (!llvm::is_contained(F.Depends, Span))
      F.Depends.push_back(Span);
  };
  Add(*Around);
  // What that function folds in counts too: a header that shrinks the
  // length a caller's check reads changes the finding.
  llvm::for_each(Ctx.dependencies(*Def), Add);
}

FindingBuilder &FindingBuilder::dependsOnCode(SourceRange Range) {
  const SourceManager &SM = Ctx.sourceManager();
  std::vector<CharSourceRange> Ranges =
      macroDefinitionsAt(Range.getBegin(), SM);
  Ranges.push_back(SM.getExpansionRange(Range));
  for (const CharSourceRange &R : Ranges) {
    if (R.isInvalid())
      continue;
    FindingLocation Begin = Ctx.locate(R.getBegin());
    FindingLocation End = Ctx.locate(R.getEnd());
    LineSpan Span{Begin.File, Begin.Line, End.Line};
    if (Begin.File == End.File && !llvm::is_contained(F.Depends, Span))
      F.Depends.push_back(std::move(Span));
  }
  return *this;
}

FindingBuilder &FindingBuilder::replace(CharSourceRange Range,
                                        llvm::StringRef Text) {
  const SourceManager &SM = Ctx.sourceManager();
  CharSourceRange File =
      Lexer::makeFileCharRange(Range, SM, Ctx.astContext().getLangOpts());
  if (File.isInvalid())
    return *this;
  FindingLocation Begin = Ctx.locate(File.getBegin());
  FindingLocation End = Ctx.locate(File.getEnd());
  if (Begin.File != End.File || End.Offset < Begin.Offset)
    return *this;
  F.Fixes.push_back(
      {Begin.File, Begin.Offset, End.Offset - Begin.Offset, Text.str()});
  return *this;
}

FindingBuilder &FindingBuilder::insert(SourceLocation Loc,
                                       llvm::StringRef Text) {
  return replace(CharSourceRange::getCharRange(Loc, Loc), Text);
}

//===----------------------------------------------------------------------===//
// CheckContext
//===----------------------------------------------------------------------===//

CheckContext::CheckContext(CheckOptionMap Options, std::vector<Finding> &Sink,
                           llvm::StringRef Directory, OptionsRecord *Record)
    : Options(std::move(Options)), Sink(Sink), Directory(Directory),
      Record(Record) {}

const SourceManager &CheckContext::sourceManager() const {
  return AST->getSourceManager();
}

FindingLocation CheckContext::locate(SourceLocation Loc) const {
  const SourceManager &SM = sourceManager();
  FindingLocation L;
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return L;
  FileID FID = SM.getFileID(FileLoc);
  auto [Known, New] = RealPaths.try_emplace(FID.getHashValue());
  if (New) {
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    llvm::SmallString<256> Path(FE ? FE->getName() : SM.getFilename(FileLoc));
    if (!llvm::sys::path::is_absolute(Path))
      llvm::sys::fs::make_absolute(Directory, Path);
    if (!llvm::sys::path::is_absolute(Path))
      llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    llvm::SmallString<256> Real;
    Known->second = std::string(
        llvm::sys::fs::real_path(Path, Real) ? Path.str() : Real.str());
  }
  L.File = Known->second;
  L.Offset = SM.getFileOffset(FileLoc);
  L.Line = SM.getSpellingLineNumber(FileLoc);
  L.Column = SM.getSpellingColumnNumber(FileLoc);
  return L;
}

FindingBuilder CheckContext::report(llvm::StringRef Check, Severity Level,
                                    SourceLocation Loc, const FunctionDecl *FD,
                                    const MessageFormat &Message,
                                    FindingArgs Args) {
  Finding F;
  F.Check = Check.str();
  F.Level = Level;
  F.MessageId = Message.Id.str();
  F.Message = formatMessage(Message.Format, Args);
  F.Args = std::move(Args);
  F.Loc = locate(Loc);
  if (FD) {
    F.Function = FD->getNameAsString();
    // The lines it spans, when they are in the finding's file (--diff).
    FindingLocation Begin = locate(FD->getBeginLoc());
    FindingLocation End = locate(FD->getEndLoc());
    if (Begin.File == F.Loc.File && End.File == F.Loc.File) {
      F.FunctionBeginLine = Begin.Line;
      F.FunctionEndLine = End.Line;
    }
    F.Depends = dependencies(*FD);
  }
  return FindingBuilder(*this, std::move(F));
}

const std::vector<LineSpan> &
CheckContext::dependencies(const FunctionDecl &FD) {
  auto [It, New] = Dependencies.try_emplace(&FD);
  if (!New)
    return It->second;
  const WindowAnalysis *Windows =
      Analyses && FD.isThisDeclarationADefinition()
          ? Analyses->get(FD).getAnalysis<WindowAnalysis>()
          : nullptr;
  // A callee's code counts wherever it is when the call runs in a window
  // (an end helper); and, in a function with an op or an end outside any
  // window, whatever it does: it may be what left the op outside, once a
  // patch made it do nothing (an opener helper whose begin went, a restore
  // forwarder emptied). Not otherwise: a header's helper with a window of
  // its own, called after the caller's closes, is none of its business.
  bool Outside = Windows && llvm::any_of(Windows->events(), [](const auto &E) {
                   return E.Kind == WindowEventKind::UnsafeOutside ||
                          E.Kind == WindowEventKind::RedundantEnd;
                 });
  auto Follow = [&](const CallExpr &Call) {
    if (Windows && !Windows->openersOf(Call).empty())
      return true;
    const FunctionDecl *Callee = Call.getDirectCallee();
    const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
    return Outside && Def && Def->doesThisDeclarationHaveABody();
  };
  std::vector<LineSpan> Spans;
  for (const CharSourceRange &R :
       codeDependencies(FD, sourceManager(), Follow)) {
    FindingLocation Begin = locate(R.getBegin());
    FindingLocation End = locate(R.getEnd());
    LineSpan Span{Begin.File, Begin.Line, End.Line};
    if (Begin.File == End.File && !llvm::is_contained(Spans, Span))
      Spans.push_back(std::move(Span));
  }
  // The map may have grown meanwhile: look the entry up again.
  return Dependencies[&FD] = std::move(Spans);
}

const FunctionDecl *CheckContext::definitionAround(SourceLocation Loc) {
  const SourceManager &SM = sourceManager();
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return nullptr;
  for (const FunctionDecl *Def : Definitions) {
    CharSourceRange R = SM.getExpansionRange(Def->getSourceRange());
    if (R.isInvalid() || SM.getFileID(R.getBegin()) != SM.getFileID(FileLoc) ||
        SM.isBeforeInTranslationUnit(FileLoc, R.getBegin()) ||
        SM.isBeforeInTranslationUnit(R.getEnd(), FileLoc))
      continue;
    return Def;
  }
  return nullptr;
}

std::optional<LineSpan> CheckContext::linesOf(const FunctionDecl &Def) {
  CharSourceRange R = sourceManager().getExpansionRange(Def.getSourceRange());
  if (R.isInvalid())
    return std::nullopt;
  FindingLocation Begin = locate(R.getBegin()), End = locate(R.getEnd());
  return LineSpan{Begin.File, Begin.Line, End.Line};
}

//===----------------------------------------------------------------------===//
// UaccessCheck
//===----------------------------------------------------------------------===//

UaccessCheck::~UaccessCheck() = default;

void UaccessCheck::readSeverity(Severity Default) {
  std::string Text = Options.get("Severity", severityName(Default));
  std::optional<Severity> Parsed = parseSeverity(Text);
  if (!Parsed)
    Options.invalidValue("Severity", Text, "error, warning or note");
  Level = Parsed.value_or(Default);
}

} // namespace uaccess
