/*
 * uaccess-lint equivalence harness -- a USERSPACE model of the kernel's
 * user-access API.  Written for this test, not taken from the kernel.
 *
 * It compiles with the host clang and the normal libc (no -nostdinc) and
 * gives every name that test/batchable/Inputs/shapes.c and its batchable
 * rewrite use, so that the original and the rewritten functions can be run
 * side by side and compared.
 *
 * The model:
 *   - "User memory" is one mapped region [lo, hi) registered by the driver
 *     with uacc_register_user_memory().  As on x86_64, hi is also the top of
 *     the user address space: addresses below lo are user addresses that are
 *     not mapped, addresses from hi up are kernel addresses.  So
 *     access_ok(p, n) is true when p + n <= hi without wrapping (x86_64
 *     __access_ok(): valid_user_address(p + n)), even for n == 0 or p below
 *     lo; a checked begin uses it.  An access that is not wholly inside
 *     [lo, hi) FAULTS, for every accessor, checked or not.  (In a real
 *     kernel an unchecked __put_user() to a kernel address writes kernel
 *     memory; the model does not reproduce that bug, it turns it into a
 *     fault so that runs stay comparable.)
 *   - Every user access is counted in program order: put_user, __put_user,
 *     get_user, __get_user, copy_to_user, copy_from_user, __copy_*_user,
 *     unsafe_put_user, unsafe_get_user.  When the count reaches
 *     uacc_fault_at (1-based; 0 = never) that access faults: it transfers
 *     nothing and fails (-EFAULT / bytes not copied / goto label).  This
 *     stands for a page fault on a valid but unmapped user page.
 *   - Every access is appended to uacc_trace (direction, address, size,
 *     faulted), so a driver can require two builds to make the same accesses
 *     in the same order.
 *   - Toggles: each self-contained accessor and each copy counts one open
 *     and one close (STAC ... CLAC); a checked begin that succeeds counts one
 *     open, an end counts one close.  uacc_opens == number of open/close
 *     pairs once every window is closed.  uacc_copy_opens counts the pairs
 *     that came from copy_*_user.
 *   - Window rules are checked and every breach is recorded as a violation
 *     (uacc_violations, uacc_violation_msg): begin inside a window, end
 *     without a window, end of another family, unsafe op outside a window,
 *     unsafe op outside the begun range, unsafe op the family does not allow
 *     (write in a read window, read in a write window), self-contained
 *     accessor or copy inside a window (on x86 its CLAC would close the
 *     window).  An unsafe op outside the begun range but inside mapped user
 *     memory still performs the access (x86 STAC opens all of user space).
 *   - Fault values, as in Linux 6.12: get_user()/__get_user() set x to 0 on
 *     a fault.  unsafe_get_user() leaves x unchanged when
 *     uacc_unsafe_get_fault_zeroes == 0 (x86 with asm goto outputs, the
 *     clang default) and sets it to 0 when it is 1 (x86 without asm goto
 *     outputs, and the generic unsafe_op_wrap(__get_user()) version).
 *     copy_from_user() zero-fills the kernel buffer on a fault.
 *   - masked_user_access_begin() exists but can_do_masked_user_access() is 0.
 *
 * One translation unit defines UACCESS_MODEL_IMPL before including this
 * header; it gets the state and the function bodies.  Others get
 * declarations only, so several objects built against the model link into
 * one binary.
 */
#ifndef UACCESS_MODEL_LINUX_UACCESS_H
#define UACCESS_MODEL_LINUX_UACCESS_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#define __user
#define __force
#define __must_check
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

/* Window families. */
enum { UACC_READ = 1, UACC_WRITE = 2, UACC_RW = 3 };
/* Kinds of access, for the trace. */
enum { UACC_ACCESSOR, UACC_COPY, UACC_UNSAFE };

struct uacc_trace_entry {
	char dir;		/* 'R' or 'W' */
	char kind;		/* UACC_ACCESSOR, UACC_COPY, UACC_UNSAFE */
	char faulted;
	uintptr_t addr;
	size_t size;
};
#define UACC_TRACE_MAX 512

