// A static inline function that opens a window and leaves it open is an
// opener only when every caller in the TU closes the window (issue 13);
// otherwise it has lost its end, as powerpc sstep's copy_mem_in() would.
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

// An opener whose only caller closes the window: silent.
static __always_inline bool open_for_read(const void __user *p, size_t n)
{
	return user_read_access_begin(p, n);
}

int caller_closes(u32 __user *p, u32 *v)
{
	if (!open_for_read(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// sstep.c's shape: the helper that does the loads runs in its caller's
// window; the function that opens the window has lost its end.
static __always_inline int __copy_in(u8 *dest, unsigned long ea, int nb)
{
	int i;

	for (i = 0; i < nb; i++)
		unsafe_get_user(dest[i], (u8 __user *)ea + i, Efault);
	return 0;
Efault:
	return -EFAULT;
}

static inline int copy_in(u8 *dest, unsigned long ea, int nb)
{
	int err;

	if (user_read_access_begin((void __user *)ea, nb)) {
// CHECK: opener-helper.c:[[@LINE-1]]:6: error: user access window opened by 'user_read_access_begin' is not closed on every path [window-unbalanced]
		err = __copy_in(dest, ea, nb);
	} else {
		err = -EFAULT;
	}
	return err;
}

int emulate_load(u8 *dest, unsigned long ea, int nb)
{
	return copy_in(dest, ea, nb);
}
