/*
 * uaccess-lint test fixture -- v619 flavor (Linux 6.19 generic layer on x86_64).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The x86 user-access layer as of 6.19.  Same as the 6.12 x86 fixture
 * except for the 6.19 renames ("x86/uaccess: Use unsafe wrappers for ASM
 * GOTO"): the arch now provides
 *     arch_unsafe_put_user(), arch_unsafe_get_user(),
 *     arch_get_kernel_nofault(), arch_put_kernel_nofault()
 * and <linux/uaccess.h> wraps each of them in a do/while with a
 * "__label__ local_label;" so that the asm goto only ever jumps to a label
 * in its own block, and a plain C "goto label;" does the rest.
 *
 * Unchanged from 6.12 and therefore NOT wrapped:
 *  - unsafe_copy_to_user() stays an x86 macro; its chunk loops call
 *    unsafe_put_user(), which is now the wrapped generic one, so every
 *    chunk store gets its own local label.
 *  - unsafe_try_cmpxchg_user() stays an x86 macro whose asm goto names the
 *    caller's label directly.
 *
 * Shape of the rest: see the comment at the top of the x86 flavor's
 * asm/uaccess.h (user_access_begin() inline function + same-named macro,
 * user_access_end() -> clac(), __put_user_size() switch over asm goto, ...).
 *
 * Deviation (fixture addition): unsafe_copy_from_user() is not an x86 macro
 * in the kernel; one is provided in the same loop style, built from
 * unsafe_get_user() (so from the wrapped form, like unsafe_copy_to_user()).
 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/instrumented.h>
#include <asm/asm.h>
#include <asm/page.h>
#include <asm/barrier.h>
#include <asm/smap.h>

#include <asm/uaccess_64.h>

#include <asm-generic/access_ok.h>

/* Out-of-line get_user() helpers; odd calling convention, see below. */
extern int __get_user_1(void);
extern int __get_user_2(void);
extern int __get_user_4(void);
extern int __get_user_8(void);
extern int __get_user_nocheck_1(void);
extern int __get_user_nocheck_2(void);
extern int __get_user_nocheck_4(void);
extern int __get_user_nocheck_8(void);
extern int __get_user_bad(void);

/* Raw window toggles (no range check). */
#define __uaccess_begin()	stac()
#define __uaccess_end()		clac()
#define __uaccess_begin_nospec()	\
({					\
	stac();				\
	barrier_nospec();		\
})

/*
 * Smallest unsigned integer type at least as wide as x (up to unsigned long
 * long), picked at compile time.
 */
#define __inttype(x) __typeof__(			\
	__typefits(x, char,				\
	  __typefits(x, short,				\
	    __typefits(x, int,				\
	      __typefits(x, long, 0ULL)))))

#define __typefits(x, type, not) \
	__builtin_choose_expr(sizeof(x) <= sizeof(type), (unsigned type)0, not)

/*
 * get_user()/__get_user(): call __get_user_N / __get_user_nocheck_N with the
 * pointer in %rax; the value comes back in %rdx and the error in %eax.
 */
#define do_get_user_call(fn, x, ptr)					\
({									\
	int __ret_gu;							\
	register __inttype(*(ptr)) __val_gu asm("%" _ASM_DX);		\
	__chk_user_ptr(ptr);						\
	asm volatile("call __" #fn "_%c[size]"				\
		     : "=a" (__ret_gu), "=r" (__val_gu),		\
		       ASM_CALL_CONSTRAINT				\
		     : "0" (ptr), [size] "i" (sizeof(*(ptr))));		\
	instrument_get_user(__val_gu);					\
	(x) = (__force __typeof__(*(ptr))) __val_gu;			\
	__builtin_expect(__ret_gu, 0);					\
})

/* Checked: the helper range-checks; 0 or -EFAULT. */
#define get_user(x, ptr) ({ might_fault(); do_get_user_call(get_user, x, ptr); })

