//===--- FieldChecks.h - Pointers checked via a struct field ---*- C++ -*-===//
//
// Objects carry user pointers from where they are checked to where they are
// used, and no chain of calls joins the two: the struct field does. 6.12
// task_set_syscall_user_dispatch() checks the prctl's selector and stores
// it in `task->syscall_dispatch.selector`, which syscall_user_dispatch()
// reads at every syscall; i915's check_relocations() checks an exec
// object's `relocs_ptr`, which eb_copy_relocations() copies from after
// calling it on the same object.
//
// As smatch names struct members in its database ("(struct foo)->bar"), a
// field is keyed by its record and member: "syscall_user_dispatch::selector".
// The key is the same in every TU, so other TUs can answer for it too.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_FIELDCHECKS_H
#define UACCESS_LINT_ANALYSIS_FIELDCHECKS_H

#include "analysis/AnalysisCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class MemberExpr;
class Stmt;
} // namespace clang

namespace uaccess {

/// The struct field a user pointer is read from.
struct FieldRead {
  /// "record::member"; empty when the pointer is read from no field.
  std::string Key;
  /// The read: `eb->exec[i].relocs_ptr`.
  const clang::MemberExpr *Member = nullptr;
};

/// The key of the field \p Member reads, or "" when its record has no name.
std::string fieldKey(const clang::MemberExpr &Member);

/// The field the pointer \p Pointer of a use in \p FD is read from: through
/// parentheses, casts, `u64_to_user_ptr()`, pointer arithmetic (`(char
/// __user *)urelocs + copied`), and a local variable that every store of
/// the body sets from that one field (`urelocs =
/// u64_to_user_ptr(eb->exec[i].relocs_ptr)`), whatever steps it takes
/// after. A local whose address is taken holds nothing known.
FieldRead fieldReadOf(const clang::Expr &Pointer,
                      const clang::FunctionDecl &FD);

/// True when \p S itself writes field \p Key of some object: assigns it,
/// steps it, or takes its address.
bool writesFieldAt(const clang::Stmt &S, llvm::StringRef Key);

/// True when \p FD writes field \p Key somewhere (writesFieldAt()).
bool writesField(const clang::FunctionDecl &FD, llvm::StringRef Key);

/// The expression a use of \p FA passes for its pointer, as far as the
/// shape \p Base of its text names it: the call's argument, or inside a
/// macro use the member or variable spelled \p Base. Null when none.
const clang::Expr *pointerExprOf(FunctionAnalyses &FA, const UaccessUse &U,
                                 llvm::StringRef Base);

struct FieldCheck;

/// The check of the struct field that argument \p Arg of \p Call in
/// \p Caller reads, made in another function of the TU, when \p Caller
/// does not write that field: what a caller that passes the pointer on
/// unchecked may rely on (io_uring's io_recvmsg() passes `sr->umsg`). An
/// access_ok() is preferred. Null when there is none.
const FieldCheck *checkOfPassedField(AnalysisCache &Cache,
                                     const clang::FunctionDecl &Caller,
                                     const clang::CallExpr &Call, unsigned Arg);

struct ForeignFieldCall;

/// The tested calls, anywhere in the TU, of other TUs' functions that pass
/// the struct field that argument \p Arg of \p Call in \p Caller reads,
/// when \p Caller does not write that field: checks of it if their callees
/// are check wrappers (ForeignFieldCall). Empty when there is none.
llvm::ArrayRef<ForeignFieldCall>
foreignChecksOfPassedField(AnalysisCache &Cache,
                           const clang::FunctionDecl &Caller,
                           const clang::CallExpr &Call, unsigned Arg);

/// The same, for the field \p Field (`->umsg`) of \p FD's parameter
/// \p Param, which \p FD passes on to the access and nothing in the TU
/// calls \p FD with.
const FieldCheck *checkOfParamField(AnalysisCache &Cache,
                                    const clang::FunctionDecl &FD,
                                    unsigned Param, llvm::StringRef Field);

/// A check of a field's pointer somewhere in the TU.
struct FieldCheck {
  std::string Key;
  const clang::FunctionDecl *Function = nullptr;
  /// The access_ok(), checked accessor or begin, in Function's uses.
  const UaccessUse *Check = nullptr;
  /// True when Check is of a value Function then stores into the field
  /// (`if (!access_ok(selector, 1)) ...; task->...selector = selector;`).
  bool AtStore = false;
  /// Function's parameter whose field Check checks (`entry->relocs_ptr`),
  /// or -1: its callers check that field of what they pass.
  int HolderParam = -1;
};

/// A tested call of a function the TU has no body for, passing a pointer
/// read from a struct field. It checks that field when its callee is a
/// check wrapper of that argument, which only the link step can tell: 6.12
/// futex_wait_multiple_setup() tests `get_futex_key(
/// u64_to_user_ptr(vs[i].w.uaddr), ...)`, of kernel/futex/core.c, for every
/// element, in the loop before the one that reads each `uaddr`.
struct ForeignFieldCall {
  std::string Key;
  const clang::FunctionDecl *Function = nullptr;
  const clang::CallExpr *Call = nullptr;
  std::string Callee;
  unsigned Arg = 0;
};

/// The checks of user pointers read from, or stored into, each struct
/// field, in the function definitions of one TU; found per key on first
/// use.
class FieldCheckIndex {
public:
  explicit FieldCheckIndex(AnalysisCache &Cache) : Cache(Cache) {}
  /// The checks of field \p Key in the TU: access_ok() calls first, then
  /// checked accessors and begins, each in the order of their functions;
  /// empty when there is none.
  llvm::ArrayRef<FieldCheck> find(llvm::StringRef Key);
  /// The tested calls of other TUs' functions that pass field \p Key, in
  /// the order of their functions.
  llvm::ArrayRef<ForeignFieldCall> foreignCalls(llvm::StringRef Key);

private:
  /// The definitions that name field \p Key.
  llvm::ArrayRef<const clang::FunctionDecl *> namingField(llvm::StringRef Key);
  std::vector<FieldCheck> checksIn(const clang::FunctionDecl &FD,
                                   llvm::StringRef Key);
  std::vector<ForeignFieldCall> foreignCallsIn(const clang::FunctionDecl &FD,
                                               llvm::StringRef Key);
  AnalysisCache &Cache;
  std::vector<const clang::FunctionDecl *> Definitions;
  bool Listed = false;
  llvm::StringMap<std::vector<FieldCheck>> Found;
  llvm::StringMap<std::vector<ForeignFieldCall>> FoundForeign;
  llvm::StringMap<std::vector<const clang::FunctionDecl *>> Naming;
};

/// True when a tested call before \p A on every path, in the same loop
/// iteration, passes the object whose field \p Read reads to a function
/// that checks that field of its parameter (one of \p Checks): 6.12
/// eb_copy_relocations() calls check_relocations(&eb->exec[i]) and then
/// copies from `eb->exec[i].relocs_ptr`.
bool checkedBySiblingCall(FunctionAnalyses &FA, const UaccessUse &A,
                          const FieldRead &Read,
                          llvm::ArrayRef<FieldCheck> Checks);

/// What the TU's checks of struct fields say of access \p A of \p FA's
/// function, whose pointer may be read from a field (fieldReadOf()).
struct FieldVerdict {
  enum KindT {
    /// No other function of the TU checks the field, or \p FA's function
    /// writes it first.
    None,
    /// A tested call before \p A checks it (checkedBySiblingCall()).
    CheckedBySibling,
    /// Check, in another function, checks it: \p A relies on that.
    CheckedElsewhere,
  } Kind = None;
  FieldRead Read;
  std::optional<FieldCheck> Check;
  /// With None: the field, when the function does not write it, for the
  /// link step to ask other TUs about.
  std::string OtherUnits;
};
/// \p UncheckedWindow: \p A is in a window opened with no check, whose
/// access_ok() must be shown, not taken from a callee.
FieldVerdict fieldVerdictOf(FunctionAnalyses &FA, const UaccessUse &A,
                            bool UncheckedWindow);

} // namespace uaccess

#endif
