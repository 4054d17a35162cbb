/*
 * uaccess-lint test fixture -- common to the flavors (Linux 6.12).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The copy-size sanity checks copy_{to,from}_user() run first, reduced to
 * their compile-time part (no hardened-usercopy, no WARN).
 */
#ifndef _LINUX_THREAD_INFO_H
#define _LINUX_THREAD_INFO_H

#include <linux/types.h>

extern void __bad_copy_from(void);
extern void __bad_copy_to(void);
extern void copy_overflow(int size, unsigned long count);

/* CONFIG_HARDENED_USERCOPY is off: nothing to check at run time. */
static __always_inline void check_object_size(const void *ptr, unsigned long n,
					      bool to_user)
{
}

/* False when the kernel object is known to be smaller than the copy. */
static __always_inline __must_check bool
check_copy_size(const void *addr, size_t bytes, bool is_source)
{
	int sz = __builtin_object_size(addr, 0);

	if (unlikely(sz >= 0 && sz < bytes)) {
		if (!__builtin_constant_p(bytes))
			copy_overflow(sz, bytes);
		else if (is_source)
			__bad_copy_from();
		else
			__bad_copy_to();
		return false;
	}
	if (unlikely(bytes > INT_MAX))
		return false;
	check_object_size(addr, bytes, is_source);
	return true;
}

#endif /* _LINUX_THREAD_INFO_H */
