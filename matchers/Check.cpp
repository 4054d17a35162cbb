//===--- Check.cpp - Shared machinery of the checks -----------------------===//

#include "Check.h"
#include "Checks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace uaccess {

//===----------------------------------------------------------------------===//
// FindingBuilder
//===----------------------------------------------------------------------===//

FindingBuilder::~FindingBuilder() {
  if (!Moved)
    Ctx.add(std::move(F));
}

FindingBuilder &FindingBuilder::note(SourceLocation Loc,
                                     const llvm::Twine &Message) {
  F.Notes.push_back({Ctx.locate(Loc), Message.str()});
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

CheckContext::CheckContext(const MacroLedger &Ledger, CheckOptions Opts,
                           std::vector<Finding> &Sink,
                           llvm::StringRef Directory)
    : Ledger(Ledger), Opts(std::move(Opts)), Sink(Sink), Directory(Directory) {}

void CheckContext::setASTContext(ASTContext &Ctx) {
  AST = &Ctx;
  Policy = std::make_unique<CallPolicy>(Ctx, Ledger, Opts.ExtraSafeCallees);
}

const SourceManager &CheckContext::sourceManager() const {
  return AST->getSourceManager();
}

bool CheckContext::isAnalyzable(const FunctionDecl &FD) const {
  if (!FD.doesThisDeclarationHaveABody())
    return false;
  // The API's own inline bodies (x86 user_access_begin(), stac()) open
  // windows by design.
  if (FD.getIdentifier() && lookupApi(FD.getName()))
    return false;
  return true;
}

const FunctionUses &CheckContext::usesOf(const FunctionDecl &FD) {
  return Policy->usesOf(FD);
}

const WindowAnalysis *CheckContext::windowsOf(const FunctionDecl &FD) {
  if (!isAnalyzable(FD))
    return nullptr;
  auto It = Windows.find(&FD);
  if (It != Windows.end())
    return It->second.get();
  std::unique_ptr<WindowAnalysis> &Slot = Windows[&FD];
  const FunctionUses &Uses = usesOf(FD);
  bool CallsHelper = false;
  if (Uses.empty()) {
    // Without uses of its own a function matters only if it calls a helper
    // that needs a window.
    struct Finder : RecursiveASTVisitor<Finder> {
      CallPolicy &Policy;
      bool Found = false;
      explicit Finder(CallPolicy &P) : Policy(P) {}
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *Callee = C->getDirectCallee())
          Found |= Policy.needsWindow(*Callee);
        return !Found;
      }
    } F(*Policy);
    F.TraverseStmt(FD.getBody());
    CallsHelper = F.Found;
    if (!CallsHelper)
      return nullptr;
  }
  WindowAnalysisOptions WOpts;
  WOpts.EntersOpen = Policy->runsInCallersWindow(FD);
  WOpts.LeavesOpen = Policy->opensForCaller(FD);
  Slot = std::make_unique<WindowAnalysis>(FD, Uses, *AST, *Policy, WOpts);
  if (!Slot->analyzed())
    Slot.reset();
  return Slot.get();
}

FindingLocation CheckContext::locate(SourceLocation Loc) const {
  const SourceManager &SM = sourceManager();
  FindingLocation L;
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return L;
  FileID FID = SM.getFileID(FileLoc);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  llvm::SmallString<256> Path(FE ? FE->getName() : SM.getFilename(FileLoc));
  if (!llvm::sys::path::is_absolute(Path))
    llvm::sys::fs::make_absolute(Directory, Path);
  if (!llvm::sys::path::is_absolute(Path))
    llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  L.File = std::string(Path);
  L.Offset = SM.getFileOffset(FileLoc);
  L.Line = SM.getSpellingLineNumber(FileLoc);
  L.Column = SM.getSpellingColumnNumber(FileLoc);
  return L;
}

FindingBuilder CheckContext::report(llvm::StringRef Check, SourceLocation Loc,
                                    const FunctionDecl *FD,
                                    const llvm::Twine &Message) {
  Finding F;
  F.Check = Check.str();
  F.Message = Message.str();
  F.Loc = locate(Loc);
  if (FD)
    F.Function = FD->getNameAsString();
  return FindingBuilder(*this, std::move(F));
}

//===----------------------------------------------------------------------===//
// Check registry and filter
//===----------------------------------------------------------------------===//

template <typename T>
static std::unique_ptr<UaccessCheck> make(llvm::StringRef Name,
                                          CheckContext &Ctx) {
  return std::make_unique<T>(Name, Ctx);
}

llvm::ArrayRef<CheckInfo> allChecks() {
  static const CheckInfo Checks[] = {
      {"window-unbalanced",
       "a window left open on some path, an end with no open window, or a "
       "begin inside a window",
       make<WindowUnbalancedCheck>},
      {"window-mismatch",
       "a window closed by an end of another family, or an access the "
       "window's family does not permit",
       make<WindowMismatchCheck>},
      {"window-unsafe-outside", "an unsafe_* access with no window open",
       make<WindowUnsafeOutsideCheck>},
      {"window-call", "a call that is not uaccess-safe while a window is open",
       make<WindowCallCheck>},
      {"batchable",
       "put_user/get_user in loops and runs that could share one window",
       make<BatchableCheck>},
      {"access-ok-far",
       "an access relying on an access_ok() that is missing, far away, in "
       "another function, on another pointer, or too short",
       make<AccessOkFarCheck>},
      {"access-ok-redundant",
       "an access_ok() repeated by the self-checking accessors that follow",
       make<AccessOkRedundantCheck>},
  };
  return Checks;
}

std::optional<CheckFilter> CheckFilter::parse(llvm::StringRef Spec,
                                              std::string &Error) {
  CheckFilter F;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Spec.split(Parts, ',', -1, false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    bool Negative = Part.consume_front("-");
    if (auto Pat = llvm::GlobPattern::create(Part); !Pat) {
      Error = "invalid check glob '" + Part.str() +
              "': " + llvm::toString(Pat.takeError());
      return std::nullopt;
    }
    F.Globs.push_back({Part.str(), Negative});
  }
  return F;
}

bool CheckFilter::enabled(llvm::StringRef Check) const {
  bool On = false;
  for (const Glob &G : Globs) {
    auto Pat = llvm::GlobPattern::create(G.Text);
    if (Pat && Pat->match(Check))
      On = !G.Negative;
  }
  return On;
}

std::vector<std::string> CheckFilter::unmatchedGlobs() const {
  std::vector<std::string> Out;
  for (const Glob &G : Globs) {
    auto Pat = llvm::GlobPattern::create(G.Text);
    if (!Pat)
      continue;
    bool Any = false;
    for (const CheckInfo &C : allChecks())
      Any |= Pat->match(C.Name);
    if (!Any)
      Out.push_back(G.Text);
  }
  return Out;
}

} // namespace uaccess