extern uintptr_t uacc_region_lo, uacc_region_hi;
extern unsigned long uacc_fault_at;	/* 1-based; 0: no injected fault */
extern unsigned long uacc_accesses;	/* user accesses so far */
extern unsigned long uacc_faults;	/* accesses that faulted */
extern unsigned long uacc_opens, uacc_closes, uacc_copy_opens;
extern unsigned long uacc_violations;
extern char uacc_violation_msg[256];
extern int uacc_unsafe_get_fault_zeroes;
extern int uacc_window_open, uacc_window_family;
extern uintptr_t uacc_window_lo, uacc_window_hi;
extern struct uacc_trace_entry uacc_trace[UACC_TRACE_MAX];
extern unsigned long uacc_trace_len;

void uacc_register_user_memory(void *p, size_t n);
void uacc_reset(unsigned long fault_at);
bool uacc_access_ok(const void *p, size_t n);
int uacc_accessor(int dir, const void *uptr, void *kbuf, size_t n,
		  const char *name);
unsigned long uacc_copy(int dir, const void *uptr, void *kbuf, size_t n,
			int checked, const char *name);
bool uacc_begin(const void *p, size_t n, int family, const char *name);
void *uacc_masked_begin(const void *p, int family, const char *name);
void uacc_end(int family, const char *name);
int uacc_unsafe(int dir, const void *uptr, void *kbuf, size_t n,
		const char *name);

#define access_ok(p, n) uacc_access_ok((const void *)(p), (n))

/* Self-contained accessors: own window, may fault.  The model checks the
 * region for the unchecked ones too (see above). */
#define __uacc_put(x, ptr, name)					\
({									\
	__typeof_unqual__(*(ptr)) __pu_v = (x);				\
	uacc_accessor(UACC_WRITE, (const void *)(ptr), &__pu_v,		\
		      sizeof(*(ptr)), name);				\
})
#define __uacc_get(x, ptr, name)					\
({									\
	__typeof_unqual__(*(ptr)) __gu_v;				\
	int __gu_e = uacc_accessor(UACC_READ, (const void *)(ptr),	\
				   &__gu_v, sizeof(*(ptr)), name);	\
	(x) = __gu_v; /* 0 after a fault */				\
	__gu_e;								\
})
#define put_user(x, ptr) __uacc_put(x, ptr, "put_user")
#define __put_user(x, ptr) __uacc_put(x, ptr, "__put_user")
#define get_user(x, ptr) __uacc_get(x, ptr, "get_user")
#define __get_user(x, ptr) __uacc_get(x, ptr, "__get_user")

static inline unsigned long copy_to_user(void __user *to, const void *from,
					 unsigned long n)
{
	return uacc_copy(UACC_WRITE, to, (void *)(uintptr_t)from, n, 1,
			 "copy_to_user");
}
static inline unsigned long copy_from_user(void *to, const void __user *from,
					   unsigned long n)
{
	return uacc_copy(UACC_READ, from, to, n, 1, "copy_from_user");
}
static inline unsigned long __copy_to_user(void __user *to, const void *from,
					   unsigned long n)
{
	return uacc_copy(UACC_WRITE, to, (void *)(uintptr_t)from, n, 0,
			 "__copy_to_user");
}
static inline unsigned long __copy_from_user(void *to,
					     const void __user *from,
					     unsigned long n)
{
	return uacc_copy(UACC_READ, from, to, n, 0, "__copy_from_user");
}

/* Windows. */
#define user_access_begin(p, n)						\
	uacc_begin((const void *)(p), (n), UACC_RW, "user_access_begin")
#define user_rw_access_begin(p, n)					\
	uacc_begin((const void *)(p), (n), UACC_RW, "user_rw_access_begin")
#define user_read_access_begin(p, n)					\
	uacc_begin((const void *)(p), (n), UACC_READ, "user_read_access_begin")
#define user_write_access_begin(p, n)					\
	uacc_begin((const void *)(p), (n), UACC_WRITE,			\
		   "user_write_access_begin")
#define user_access_end() uacc_end(UACC_RW, "user_access_end")
#define user_rw_access_end() uacc_end(UACC_RW, "user_rw_access_end")
#define user_read_access_end() uacc_end(UACC_READ, "user_read_access_end")
#define user_write_access_end() uacc_end(UACC_WRITE, "user_write_access_end")