/* Unchecked: the caller must have done access_ok(). */
#define __get_user(x, ptr) do_get_user_call(get_user_nocheck, x, ptr)

/* 64-bit store: one movq, same as the smaller sizes. */
#define __put_user_goto_u64(x, ptr, label) \
	__put_user_goto(x, ptr, "q", "er", label)

extern void __put_user_bad(void);

/* Out-of-line put_user() helpers: pointer in %rcx, value in %rax. */
extern void __put_user_1(void);
extern void __put_user_2(void);
extern void __put_user_4(void);
extern void __put_user_8(void);
extern void __put_user_nocheck_1(void);
extern void __put_user_nocheck_2(void);
extern void __put_user_nocheck_4(void);
extern void __put_user_nocheck_8(void);

/*
 * The pointer is evaluated into a temporary before the value is loaded
 * into %rax, so nothing in the pointer expression can clobber it.
 */
#define do_put_user_call(fn, x, ptr)					\
({									\
	int __ret_pu;							\
	void __user *__ptr_pu;						\
	register __typeof__(*(ptr)) __val_pu asm("%" _ASM_AX);		\
	__typeof__(*(ptr)) __x = (x);					\
	__typeof__(ptr) __ptr = (ptr);					\
	__chk_user_ptr(__ptr);						\
	__ptr_pu = __ptr;						\
	__val_pu = __x;							\
	asm volatile("call __" #fn "_%c[size]"				\
		     : "=c" (__ret_pu),					\
		       ASM_CALL_CONSTRAINT				\
		     : "0" (__ptr_pu),					\
		       "r" (__val_pu),					\
		       [size] "i" (sizeof(*(ptr)))			\
		     : "ebx");						\
	instrument_put_user(__x, __ptr, sizeof(*(ptr)));		\
	__builtin_expect(__ret_pu, 0);					\
})

/* Checked: the helper range-checks; 0 or -EFAULT. */
#define put_user(x, ptr) ({ might_fault(); do_put_user_call(put_user, x, ptr); })

/* Unchecked: the caller must have done access_ok(). */
#define __put_user(x, ptr) do_put_user_call(put_user_nocheck, x, ptr)

/* Store of 1/2/4/8 bytes inside an open window; faults jump to 'label'. */
#define __put_user_size(x, ptr, size, label)				\
do {									\
	__typeof__(*(ptr)) __x = (x);					\
	__typeof__(ptr) __ptr = (ptr);					\
	__chk_user_ptr(__ptr);						\
	switch (size) {							\
	case 1:								\
		__put_user_goto(__x, __ptr, "b", "iq", label);		\
		break;							\
	case 2:								\
		__put_user_goto(__x, __ptr, "w", "ir", label);		\
		break;							\
	case 4:								\
		__put_user_goto(__x, __ptr, "l", "ir", label);		\
		break;							\
	case 8:								\
		__put_user_goto_u64(__x, __ptr, label);			\
		break;							\
	default:							\
		__put_user_bad();					\
	}								\
	instrument_put_user(__x, __ptr, size);				\
} while (0)

#ifdef CONFIG_CC_HAS_ASM_GOTO_OUTPUT

#define __get_user_asm_u64(x, ptr, label)				\
	__get_user_asm(x, ptr, "q", "=r", label)

/* Load of 1/2/4/8 bytes inside an open window; faults jump to 'label'. */
#define __get_user_size(x, ptr, size, label)				\
do {									\
	__chk_user_ptr(ptr);						\
	switch (size) {							\
	case 1:	{							\
		unsigned char x_u8__;					\
		__get_user_asm(x_u8__, ptr, "b", "=q", label);		\
		(x) = x_u8__;						\
		break;							\
	}								\
	case 2:								\
		__get_user_asm(x, ptr, "w", "=r", label);		\
		break;							\
	case 4:								\
		__get_user_asm(x, ptr, "l", "=r", label);		\
		break;							\
	case 8:								\
		__get_user_asm_u64(x, ptr, label);			\
		break;							\
	default:							\
		(x) = __get_user_bad();					\
	}								\
	instrument_get_user(x);						\
} while (0)

