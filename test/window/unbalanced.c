// Every shape runs against all three fixture flavors.
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %x86-flags > %t.x86 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.x86
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %generic-flags > %t.gen 2>&1
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %arm64-flags > %t.arm64 2>&1
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %riscv-flags > %t.riscv 2>&1
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %powerpc-flags > %t.powerpc 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: FileCheck %s --implicit-check-not=error: < %t.arm64
// RUN: FileCheck %s --implicit-check-not=error: < %t.riscv
// RUN: FileCheck %s --implicit-check-not=error: < %t.powerpc
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %v619-flags > %t.v619 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,SCOPED --implicit-check-not=error: < %t.v619

#include <linux/uaccess.h>
#include <linux/bug.h>

struct ev { u32 events; u64 data; };
// panic(), which never returns, comes from <linux/bug.h>.

// A fault label that returns without ending the window.
int leak_on_fault(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
// CHECK: unbalanced.c:[[@LINE-8]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced.c:[[@LINE-7]]:2: note: a fault in 'unsafe_put_user' jumps to 'efault' with the window open
// CHECK: unbalanced.c:[[@LINE-4]]:2: note: returns here with the window open

// An early return between begin and end.
int leak_on_return(struct ev __user *p, u32 a, int flag)
{
	if (unlikely(!user_write_access_begin(p, sizeof(*p))))
		return -EFAULT;
	if (flag)
		return -EINVAL;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: unbalanced.c:[[@LINE-11]]:16: error: user access window opened by 'user_write_access_begin' is not closed on every path
// CHECK: unbalanced.c:[[@LINE-9]]:3: note: returns here with the window open

// The i915 shape: one label reached from inside and from outside a window.
int label_inside_and_outside(struct ev __user *p, u32 a, int early)
{
	if (early)
		goto out;
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, out);
	user_access_end();
	return 0;
out:
	user_access_end();
	return -EFAULT;
}
// CHECK: unbalanced.c:[[@LINE-3]]:2: error: 'user_access_end' ends a user access window that is not open on every path
// CHECK: unbalanced.c:[[@LINE-14]]:5: note: no window is open on a path from the function's entry
// CHECK: unbalanced.c:[[@LINE-12]]:3: note: jump to 'out' with no window open

// A begin inside an open window.
int nested(struct ev __user *p, struct ev __user *q)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (!user_write_access_begin(q, sizeof(*q))) {
		user_read_access_end();
		return -EFAULT;
	}
	user_write_access_end();
	user_read_access_end();
	return 0;
}
// CHECK: unbalanced.c:[[@LINE-8]]:7: error: 'user_write_access_begin' begins a user access window while one is already open
// CHECK: unbalanced.c:[[@LINE-11]]:7: note: user access window opened by 'user_read_access_begin' here

