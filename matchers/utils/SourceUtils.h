//===--- SourceUtils.h - Source text and AST neighbours ---------*- C++ -*-===//
//
// Small questions every layer asks of the AST and the source buffer: the
// statement that holds another, the text a range spells, the indentation of
// a line. Answered once here, in the spirit of clang-tidy's LexerUtils.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_SOURCEUTILS_H
#define UACCESS_LINT_UTILS_SOURCEUTILS_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CFGBlock;
class DeclRefExpr;
class Expr;
class IfStmt;
class LabelStmt;
class LangOptions;
class ParentMap;
class SourceManager;
class Stmt;
class StmtExpr;
} // namespace clang

namespace uaccess {

/// The statement that holds \p S in the function body \p Parents maps
/// (FunctionAnalyses::parents()), or null: for the body itself, for an
/// initializer (its variable, a declaration, holds it) and for a statement
/// outside that body.
const clang::Stmt *parentStmt(const clang::Stmt &S,
                              const clang::ParentMap &Parents);

/// The value of a GNU statement expression `({ ...; v; })`: its last
/// statement when that is an expression, else null. Kernel macros wrap
/// their values in them (`u64_to_user_ptr()`, `masked_user_access_begin()`).
const clang::Expr *statementExprValue(const clang::StmtExpr &SE);

/// \p E without parentheses, casts and the statement expressions around a
/// value (`({ typecheck(u64, x); (void __user *)(uintptr_t)(x); })`).
const clang::Expr *valueOf(const clang::Expr &E);

/// The local variable \p E names, under parentheses and implicit casts
/// (`ok`, `(ok)`); null for anything else, and for a global or parameter.
const clang::VarDecl *localVariable(const clang::Expr &E);

/// The first if statement, going up from \p S, whose then-branch holds
/// \p S and whose condition \p Accept takes; null when there is none.
const clang::IfStmt *
enclosingIfThen(const clang::Stmt &S, const clang::ParentMap &Parents,
                llvm::function_ref<bool(const clang::Expr &Cond)> Accept);

/// A pointer variable moved by a number of its elements: `p + n`,
/// `p - n` (Back), `&p[n]`, under parentheses and casts.
struct PointerStepExpr {
  const clang::DeclRefExpr *Base = nullptr; ///< Null when not that shape.
  const clang::Expr *Count = nullptr;
  bool Back = false;
};
PointerStepExpr pointerStepOf(const clang::Expr &Value);

/// The innermost loop (for, while, do) that holds \p S in the body
/// \p Parents maps, or null. A macro's `do { } while (0)` is no loop.
const clang::Stmt *enclosingLoop(const clang::Stmt &S,
                                 const clang::ParentMap &Parents);

/// True when the token at \p Loc was written in a macro's body, not by the
/// user: `__ptr` of `__typeof__(ptr) __ptr = (ptr)` in a put_user()
/// expansion, but not a name the user passed as the macro's argument (the
/// pointer a 6.19 scoped window declares again), through nested macros too.
bool declaredByMacro(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// True when \p S lies in an operand that is never evaluated: under
/// `sizeof` or `_Alignof` (the `sizeof(*(ptr))` an accessor macro writes of
/// its pointer; not of a variable-length array), an argument of
/// `__builtin_constant_p()` or
/// `__builtin_object_size()`, which the compiler folds without running it
/// (foldsItsArguments()), or an arm that `_Generic` or
/// `__builtin_choose_expr` does not choose.
bool neverEvaluated(const clang::Stmt &S, const clang::ParentMap &Parents);

/// True for a builtin that folds its arguments without running them:
/// `__builtin_constant_p(f(x))`, `__builtin_object_size()`.
bool foldsItsArguments(const clang::CallExpr &Call);

/// True when the value of \p E is thrown away: \p E is a statement of its
/// own (in a block, a branch or a loop body), is cast to void, or is the
/// left side of a comma. A condition, an operand, an initializer or a
/// return value is used.
bool isValueDiscarded(const clang::Expr &E, const clang::ParentMap &Parents);

/// True when the value of \p E decides what the function does: it is
/// returned or tested (also as an operand of what is), or it is stored in
/// a local variable that \p Body returns or tests (`err = f(); if (err <
/// 0) return err;`, `err |= f(); return err;`). A value kept and never
/// looked at decides nothing.
bool isResultTested(const clang::Expr &E, const clang::Stmt &Body,
                    const clang::ParentMap &Parents);

/// The definition of \p FD when the parse has its body; null when there is
/// none, or when the parse skipped it (the prefilter's choice, see
/// tool/run/Prefilter.h). A skipped body asked for here is remembered: the
/// analyses would see a declaration where a parse of every body sees the
/// body, so the TU must be parsed again, skipping nothing.
const clang::FunctionDecl *parsedDefinition(const clang::FunctionDecl &FD);

/// Whether parsedDefinition() met a skipped body since the last
/// forgetSkippedBodies(). One TU per process (a worker) at a time.
bool skippedBodyWasAskedFor();
void forgetSkippedBodies();

/// Every call in \p S (a function body, say; none when null), macro
/// expansions included, in traversal order.
std::vector<const clang::CallExpr *> callsIn(const clang::Stmt *S);

/// True when \p Pred holds for \p S or for a statement under it (macro
/// expansions included).
bool anyStmtIn(const clang::Stmt &S,
               llvm::function_ref<bool(const clang::Stmt &)> Pred);

/// The condition block \p B itself tests before it branches, or null. The
/// CFG splits the `&&` and `||` chain of an if, loop or `?:` condition into
/// one block per operand, and each of those blocks tests only its own
/// operand, while its terminator names the whole chain (or its left side):
/// this is the operand, the last one of that chain. A switch's condition is
/// never split.
const clang::Expr *ownBranchCondition(const clang::CFGBlock &B);

/// Text of \p R in its file, or "" when the range is invalid.
std::string sourceText(clang::CharSourceRange R, const clang::SourceManager &SM,
                       const clang::LangOptions &LO);

/// Text of \p S as the user wrote it: its macro expansions' invocations,
/// not their bodies.
std::string writtenText(const clang::Stmt &S, const clang::ASTContext &Ctx);

/// Text of \p S as the tokens at the level of \p Level's expansion spell
/// it: where a macro body invokes another macro (`access_ok(p, REC_LEN)`
/// in `#define CHECK_REC(p)`, Level at `access_ok`), the argument as that
/// body writes it (`REC_LEN`), whatever it expands to; an argument of the
/// macro whose body that is, as the body names its parameter (`p`). ""
/// when \p S does not reach that level, or spans files there.
std::string textAtLevel(const clang::Stmt &S, clang::SourceLocation Level,
                        const clang::ASTContext &Ctx);

/// Text of \p S where its tokens are spelled: inside a macro's argument,
/// what the caller wrote for that argument (`eb->exec[i].relocs_ptr` of
/// `u64_to_user_ptr(eb->exec[i].relocs_ptr)`), with its whitespace
/// collapsed; "" when its first and last tokens are spelled in different
/// files.
std::string spelledText(const clang::Stmt &S, const clang::ASTContext &Ctx);

/// Text of \p S as the file shows it where its first and last tokens came
/// from a macro's argument: a name in it that is a macro itself stays as
/// written (`&infop->si_uid`, whose `si_uid` spells `_sifields._kill._uid`
/// in a header, where spelledText() finds two files). Whitespace
/// collapsed; "" when the tokens are no argument's.
std::string argumentText(const clang::Stmt &S, const clang::ASTContext &Ctx);

/// Text of \p S as the file shows it where \p S is the whole expansion of
/// a macro use written in another macro's argument (`sizeof_field(struct
/// s, a)`, `HDR_LEN()` in `access_ok(p, ...)`), or tokens of that
/// argument. Whitespace collapsed; "" when S begins or ends among a
/// macro's own tokens.
std::string macroUseText(const clang::Stmt &S, const clang::ASTContext &Ctx);

/// An address computed by a call from a parameter: the call as spelled,
/// and the one pointer parameter it is passed.
struct ComputedAddress {
  const clang::ParmVarDecl *From = nullptr;
  std::string Call;
};

/// The address \p Text names when it is, under casts, a call spelled
/// inside \p Within of a function that returns a pointer, passed exactly
/// one pointer parameter of \p FD (`(unsigned int __user
/// *)get_xsave_addr_user(buf, XFEATURE_PKRU)`, 6.12 fpu/xstate.h). From
/// is null otherwise.
ComputedAddress addressComputedFrom(const clang::Stmt &Within,
                                    llvm::StringRef Text,
                                    const clang::FunctionDecl &FD);

/// True when the text \p S was written with (its expansion range) holds a
/// comment: a rewrite that replaces the text would delete it.
bool containsComment(const clang::Stmt &S, const clang::ASTContext &Ctx);

/// True when the text from \p First to \p Last (their expansion ranges)
/// holds a preprocessor directive: `#ifdef` code the parse did not see may
/// sit between them.
bool containsDirective(const clang::Stmt &First, const clang::Stmt &Last,
                       const clang::ASTContext &Ctx);

/// How many conditional blocks (`#if`, `#ifdef`, `#ifndef`) the file text
/// from \p From up to \p To opens and leaves open: code at \p To that a
/// configuration may drop while the text after them stays.
unsigned conditionalsOpenAt(clang::SourceLocation From,
                            clang::SourceLocation To,
                            const clang::ASTContext &Ctx);

/// True when the identifier \p Name is written in the text of \p S, also
/// in code the preprocessor skipped (a label under `#ifdef`).
bool spellsIdentifier(const clang::Stmt &S, llvm::StringRef Name,
                      const clang::ASTContext &Ctx);

/// Just past the `;` that ends statement \p S (as expanded, so a macro
/// use's own), for a fix-it that replaces the whole statement; invalid when
/// no `;` follows \p S.
clang::SourceLocation afterSemicolon(const clang::Stmt &S,
                                     const clang::ASTContext &Ctx);

/// The label the code at \p L runs into when it does not leave first:
/// `e1: e2: return;`, or `e1: kfree(x); e2: return;`. Null when it
/// returns or jumps away first (`return`, `goto`, `break`, `continue` at
/// its level), or when \p L is not in a block. \p PM maps the body.
const clang::LabelStmt *fallsIntoLabel(const clang::LabelStmt &L,
                                       const clang::ParentMap &PM);

/// Leading whitespace of the line \p Loc is on, for inserted lines.
std::string lineIndent(clang::SourceLocation Loc,
                       const clang::SourceManager &SM);

/// The text of \p FileText that holds offset \p Offset as a preprocessor
/// sees a line: the physical lines joined by a backslash before their
/// newline, as [begin, end) offsets (end at the last newline or the end).
std::pair<size_t, size_t> logicalLine(llvm::StringRef FileText, size_t Offset);

/// Whether the code of what a call of the function given to
/// codeDependencies() calls counts in whatever file it is: the call runs
/// while one of its user-access windows is open, or the function has an op
/// outside any window, which any callee may have left there.
using CallFilter = llvm::function_ref<bool(const clang::CallExpr &)>;

/// The `#define` of each macro level that made \p Loc (the logical lines,
/// continuations included), as codeDependencies() counts them.
std::vector<clang::CharSourceRange>
macroDefinitionsAt(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// The code outside its own body that what \p FD does depends on, as file
/// ranges: the `#define` of every macro its body expands (each level of a
/// macro that expands another, and a macro expanded in another's
/// argument), the declarations of the functions of its own file that it
/// calls, and, in any file, of those \p Follow names (a call inside a
/// window, a helper that opens one), with what they call and expand in
/// turn. A change to any of them can change what an analysis of \p FD
/// finds, with no line of \p FD changed.
std::vector<clang::CharSourceRange>
codeDependencies(const clang::FunctionDecl &FD, const clang::SourceManager &SM,
                 CallFilter Follow = nullptr);

} // namespace uaccess

#endif
