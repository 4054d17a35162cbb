// The rewrite puts the window's text from the first access to the last and
// a fault label at the function's end, which copies the accesses' failure.
// No rewrite is offered where those pieces would not compile or would
// change behaviour: a directive inside the window (code of another
// configuration), a label in the scope of a later cleanup variable, or a
// failure that reads a variable the function's end does not see the same.
// Each has a control that is rewritten, and the fixed file compiles and
// lints clean.
// RUN: %expect-exit 0 --stdout %t.out -- %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags
// RUN: FileCheck %s < %t.out
// RUN: cp %s %t.c
// RUN: %expect-exit 0 --stdout /dev/null -- %uaccess-lint --checks=batchable --fix %t.c -- %x86-flags
// RUN: %clang -fsyntax-only -Wall -Werror %x86-flags %t.c
// RUN: %clang -fsyntax-only -Wall -Werror -DCONFIG_EXTRA %x86-flags %t.c
// RUN: FileCheck %s --check-prefix=FIXED < %t.c
// RUN: %expect-exit 0 --stdout /dev/null -- %uaccess-lint --checks=window-*,access-ok-* %t.c -- %x86-flags -DCONFIG_EXTRA

#include <linux/uaccess.h>

struct ev { u32 a; u32 b; u32 c; };
void free_buf(void **p);
void *get_buf(void);

int with_ifdef(struct ev __user *e, u32 x)
{
	if (__put_user(x, &e->a))
		return -EFAULT;
#ifdef CONFIG_EXTRA
	if (__put_user(x, &e->b))
		return -EFAULT;
#endif
	if (__put_user(x, &e->c))
		return -EFAULT;
	return 0;
}
// CHECK: rewrite-placement.c:[[@LINE-10]]:6: note: 2 accesses
// CHECK: note: no rewrite offered: a preprocessor directive lies inside the window

int cleanup_after(struct ev __user *e, u32 x)
{
	if (__put_user(x, &e->a))
		return -EFAULT;
	if (__put_user(x, &e->b))
		return -EFAULT;
	{
	}
	void *buf __cleanup(free_buf) = get_buf();
	return buf ? 0 : 1;
}
// CHECK: rewrite-placement.c:[[@LINE-9]]:6: note: 2 accesses
// CHECK: note: no rewrite offered: the fault label at the function's end would be in the scope of 'buf', declared after the accesses with a cleanup

int cleanup_before(struct ev __user *e, u32 x)
{
	void *buf __cleanup(free_buf) = get_buf();

	if (__put_user(x, &e->a))
		return -EFAULT;
	if (__put_user(x, &e->b))
		return -EFAULT;
	return buf ? 0 : 1;
}
// CHECK: rewrite-placement.c:[[@LINE-6]]:6: note: 2 accesses
// CHECK-NOT: no rewrite offered
// CHECK: note: the window covers 'sizeof(*e)'

int inner_err(struct ev __user *e, u32 x, int k)
{
	if (k) {
		int err = -EFAULT - k;

		if (__put_user(x, &e->a))
			return err;
		if (__put_user(x, &e->b))
			return err;
	}
	return 0;
}
// CHECK: rewrite-placement.c:[[@LINE-7]]:7: note: 2 accesses
// CHECK: note: no rewrite offered: 'err' in the failure 'return err;' is not the same variable at the function's end, where the fault label would go

int shadowed_err(struct ev __user *e, u32 x, int k)
{
	int err = 0;

	if (k) {
		int err = -EFAULT - k;

		if (__put_user(x, &e->a))
			return err;
		if (__put_user(x, &e->b))
			return err;
	}
	return err;
}
// CHECK: rewrite-placement.c:[[@LINE-7]]:7: note: 2 accesses
// CHECK: note: no rewrite offered: 'err' in the failure 'return err;' is not the same variable

int outer_err(struct ev __user *e, u32 x, int k)
{
	int err = -EFAULT - k;

	if (k) {
		if (__put_user(x, &e->a))
			return err;
		if (__put_user(x, &e->b))
			return err;
	}
	return 0;
}
// CHECK: rewrite-placement.c:[[@LINE-7]]:7: note: 2 accesses
// CHECK-NOT: no rewrite offered
// CHECK: note: the window covers 'sizeof(*e)'

int log_it(int);

// A label of a block this configuration skips still takes its name: the
// rewrite's label is another.
int label_in_skipped_block(struct ev __user *e, u32 x, int k)
{
	if (__put_user(x, &e->a))
		return -EFAULT;
	if (__put_user(x, &e->b))
		return -EFAULT;
#ifdef CONFIG_EXTRA
	if (k)
		goto efault;
	return 0;
efault:
	return log_it(k);
#endif
	return 0;
}
// CHECK: rewrite-placement.c:[[@LINE-13]]:6: note: 2 accesses
// CHECK-NOT: no rewrite offered
// CHECK: note: the window covers 'sizeof(*e)'

// The whole body under `#ifndef`: the label at the end would stay where the
// accesses go.
int body_under_ifndef(struct ev __user *e, u32 x)
{
#ifndef CONFIG_EXTRA
	if (__put_user(x, &e->a))
		return -EFAULT;
	if (__put_user(x, &e->b))
		return -EFAULT;
	return 0;
#else
	return log_it(x);
#endif
}
// CHECK: rewrite-placement.c:[[@LINE-9]]:6: note: 2 accesses
// CHECK: note: no rewrite offered: the accesses are inside an '#if' block of the function
// FIXED-LABEL: int label_in_skipped_block(
// FIXED: unsafe_put_user(x, &e->a, efault{{1}});
// FIXED: {{^}}efault{{1}}:
