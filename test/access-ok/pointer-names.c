// Findings name the pointer an access goes through, also when it is not a
// plain variable (issue 12). 6.12 drivers/xen/privcmd.c mmap_return_error()
// steps a struct's pointer in each branch: `st->user_err++` was read as no
// pointer, so the get_user() of `st->user_gfn` in the other branch made it
// "not guarded on every path" on ''.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK-NOT: on ''

#include <linux/uaccess.h>

struct batch {
	int version;
	u64 __user *user_gfn;
	int __user *user_err;
};

int return_error(int err, struct batch *st)
{
	u64 gfn;

	if (st->version == 1) {
		if (get_user(gfn, st->user_gfn))
			return -EFAULT;
		/* Checked by the get_user() above: silent. */
		return __put_user(gfn | 1, st->user_gfn++);
	}
	/* `p++` accesses what p points to: 'st->user_err', checked nowhere. */
	return __put_user(err, st->user_err++);
// CHECK: pointer-names.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'st->user_err' [access-ok-far]
}

/* A pointer no shape reads is named as written, and the check by its own. */
int read_second(void __user *buf, int first, u32 *out)
{
	if (first && !access_ok(buf, 8))
		return -EFAULT;
	return __get_user(*out, (u32 __user *)buf + 1);
// CHECK: pointer-names.c:[[@LINE-1]]:9: warning: '__get_user' through '(u32 __user *)buf + 1' is not guarded on every path: the access_ok() on 'buf' does not run before it on all of them [access-ok-far]
// CHECK: pointer-names.c:[[@LINE-4]]:16: note: access_ok() here
}