// The result kept in a variable and tested later: the failure path has no
// window to end.
int result_in_variable(struct ev __user *p, u32 a)
{
	bool ok = user_write_access_begin(p, sizeof(*p));

	if (!ok)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The masked form: both branches leave the window open.
int masked(struct ev __user *p, u32 a)
{
	if (can_do_masked_user_access())
		p = masked_user_access_begin(p);
	else if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

// do_sys_poll: a nested loop over a list of arrays, one window, Efault.
struct poll_list { struct poll_list *next; unsigned int len; struct ev entries[]; };
int nested_loops(struct poll_list *head, struct ev __user *ufds, unsigned int nfds)
{
	struct poll_list *walk;

	if (!user_write_access_begin(ufds, nfds * sizeof(*ufds)))
		return -EFAULT;
	for (walk = head; walk; walk = walk->next) {
		struct ev *fds = walk->entries;
		unsigned int j;

		for (j = walk->len; j; fds++, ufds++, j--) {
			if (!fds->events)
				continue;
			unsafe_put_user(fds->events, &ufds->events, Efault);
		}
	}
	user_write_access_end();
	return nfds;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// io_msg_copy_hdr: a goto to a label that closes and returns; switch and
// break inside the window.
int goto_closing_label(struct ev __user *p, u32 *out, int kind)
{
	int ret = -EFAULT;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	switch (kind) {
	case 0:
		unsafe_get_user(*out, &p->events, ua_end);
		break;
	case 1:
		ret = -EINVAL;
		goto ua_end;
	default:
		break;
	}
	ret = 0;
ua_end:
	user_read_access_end();
	return ret;
}

// A noreturn call ends the path: no leak.
int noreturn_path(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (a == 42)
		panic("bad");
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// save/restore inside a window is balanced.
int save_restore(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = user_access_save();
	user_access_restore(flags);
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// An end between save and restore closes nothing: access is off there
// already, and the restore turns it back on (round 30).
int end_while_saved(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = user_access_save();
	user_write_access_end();
	user_access_restore(flags);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

// The same through inline forwarders of the save and the restore: they act
// as the macros they call (round 34).
static inline unsigned long save_access(void) { return user_access_save(); }
static inline void restore_access(unsigned long f) { user_access_restore(f); }

int end_while_saved_fwd(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = save_access();
	user_write_access_end();
	restore_access(flags);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

// Through bare static forwarders (not noinline) too (round 37).
static unsigned long save_static(void) { return user_access_save(); }
static void restore_static(unsigned long f) { user_access_restore(f); }

int end_while_saved_static(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = save_static();
	user_write_access_end();
	restore_static(flags);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

// A restore that also calls something still resumes the window: the end
// before it closed nothing (round 35).
void log_event(int);
static inline void restore_logged(unsigned long f)
{
	user_access_restore(f);
	log_event(9);
}

int end_while_saved_logged(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = save_static();
	user_write_access_end();
	restore_logged(flags);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

// A restore in each branch is a restore on every path (round 39).
static inline void restore_both(unsigned long f, int x)
{
	if (x)
		user_access_restore(f);
	else
		user_access_restore(f);
}

int end_while_saved_both(struct ev __user *p, u32 a, int x)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = save_static();
	user_write_access_end();
	restore_both(flags, x);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

// A restore on every path that returns is a restore: BUG()'s path never
// does (round 40).
static inline void restore_or_bug(unsigned long f, int bad)
{
	BUG_ON(bad);
	user_access_restore(f);
}

int end_while_saved_bug(struct ev __user *p, u32 a, int bad)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
// CHECK: unbalanced.c:[[@LINE-1]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	flags = save_static();
	user_write_access_end();
	restore_or_bug(flags, bad);
	return 0;
// CHECK: unbalanced.c:[[@LINE-1]]:2: note: returns here with the window open
efault:
	user_write_access_end();
	return -EFAULT;
}

#ifdef scoped_user_write_access
// Scoped windows close on every exit of their scope.
int scoped(struct ev __user *p, u32 a, int flag)
{
	scoped_user_write_access(p, efault) {
		if (flag)
			return -EINVAL;
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_then_redundant_end(struct ev __user *p, u32 a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, &p->events, efault);
	}
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
// SCOPED: unbalanced.c:[[@LINE-5]]:2: error: 'user_write_access_end' ends a user access window that is not open on every path
#endif

// can_do_masked_user_access() is 1 on x86-64, but the fallback is live on
// other arches: a leak there is reported in every flavor.
int masked_fallback_leak(struct ev __user *p, u32 a, int flag)
{
	if (can_do_masked_user_access()) {
		p = masked_user_access_begin(p);
	} else {
		if (!user_access_begin(p, sizeof(*p)))
			return -EFAULT;
		if (flag)
			return -EINVAL;
	}
	unsafe_put_user(a, &p->events, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
// CHECK: unbalanced.c:[[@LINE-12]]:8: error: user access window opened by 'user_access_begin' is not closed on every path
// CHECK: unbalanced.c:[[@LINE-10]]:4: note: returns here with the window open
