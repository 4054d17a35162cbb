/*
 * uaccess-lint test fixture -- powerpc flavor (Linux 6.12, ppc64le).
 * Written for the analyzer's tests; not copied from the kernel.  Searched
 * before the generic flavor, whose <linux/uaccess.h> it is included from:
 * this header defines every window name, so that file's fallbacks stay off.
 *
 * Shapes that matter to the analysis, as in the real header:
 *  - the begins are always-inline functions behind *object-like* macros
 *    naming themselves (`#define user_write_access_begin
 *    user_write_access_begin`): the user's arguments follow the macro name
 *    in the file, outside any expansion;
 *  - the ends are object-like macros naming other functions
 *    (`#define user_write_access_end prevent_current_write_to_user`), so
 *    `user_write_access_end()` is a call to that function;
 *  - user_access_save / user_access_restore are object-like macros too;
 *  - unsafe_put_user() goes through __put_user_size_goto(), a switch of
 *    asm goto stores jumping to the user's label; unsafe_get_user() through
 *    __get_user_size_goto(), a load with an error value and a C goto;
 *  - __put_user() is a statement expression with a local label
 *    (__label__ __pu_failed) that opens and closes its own write window.
 */
#ifndef _FIXTURE_POWERPC_ASM_UACCESS_H
#define _FIXTURE_POWERPC_ASM_UACCESS_H

#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/nospec.h>
#include <asm/processor.h>
#include <asm/kup.h>
#include <asm-generic/access_ok.h>

extern void __put_user_bad(void) __attribute__((noreturn));
extern void __get_user_bad(void) __attribute__((noreturn));

#define __put_user_asm_goto(x, addr, label, op)			\
	asm goto("1: " op " %0,0(%1)	# put_user\n"		\
		 : : "r" (x), "b" (addr) : : label)

#define __put_user_size_goto(x, ptr, size, label)		\
do {								\
	__typeof__(*(ptr)) __user *__pus_addr = (ptr);		\
								\
	switch (size) {						\
	case 1: __put_user_asm_goto(x, __pus_addr, label, "stb"); break;	\
	case 2: __put_user_asm_goto(x, __pus_addr, label, "sth"); break;	\
	case 4: __put_user_asm_goto(x, __pus_addr, label, "stw"); break;	\
	case 8: __put_user_asm_goto(x, __pus_addr, label, "std"); break;	\
	default: __put_user_bad();				\
	}							\
} while (0)

#define __get_user_asm(x, addr, err, op)			\
	asm volatile("1: " op " %1,0(%2)	# get_user\n"		\
		     : "=r" (err), "=r" (x) : "b" (addr), "0" (err))

#define __get_user_size_allowed(x, ptr, size, retval)		\
do {								\
	retval = 0;						\
	switch (size) {						\
	case 1: __get_user_asm(x, (u8 __user *)ptr, retval, "lbz"); break;	\
	case 2: __get_user_asm(x, (u16 __user *)ptr, retval, "lhz"); break;	\
	case 4: __get_user_asm(x, (u32 __user *)ptr, retval, "lwz"); break;	\
	case 8: __get_user_asm(x, (u64 __user *)ptr, retval, "ld"); break;	\
	default: x = 0; __get_user_bad();			\
	}							\
} while (0)

#define __get_user_size_goto(x, ptr, size, label)		\
do {								\
	long __gus_retval;					\
								\
	__get_user_size_allowed(x, ptr, size, __gus_retval);	\
	if (__gus_retval)					\
		goto label;					\
} while (0)

#define __long_type(x) \
	__typeof__(__builtin_choose_expr(sizeof(x) > sizeof(0UL), 0ULL, 0UL))

/* Own write window, own fault label; no range check. */
#define __put_user(x, ptr)					\
({								\
	long __pu_err;						\
	__typeof__(*(ptr)) __user *__pu_addr = (ptr);		\
	__typeof__(*(ptr)) __pu_val = (__typeof__(*(ptr)))(x);	\
	__typeof__(sizeof(*(ptr))) __pu_size = sizeof(*(ptr));	\
								\
	might_fault();						\
	do {							\
		__label__ __pu_failed;				\
								\
		allow_write_to_user(__pu_addr, __pu_size);	\
		__put_user_size_goto(__pu_val, __pu_addr, __pu_size, __pu_failed); \
		prevent_write_to_user(__pu_addr, __pu_size);	\
		__pu_err = 0;					\
		break;						\
								\
__pu_failed:							\
		prevent_write_to_user(__pu_addr, __pu_size);	\
		__pu_err = -EFAULT;				\
	} while (0);						\
								\
	__pu_err;						\
})

#define put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *_pu_addr = (ptr);			\
									\
	access_ok(_pu_addr, sizeof(*(ptr))) ?				\
		  __put_user(x, _pu_addr) : -EFAULT;			\
})

