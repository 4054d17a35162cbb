// A fault label many unsafe ops jump to: past 8 path states per block the
// walk keeps fewer notes, but never more findings. With 12 ops and no end
// at the label, the leak through the label is one finding, with its fault
// note and its fix-it; it was two (the second with no note and no fix-it)
// from the ninth op on, in the kernel's signal frames and waitid().
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

struct frame {
	u32 a, b, c, d, e, f, g, h, i, j, k, l;
};

int fill_frame(struct frame __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->a, efault);
	unsafe_put_user(v, &p->b, efault);
	unsafe_put_user(v, &p->c, efault);
	unsafe_put_user(v, &p->d, efault);
	unsafe_put_user(v, &p->e, efault);
	unsafe_put_user(v, &p->f, efault);
	unsafe_put_user(v, &p->g, efault);
	unsafe_put_user(v, &p->h, efault);
	unsafe_put_user(v, &p->i, efault);
	unsafe_put_user(v, &p->j, efault);
	unsafe_put_user(v, &p->k, efault);
	unsafe_put_user(v, &p->l, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
// CHECK: many-fault-edges.c:[[@LINE-19]]:7: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: note: a fault in 'unsafe_put_user' jumps to 'efault' with the window open
// CHECK: many-fault-edges.c:[[@LINE-4]]:2: note: returns here with the window open
