// A static function with unsafe ops or ends and no begin works in its
// caller's window only where a caller may have one open. A callback (its
// address taken, never called in the TU: readdir's filldir64 as
// ctx->actor) and a function whose callers open no window (do_sys_poll
// under its syscalls) have lost their begin: their ops are outside any
// window and their ends close nothing, reported in the function itself.
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags > %t.x86 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.x86
// RUN: not %uaccess-lint --checks='window-*' %s -- %generic-flags > %t.gen 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags > %t.arm64 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.arm64

#include <linux/uaccess.h>

struct dirent { u64 ino; u32 len; };
struct ctx { int (*actor)(struct ctx *, u64, u32); struct dirent __user *d; };

static int filldir_cb(struct ctx *c, u64 ino, u32 len)
{
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
	unsafe_put_user(ino, &c->d->ino, efault);
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
	unsafe_put_user(len, &c->d->len, efault);
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'user_write_access_end' ends a user access window that is not open on every path [window-unbalanced]
	user_write_access_end();
	return 0;
efault:
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'user_write_access_end' ends {{.*}} [window-unbalanced]
	user_write_access_end();
	return -EFAULT;
}

void iterate(struct ctx *c)
{
	c->actor = filldir_cb;
}

static int poll_lost_begin(u32 __user *p, u32 v)
{
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
	unsafe_put_user(v, p, efault);
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'user_write_access_end' ends {{.*}} [window-unbalanced]
	user_write_access_end();
	return 0;
efault:
	// CHECK: helper-no-window.c:[[@LINE+1]]:2: error: 'user_write_access_end' ends {{.*}} [window-unbalanced]
	user_write_access_end();
	return -EFAULT;
}

// A sibling that opens and closes its own window opens none for the
// caller: the caller may not have a window open at the call.
static int put_own_window(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int sys_poll_like(u32 __user *p)
{
	if (put_own_window(p, 0))
		return -EFAULT;
	return poll_lost_begin(p, 1);
}

// A helper called from a window stays its caller's: nothing reported.
static int put_one(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int put_in_window(u32 __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (put_one(p, 2))
		goto efault;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A helper that only forwards to one with ops (round 27) needs its
// caller's window as much: called in one, silent; called outside one, the
// call is reported, not the inner helper's op.
static __always_inline int put_field(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

static int forward_put(u32 __user *p, u32 v)
{
	return put_field(p, v);
}

int forward_in_window(u32 __user *p)
{
	int ret;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	ret = forward_put(p, 3);
	user_write_access_end();
	return ret;
}

int forward_outside(u32 __user *p)
{
	return forward_put(p, 4);
}
// CHECK: helper-no-window.c:[[@LINE-2]]:9: error: call to 'forward_put', which performs unsafe user accesses, outside a user access window [window-unsafe-outside]
// CHECK: helper-no-window.c:[[@LINE-21]]:12: note: 'forward_put' calls helpers with unsafe_* accesses and no window of its own

// A callback is called wherever its pointer is, with no window there as a
// rule: a direct call inside a window here does not make it a helper of
// that window, and its ops stay reported (round 27).
struct put_ops {
	int (*put)(u32 __user *p, u32 v);
};

static int put_cb(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
// CHECK: helper-no-window.c:[[@LINE-1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
	return 0;
efault:
	return -EFAULT;
}

struct put_ops my_put_ops = { .put = put_cb };

int put_cb_in_window(u32 __user *p)
{
	int ret;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	ret = put_cb(p, 5);
	user_write_access_end();
	return ret;
}

// A static helper with a window of its own, called inside one: its begin
// is a nested begin, and its end closes the caller's window too (round 28).
static int put_batch(u32 __user *q, u32 v)
{
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_put_user(v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int batch_in_window(u32 __user *p, u32 __user *q)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	put_batch(q, 6);
// CHECK: helper-no-window.c:[[@LINE-1]]:2: error: 'put_batch' begins a user access window while one is already open [window-unbalanced]
// CHECK: helper-no-window.c:[[@LINE-4]]:7: note: user access window opened by 'user_write_access_begin' here
// CHECK: helper-no-window.c:162:7: note: 'put_batch' opens its own window with 'user_write_access_begin' here
	unsafe_put_user(7, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Reached through a helper that only forwards to it, the same (round 29).
static inline int put_batch_fwd(u32 __user *q, u32 v)
{
	return put_batch(q, v);
}

int batch_fwd_in_window(u32 __user *p, u32 __user *q)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (put_batch_fwd(q, 6))
// CHECK: helper-no-window.c:[[@LINE-1]]:6: error: 'put_batch_fwd' begins a user access window while one is already open [window-unbalanced]
// CHECK: helper-no-window.c:[[@LINE-4]]:7: note: user access window opened by 'user_write_access_begin' here
// CHECK: helper-no-window.c:162:7: note: 'put_batch_fwd' opens its own window with 'user_write_access_begin' here
		goto efault;
	unsafe_put_user(7, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Outside a window the forwarder is an ordinary call. Silent.
int batch_fwd_alone(u32 __user *q)
{
	return put_batch_fwd(q, 6);
}