#define __get_user(x, ptr)					\
({								\
	long __gu_err;						\
	__long_type(*(ptr)) __gu_val;				\
	__typeof__(*(ptr)) __user *__gu_addr = (ptr);		\
	__typeof__(sizeof(*(ptr))) __gu_size = sizeof(*(ptr));	\
								\
	might_fault();						\
	barrier_nospec();					\
	allow_read_from_user(__gu_addr, __gu_size);		\
	__get_user_size_allowed(__gu_val, __gu_addr, __gu_size, __gu_err); \
	prevent_read_from_user(__gu_addr, __gu_size);		\
	(x) = (__typeof__(*(ptr)))__gu_val;			\
								\
	__gu_err;						\
})

#define get_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *_gu_addr = (ptr);			\
									\
	access_ok(_gu_addr, sizeof(*(ptr))) ?				\
		  __get_user(x, _gu_addr) :				\
		  ((x) = (__typeof__(*(ptr)))0, -EFAULT);		\
})

extern unsigned long __copy_tofrom_user(void __user *to,
		const void __user *from, unsigned long size);

static inline unsigned long raw_copy_from_user(void *to,
		const void __user *from, unsigned long n)
{
	unsigned long ret;

	allow_read_from_user(from, n);
	ret = __copy_tofrom_user((__force void __user *)to, from, n);
	prevent_read_from_user(from, n);
	return ret;
}

static inline unsigned long raw_copy_to_user(void __user *to,
		const void *from, unsigned long n)
{
	unsigned long ret;

	allow_write_to_user(to, n);
	ret = __copy_tofrom_user(to, (__force const void __user *)from, n);
	prevent_write_to_user(to, n);
	return ret;
}

#define INLINE_COPY_FROM_USER
#define INLINE_COPY_TO_USER

extern unsigned long __arch_clear_user(void __user *addr, unsigned long size);

static inline unsigned long __clear_user(void __user *addr, unsigned long size)
{
	unsigned long ret;

	might_fault();
	allow_write_to_user(addr, size);
	ret = __arch_clear_user(addr, size);
	prevent_write_to_user(addr, size);
	return ret;
}
#define __clear_user __clear_user

static inline unsigned long clear_user(void __user *addr, unsigned long size)
{
	return likely(access_ok(addr, size)) ? __clear_user(addr, size) : size;
}

__must_check long strncpy_from_user(char *dst, const char __user *src,
				    long count);
__must_check long strnlen_user(const char __user *src, long n);

static __must_check __always_inline bool
user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return false;
	might_fault();
	allow_read_write_user((void __user *)ptr, ptr, len);
	return true;
}
#define user_access_begin	user_access_begin
#define user_access_end		prevent_current_access_user
#define user_access_save	prevent_user_access_return
#define user_access_restore	restore_user_access

static __must_check __always_inline bool
user_read_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return false;
	might_fault();
	allow_read_from_user(ptr, len);
	return true;
}
#define user_read_access_begin	user_read_access_begin
#define user_read_access_end	prevent_current_read_from_user

static __must_check __always_inline bool
user_write_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return false;
	might_fault();
	allow_write_to_user((void __user *)ptr, len);
	return true;
}
#define user_write_access_begin	user_write_access_begin
#define user_write_access_end	prevent_current_write_to_user

#define unsafe_get_user(x, p, e) do {					\
	__long_type(*(p)) __gu_val;					\
	__typeof__(*(p)) __user *__gu_addr = (p);			\
									\
	__get_user_size_goto(__gu_val, __gu_addr, sizeof(*(p)), e);	\
	(x) = (__typeof__(*(p)))__gu_val;				\
} while (0)

#define unsafe_put_user(x, p, e) \
	__put_user_size_goto((__typeof__(*(p)))(x), (p), sizeof(*(p)), e)

#define unsafe_copy_loop(dst, src, len, type, op, label)		\
	while (len >= sizeof(type)) {					\
		op(*(type *)(src), (type __user *)(dst), sizeof(type), label); \
		dst += sizeof(type);					\
		src += sizeof(type);					\
		len -= sizeof(type);					\
	}

#define unsafe_copy_to_user(d, s, l, e)					\
do {									\
	u8 __user *_dst = (u8 __user *)(d);				\
	const u8 *_src = (const u8 *)(s);				\
	size_t _len = (l);						\
									\
	unsafe_copy_loop(_dst, _src, _len, u64, __put_user_size_goto, e); \
	unsafe_copy_loop(_dst, _src, _len, u32, __put_user_size_goto, e); \
	unsafe_copy_loop(_dst, _src, _len, u16, __put_user_size_goto, e); \
	unsafe_copy_loop(_dst, _src, _len, u8, __put_user_size_goto, e);  \
} while (0)

#define unsafe_copy_from_user(d, s, l, e)				\
do {									\
	u8 *_dst = (u8 *)(d);						\
	const u8 __user *_src = (const u8 __user *)(s);			\
	size_t _len = (l);						\
									\
	while (_len >= 1) {						\
		__get_user_size_goto(*_dst, _src, 1, e);		\
		_dst++; _src++; _len--;					\
	}								\
} while (0)

#endif /* _FIXTURE_POWERPC_ASM_UACCESS_H */
