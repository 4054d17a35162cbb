// A variable's cleanup function runs where its scope ends: inside an open
// window, kfree() runs with user access on, as a call by name would
// (hostile round 17, bug 2). A cleanup that ends the window is the
// window's end (helper-ends.c); a uaccess-safe one says nothing.
// RUN: not %uaccess-lint --checks=window-call %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks=window-call %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

void kfree(const void *);
/* The shape of the kernel's DEFINE_FREE(kfree, ...) and __free(kfree). */
static __always_inline void __free_kfree(void *p)
{
	void *_T = *(void **)p;
	if (_T)
		kfree(_T);
}
#define __free(name) __attribute__((__cleanup__(__free_##name)))

static __always_inline void forget(void *p) { *(void **)p = 0; }

int scope_ends_in_window(u32 __user *p, u32 v, void *k)
{
	if (!user_write_access_begin(p, 4))
		return -EFAULT;
	{
		void *buf __free(kfree) = k;

		v += !!buf;
	}
// CHECK: cleanup-call.c:[[@LINE-1]]:2: error: call to '__free_kfree', the cleanup of 'buf', with user access enabled [window-call]
// CHECK: note: user access window opened by 'user_write_access_begin' here
// CHECK: note: 'buf' is declared here; its scope ends in the window
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Silent: the scope ends before the window opens, and a safe cleanup.
int scope_ends_before(u32 __user *p, u32 v, void *k)
{
	{
		void *buf __free(kfree) = k;

		v += !!buf;
	}
	if (!user_write_access_begin(p, 4))
		return -EFAULT;
	{
		void *held __attribute__((__cleanup__(forget))) = k;

		v += !!held;
	}
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
