//===--- UaccessApi.cpp - The kernel's user-access API, as data -----------===//
//
// Versions are mainline releases ("major.minor") in which the name first and
// last appeared. They let --dump-uaccess say when code uses an API the
// target kernel does not have; the analyses themselves only look at roles
// and families.
//
//===----------------------------------------------------------------------===//

#include "api/UaccessApi.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace uaccess {

namespace {
using R = Role;
using F = Family;
using D = Direction;
constexpr int N = NoArg;

// clang-format off
const ApiEntry Table[] = {
//  name                            role                  family        dir          ptr len val lbl since   until  internal
  // Checked begins: return false when the range is not a user range.
  {"user_access_begin",             R::CheckedBegin,      F::ReadWrite, D::None,     0,  1,  N,  N,  "5.0",  "",    false},
  {"user_read_access_begin",        R::CheckedBegin,      F::Read,      D::None,     0,  1,  N,  N,  "5.8",  "",    false},
  {"user_write_access_begin",       R::CheckedBegin,      F::Write,     D::None,     0,  1,  N,  N,  "5.8",  "",    false},
  {"user_rw_access_begin",          R::CheckedBegin,      F::ReadWrite, D::None,     0,  1,  N,  N,  "6.19", "",    false},
  // Masked begins: clamp the pointer, cannot fail.
  {"masked_user_access_begin",      R::MaskedBegin,       F::ReadWrite, D::None,     0,  N,  N,  N,  "6.11", "",    false},
  {"masked_user_read_access_begin", R::MaskedBegin,       F::Read,      D::None,     0,  N,  N,  N,  "6.19", "",    false},
  {"masked_user_write_access_begin",R::MaskedBegin,       F::Write,     D::None,     0,  N,  N,  N,  "6.19", "",    false},
  {"masked_user_rw_access_begin",   R::MaskedBegin,       F::ReadWrite, D::None,     0,  N,  N,  N,  "6.19", "",    false},
  // Unchecked begins: no access_ok() of their own.
  {"__uaccess_begin",               R::UncheckedBegin,    F::ReadWrite, D::None,     N,  N,  N,  N,  "4.8",  "",    true},
  {"__uaccess_begin_nospec",        R::UncheckedBegin,    F::ReadWrite, D::None,     N,  N,  N,  N,  "4.15", "",    true},
  {"stac",                          R::UncheckedBegin,    F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "",    true},
  {"__user_write_access_begin",     R::UncheckedBegin,    F::Write,     D::None,     0,  1,  N,  N,  "",     "",    false},
  {"put_user_try",                  R::UncheckedBegin,    F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "5.7", true},
  {"get_user_try",                  R::UncheckedBegin,    F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "5.7", true},
  // Ends.
  {"user_access_end",               R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "4.8",  "",    false},
  {"user_read_access_end",          R::End,               F::Read,      D::None,     N,  N,  N,  N,  "5.8",  "",    false},
  {"user_write_access_end",         R::End,               F::Write,     D::None,     N,  N,  N,  N,  "5.8",  "",    false},
  {"user_rw_access_end",            R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "6.19", "",    false},
  {"__uaccess_end",                 R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "4.8",  "",    true},
  {"clac",                          R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "",    true},
  {"put_user_catch",                R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "5.7", true},
  {"get_user_catch",                R::End,               F::ReadWrite, D::None,     N,  N,  N,  N,  "3.7",  "5.7", true},
  // Suspending a window around code that must not run with access on.
  {"user_access_save",              R::Save,              F::None,      D::None,     N,  N,  N,  N,  "5.2",  "",    false},
  {"user_access_restore",           R::Restore,           F::None,      D::None,     N,  N,  0,  N,  "5.2",  "",    false},
  // Scoped windows: the end runs on every exit of the scope.
  {"scoped_user_read_access",       R::Scoped,            F::Read,      D::None,     0,  N,  N,  1,  "6.19", "",    false},
  {"scoped_user_write_access",      R::Scoped,            F::Write,     D::None,     0,  N,  N,  1,  "6.19", "",    false},
  {"scoped_user_rw_access",         R::Scoped,            F::ReadWrite, D::None,     0,  N,  N,  1,  "6.19", "",    false},
  {"scoped_user_read_access_size",  R::Scoped,            F::Read,      D::None,     0,  1,  N,  2,  "6.19", "",    false},
  {"scoped_user_write_access_size", R::Scoped,            F::Write,     D::None,     0,  1,  N,  2,  "6.19", "",    false},
  {"scoped_user_rw_access_size",    R::Scoped,            F::ReadWrite, D::None,     0,  1,  N,  2,  "6.19", "",    false},
  // Operations that are only valid inside a window.
  {"unsafe_put_user",               R::UnsafeOp,          F::Write,     D::ToUser,   1,  N,  0,  2,  "4.15", "",    false},
  {"unsafe_get_user",               R::UnsafeOp,          F::Read,      D::FromUser, 1,  N,  0,  2,  "4.15", "",    false},
  {"unsafe_copy_to_user",           R::UnsafeOp,          F::Write,     D::ToUser,   0,  2,  1,  3,  "5.9",  "",    false},
  {"unsafe_copy_from_user",         R::UnsafeOp,          F::Read,      D::FromUser, 1,  2,  0,  3,  "5.11", "",    false},
  {"unsafe_try_cmpxchg_user",       R::UnsafeOp,          F::ReadWrite, D::Exchange, 0,  N,  2,  3,  "6.0",  "",    false},
  {"put_user_ex",                   R::UnsafeOp,          F::Write,     D::ToUser,   1,  N,  0,  N,  "3.7",  "5.7", true},
  {"get_user_ex",                   R::UnsafeOp,          F::Read,      D::FromUser, 1,  N,  0,  N,  "3.7",  "5.7", true},
  // Accessors with their own window and their own access_ok().
  {"put_user",                      R::CheckedAccessor,   F::Write,     D::ToUser,   1,  N,  0,  N,  "2.0",  "",    false},
  {"get_user",                      R::CheckedAccessor,   F::Read,      D::FromUser, 1,  N,  0,  N,  "2.0",  "",    false},
  {"copy_to_user",                  R::CheckedAccessor,   F::Write,     D::ToUser,   0,  2,  1,  N,  "2.0",  "",    false},
  {"copy_from_user",                R::CheckedAccessor,   F::Read,      D::FromUser, 1,  2,  0,  N,  "2.0",  "",    false},
  {"clear_user",                    R::CheckedAccessor,   F::Write,     D::ToUser,   0,  1,  N,  N,  "2.0",  "",    false},
  // Accessors with their own window that rely on an earlier access_ok().
  {"__put_user",                    R::UncheckedAccessor, F::Write,     D::ToUser,   1,  N,  0,  N,  "2.0",  "",    false},
  {"__get_user",                    R::UncheckedAccessor, F::Read,      D::FromUser, 1,  N,  0,  N,  "2.0",  "",    false},
  {"__copy_to_user",                R::UncheckedAccessor, F::Write,     D::ToUser,   0,  2,  1,  N,  "2.0",  "",    false},
  {"__copy_from_user",              R::UncheckedAccessor, F::Read,      D::FromUser, 1,  2,  0,  N,  "2.0",  "",    false},
  {"__clear_user",                  R::UncheckedAccessor, F::Write,     D::ToUser,   0,  1,  N,  N,  "2.0",  "",    false},
  // The same copies for atomic context (no might_fault()): mm/maccess.c's
  // copy_from_user_nofault(), perf's user stack copies.
  {"__copy_to_user_inatomic",       R::UncheckedAccessor, F::Write,     D::ToUser,   0,  2,  1,  N,  "2.6",  "",    false},
  {"__copy_from_user_inatomic",     R::UncheckedAccessor, F::Read,      D::FromUser, 1,  2,  0,  N,  "2.6",  "",    false},
  // The arch's copies under all of the above (4.11): code that calls them
  // directly (lib/iov_iter.c's copy_to_user_iter()) checks as much itself.
  {"raw_copy_to_user",              R::UncheckedAccessor, F::Write,     D::ToUser,   0,  2,  1,  N,  "4.11", "",    true},
  {"raw_copy_from_user",            R::UncheckedAccessor, F::Read,      D::FromUser, 1,  2,  0,  N,  "4.11", "",    true},
  // Range checks.
  {"access_ok",                     R::AccessOk,          F::None,      D::None,     0,  1,  N,  N,  "2.0",  "",    false},
  // What access_ok() expands to (asm-generic/access_ok.h, x86's own):
  // code that calls it directly checks as much (copy_stack_frame()).
  {"__access_ok",                   R::AccessOk,          F::None,      D::None,     0,  1,  N,  N,  "5.18", "",    false},
  {"can_do_masked_user_access",     R::MaskedProbe,       F::None,      D::None,     N,  N,  N,  N,  "6.11", "",    false},
};
// clang-format on

const llvm::StringMap<const ApiEntry *> &index() {
  static const llvm::StringMap<const ApiEntry *> Index = [] {
    llvm::StringMap<const ApiEntry *> M;
    for (const ApiEntry &E : Table)
      M[E.Name] = &E;
    return M;
  }();
  return Index;
}
} // namespace