#define can_do_masked_user_access() 0
#define masked_user_access_begin(p)					\
	((__typeof__(p))uacc_masked_begin((const void *)(p), UACC_RW,	\
					  "masked_user_access_begin"))
#define masked_user_rw_access_begin(p)					\
	((__typeof__(p))uacc_masked_begin((const void *)(p), UACC_RW,	\
					  "masked_user_rw_access_begin"))
#define masked_user_read_access_begin(p)				\
	((__typeof__(p))uacc_masked_begin((const void *)(p), UACC_READ,	\
					  "masked_user_read_access_begin"))
#define masked_user_write_access_begin(p)				\
	((__typeof__(p))uacc_masked_begin((const void *)(p), UACC_WRITE, \
					  "masked_user_write_access_begin"))

static inline unsigned long user_access_save(void) { return 0; }
static inline void user_access_restore(unsigned long flags) { (void)flags; }

/* Operations valid only inside a window. */
#define unsafe_put_user(x, ptr, label)					\
do {									\
	__typeof_unqual__(*(ptr)) __upu_v = (x);			\
	if (unlikely(uacc_unsafe(UACC_WRITE, (const void *)(ptr),	\
				 &__upu_v, sizeof(*(ptr)),		\
				 "unsafe_put_user")))			\
		goto label;						\
} while (0)
#define unsafe_get_user(x, ptr, label)					\
do {									\
	__typeof_unqual__(*(ptr)) __ugu_v;				\
	if (unlikely(uacc_unsafe(UACC_READ, (const void *)(ptr),	\
				 &__ugu_v, sizeof(*(ptr)),		\
				 "unsafe_get_user"))) {			\
		if (uacc_unsafe_get_fault_zeroes)			\
			(x) = (__typeof_unqual__(*(ptr)))0;		\
		goto label;						\
	}								\
	(x) = __ugu_v;							\
} while (0)

#ifdef UACCESS_MODEL_IMPL
#include <stdio.h>

uintptr_t uacc_region_lo, uacc_region_hi;
unsigned long uacc_fault_at, uacc_accesses, uacc_faults;
unsigned long uacc_opens, uacc_closes, uacc_copy_opens;
unsigned long uacc_violations;
char uacc_violation_msg[256];
int uacc_unsafe_get_fault_zeroes;
int uacc_window_open, uacc_window_family;
uintptr_t uacc_window_lo, uacc_window_hi;
struct uacc_trace_entry uacc_trace[UACC_TRACE_MAX];
unsigned long uacc_trace_len;

static const char *uacc_family_name(int f)
{
	return f == UACC_READ ? "read" : f == UACC_WRITE ? "write" : "rw";
}

static void uacc_violation(const char *name, const char *what)
{
	if (!uacc_violations)
		snprintf(uacc_violation_msg, sizeof(uacc_violation_msg),
			 "%s: %s", name, what);
	uacc_violations++;
}

void uacc_register_user_memory(void *p, size_t n)
{
	uacc_region_lo = (uintptr_t)p;
	uacc_region_hi = (uintptr_t)p + n;
}

void uacc_reset(unsigned long fault_at)
{
	uacc_fault_at = fault_at;
	uacc_accesses = uacc_faults = 0;
	uacc_opens = uacc_closes = uacc_copy_opens = 0;
	uacc_violations = 0;
	uacc_violation_msg[0] = 0;
	uacc_window_open = uacc_window_family = 0;
	uacc_window_lo = uacc_window_hi = 0;
	uacc_trace_len = 0;
}

/* Below the top of user space (x86_64 __access_ok()). */
bool uacc_access_ok(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;

	return a <= uacc_region_hi && n <= uacc_region_hi - a;
}

/* Wholly inside mapped user memory. */
static bool uacc_mapped(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;

	return a >= uacc_region_lo && uacc_access_ok(p, n);
}

