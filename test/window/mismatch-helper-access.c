// A TU-local helper called inside a window runs its ops in that window: a
// write through a helper inside a read window (or a read inside a write
// window) is a mismatch, as the same op written in place is. Reported at
// the call, with a note at the op in the helper, and no fix-it (the helper
// serves windows of either family). lib/strnlen_user.c's do_strnlen_user()
// runs its unsafe_get_user()s in strnlen_user()'s read window this way.
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-mismatch --format=json %s -- %x86-flags | FileCheck %s --check-prefix=JSON
// JSON-NOT: "replacement"

#include <linux/uaccess.h>

static __always_inline int put_one(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
// CHECK-DAG: mismatch-helper-access.c:[[@LINE-5]]:2: note: 'unsafe_put_user' in 'put_one' writes here

static __always_inline int get_one(u32 __user *p, u32 *v)
{
	unsafe_get_user(*v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int write_in_read_window(u32 __user *p, u32 v)
{
	int err;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = put_one(p, v);
	user_read_access_end();
	return err;
}
// CHECK-DAG: mismatch-helper-access.c:[[@LINE-4]]:8: error: 'put_one' writes user memory with 'unsafe_put_user' inside a read window opened by 'user_read_access_begin' [window-mismatch]

int read_in_write_window(u32 __user *p, u32 *v)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = get_one(p, v);
	user_write_access_end();
	return err;
}
// CHECK-DAG: mismatch-helper-access.c:[[@LINE-4]]:8: error: 'get_one' reads user memory with 'unsafe_get_user' inside a write window opened by 'user_write_access_begin' [window-mismatch]

// Silent: each helper in a window of its own family, or a rw window.
int read_ok(u32 __user *p, u32 *v)
{
	int err;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = get_one(p, v);
	user_read_access_end();
	return err;
}

int rw_ok(u32 __user *p, u32 *v)
{
	int err;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = get_one(p, v) ?: put_one(p, *v);
	user_access_end();
	return err;
}