/* asm goto with an output: operand 0 out, 1 in, so %l2 is the label. */
#define __get_user_asm(x, addr, itype, ltype, label)			\
	asm_goto_output("\n"						\
		     "1:\tmov" itype " %[umem],%[output]\n"		\
		     _ASM_EXTABLE_UA(1b, %l2)				\
		     : [output] ltype(x)				\
		     : [umem] "m" (__m(addr))				\
		     : : label)

#else /* !CONFIG_CC_HAS_ASM_GOTO_OUTPUT */

#define __get_user_asm_u64(x, ptr, retval) \
	__get_user_asm(x, ptr, retval, "q")

/* Same loads, reporting a fault through 'retval' instead of a label. */
#define __get_user_size(x, ptr, size, retval)				\
do {									\
	unsigned char x_u8__;						\
									\
	retval = 0;							\
	__chk_user_ptr(ptr);						\
	switch (size) {							\
	case 1:								\
		__get_user_asm(x_u8__, ptr, retval, "b");		\
		(x) = x_u8__;						\
		break;							\
	case 2:								\
		__get_user_asm(x, ptr, retval, "w");			\
		break;							\
	case 4:								\
		__get_user_asm(x, ptr, retval, "l");			\
		break;							\
	case 8:								\
		__get_user_asm_u64(x, ptr, retval);			\
		break;							\
	default:							\
		(x) = __get_user_bad();					\
	}								\
} while (0)

/* The fixup writes -EFAULT into 'err' and clears the value register. */
#define __get_user_asm(x, addr, err, itype)				\
	asm volatile("\n"						\
		     "1:\tmov" itype " %[umem],%[output]\n"		\
		     "2:\n"						\
		     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG |	\
					   EX_FLAG_CLEAR_AX,		\
					   %[errout])			\
		     : [errout] "=r" (err),				\
		       [output] "=a" (x)				\
		     : [umem] "m" (__m(addr)),				\
		       "0" (err))

#endif /* CONFIG_CC_HAS_ASM_GOTO_OUTPUT */

#ifdef CONFIG_CC_HAS_ASM_GOTO_TIED_OUTPUT
/* Locked cmpxchg on user memory; a fault jumps straight to 'label'. */
#define __try_cmpxchg_user_asm(itype, ltype, _ptr, _pold, _new, label)	({ \
	bool success;							\
	__typeof__(_ptr) _old = (__typeof__(_ptr))(_pold);		\
	__typeof__(*(_ptr)) __old = *_old;				\
	__typeof__(*(_ptr)) __new = (_new);				\
	asm_goto_output("\n"						\
		     "1: " LOCK_PREFIX "cmpxchg" itype " %[new], %[ptr]\n" \
		     _ASM_EXTABLE_UA(1b, %l[label])			\
		     : CC_OUT(z) (success),				\
		       [ptr] "+m" (*_ptr),				\
		       [old] "+a" (__old)				\
		     : [new] ltype (__new)				\
		     : "memory"						\
		     : label);						\
	if (unlikely(!success))						\
		*_old = __old;						\
	likely(success);					})
#else /* !CONFIG_CC_HAS_ASM_GOTO_TIED_OUTPUT */
/* Same, with the fault reported in __err and turned into a C goto. */
#define __try_cmpxchg_user_asm(itype, ltype, _ptr, _pold, _new, label)	({ \
	int __err = 0;							\
	bool success;							\
	__typeof__(_ptr) _old = (__typeof__(_ptr))(_pold);		\
	__typeof__(*(_ptr)) __old = *_old;				\
	__typeof__(*(_ptr)) __new = (_new);				\
	asm volatile("\n"						\
		     "1: " LOCK_PREFIX "cmpxchg" itype " %[new], %[ptr]\n" \
		     CC_SET(z)						\
		     "2:\n"						\
		     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG,	\
					   %[errout])			\
		     : CC_OUT(z) (success),				\
		       [errout] "+r" (__err),				\
		       [ptr] "+m" (*_ptr),				\
		       [old] "+a" (__old)				\
		     : [new] ltype (__new)				\
		     : "memory");					\
	if (unlikely(__err))						\
		goto label;						\
	if (unlikely(!success))						\
		*_old = __old;						\
	likely(success);					})
