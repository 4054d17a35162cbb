// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
//
// The arch's copy primitives rely on an access_ok() as __copy_to_user()
// does (6.12 lib/iov_iter.c's copy_to_user_iter() checks before each). The
// API's own inline functions in linux/uaccess.h, which call them under
// checks of their own making, are not reported (v619 has such a header).

#include <linux/uaccess.h>

unsigned long copy_out(void __user *iter_to, const void *from, size_t len)
{
	if (access_ok(iter_to, len))
		len = raw_copy_to_user(iter_to, from, len);
	return len;
}

unsigned long copy_out_unchecked(void __user *iter_to, const void *from,
				 size_t len)
{
	return raw_copy_to_user(iter_to, from, len);
// CHECK: raw-copy.c:[[@LINE-1]]:9: warning: 'raw_copy_to_user' is not guarded by any access_ok() on 'iter_to', here or in its callers [access-ok-far]
}

unsigned long copy_in_unchecked(void *to, const void __user *iter_from,
				size_t len)
{
	return raw_copy_from_user(to, iter_from, len);
// CHECK: raw-copy.c:[[@LINE-1]]:9: warning: 'raw_copy_from_user' is not guarded by any access_ok() on 'iter_from', here or in its callers [access-ok-far]
}

int copy_via_api(void __user *to, const void *from, size_t len)
{
	return copy_to_user(to, from, len) ? -EFAULT : 0;
}