llvm::ArrayRef<ApiEntry> apiTable() { return Table; }

const ApiEntry *lookupApi(llvm::StringRef Name) { return index().lookup(Name); }

bool namesApi(llvm::StringRef Text) {
  auto IsWordChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  while (!Text.empty()) {
    Text = Text.drop_until(IsWordChar);
    llvm::StringRef Word = Text.take_while(IsWordChar);
    Text = Text.drop_front(Word.size());
    if (!Word.empty() && !llvm::isDigit(Word.front()) && lookupApi(Word))
      return true;
  }
  return false;
}

llvm::StringRef roleName(Role R) {
  switch (R) {
  case Role::CheckedBegin:
    return "checked-begin";
  case Role::MaskedBegin:
    return "masked-begin";
  case Role::UncheckedBegin:
    return "unchecked-begin";
  case Role::End:
    return "end";
  case Role::Save:
    return "save";
  case Role::Restore:
    return "restore";
  case Role::Scoped:
    return "scoped";
  case Role::UnsafeOp:
    return "unsafe-op";
  case Role::CheckedAccessor:
    return "checked-accessor";
  case Role::UncheckedAccessor:
    return "unchecked-accessor";
  case Role::AccessOk:
    return "access-ok";
  case Role::MaskedProbe:
    return "masked-probe";
  }
  return "unknown";
}

