// A scoped window (6.19) opens its pointer's object, or the _size form's
// bytes, as a checked begin would: an op provably past that range is
// reported as for user_write_access_begin() (hostile round 16, bug 4). On
// an arch that cannot mask, the scope runs the checked begin itself, and
// its body reads the scope's own copy of the pointer; on one that can, the
// range is the scope's contract all the same.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// The arch without masking: the fixture's masked begin taken away.
// RUN: rm -rf %t && mkdir -p %t/asm
// RUN: sed '/^#define masked_user_access_begin(x)/,/__masked_ptr; })/d' %inputs/flavors/common/asm/uaccess_64.h > %t/asm/uaccess_64.h
// RUN: %uaccess-lint --checks=access-ok-far %s -- -DNO_MASKING -I %t %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

#ifdef NO_MASKING
_Static_assert(!can_do_masked_user_access(), "the arch cannot mask");
#endif

struct pr { u32 a; u32 b; };

int scoped_past(struct pr __user *p, u32 x)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(x, &p[1].a, efault);
// CHECK: scoped-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses bytes 8 to 11 of 'p', outside the window 'scoped_user_write_access' opened for 'sizeof(*p)' (8 bytes) [access-ok-far]
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_size_past(struct pr __user *p, u32 x)
{
	scoped_user_write_access_size(p, 4, efault) {
		unsafe_put_user(x, &p->b, efault);
// CHECK: scoped-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses bytes 4 to 7 of 'p', outside the window 'scoped_user_write_access_size' opened for '4' [access-ok-far]
	}
	return 0;
efault:
	return -EFAULT;
}

// Silent: inside the range.
int scoped_inside(struct pr __user *p, u32 x)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(x, &p->a, efault);
		unsafe_put_user(x, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_size_inside(struct pr __user *p, u32 x)
{
	scoped_user_read_access_size(p, sizeof(*p), efault) {
		unsafe_get_user(x, &p->b, efault);
	}
	return x;
efault:
	return -EFAULT;
}
