/*
 * uaccess-lint fixture self-check -- v619 flavor (Linux 6.19 on x86_64).
 * Uses every API the flavor provides; must compile cleanly with
 *   clang-19 -fsyntax-only -target x86_64-linux-gnu -nostdinc -Wall -Werror \
 *     -I test/Inputs/flavors/v619 -I test/Inputs/flavors/common \
 *     test/Inputs/flavors/v619/selfcheck.c
 * and again with -DFIXTURE_NO_ASM_GOTO_OUTPUT.
 * All windows here are correct (checked begin, end on every path).
 */
#include <linux/uaccess.h>

struct pair {
	u32 a;
	u64 b;
	u16 c;
	u8 d;
	void __user *ptr;
};

/* Checked write window, several sizes, fault label that ends the window. */
int sc_write_window(struct pair __user *p, u32 a, u64 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	unsafe_put_user((u16)1, &p->c, efault);
	unsafe_put_user((u8)2, &p->d, efault);
	unsafe_put_user(NULL, &p->ptr, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Checked read window. */
int sc_read_window(const struct pair __user *p, u32 *a, u64 *b)
{
	u16 c;
	u8 d;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->a, efault);
	unsafe_get_user(*b, &p->b, efault);
	unsafe_get_user(c, &p->c, efault);
	unsafe_get_user(d, &p->d, efault);
	user_read_access_end();
	return c + d;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* Plain user_access_begin/end with block copies inside the window. */
int sc_copy_window(void __user *dst, const void *src, void *kbuf,
		   const void __user *usrc, size_t len)
{
	if (!user_access_begin(dst, len))
		return -EFAULT;
	unsafe_copy_to_user(dst, src, len, efault);
	user_access_end();

	if (!user_access_begin(usrc, len))
		return -EFAULT;
	unsafe_copy_from_user(kbuf, usrc, len, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* Masked begin in the usual can_do_masked_user_access() shape. */
int sc_masked(u32 __user *uval, u32 v)
{
	if (can_do_masked_user_access())
		uval = masked_user_access_begin(uval);
	else if (!user_write_access_begin(uval, sizeof(*uval)))
		return -EFAULT;
	unsafe_put_user(v, uval, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* cmpxchg on user memory inside a window, and the self-contained form. */
int sc_cmpxchg(u32 __user *uaddr, u32 oldval, u32 newval)
{
	int ret;

	if (!user_access_begin(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	if (!unsafe_try_cmpxchg_user(uaddr, &oldval, newval, efault))
		oldval = 0;
	user_access_end();

	ret = __try_cmpxchg_user(uaddr, &oldval, newval, sc_cmpxchg_fault);
	return ret;
efault:
	user_access_end();
	return -EFAULT;
}

/* Save/restore around a section inside a window. */
int sc_save_restore(u32 __user *p, u32 v)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = user_access_save();
	user_access_restore(flags);
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Self-contained and unchecked accessors. */
int sc_accessors(u32 __user *p, u64 __user *q, void __user *ubuf,
		 void *kbuf, size_t len)
{
	u32 v;
	u64 w;
	int err = 0;

	err |= get_user(v, p);
	err |= put_user(v + 1, p);
	err |= get_user(w, q);
	err |= put_user(w, q);
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	err |= __get_user(v, p);
	err |= __put_user(v, p);
	if (copy_to_user(ubuf, kbuf, len))
		return -EFAULT;
	if (copy_from_user(kbuf, ubuf, len))
		return -EFAULT;
	if (clear_user(ubuf, len))
		return -EFAULT;
	if (access_ok(ubuf, len)) {
		if (__copy_to_user(ubuf, kbuf, len))
			return -EFAULT;
		if (__copy_from_user(kbuf, ubuf, len))
			return -EFAULT;
		if (__clear_user(ubuf, len))
			return -EFAULT;
	}
	return err;
}

/* Raw (unchecked) x86 toggles, and kernel-address probes. */
int sc_raw(u32 __user *p, u32 v, const u32 *kp, u32 *kout)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	__uaccess_end();

	__uaccess_begin_nospec();
	unsafe_put_user(v, p, efault);
	__uaccess_end();

	__get_kernel_nofault(kout, kp, u32, kfault);
	__put_kernel_nofault(kout, kp, u32, kfault);
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
kfault:
	return -EFAULT;
}

/* 6.19: read-write window with the rw begin/end pair. */
int sc_rw_window(u32 __user *p)
{
	u32 v;

	if (!user_rw_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	unsafe_put_user(v + 1, p, efault);
	user_rw_access_end();
	return 0;
efault:
	user_rw_access_end();
	return -EFAULT;
}

/* 6.19: masked read/write/rw begins with their matching ends. */
int sc_masked_modes(u32 __user *r, u32 __user *w, u32 __user *rw)
{
	u32 v;

	if (can_do_masked_user_access())
		r = masked_user_read_access_begin(r);
	else if (!user_read_access_begin(r, sizeof(*r)))
		return -EFAULT;
	unsafe_get_user(v, r, rfault);
	user_read_access_end();

	if (can_do_masked_user_access())
		w = masked_user_write_access_begin(w);
	else if (!user_write_access_begin(w, sizeof(*w)))
		return -EFAULT;
	unsafe_put_user(v, w, wfault);
	user_write_access_end();

	if (can_do_masked_user_access())
		rw = masked_user_rw_access_begin(rw);
	else if (!user_rw_access_begin(rw, sizeof(*rw)))
		return -EFAULT;
	unsafe_get_user(v, rw, rwfault);
	unsafe_put_user(v + 1, rw, rwfault);
	user_rw_access_end();
	return 0;
rfault:
	user_read_access_end();
	return -EFAULT;
wfault:
	user_write_access_end();
	return -EFAULT;
rwfault:
	user_rw_access_end();
	return -EFAULT;
}

/* 6.19: scoped forms; the end runs from the cleanup on every exit. */
int sc_scoped(struct pair __user *p, u32 __user *arr, size_t n,
	      void __user *ubuf, void *kbuf, size_t len)
{
	u32 a;
	size_t i;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(a, &p->a, efault);
	}

	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, &p->a, efault);
		unsafe_put_user((u64)a, &p->b, efault);
	}

	scoped_user_rw_access(p, efault) {
		unsafe_get_user(a, &p->a, efault);
		if (!a)
			break;
		unsafe_put_user(a - 1, &p->a, efault);
	}

	scoped_user_write_access_size(arr, n * sizeof(*arr), efault) {
		for (i = 0; i < n; i++)
			unsafe_put_user(0, &arr[i], efault);
	}

	scoped_user_read_access_size(arr, n * sizeof(*arr), efault) {
		for (i = 0; i < n; i++) {
			unsafe_get_user(a, &arr[i], efault);
			if (a == 7)
				return 7;
		}
	}

	scoped_user_rw_access_size(ubuf, len, efault) {
		unsafe_copy_to_user(ubuf, kbuf, len, efault);
		unsafe_copy_from_user(kbuf, ubuf, len, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/* 6.19: one-access inline helpers built on the scoped forms. */
int sc_inline_helpers(u32 __user *p)
{
	u32 v = 0;

	if (get_user_inline(v, p))
		return -EFAULT;
	return put_user_inline(v + 1, p);
}

/* Test helpers are declared. */
void sc_helpers(void *lock)
{
	void *buf = kmalloc(16, GFP_KERNEL);

	mutex_lock(lock);
	mutex_unlock(lock);
	schedule();
	might_sleep();
	might_fault();
	kfree(buf);
}
