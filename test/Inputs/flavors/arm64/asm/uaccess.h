/*
 * uaccess-lint test fixture -- arm64 flavor (Linux 6.12, defconfig with
 * ARM64_SW_TTBR0_PAN and hardware PAN).  Written for the analyzer's tests;
 * not copied from the kernel.  Searched before the generic flavor, whose
 * <linux/uaccess.h> it is included from: this header defines every window
 * name, so that file's fallbacks stay off.
 *
 * Shapes that matter to the analysis, as in the real header:
 *  - user_access_begin() is an always-inline function behind a same-named
 *    function-like macro; it checks the range, then enables user access
 *    with uaccess_ttbr0_enable() (TTBR0 switch; PAN is toggled by the
 *    uaccess_{enable,disable}_privileged() pair for kernel-mode access);
 *  - user_access_end() is uaccess_ttbr0_disable(); there are no separate
 *    read and write windows, so the read/write names fall back to these;
 *  - unsafe_put_user()/unsafe_get_user() go through __raw_put_mem()/
 *    __raw_get_mem() on uaccess_mask_ptr(ptr): a switch on the size of an
 *    asm goto store to the user's label, and a load with an error value
 *    and a C goto;
 *  - __put_user()/__get_user() enable and disable TTBR0 around one access,
 *    with a local failure label each;
 *  - user_access_save()/user_access_restore() are inline no-ops.
 */
#ifndef _FIXTURE_ARM64_ASM_UACCESS_H
#define _FIXTURE_ARM64_ASM_UACCESS_H

#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <asm/processor.h>

/*
 * 6.12: access_ok() is an inline function here (it untags the address
 * first), announced to asm-generic/access_ok.h by a macro of its own name:
 * the call `access_ok(p, n)` is a macro expansion of the name alone.
 */
static inline int __access_ok(const void __user *ptr, unsigned long size);
static inline int access_ok(const void __user *addr, unsigned long size)
{
	return likely(__access_ok(addr, size));
}
#define access_ok access_ok

#include <asm-generic/access_ok.h>

extern void __uaccess_ttbr0_set(int on);
extern void __uaccess_pan_set(int on);
extern void __put_user_bad(void) __attribute__((noreturn));
extern void __get_user_bad(void) __attribute__((noreturn));

static inline bool uaccess_ttbr0_disable(void)
{
	__uaccess_ttbr0_set(0);
	return true;
}

static inline bool uaccess_ttbr0_enable(void)
{
	__uaccess_ttbr0_set(1);
	return true;
}

static inline void uaccess_disable_privileged(void)
{
	if (uaccess_ttbr0_disable())
		return;
	__uaccess_pan_set(1);
}

static inline void uaccess_enable_privileged(void)
{
	if (uaccess_ttbr0_enable())
		return;
	__uaccess_pan_set(0);
}

/* Clamp a user pointer so a mispredicted access_ok() cannot read kernel
 * memory speculatively. */
static inline void __user *__uaccess_mask_ptr(const void __user *ptr)
{
	return (void __user *)((unsigned long)ptr & ~(1UL << 55));
}
#define uaccess_mask_ptr(ptr) \
	(__typeof__(ptr))__uaccess_mask_ptr(ptr)

#define __get_mem_asm(load, reg, x, addr, label) do {			\
	int __gma_err = 0;						\
	asm volatile("1: " load " " reg "1, [%2]\n"			\
		     : "+r" (__gma_err), "=r" (x) : "r" (addr));	\
	if (__gma_err) goto label; } while (0)

#define __raw_get_mem(ldr, x, ptr, label)				\
do {									\
	unsigned long __gu_val;						\
	switch (sizeof(*(ptr))) {					\
	case 1: __get_mem_asm(ldr "b", "%w", __gu_val, (ptr), label); break; \
	case 2: __get_mem_asm(ldr "h", "%w", __gu_val, (ptr), label); break; \
	case 4: __get_mem_asm(ldr, "%w", __gu_val, (ptr), label); break;     \
	case 8: __get_mem_asm(ldr, "%x", __gu_val, (ptr), label); break;     \
	default: __get_user_bad();					\
	}								\
	(x) = (__force __typeof__(*(ptr)))__gu_val;			\
} while (0)

#define __put_mem_asm(store, reg, x, addr, label)			\
	asm goto("1: " store " " reg "0, [%1]\n"			\
		 : : "rZ" (x), "r" (addr) : : label)

#define __raw_put_mem(str, x, ptr, label)				\
do {									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	switch (sizeof(*(ptr))) {					\
	case 1: __put_mem_asm(str "b", "%w", __pu_val, (ptr), label); break; \
	case 2: __put_mem_asm(str "h", "%w", __pu_val, (ptr), label); break; \
	case 4: __put_mem_asm(str, "%w", __pu_val, (ptr), label); break;     \
	case 8: __put_mem_asm(str, "%x", __pu_val, (ptr), label); break;     \
	default: __put_user_bad();					\
	}								\
} while (0)