/* Counts one access; true when it faults (injected or not mapped). */
static bool uacc_count(int dir, int kind, const void *uptr, size_t n)
{
	bool fault;

	uacc_accesses++;
	fault = uacc_accesses == uacc_fault_at || !uacc_mapped(uptr, n);
	if (fault)
		uacc_faults++;
	if (uacc_trace_len < UACC_TRACE_MAX) {
		struct uacc_trace_entry *e = &uacc_trace[uacc_trace_len];

		e->dir = dir == UACC_READ ? 'R' : 'W';
		e->kind = (char)kind;
		e->faulted = fault;
		e->addr = (uintptr_t)uptr;
		e->size = n;
	}
	uacc_trace_len++;
	return fault;
}

static void uacc_transfer(int dir, const void *uptr, void *kbuf, size_t n)
{
	if (dir == UACC_WRITE)
		memcpy((void *)(uintptr_t)uptr, kbuf, n);
	else
		memcpy(kbuf, uptr, n);
}

int uacc_accessor(int dir, const void *uptr, void *kbuf, size_t n,
		  const char *name)
{
	bool fault;

	if (uacc_window_open)
		uacc_violation(name, "self-contained accessor inside a window");
	uacc_opens++;
	fault = uacc_count(dir, UACC_ACCESSOR, uptr, n);
	if (!fault)
		uacc_transfer(dir, uptr, kbuf, n);
	else if (dir == UACC_READ)
		memset(kbuf, 0, n);
	uacc_closes++;
	return fault ? -EFAULT : 0;
}

unsigned long uacc_copy(int dir, const void *uptr, void *kbuf, size_t n,
			int checked, const char *name)
{
	bool fault;

	(void)checked;	/* out-of-region faults either way, see above */
	if (uacc_window_open)
		uacc_violation(name, "copy inside a window");
	uacc_opens++;
	uacc_copy_opens++;
	fault = uacc_count(dir, UACC_COPY, uptr, n);
	if (!fault)
		uacc_transfer(dir, uptr, kbuf, n);
	else if (dir == UACC_READ)
		memset(kbuf, 0, n);
	uacc_closes++;
	return fault ? n : 0;
}

bool uacc_begin(const void *p, size_t n, int family, const char *name)
{
	if (uacc_window_open)
		uacc_violation(name, "begin inside an open window");
	if (!uacc_access_ok(p, n))
		return false;
	uacc_opens++;
	uacc_window_open = 1;
	uacc_window_family = family;
	uacc_window_lo = (uintptr_t)p;
	uacc_window_hi = (uintptr_t)p + n;
	return true;
}

void *uacc_masked_begin(const void *p, int family, const char *name)
{
	if (uacc_window_open)
		uacc_violation(name, "begin inside an open window");
	uacc_opens++;
	uacc_window_open = 1;
	uacc_window_family = family;
	/* No length: the window reaches to the top of user space.  A kernel
	 * pointer keeps faulting, like a clamped one. */
	uacc_window_lo = (uintptr_t)p;
	uacc_window_hi = uacc_access_ok(p, 0) ? uacc_region_hi : (uintptr_t)p;
	return (void *)(uintptr_t)p;
}

void uacc_end(int family, const char *name)
{
	char msg[128];

	if (!uacc_window_open) {
		uacc_violation(name, "end without an open window");
		return;
	}
	if (family != uacc_window_family) {
		snprintf(msg, sizeof(msg), "ends a %s window",
			 uacc_family_name(uacc_window_family));
		uacc_violation(name, msg);
	}
	uacc_closes++;
	uacc_window_open = 0;
}

int uacc_unsafe(int dir, const void *uptr, void *kbuf, size_t n,
		const char *name)
{
	uintptr_t a = (uintptr_t)uptr;
	bool fault;

	if (!uacc_window_open)
		uacc_violation(name, "outside a window");
	else {
		if (!(uacc_window_family & dir))
			uacc_violation(name, dir == UACC_WRITE ?
				       "write in a read window" :
				       "read in a write window");
		if (a < uacc_window_lo || a > uacc_window_hi ||
		    n > uacc_window_hi - a)
			uacc_violation(name, "access outside the begun range");
	}
	fault = uacc_count(dir, UACC_UNSAFE, uptr, n);
	if (!fault)
		uacc_transfer(dir, uptr, kbuf, n);
	return fault;
}
#endif /* UACCESS_MODEL_IMPL */

#endif /* UACCESS_MODEL_LINUX_UACCESS_H */