llvm::StringRef familyName(Family F) {
  switch (F) {
  case Family::None:
    return "none";
  case Family::Read:
    return "read";
  case Family::Write:
    return "write";
  case Family::ReadWrite:
    return "rw";
  }
  return "none";
}

bool isBegin(Role R) {
  return R == Role::CheckedBegin || R == Role::MaskedBegin ||
         R == Role::UncheckedBegin;
}

bool reliesOnAccessOk(const ApiEntry &E) {
  return E.TheRole == Role::UncheckedAccessor ||
         E.TheRole == Role::UncheckedBegin;
}

bool isBatchableAccessor(llvm::StringRef Name) {
  return Name == "put_user" || Name == "__put_user" || Name == "get_user" ||
         Name == "__get_user";
}

bool canBeFindingSite(const ApiEntry &E) {
  return E.TheRole != Role::CheckedAccessor || isBatchableAccessor(E.Name);
}

} // namespace uaccess

namespace uaccess {

llvm::ArrayRef<llvm::StringRef> uaccessSafeCallees() {
  // Mirrors the kinds of entries in objtool's uaccess_safe_builtin[].
  static const llvm::StringRef Names[] = {
      // KASAN, KMSAN, KCSAN, UBSAN, KCOV hooks.
      "__asan_*",
      "kasan_*",
      "__kasan_*",
      "__msan_*",
      "kmsan_*",
      "__tsan_*",
      "__kcsan_*",
      "kcsan_*",
      "__ubsan_handle_*",
      "ubsan_type_mismatch_common",
      "__sanitizer_cov_*",
      "write_comp_data",
      "check_kcov_mode",
      "__stack_chk_fail",
      // Branch profiling.
      "ftrace_likely_update",
      // Copy helpers written to run inside a window.
      "csum_partial_copy_generic",
      "copy_mc_enhanced_fast_string",
      "copy_mc_fragile",
      "copy_mc_fragile_handle_tail",
      "copy_mc_to_user",
      "copy_mc_to_kernel",
      "clear_user_erms",
      "clear_user_rep_good",
      "clear_user_original",
      "rep_stos_alternative",
      "rep_movs_alternative",
      "__copy_user_nocache",
      "__copy_user_flushcache",
      "copy_to_nontemporal",
      "stackleak_track_stack",
      // Window bookkeeping itself.
      "smap_save",
      "smap_restore",
      "native_save_fl",
      "barrier_nospec",
  };
  return Names;
}

llvm::ArrayRef<llvm::StringRef> sleepingCallees() {
  static const llvm::StringRef Names[] = {
      "might_sleep",
      "__might_sleep",
      "might_fault",
      "__might_fault",
      "schedule",
      "schedule_timeout*",
      "cond_resched",
      "__cond_resched",
      "msleep*",
      "mutex_lock*",
      "down",
      "down_read*",
      "down_write*",
      "down_interruptible",
      "down_killable",
      "wait_for_*",
      "wait_event*",
      "vmalloc",
      "copy_to_user",
      "copy_from_user",
      "_copy_to_user",
      "_copy_from_user",
      "get_user_pages*",
      "pin_user_pages*",
      "synchronize_rcu",
      "flush_work",
      "rt_mutex_lock*",
  };
  return Names;
}

llvm::ArrayRef<llvm::StringRef> contextCallees() {
  static const llvm::StringRef Names[] = {
      // Locks: an access under a spinlock must not sleep.
      "spin_lock*",
      "spin_unlock*",
      "raw_spin_lock*",
      "raw_spin_unlock*",
      "_raw_spin_lock*",
      "_raw_spin_unlock*",
      "read_lock*",
      "read_unlock*",
      "write_lock*",
      "write_unlock*",
      "_raw_read_lock*",
      "_raw_read_unlock*",
      "_raw_write_lock*",
      "_raw_write_unlock*",
      "mutex_lock*",
      "mutex_unlock",
      "mutex_trylock*",
      "rt_mutex_lock*",
      "rt_mutex_unlock",
      "down*",
      "up",
      "up_read*",
      "up_write*",
      "mmap_read_lock*",
      "mmap_read_unlock*",
      "mmap_write_lock*",
      "mmap_write_unlock*",
      "lock_sock*",
      "release_sock",
      "rcu_read_lock*",
      "rcu_read_unlock*",
      // Preemption, interrupts and page faults: a fault is not served.
      "preempt_disable*",
      "preempt_enable*",
      "migrate_disable",
      "migrate_enable",
      "pagefault_disable",
      "pagefault_enable",
      "local_irq_*",
      "local_bh_*",
      "kmap_atomic*",
      "kunmap_atomic*",
      "kmap_local*",
      "kunmap_local*",
      // The mm the user pointer means.
      "kthread_use_mm",
      "kthread_unuse_mm",
  };
  return Names;
}

} // namespace uaccess

namespace uaccess {

llvm::StringRef endForFamily(Family F) {
  switch (F) {
  case Family::Read:
    return "user_read_access_end";
  case Family::Write:
    return "user_write_access_end";
  default:
    return "user_access_end";
  }
}

llvm::StringRef checkedBeginForFamily(Family F) {
  switch (F) {
  case Family::Read:
    return "user_read_access_begin";
  case Family::Write:
    return "user_write_access_begin";
  default:
    return "user_access_begin";
  }
}

llvm::StringRef matchingEnd(llvm::StringRef Begin) {
  // The 6.19 rw names close with their own end; everything else by family.
  if (Begin == "user_rw_access_begin" || Begin == "masked_user_rw_access_begin")
    return "user_rw_access_end";
  if (const ApiEntry *E = lookupApi(Begin))
    return endForFamily(E->TheFamily);
  return "user_access_end";
}

} // namespace uaccess
