//===--- WindowUnsafeOutsideCheck.cpp - window-unsafe-outside -------------===//
//
// unsafe_* ops skip the access check and the STAC/CLAC toggle; outside a
// window they fault under SMAP/PAN/KUAP, and on arches with no protection
// they silently access user memory unchecked.
//
//===----------------------------------------------------------------------===//

#include "checks/WindowUnsafeOutsideCheck.h"

#include "analysis/CallPolicy.h"
#include "utils/NameMatch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace uaccess {

namespace {
/// True when \p Cond calls a function, or expands a macro, named in
/// \p Names (powerpc's is_kernel_addr() is a macro).
bool callsAnyOf(const Stmt &Cond, llvm::ArrayRef<std::string> Names,
                ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::ArrayRef<std::string> Names;
    ASTContext *Ctx = nullptr;
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      if (const auto *C = dyn_cast<CallExpr>(S))
        if (const FunctionDecl *F = C->getDirectCallee())
          Found |= F->getIdentifier() && matchesAnyName(Names, F->getName());
      const SourceManager &SM = Ctx->getSourceManager();
      for (SourceLocation L = S->getBeginLoc(); !Found && L.isMacroID();
           L = SM.getImmediateMacroCallerLoc(L))
        Found |= matchesAnyName(
            Names, Lexer::getImmediateMacroName(L, SM, Ctx->getLangOpts()));
      return !Found;
    }
  } F;
  F.Names = Names;
  F.Ctx = &Ctx;
  F.TraverseStmt(const_cast<Stmt *>(&Cond));
  return F.Found;
}
} // namespace

std::vector<std::string>
WindowUnsafeOutsideCheck::splitNames(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',', -1, false);
  std::vector<std::string> Names;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Names.push_back(P.trim().str());
  return Names;
}

namespace {
constexpr MessageFormat CallOutside{
    "call-outside", "call to '{callee}', which performs unsafe user "
                    "accesses, outside a user access window"};
constexpr MessageFormat AccessorOutside{
    "accessor-outside", "'{accessor}' outside a user access window"};
constexpr MessageFormat MessageTable[] = {CallOutside, AccessorOutside};
} // namespace

const llvm::ArrayRef<MessageFormat> WindowUnsafeOutsideCheck::Messages =
    MessageTable;

bool WindowUnsafeOutsideCheck::underKernelAddressGuard(
    const Stmt &S, FunctionAnalyses &FA) const {
  return enclosingIfThen(S, FA.parents(), [&](const Expr &Cond) {
    return callsAnyOf(Cond, KernelAddressGuards, FA.astContext());
  });
}

/// \p Callee's body has unsafe ops of its own, not only calls of helpers
/// that have (CallPolicy's forwarding helpers).
static bool hasOwnUnsafeOps(FunctionAnalyses &FA, const FunctionDecl &Callee) {
  return !parsedDefinition(Callee) ||
         !FA.cache().policy().unsafeOpsIn(Callee).empty();
}

void WindowUnsafeOutsideCheck::report(FunctionAnalyses &FA,
                                      const WindowAnalysis &,
                                      const WindowEvent &E) {
  const FunctionDecl &FD = FA.decl();
  if (E.Kind != WindowEventKind::UnsafeOutside)
    return;
  const FunctionUses &Uses = FA.uses();
  const Stmt *At = E.Call ? static_cast<const Stmt *>(E.Call)
                          : (E.Use ? E.Use->Anchor : nullptr);
  if (At && underKernelAddressGuard(*At, FA))
    return;
  if (E.Call) {
    std::string Callee =
        E.Verdict.Callee ? E.Verdict.Callee->getNameAsString() : "callee";
    auto B = diag(E.Call->getBeginLoc(), &FD, CallOutside,
                  FindingArgs().set("callee", Callee));
    if (E.Verdict.Callee)
      B.note(E.Verdict.Callee->getLocation(),
             "'" + Callee + "' " +
                 (hasOwnUnsafeOps(FA, *E.Verdict.Callee)
                      ? "has unsafe_* accesses"
                      : "calls helpers with unsafe_* accesses") +
                 " and no window of its own");
    noteCloser(B, Uses, E.State);
    return;
  }
  auto B = diag(E.Use->loc(), &FD, AccessorOutside,
                FindingArgs().set("accessor", E.Use->name()));
  noteCloser(B, Uses, E.State);
}

} // namespace uaccess
