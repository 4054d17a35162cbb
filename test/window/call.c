// RUN: not %uaccess-lint --checks=window-call %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %v619-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,SCOPED --implicit-check-not=error:
// An extra safe callee from the command line and from a file:
// RUN: echo "native_load_gs_index  # reviewed" > %t.safe
// RUN: not %uaccess-lint --checks=window-call --uaccess-safe-file=%t.safe --uaccess-safe=log_* %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA-NOT: native_load_gs_index
// EXTRA-NOT: log_event
// EXTRA: error: call to 'mutex_lock'

#include <linux/uaccess.h>
#include <linux/bug.h>

struct ev { u32 events; u64 data; };
void native_load_gs_index(unsigned int sel);
void log_event(int);
static int lock;

// ia32 signal restore: RELOAD_SEG() called native_load_gs_index() with
// access on.
#define RELOAD_SEG(seg) native_load_gs_index(seg)
int reload_inside(struct ev __user *p)
{
	u32 gs;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(gs, &p->events, efault);
	RELOAD_SEG(gs);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'native_load_gs_index' with user access enabled [window-call]
// CHECK: call.c:[[@LINE-5]]:7: note: user access window opened by 'user_read_access_begin' here
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// A callee that may sleep says so.
static noinline void take_lock(void) { mutex_lock(&lock); }
int sleeps_inside(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	take_lock();
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'take_lock' with user access enabled (may sleep: reaches 'mutex_lock')
	mutex_lock(&lock);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'mutex_lock' with user access enabled (may sleep: reaches 'mutex_lock')
	log_event(1);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Self-checking accessors toggle access themselves.
int accessor_inside(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(a, &p->events))
// CHECK: call.c:[[@LINE-1]]:6: error: 'put_user' inside a user access window: it toggles user access itself
		goto efault;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Clean always-inline helpers, builtins, helpers that need the window, and
// calls after the end are fine.
static __always_inline u32 twice(u32 v) { return v * 2; }
static __always_inline int put_one(struct ev __user *p, u32 a)
{
	unsafe_put_user(a, &p->events, efault);
	return 0;
efault:
	return -EFAULT;
}
int clean_inside(struct ev __user *p, u32 a, void *buf)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(twice(a), &p->events, efault);
	__builtin_memset(buf, 0, 4);
	if (put_one(p, a))
		goto efault;
	user_write_access_end();
	log_event(2);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A static function the compiler may inline is judged by its body, as
// powerpc's sigcontext_vmx_regs() (pointer arithmetic only) is; a noinline
// one, or one that calls out, is a call.
static struct ev __user *next_ev(struct ev __user *p) { return p + 1; }
static void note_ev(u32 a) { log_event(a); }
int static_helpers_inside(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &next_ev(p)->events, efault);
	note_ev(a);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'note_ev' with user access enabled
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// BUILD_BUG_ON-style asserts and link-error defaults never run: an inline
// helper that contains them is still clean.
extern void __compiletime_assert_1(void) __attribute__((__error__("bad")));
extern void __bad_size(void);
static __always_inline u32 checked_load(const u32 *v)
{
	if (!(sizeof(*v) == 4))
		__compiletime_assert_1();
	switch (sizeof(*v)) {
	case 4:
		return *v;
	default:
		__bad_size();
		return 0;
	}
}
int asserts_inside(struct ev __user *p, const u32 *a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(checked_load(a), &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Between user_access_save() and user_access_restore() the window is
// suspended: calls are fine there, and flagged again after the restore.
int suspended(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = user_access_save();
	log_event(3);
	user_access_restore(flags);
	log_event(4);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The same through inline forwarders of the save and the restore (round 34).
static inline unsigned long save_access(void) { return user_access_save(); }
static inline void restore_access(unsigned long f) { user_access_restore(f); }

int suspended_fwd(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_access();
	log_event(3);
	restore_access(flags);
	log_event(4);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A forwarder of a forwarder is one too; a function that also calls
// something, or one not inline, is no forwarder: it runs with access on
// (round 35).
static inline unsigned long save_again(void) { return save_access(); }
static inline unsigned long save_logged(void) { log_event(8); return user_access_save(); }
static noinline unsigned long save_outline(void) { return user_access_save(); }

int suspended_nested(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_again();
	log_event(3);
	restore_access(flags);
	flags = save_logged();
// CHECK: call.c:[[@LINE-1]]:10: error: call to 'save_logged' with user access enabled
	restore_access(flags);
	flags = save_outline();
// CHECK: call.c:[[@LINE-1]]:10: error: call to 'save_outline' with user access enabled
	restore_access(flags);
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A bare static forwarder (not noinline) is one too: the compiler may put
// it in its caller, and the flag it sets holds after it returns either way.
// So is a chain of six (round 37).
static unsigned long save_static(void) { return user_access_save(); }
static void restore_static(unsigned long f) { user_access_restore(f); }
static inline unsigned long save_d1(void) { return save_static(); }
static inline unsigned long save_d2(void) { return save_d1(); }
static inline unsigned long save_d3(void) { return save_d2(); }
static inline unsigned long save_d4(void) { return save_d3(); }
static inline unsigned long save_d5(void) { return save_d4(); }

int suspended_static(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_static();
	log_event(3);
	restore_static(flags);
	flags = save_d5();
	log_event(3);
	restore_static(flags);
	log_event(4);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A function that restores access and then calls something runs that call
// in the window it resumes; one that calls something and then saves runs
// it in the open window. Either still toggles access for what follows;
// one that calls first and restores after runs its call with access off
// (round 35).
static inline void restore_logged(unsigned long f)
{
	user_access_restore(f);
	log_event(9);
}

static inline void log_then_restore(unsigned long f)
{
	log_event(9);
	user_access_restore(f);
}

int resumed_logged(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_access();
	restore_logged(flags);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'restore_logged' with user access enabled
	log_event(4);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	flags = save_logged();
// CHECK: call.c:[[@LINE-1]]:10: error: call to 'save_logged' with user access enabled
	log_event(5);
	log_then_restore(flags);
	log_event(6);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A restore on every path, in each branch, is a restore; a helper that
// saves around its own call runs it with access off (round 39).
static inline void restore_both(unsigned long f, int x)
{
	if (x)
		user_access_restore(f);
	else
		user_access_restore(f);
}

static inline void log_suspended(int x)
{
	unsigned long f = user_access_save();

	log_event(x);
	user_access_restore(f);
}

int resumed_both(struct ev __user *p, u32 a, int x)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	log_suspended(1);
	flags = save_access();
	restore_both(flags, x);
	log_event(4);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

#ifdef scoped_user_write_access
// Scoped windows close by themselves, but what runs inside is still checked.
int scoped_call(struct ev __user *p, u32 a)
{
	scoped_user_write_access(p, efault) {
		log_event(5);
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
#endif
// SCOPED: call.c:[[@LINE-8]]:3: error: call to 'log_event' with user access enabled

// The C library's string builtins are calls where the compiler does not
// know the length (objtool: "call to memset() with UACCESS enabled");
// a small constant fill or a folded strlen() is expanded in place (round 27).
void *memset(void *s, int c, unsigned long n);
unsigned long strlen(const char *s);

int library_calls_inside(struct ev __user *p, void *buf, unsigned long n,
			 const char *name)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	memset(buf, 0, n);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'memset' with user access enabled [window-call]
	unsafe_put_user(strlen(name), &p->events, efault);
// CHECK: call.c:[[@LINE-1]]:18: error: call to 'strlen' with user access enabled [window-call]
	memset(buf, 0, 16);
	unsafe_put_user(strlen("abc"), &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// __builtin_constant_p() folds its argument without running it: no call
// inside the window (round 30); nor is one in an arm _Generic or
// __builtin_choose_expr does not choose (round 41). The same call
// evaluated is one, and so is one in a variable-length array's size, which
// sizeof evaluates (round 42).
extern u32 compute(u32 v);
int folded_inside(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(__builtin_constant_p(compute(a)) ? 1 : a, &p->events, efault);
	unsafe_put_user(_Generic(a, u64: compute(a), default: a), &p->events, efault);
	unsafe_put_user(__builtin_choose_expr(1, a, compute(a)), &p->events, efault);
	unsafe_put_user(sizeof(char[compute(a) + 1]), &p->events, efault);
// CHECK: call.c:[[@LINE-1]]:30: error: call to 'compute' with user access enabled [window-call]
	unsafe_put_user(compute(a), &p->data, efault);
// CHECK: call.c:[[@LINE-1]]:18: error: call to 'compute' with user access enabled [window-call]
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// How deep a forwarder is belongs to it, not to the first caller that asks:
// a chain over the limit (save_c9: ten deep), asked first, leaves its
// shorter links (save_c3) forwarders still, and stays over the limit when a
// shorter one is asked first (round 40).
static inline unsigned long save_c0(void) { return user_access_save(); }
static inline unsigned long save_c1(void) { return save_c0(); }
static inline unsigned long save_c2(void) { return save_c1(); }
static inline unsigned long save_c3(void) { return save_c2(); }
static inline unsigned long save_c4(void) { return save_c3(); }
static inline unsigned long save_c5(void) { return save_c4(); }
static inline unsigned long save_c6(void) { return save_c5(); }
static inline unsigned long save_c7(void) { return save_c6(); }
static inline unsigned long save_c8(void) { return save_c7(); }
static inline unsigned long save_c9(void) { return save_c8(); }

int chain_over_limit(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_c9();
	log_event(3);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	user_access_restore(flags);
	flags = save_c3();
	log_event(3);
	user_access_restore(flags);
	flags = save_c8();
	log_event(3);
	user_access_restore(flags);
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A path that never returns (BUG(), a __noreturn call) leaves no open
// window behind: a restore on every path that returns is a restore
// (round 40).
void __noreturn die_restoring(void);
static inline void restore_or_bug(unsigned long f, int bad)
{
	if (bad)
		BUG();
	user_access_restore(f);
}
static inline void restore_or_die(unsigned long f, int bad)
{
	BUG_ON(bad > 1);
	if (bad)
		die_restoring();
	user_access_restore(f);
}

int resumed_after_bug(struct ev __user *p, u32 a, int bad)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_access();
	restore_or_bug(flags, bad);
	log_event(2);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	flags = save_access();
	restore_or_die(flags, bad);
	log_event(3);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

static inline unsigned long save_e0(void) { return user_access_save(); }
static inline unsigned long save_e1(void) { return save_e0(); }
static inline unsigned long save_e2(void) { return save_e1(); }
static inline unsigned long save_e3(void) { return save_e2(); }
static inline unsigned long save_e4(void) { return save_e3(); }
static inline unsigned long save_e5(void) { return save_e4(); }
static inline unsigned long save_e6(void) { return save_e5(); }
static inline unsigned long save_e7(void) { return save_e6(); }
static inline unsigned long save_e8(void) { return save_e7(); }
static inline unsigned long save_e9(void) { return save_e8(); }

int chain_short_first(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_e3();
	log_event(3);
	user_access_restore(flags);
	flags = save_e9();
	log_event(3);
// CHECK: call.c:[[@LINE-1]]:2: error: call to 'log_event' with user access enabled
	user_access_restore(flags);
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
