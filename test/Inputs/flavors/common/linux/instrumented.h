/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Sanitizer hooks as they look with KASAN/KCSAN/KMSAN configured out:
 * empty inline functions.  They are kept because the real unsafe_*_user()
 * and get/put_user() expansions call them (instrument_get_user() and
 * instrument_put_user() are statement expressions calling the kmsan_*
 * stubs), so a window's body really does contain these calls.
 */
#ifndef _LINUX_INSTRUMENTED_H
#define _LINUX_INSTRUMENTED_H

#include <linux/types.h>

static __always_inline void kmsan_unpoison_memory(const void *addr, size_t size)
{
}

static __always_inline void kmsan_copy_to_user(void __user *to, const void *from,
					       size_t to_copy, size_t left)
{
}

static __always_inline void
instrument_copy_to_user(void __user *to, const void *from, unsigned long n)
{
}

static __always_inline void
instrument_copy_from_user_before(const void *to, const void __user *from,
				 unsigned long n)
{
}

static __always_inline void
instrument_copy_from_user_after(const void *to, const void __user *from,
				unsigned long n, unsigned long left)
{
}

/* Value read by a get_user()-style macro: mark it initialised. */
#define instrument_get_user(to)				\
({							\
	u64 __tmp = (u64)(to);				\
	kmsan_unpoison_memory(&__tmp, sizeof(__tmp));	\
	to = __tmp;					\
})

/* Value written by a put_user()-style macro. */
#define instrument_put_user(from, ptr, size)			\
({								\
	kmsan_copy_to_user(ptr, &from, sizeof(from), 0);	\
})

#endif /* _LINUX_INSTRUMENTED_H */
