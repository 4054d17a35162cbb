// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

// An op moved past the end.
int after_end(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	unsafe_put_user(a, &p->data, efault);
// CHECK: unsafe-outside.c:[[@LINE-1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
// CHECK: unsafe-outside.c:[[@LINE-3]]:2: note: the window was closed by 'user_write_access_end' here
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// No window at all.
int no_window(struct ev __user *p, u32 *a)
{
	unsafe_get_user(*a, &p->events, efault);
// CHECK: unsafe-outside.c:[[@LINE-1]]:2: error: 'unsafe_get_user' outside a user access window
	return 0;
efault:
	return -EFAULT;
}

// Only on the failure path of the begin's test is the op outside.
int wrong_polarity(struct ev __user *p, u32 a)
{
	if (user_write_access_begin(p, sizeof(*p)))
		return 0;
	unsafe_put_user(a, &p->events, efault);
// CHECK: unsafe-outside.c:[[@LINE-1]]:2: error: 'unsafe_put_user' outside a user access window
	return 0;
efault:
	return -EFAULT;
}

// A helper with unsafe ops and no window of its own runs in its caller's
// window (the x86 signal-frame helpers); calling it outside one is a bug.
static __always_inline int put_pair(struct ev __user *p, u32 a, u64 b)
{
	unsafe_put_user(a, &p->events, efault);
	unsafe_put_user(b, &p->data, efault);
	return 0;
efault:
	return -EFAULT;
}

int helper_inside(struct ev __user *p, u32 a, u64 b)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = put_pair(p, a, b);
	user_write_access_end();
	return err;
}

int helper_outside(struct ev __user *p, u32 a, u64 b)
{
	return put_pair(p, a, b);
// CHECK: unsafe-outside.c:[[@LINE-1]]:9: error: call to 'put_pair', which performs unsafe user accesses, outside a user access window
}

#ifdef scoped_user_write_access
int scoped_is_inside(struct ev __user *p, u32 a)
{
	scoped_user_write_access(p, efault)
		unsafe_put_user(a, &p->events, efault);
	return 0;
efault:
	return -EFAULT;
}
#endif
