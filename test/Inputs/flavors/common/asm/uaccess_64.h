/*
 * uaccess-lint test fixture -- common to the x86 and v619 flavors (x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The 64-bit half of the x86 user-access code: the address-limit check
 * (__access_ok), pointer masking (masked_user_access_begin), the block
 * copy primitive and clear_user().
 *
 * Shape notes:
 *  - masked_user_access_begin(x) is a macro: a statement expression that
 *    clamps the pointer, opens the window with __uaccess_begin() (stac())
 *    and yields the clamped pointer.  It cannot fail.
 *  - __access_ok is an inline function with a same-named object-like macro
 *    so the generic access_ok.h keeps its hands off.
 *  - copy_user_generic() opens and closes its own window (stac ... clac).
 */
#ifndef _ASM_X86_UACCESS_64_H
#define _ASM_X86_UACCESS_64_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <asm/asm.h>
#include <asm/page.h>
#include <asm/smap.h>

/* Highest user address, fixed at boot (a module-style plain load here). */
extern unsigned long USER_PTR_MAX;
#define runtime_const_ptr(sym)	(sym)

#define valid_user_address(x) \
	((__force unsigned long)(x) <= runtime_const_ptr(USER_PTR_MAX))

/* Clamp a user pointer: anything above USER_PTR_MAX becomes USER_PTR_MAX. */
static inline void __user *mask_user_address(const void __user *ptr)
{
	void __user *ret;

	asm("cmp %1,%0\n\t"
	    "cmova %1,%0"
	    : "=r" (ret)
	    : "r" (runtime_const_ptr(USER_PTR_MAX)), "0" (ptr));
	return ret;
}

#define masked_user_access_begin(x) ({				\
	__auto_type __masked_ptr = (x);				\
	__masked_ptr = mask_user_address(__masked_ptr);		\
	__uaccess_begin(); __masked_ptr; })

/*
 * Is [ptr, ptr + size) below the user limit?  Small constant sizes only need
 * the start checked (a guard page follows the user range).
 */
static inline bool __access_ok(const void __user *ptr, unsigned long size)
{
	if (__builtin_constant_p(size <= PAGE_SIZE) && size <= PAGE_SIZE) {
		return valid_user_address(ptr);
	} else {
		unsigned long end = size + (__force unsigned long)ptr;

		return valid_user_address(end) &&
		       end >= (__force unsigned long)ptr;
	}
}
#define __access_ok __access_ok

/* Out-of-line fallback of the block copy; no range check of its own. */
__must_check unsigned long
rep_movs_alternative(void *to, const void *from, unsigned len);

static __always_inline __must_check unsigned long
copy_user_generic(void *to, const void *from, unsigned long len)
{
	stac();
	asm volatile(
		"1:\n\t"
		ALTERNATIVE("rep movsb",
			    "call rep_movs_alternative", ALT_NOT(X86_FEATURE_FSRM))
		"2:\n"
		_ASM_EXTABLE_UA(1b, 2b)
		: "+c" (len), "+D" (to), "+S" (from), ASM_CALL_CONSTRAINT
		: : "memory", "rax");
	clac();
	return len;
}

static __always_inline __must_check unsigned long
raw_copy_from_user(void *dst, const void __user *src, unsigned long size)
{
	return copy_user_generic(dst, (__force void *)src, size);
}

static __always_inline __must_check unsigned long
raw_copy_to_user(void __user *dst, const void *src, unsigned long size)
{
	return copy_user_generic((__force void *)dst, src, size);
}

/* Out-of-line fallback of the block clear. */
__must_check unsigned long
rep_stos_alternative(void __user *addr, unsigned long len);

/* Zero user memory with no range check; the caller did access_ok(). */
static __always_inline __must_check unsigned long
__clear_user(void __user *addr, unsigned long size)
{
	might_fault();
	stac();
	asm volatile(
		"1:\n\t"
		ALTERNATIVE("rep stosb",
			    "call rep_stos_alternative", ALT_NOT(X86_FEATURE_FSRS))
		"2:\n"
		_ASM_EXTABLE_UA(1b, 2b)
		: "+c" (size), "+D" (addr), ASM_CALL_CONSTRAINT
		: "a" (0));
	clac();
	return size;
}

/* Checked clear: returns the number of bytes not cleared. */
static __always_inline unsigned long clear_user(void __user *to, unsigned long n)
{
	if (__access_ok(to, n))
		return __clear_user(to, n);
	return n;
}

#endif /* _ASM_X86_UACCESS_64_H */
