// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-unsafe-outside %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=error:
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

// powerpc's sstep.c emulates loads of kernel and user addresses with the
// same helper: under is_kernel_addr() no window is needed (option
// KernelAddressGuards); without that guard the call is reported.
// RUN: not %uaccess-lint --checks=window-unsafe-outside --check-option=window-unsafe-outside.KernelAddressGuards=none %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=NOGUARD
#define is_kernel_addr(x)	((x) >= 0x8000000000000000ul)
static __always_inline int __copy_in(u8 *dest, unsigned long ea, int nb)
{
	int i;

	for (i = 0; i < nb; i++)
		unsafe_get_user(dest[i], (u8 __user *)ea + i, Efault);
	return 0;
Efault:
	return -EFAULT;
}

int copy_mem_in(u8 *dest, unsigned long ea, int nb)
{
	int err;

	if (is_kernel_addr(ea))
		return __copy_in(dest, ea, nb);
// NOGUARD: unsafe-outside.c:[[@LINE-1]]:10: error: call to '__copy_in', which performs unsafe user accesses, outside a user access window
	if (user_read_access_begin((void __user *)ea, nb)) {
		err = __copy_in(dest, ea, nb);
		user_read_access_end();
	} else {
		err = -EFAULT;
	}
	return err;
}

int copy_mem_in_unguarded(u8 *dest, unsigned long ea, int nb)
{
	return __copy_in(dest, ea, nb);
// CHECK: unsafe-outside.c:[[@LINE-1]]:9: error: call to '__copy_in', which performs unsafe user accesses, outside a user access window
}

// A cleanup function runs where its variable goes out of scope: it is used
// by the TU, and analyzed with the functions that run it, whose windows
// (none here) it may work in (round 41).
static inline void put_on_exit(struct ev __user **pp)
{
	unsafe_put_user(0, &(*pp)->events, efault);
efault:
	return;
}
// CHECK: unsafe-outside.c:[[@LINE-4]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]

int cleaned_up(struct ev __user *p)
{
	struct ev __user *q __attribute__((__cleanup__(put_on_exit))) = p;
	return q != 0;
}

// A static helper exported by an alias runs wherever another TU calls it,
// with no window there as a rule, though a caller here opens one (round 42).
static int put_aliased(u32 __user *p)
{
	unsafe_put_user(1, p, efault);
// CHECK: unsafe-outside.c:[[@LINE-1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
	return 0;
efault:
	return -EFAULT;
}
int put_exported(u32 __user *) __attribute__((alias("put_aliased")));

int put_in_window(u32 __user *p)
{
	int r;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	r = put_aliased(p);
	user_write_access_end();
	return r;
}
