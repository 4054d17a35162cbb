/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Single-value and clear routines from include/asm-generic/uaccess.h, in
 * the configuration without CONFIG_UACCESS_MEMCPY (the arch supplies
 * raw_copy_{to,from}_user()).  Shapes kept from the kernel:
 *  - __put_user(x, ptr) / __get_user(x, ptr): statement expressions with a
 *    switch on sizeof(*(ptr)) whose 1/2/4/8 cases call
 *    __put_user_fn()/__get_user_fn() (inline functions with same-named
 *    macros, built on raw_copy_*()); the value is the error, 0 or -EFAULT.
 *  - put_user(x, ptr) / get_user(x, ptr): statement expressions doing
 *    might_fault(), then access_ok(...) ? __put_user(...) : -EFAULT.
 *  - clear_user() is an inline function: might_fault(), access_ok(), then
 *    __clear_user().
 * No window exists on such an arch: each accessor is self-contained.
 */
#ifndef __ASM_GENERIC_UACCESS_H
#define __ASM_GENERIC_UACCESS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm-generic/access_ok.h>

/* Store one value of 1/2/4/8 bytes; no range check.  0 or -EFAULT. */
#define __put_user(x, ptr) \
({								\
	__typeof__(*(ptr)) __x = (x);				\
	int __pu_err = -EFAULT;					\
	__chk_user_ptr(ptr);					\
	switch (sizeof (*(ptr))) {				\
	case 1:							\
	case 2:							\
	case 4:							\
	case 8:							\
		__pu_err = __put_user_fn(sizeof (*(ptr)),	\
					 ptr, &__x);		\
		break;						\
	default:						\
		__put_user_bad();				\
		break;						\
	 }							\
	__pu_err;						\
})

/* Checked store: range check first, -EFAULT without touching memory. */
#define put_user(x, ptr)					\
({								\
	void __user *__p = (ptr);				\
	might_fault();						\
	access_ok(__p, sizeof(*ptr)) ?				\
		__put_user((x), ((__typeof__(*(ptr)) __user *)__p)) :	\
		-EFAULT;					\
})

#ifndef __put_user_fn
static inline int __put_user_fn(size_t size, void __user *ptr, void *x)
{
	return unlikely(raw_copy_to_user(ptr, x, size)) ? -EFAULT : 0;
}

#define __put_user_fn(sz, u, k)	__put_user_fn(sz, u, k)
#endif

extern int __put_user_bad(void) __attribute__((noreturn));

/*
 * Load one value of 1/2/4/8 bytes into a same-sized unsigned temporary,
 * then assign it to x with the pointee's type.  0 or -EFAULT.
 */
#define __get_user(x, ptr)					\
({								\
	int __gu_err = -EFAULT;					\
	__chk_user_ptr(ptr);					\
	switch (sizeof(*(ptr))) {				\
	case 1: {						\
		unsigned char __x = 0;				\
		__gu_err = __get_user_fn(sizeof (*(ptr)),	\
					 ptr, &__x);		\
		(x) = *(__force __typeof__(*(ptr)) *) &__x;	\
		break;						\
	};							\
	case 2: {						\
		unsigned short __x = 0;				\
		__gu_err = __get_user_fn(sizeof (*(ptr)),	\
					 ptr, &__x);		\
		(x) = *(__force __typeof__(*(ptr)) *) &__x;	\
		break;						\
	};							\
	case 4: {						\
		unsigned int __x = 0;				\
		__gu_err = __get_user_fn(sizeof (*(ptr)),	\
					 ptr, &__x);		\
		(x) = *(__force __typeof__(*(ptr)) *) &__x;	\
		break;						\
	};							\
	case 8: {						\
		unsigned long long __x = 0;			\
		__gu_err = __get_user_fn(sizeof (*(ptr)),	\
					 ptr, &__x);		\
		(x) = *(__force __typeof__(*(ptr)) *) &__x;	\
		break;						\
	};							\
	default:						\
		__get_user_bad();				\
		break;						\
	}							\
	__gu_err;						\
})

/* Checked load: on a bad range x is zeroed and the value is -EFAULT. */
#define get_user(x, ptr)					\
({								\
	const void __user *__p = (ptr);				\
	might_fault();						\
	access_ok(__p, sizeof(*ptr)) ?				\
		__get_user((x), (__typeof__(*(ptr)) __user *)__p) :\
		((x) = (__typeof__(*(ptr)))0,-EFAULT);		\
})

#ifndef __get_user_fn
static inline int __get_user_fn(size_t size, const void __user *ptr, void *x)
{
	return unlikely(raw_copy_from_user(x, ptr, size)) ? -EFAULT : 0;
}

#define __get_user_fn(sz, u, k)	__get_user_fn(sz, u, k)
#endif

extern int __get_user_bad(void) __attribute__((noreturn));

/* Zero user memory with no range check.  Returns bytes not cleared. */
#ifndef __clear_user
static inline __must_check unsigned long
__clear_user(void __user *to, unsigned long n)
{
	memset((void __force *)to, 0, n);
	return 0;
}
#endif

/* Checked clear. */
static inline __must_check unsigned long
clear_user(void __user *to, unsigned long n)
{
	might_fault();
	if (!access_ok(to, n))
		return n;

	return __clear_user(to, n);
}

__must_check long strncpy_from_user(char *dst, const char __user *src,
				    long count);
__must_check long strnlen_user(const char __user *src, long n);

#endif /* __ASM_GENERIC_UACCESS_H */
