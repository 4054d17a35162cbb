// How a caller uses the value of a helper that ends (or opens) its window
// decides which of the helper's ways out each branch takes (hostile round
// 8). Followed: `if (h())`, `if ((err = h()))`, `(err = h()) != 0`, a
// helper's `return 1;` way under `< 0` and `>= 0`. Lost (a switch, `?:`,
// `|=`, a copy): only the open way goes on, and no leak is told past a
// branch the walk does not decide. A helper that opens a window, called
// while one is open, is a nested begin.
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

struct fr { u32 a; u32 b; u64 c; };

static __always_inline int put_ends_on_fault(struct fr __user *f, u32 v)
{
	unsafe_put_user(v, &f->a, Efault);
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

static int open_fr(struct fr __user *f)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	return 0;
}

// Correct callers whose use of the value the walk loses: silent.
int by_switch(struct fr __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	switch (put_ends_on_fault(f, v)) {
	case 0:
		break;
	default:
		return -EFAULT;
	}
	user_access_end();
	return 0;
}

int by_ternary(struct fr __user *f, u32 v)
{
	int r;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	r = put_ends_on_fault(f, v) ? -EFAULT : 0;
	if (r)
		return r;
	user_access_end();
	return 0;
}

int by_or_assign(struct fr __user *f, u32 v)
{
	int err = 0;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	err |= put_ends_on_fault(f, v);
	if (err)
		return -EFAULT;
	user_access_end();
	return 0;
}

int by_copy(struct fr __user *f, u32 v)
{
	int err, ret;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	err = put_ends_on_fault(f, v);
	ret = err;
	if (ret)
		return ret;
	user_access_end();
	return 0;
}

int opener_by_switch(struct fr __user *f, u32 v)
{
	switch (open_fr(f)) {
	case 0:
		break;
	default:
		return -EFAULT;
	}
	unsafe_put_user(v, &f->a, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// Assignments in the condition are followed: silent where correct...
int assign_in_condition(struct fr __user *f, u32 v)
{
	int err;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if ((err = put_ends_on_fault(f, v)))
		return err;
	user_access_end();
	return 0;
}

int assign_compared(struct fr __user *f, u32 v)
{
	int err;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if ((err = put_ends_on_fault(f, v)) != 0)
		return err;
	user_access_end();
	return 0;
}

// ...and a double end through them is found.
int assign_then_double_end(struct fr __user *f, u32 v)
{
	int err;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if ((err = put_ends_on_fault(f, v)))
		goto out;
	err = 0;
out:
	user_access_end();
	return err;
}
// CHECK: helper-values.c:[[@LINE-3]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]

// A helper whose closing way returns 1: `< 0` sends it on.
static __always_inline int put_ends_returns_one(struct fr __user *f, u32 v)
{
	if (!v) {
		user_access_end();
		return 1;
	}
	unsafe_put_user(v, &f->a, Efault);
	return 0;
Efault:
	return -EFAULT;
}

int positive_way_passes_below_zero(struct fr __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if (put_ends_returns_one(f, v) < 0)
		goto Efault;
	unsafe_put_user(v, &f->b, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}
// CHECK: helper-values.c:[[@LINE-7]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
// CHECK: helper-values.c:[[@LINE-7]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
// CHECK: helper-values.c:[[@LINE-5]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]

// An opener called again while its window is open.
int opener_nested(struct fr __user *f, u32 v)
{
	if (open_fr(f))
		return -EFAULT;
	if (open_fr(f))
		goto Efault;
	unsafe_put_user(v, &f->a, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}
// CHECK: helper-values.c:[[@LINE-9]]:6: error: 'open_fr' begins a user access window while one is already open [window-unbalanced]

// A variable that holds the helper's value on some paths only, tested
// where a path may not have called it: no leak told past the test.
int called_on_some_paths(struct fr __user *f, u32 v, int x)
{
	int ret = 0;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if (x)
		ret = put_ends_on_fault(f, v);
	if (ret)
		return ret;
	user_access_end();
	return 0;
}
