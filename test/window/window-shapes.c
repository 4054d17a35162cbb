// Issue 9, item 21: two shapes that were reported as leaks. A begin inside
// a statement expression whose value is tested, and a window ended by an
// __attribute__((cleanup)) helper (6.19's scoped guards, written by hand).
// The leaks next to them must still be found.
// RUN: %expect-exit 1 --stdout %t.x86 -- %uaccess-lint --checks=window-unbalanced %s -- %x86-flags
// RUN: FileCheck %s --implicit-check-not=error: < %t.x86
// RUN: %expect-exit 1 --stdout %t.gen -- %uaccess-lint --checks=window-unbalanced %s -- %generic-flags
// RUN: %expect-exit 1 --stdout %t.arm64 -- %uaccess-lint --checks=window-unbalanced %s -- %arm64-flags
// RUN: %expect-exit 1 --stdout %t.riscv -- %uaccess-lint --checks=window-unbalanced %s -- %riscv-flags
// RUN: %expect-exit 1 --stdout %t.powerpc -- %uaccess-lint --checks=window-unbalanced %s -- %powerpc-flags
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: FileCheck %s --implicit-check-not=error: < %t.arm64
// RUN: FileCheck %s --implicit-check-not=error: < %t.riscv
// RUN: FileCheck %s --implicit-check-not=error: < %t.powerpc
// RUN: %expect-exit 1 --stdout %t.v619 -- %uaccess-lint --checks=window-unbalanced %s -- %v619-flags
// RUN: FileCheck %s --implicit-check-not=error: < %t.v619

#include <linux/uaccess.h>

int stmt_expr(u32 __user *p, u32 v)
{
	bool ok;

	ok = ({
		bool r = user_write_access_begin(p, sizeof(*p));
		r;
	});
	if (!ok)
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int stmt_expr_direct(u32 __user *p, u32 v)
{
	if (!({ user_write_access_begin(p, sizeof(*p)); }))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

static inline void end_write_window(int *unused)
{
	user_write_access_end();
}

int cleanup_guard(u32 __user *p, u32 v)
{
	int guard __attribute__((cleanup(end_write_window))) = 0;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	unsafe_put_user(v + 1, p, efault);
	return 0;
efault:
	return -EFAULT;
}

static inline void not_an_end(int *unused)
{
}

int cleanup_that_does_not_end(u32 __user *p, u32 v)
{
	int guard __attribute__((cleanup(not_an_end))) = 0;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
// Two paths leak, each at its own exit: two findings (issue 29).
// CHECK: window-shapes.c:[[@LINE-8]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: window-shapes.c:[[@LINE-9]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]

int stmt_expr_leak(u32 __user *p, u32 v)
{
	if (!({ user_write_access_begin(p, sizeof(*p)); }))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: window-shapes.c:[[@LINE-8]]:10: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