#endif /* CONFIG_CC_HAS_ASM_GOTO_TIED_OUTPUT */

/* Memory operand covering "whatever is at x", for the asm templates. */
struct __large_struct { unsigned long buf[100]; };
#define __m(x) (*(struct __large_struct __user *)(x))

/* asm goto store: operands 0 and 1 are inputs, so %l2 is the label. */
#define __put_user_goto(x, addr, itype, ltype, label)			\
	asm goto("\n"							\
		"1:\tmov" itype " %0,%1\n"				\
		_ASM_EXTABLE_UA(1b, %l2)				\
		: : ltype(x), "m" (__m(addr))				\
		: : label)

extern unsigned long
copy_from_user_nmi(void *to, const void __user *from, unsigned long n);
extern __must_check long
strncpy_from_user(char *dst, const char __user *src, long count);
extern __must_check long strnlen_user(const char __user *str, long n);

/*
 * Checked window open.  Returns false (nothing opened) when the range is
 * not a user range; the caller then returns -EFAULT without an end.
 */
static __must_check __always_inline bool user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	__uaccess_begin_nospec();
	return 1;
}
#define user_access_begin(a,b)	user_access_begin(a,b)
#define user_access_end()	__uaccess_end()

#define user_access_save()	smap_save()
#define user_access_restore(x)	smap_restore(x)

/*
 * Only valid inside a window; a fault jumps to 'label'.  Used through the
 * unsafe_put_user()/unsafe_get_user() wrappers in <linux/uaccess.h>.
 */
#define arch_unsafe_put_user(x, ptr, label)	\
	__put_user_size((__typeof__(*(ptr)))(x), (ptr), sizeof(*(ptr)), label)

#ifdef CONFIG_CC_HAS_ASM_GOTO_OUTPUT
#define arch_unsafe_get_user(x, ptr, err_label)					\
do {										\
	__inttype(*(ptr)) __gu_val;						\
	__get_user_size(__gu_val, (ptr), sizeof(*(ptr)), err_label);		\
	(x) = (__force __typeof__(*(ptr)))__gu_val;				\
} while (0)
#else /* !CONFIG_CC_HAS_ASM_GOTO_OUTPUT */
#define arch_unsafe_get_user(x, ptr, err_label)					\
do {										\
	int __gu_err;								\
	__inttype(*(ptr)) __gu_val;						\
	__get_user_size(__gu_val, (ptr), sizeof(*(ptr)), __gu_err);		\
	(x) = (__force __typeof__(*(ptr)))__gu_val;				\
	if (unlikely(__gu_err)) goto err_label;					\
} while (0)
#endif /* CONFIG_CC_HAS_ASM_GOTO_OUTPUT */

extern void __try_cmpxchg_user_wrong_size(void);

#define __try_cmpxchg64_user_asm(_ptr, _oldp, _nval, _label)		\
	__try_cmpxchg_user_asm("q", "r", (_ptr), (_oldp), (_nval), _label)

/*
 * Compare-and-exchange on user memory inside a window.  Value: true if the
 * exchange happened; on a fault, jumps to _label.  The pointer is cast to
 * the sized type in every case so clang can type-check all arms.
 */
