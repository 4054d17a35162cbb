//===--- UaccessRecognizer.h - Find uaccess API uses in an AST --*- C++ -*-===//
//
// The same source line expands very differently per arch and version: a
// function behind a same-named macro on x86, access_ok() on generic arches,
// asm goto switches, goto wrappers, 6.19's __label__ chains. We therefore
// recognize the macro *invocation* as the user wrote it (from the
// preprocessor) and attribute every AST node that its expansion produced to
// that one use. Plain function calls to API names (for example the generic
// user_access_save()) are recognized from the AST.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RECOGNIZE_UACCESSRECOGNIZER_H
#define UACCESS_LINT_RECOGNIZE_UACCESSRECOGNIZER_H

#include "api/UaccessApi.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Preprocessor;
class LabelStmt;
} // namespace clang

namespace uaccess {

/// One expansion of a macro whose name is in the API table.
struct MacroRecord {
  const ApiEntry *Api = nullptr;
  clang::SourceLocation NameLoc;
  /// The invocation as the user wrote it, in a file.
  clang::CharSourceRange FileRange;
  std::vector<std::string> Args;
  bool FunctionLike = false;
  /// Where the use as the user wrote it ends in the file: the invocation's
  /// `)`, also for a name-only macro that becomes a function-like one.
  /// Invalid when the text that follows may still be the use's own.
  clang::SourceLocation UseEnd;
  /// Index of the outermost API expansion this one is part of (itself if it
  /// was written by the user).
  unsigned Primary = 0;
};

/// Which use an AST node belongs to.
struct Attribution {
  int Primary = -1; ///< MacroRecord index, or -1.
  /// The node is (part of) an argument the user passed to the use, not the
  /// API's own expansion.
  bool InArgument = false;
};

/// All API macro expansions of one translation unit.
class MacroLedger {
public:
  explicit MacroLedger(const clang::SourceManager &SM) : SM(SM) {}

  /// A PPCallbacks that records into this ledger.
  std::unique_ptr<clang::PPCallbacks>
  makeRecorder(const clang::Preprocessor &PP);

  Attribution attribute(clang::SourceLocation Loc) const;
  const MacroRecord &record(unsigned I) const { return Records[I]; }

private:
  friend class LedgerRecorder;
  void add(MacroRecord R, const clang::Preprocessor &PP);
  /// The record whose expansion body produced \p Loc's immediate entry.
  int enclosingRecord(clang::SourceLocation Loc, bool *PassedArgument) const;

  const clang::SourceManager &SM;
  std::vector<MacroRecord> Records;
  llvm::DenseMap<clang::SourceLocation::UIntTy, unsigned> ByNameLoc;
};

/// One use of the API in a function, as the user wrote it.
struct UaccessUse {
  unsigned Id = 0;
  const ApiEntry *Api = nullptr;
  clang::CharSourceRange Range; ///< In a file, for diagnostics and fix-its.
  std::vector<std::string> Args;
  std::vector<const clang::Expr *> ArgExprs; ///< For calls; may be empty.
  /// The outermost node of the expansion: its value is the API's result.
  const clang::Stmt *Anchor = nullptr;
  /// The user's fault label (unsafe ops, scoped windows), if any.
  const clang::LabelStmt *FaultLabel = nullptr;
  /// True when the user wrote a call to a function, not a macro.
  bool IsCall = false;
  /// For a macro use: where its name is written, in a file or in another
  /// macro's body (`#define CHECK_REC(p) access_ok(p, REC_LEN)`): the
  /// level its arguments are spelled at.
  clang::SourceLocation NameLoc;

  llvm::StringRef name() const { return Api->Name; }
  llvm::StringRef arg(int I) const {
    return I >= 0 && unsigned(I) < Args.size() ? llvm::StringRef(Args[I])
                                               : llvm::StringRef();
  }
  clang::SourceLocation loc() const { return Range.getBegin(); }
};

/// The uses in one function body, and which statements belong to each.
class FunctionUses {
public:
  FunctionUses(const clang::FunctionDecl &FD, const MacroLedger &Ledger,
               clang::ASTContext &Ctx);

  llvm::ArrayRef<UaccessUse> uses() const { return Uses; }
  const UaccessUse &use(unsigned Id) const { return Uses[Id]; }

  /// The use whose own expansion \p S is part of (not its arguments).
  const UaccessUse *ownerOf(const clang::Stmt *S) const;
  /// The use one of whose arguments \p S is part of.
  const UaccessUse *argumentOwnerOf(const clang::Stmt *S) const;
  /// The statements of scoped-window bodies, with the scoped use.
  const UaccessUse *scopeOf(const clang::Stmt *S) const;

  const clang::LabelStmt *findLabel(llvm::StringRef Name) const;
  bool empty() const { return Uses.empty(); }

private:
  friend class UseCollector;
  std::vector<UaccessUse> Uses;
  llvm::DenseMap<const clang::Stmt *, unsigned> Owner;
  llvm::DenseMap<const clang::Stmt *, unsigned> ArgOwner;
  llvm::DenseMap<const clang::Stmt *, unsigned> Scope;
  llvm::DenseMap<llvm::StringRef, const clang::LabelStmt *> Labels;
};

/// The expression the user wrote as argument \p I of \p U: the call's
/// argument, or inside a macro use the outermost expression of its
/// expansion spelled as that argument is, under the implicit conversions
/// the expansion adds. Null when none is.
const clang::Expr *argumentExpr(const UaccessUse &U, int I,
                                const clang::ASTContext &Ctx);

/// True when \p E is the value of \p U: its anchor, or the call whose
/// callee the anchor is (arm64's access_ok() is a function behind `#define
/// access_ok access_ok`: the expansion is the name, the value the call's).
bool isValueOf(const UaccessUse &U, const clang::Expr &E);

/// True for the API's own bodies (x86's inline user_access_begin(),
/// stac()): they open and close windows by design, and their uses are the
/// API's, not a user's.
bool isApiBody(const clang::FunctionDecl &FD);

/// A definition worth analyzing: it has a body and is not the API's own.
bool isAnalyzable(const clang::FunctionDecl &FD);

} // namespace uaccess

#endif