/* One access in its own TTBR0 window; no range check. */
#define __raw_get_user(x, ptr, err)					\
do {									\
	__label__ __rgu_failed;						\
	__typeof__(x) __rgu_val;						\
	uaccess_ttbr0_enable();						\
	__raw_get_mem("ldtr", __rgu_val, (ptr), __rgu_failed);		\
	uaccess_ttbr0_disable();					\
	(x) = __rgu_val;						\
	break;								\
__rgu_failed:								\
	uaccess_ttbr0_disable();					\
	(err) = -EFAULT;						\
} while (0)

#define __get_user(x, ptr)						\
({									\
	int __gu_err = 0;						\
	__raw_get_user((x), uaccess_mask_ptr(ptr), __gu_err);		\
	__gu_err;							\
})

#define get_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__p = (ptr);				\
	might_fault();							\
	access_ok(__p, sizeof(*__p)) ? __get_user((x), __p) :		\
		((x) = (__force __typeof__(*(ptr)))0, -EFAULT);		\
})

#define __raw_put_user(x, ptr, err)					\
do {									\
	__label__ __rpu_failed;						\
	__typeof__(*(ptr)) __rpu_val = (x);				\
	uaccess_ttbr0_enable();						\
	__raw_put_mem("sttr", __rpu_val, (ptr), __rpu_failed);		\
	uaccess_ttbr0_disable();					\
	break;								\
__rpu_failed:								\
	uaccess_ttbr0_disable();					\
	(err) = -EFAULT;						\
} while (0)

#define __put_user(x, ptr)						\
({									\
	int __pu_err = 0;						\
	__raw_put_user((x), uaccess_mask_ptr(ptr), __pu_err);		\
	__pu_err;							\
})

#define put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__p = (ptr);				\
	might_fault();							\
	access_ok(__p, sizeof(*__p)) ? __put_user((x), __p) : -EFAULT;	\
})

extern unsigned long __arch_copy_from_user(void *to,
		const void __user *from, unsigned long n);
#define raw_copy_from_user(to, from, n)					\
({									\
	unsigned long __acfu_ret;					\
	uaccess_ttbr0_enable();						\
	__acfu_ret = __arch_copy_from_user((to),			\
				__uaccess_mask_ptr(from), (n));		\
	uaccess_ttbr0_disable();					\
	__acfu_ret;							\
})

extern unsigned long __arch_copy_to_user(void __user *to,
		const void *from, unsigned long n);
#define raw_copy_to_user(to, from, n)					\
({									\
	unsigned long __actu_ret;					\
	uaccess_ttbr0_enable();						\
	__actu_ret = __arch_copy_to_user(__uaccess_mask_ptr(to),	\
				(from), (n));				\
	uaccess_ttbr0_disable();					\
	__actu_ret;							\
})

static __must_check __always_inline bool
user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	uaccess_ttbr0_enable();
	return 1;
}
#define user_access_begin(a, b)	user_access_begin(a, b)
#define user_access_end()	uaccess_ttbr0_disable()
#define unsafe_put_user(x, ptr, label) \
	__raw_put_mem("sttr", x, uaccess_mask_ptr(ptr), label)
#define unsafe_get_user(x, ptr, label) \
	__raw_get_mem("ldtr", x, uaccess_mask_ptr(ptr), label)

static inline unsigned long user_access_save(void) { return 0; }
static inline void user_access_restore(unsigned long enabled) { }

#define unsafe_copy_loop(dst, src, len, type, label)			\
	while (len >= sizeof(type)) {					\
		unsafe_put_user(*(type *)(src), (type __user *)(dst), label); \
		dst += sizeof(type);					\
		src += sizeof(type);					\
		len -= sizeof(type);					\
	}

#define unsafe_copy_to_user(_dst, _src, _len, label)			\
do {									\
	char __user *__ucu_dst = (_dst);				\
	const char *__ucu_src = (_src);					\
	size_t __ucu_len = (_len);					\
	unsafe_copy_loop(__ucu_dst, __ucu_src, __ucu_len, u64, label);	\
	unsafe_copy_loop(__ucu_dst, __ucu_src, __ucu_len, u32, label);	\
	unsafe_copy_loop(__ucu_dst, __ucu_src, __ucu_len, u16, label);	\
	unsafe_copy_loop(__ucu_dst, __ucu_src, __ucu_len, u8, label);	\
} while (0)

#define INLINE_COPY_TO_USER
#define INLINE_COPY_FROM_USER

extern unsigned long __arch_clear_user(void __user *to, unsigned long n);
static inline unsigned long __must_check __clear_user(void __user *to,
						      unsigned long n)
{
	if (access_ok(to, n)) {
		uaccess_ttbr0_enable();
		n = __arch_clear_user(__uaccess_mask_ptr(to), n);
		uaccess_ttbr0_disable();
	}
	return n;
}
#define __clear_user __clear_user

static inline unsigned long __must_check clear_user(void __user *to,
						    unsigned long n)
{
	might_fault();
	return __clear_user(to, n);
}

__must_check long strncpy_from_user(char *dst, const char __user *src,
				    long count);
__must_check long strnlen_user(const char __user *str, long n);

#endif /* _FIXTURE_ARM64_ASM_UACCESS_H */