#define unsafe_try_cmpxchg_user(_ptr, _oldp, _nval, _label) ({			\
	bool __ret;								\
	__chk_user_ptr(_ptr);							\
	switch (sizeof(*(_ptr))) {						\
	case 1:	__ret = __try_cmpxchg_user_asm("b", "q",			\
					       (__force u8 *)(_ptr), (_oldp),	\
					       (_nval), _label);		\
		break;								\
	case 2:	__ret = __try_cmpxchg_user_asm("w", "r",			\
					       (__force u16 *)(_ptr), (_oldp),	\
					       (_nval), _label);		\
		break;								\
	case 4:	__ret = __try_cmpxchg_user_asm("l", "r",			\
					       (__force u32 *)(_ptr), (_oldp),	\
					       (_nval), _label);		\
		break;								\
	case 8:	__ret = __try_cmpxchg64_user_asm((__force u64 *)(_ptr), (_oldp),\
						 (_nval), _label);		\
		break;								\
	default: __try_cmpxchg_user_wrong_size();				\
	}									\
	__ret;						})

/*
 * Self-contained variant: opens and closes its own (unchecked) window and
 * defines _label itself.  0 on success, 1 on mismatch, -EFAULT on a fault.
 */
#define __try_cmpxchg_user(_ptr, _oldp, _nval, _label)	({		\
	int __ret = -EFAULT;						\
	__uaccess_begin_nospec();					\
	__ret = !unsafe_try_cmpxchg_user(_ptr, _oldp, _nval, _label);	\
_label:									\
	__uaccess_end();						\
	__ret;								\
							})

/* Copy 'len' bytes in chunks of 'type' while at least one chunk is left. */
#define unsafe_copy_loop(dst, src, len, type, label)				\
	while (len >= sizeof(type)) {						\
		unsafe_put_user(*(type *)(src), (type __user *)(dst), label);	\
		dst += sizeof(type);						\
		src += sizeof(type);						\
		len -= sizeof(type);						\
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

/* Fixture addition (no x86 kernel macro): read-side twin of the above. */
#define unsafe_copy_from_user_loop(dst, src, len, type, label)		\
	while (len >= sizeof(type)) {						\
		unsafe_get_user(*(type *)(dst), (const type __user *)(src), label); \
		dst += sizeof(type);						\
		src += sizeof(type);						\
		len -= sizeof(type);						\
	}

#define unsafe_copy_from_user(_dst, _src, _len, label)			\
do {									\
	char *__ucf_dst = (_dst);					\
	const char __user *__ucf_src = (_src);				\
	size_t __ucf_len = (_len);					\
	unsafe_copy_from_user_loop(__ucf_dst, __ucf_src, __ucf_len, u64, label); \
	unsafe_copy_from_user_loop(__ucf_dst, __ucf_src, __ucf_len, u32, label); \
	unsafe_copy_from_user_loop(__ucf_dst, __ucf_src, __ucf_len, u16, label); \
	unsafe_copy_from_user_loop(__ucf_dst, __ucf_src, __ucf_len, u8, label);  \
} while (0)

/*
 * Kernel-address probes reuse the same sized asm with kernel pointers;
 * <linux/uaccess.h> wraps them as __get/__put_kernel_nofault().
 */
#ifdef CONFIG_CC_HAS_ASM_GOTO_OUTPUT
#define arch_get_kernel_nofault(dst, src, type, err_label)			\
	__get_user_size(*((type *)(dst)), (__force type __user *)(src),	\
			sizeof(type), err_label)
#else /* !CONFIG_CC_HAS_ASM_GOTO_OUTPUT */
#define arch_get_kernel_nofault(dst, src, type, err_label)			\
do {									\
	int __kr_err;							\
									\
	__get_user_size(*((type *)(dst)), (__force type __user *)(src),	\
			sizeof(type), __kr_err);			\
	if (unlikely(__kr_err))						\
		goto err_label;						\
} while (0)
#endif /* CONFIG_CC_HAS_ASM_GOTO_OUTPUT */

#define arch_put_kernel_nofault(dst, src, type, err_label)			\
	__put_user_size(*((type *)(src)), (__force type __user *)(dst),	\
			sizeof(type), err_label)

#endif /* _ASM_X86_UACCESS_H */
