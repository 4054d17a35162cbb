/*
 * uaccess-lint test fixture -- v619 flavor.
 *
 * Models the Linux 6.19 include/linux/uaccess.h as built for x86_64 with
 * clang (CONFIG_CC_HAS_ASM_GOTO_OUTPUT=y; -DFIXTURE_NO_ASM_GOTO_OUTPUT
 * selects the non-output asm path).  Written for uaccess-lint's tests, not
 * copied from the kernel: macro names, macro-vs-function choices and the
 * nesting of the expansions follow the real 6.19 headers; bodies are cut
 * down.  Tests include only this file.
 *
 * New in 6.19 compared with the 6.12 fixtures:
 *  - unsafe_put_user()/unsafe_get_user() are generic wrappers around the
 *    arch's arch_unsafe_put_user()/arch_unsafe_get_user():
 *        do { __label__ local_label;
 *             arch_unsafe_put_user(x, ptr, local_label);
 *             if (0) { local_label: goto label; } } while (0)
 *    so a fault is asm goto -> local_label, then C goto -> label.
 *    __get_kernel_nofault()/__put_kernel_nofault() get the same wrapper.
 *    unsafe_copy_to_user() (x86 macro) reaches the wrapper through its
 *    per-chunk unsafe_put_user(); unsafe_try_cmpxchg_user() (x86 macro)
 *    is not wrapped and still jumps straight to the caller's label.
 *  - masked_user_{read,write}_access_begin default to
 *    masked_user_access_begin (object-like macros);
 *    masked_user_rw_access_begin(u), user_rw_access_begin(u, s) and
 *    user_rw_access_end() are function-like macros onto the plain forms.
 *  - scoped_user_{read,write,rw}_access(uptr, elbl) and the _size(uptr,
 *    size, elbl) variants: four nested for-loops run once; the second
 *    opens the window (masked when possible, otherwise the checked begin,
 *    which on failure does "goto elbl"); the third declares a
 *    CLASS(user_<mode>_access, scope) variable whose cleanup calls
 *    user_<mode>_access_end(), so the end runs on every exit of the scope
 *    (fall-through, break, return, goto); the fourth re-declares uptr as
 *    the (possibly masked) pointer for the body.
 *  - get_user_inline()/put_user_inline(): a scoped access around one
 *    unsafe_*_user() with a __label__ efault local to the statement
 *    expression.
 *
 * As in real 6.19, scoped_user_read_access() on a pointer to const does not
 * compile cleanly (-Wincompatible-pointer-types-discards-qualifiers on the
 * "void __user *_tmpptr = ..." line); that was fixed after 6.19.
 */
#ifndef __LINUX_UACCESS_H__
#define __LINUX_UACCESS_H__

#include <linux/cleanup.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fault-inject-usercopy.h>
#include <linux/nospec.h>
#include <linux/instrumented.h>
#include <linux/ucopysize.h>

#include <asm/uaccess.h>

/* No pointer tagging in this configuration. */
#ifndef untagged_addr
#define untagged_addr(addr) (addr)
#endif

#ifdef masked_user_access_begin
 #define can_do_masked_user_access() 1
# ifndef masked_user_write_access_begin
#  define masked_user_write_access_begin masked_user_access_begin
# endif
# ifndef masked_user_read_access_begin
#  define masked_user_read_access_begin masked_user_access_begin
# endif
#else
 #define can_do_masked_user_access() 0
 #define masked_user_access_begin(src) NULL
 #define masked_user_read_access_begin(src) NULL
 #define masked_user_write_access_begin(src) NULL
 #define mask_user_address(src) (src)
#endif

/*
 * Unchecked block copies: the caller has done access_ok().  They return the
 * number of bytes NOT copied.  The raw_copy_*() primitives open and close
 * their own window.
 */
static __always_inline __must_check unsigned long
__copy_from_user_inatomic(void *to, const void __user *from, unsigned long n)
{
	unsigned long res;

	instrument_copy_from_user_before(to, from, n);
	check_object_size(to, n, false);
	res = raw_copy_from_user(to, from, n);
	instrument_copy_from_user_after(to, from, n, res);
	return res;
}

static __always_inline __must_check unsigned long
__copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long res;

	might_fault();
	instrument_copy_from_user_before(to, from, n);
	if (should_fail_usercopy())
		return n;
	check_object_size(to, n, false);
	res = raw_copy_from_user(to, from, n);
	instrument_copy_from_user_after(to, from, n, res);
	return res;
}

static __always_inline __must_check unsigned long
__copy_to_user_inatomic(void __user *to, const void *from, unsigned long n)
{
	if (should_fail_usercopy())
		return n;
	instrument_copy_to_user(to, from, n);
	check_object_size(from, n, true);
	return raw_copy_to_user(to, from, n);
}

static __always_inline __must_check unsigned long
__copy_to_user(void __user *to, const void *from, unsigned long n)
{
	might_fault();
	if (should_fail_usercopy())
		return n;
	instrument_copy_to_user(to, from, n);
	check_object_size(from, n, true);
	return raw_copy_to_user(to, from, n);
}

/*
 * Bodies of the checked copies, used inline by arches that define
 * INLINE_COPY_{FROM,TO}_USER and out of line (lib/usercopy.c) otherwise.
 * The read side clamps with mask_user_address() when it can instead of
 * range-checking; a short read zero-fills the rest of the kernel buffer.
 */
static inline __must_check unsigned long
_inline_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long res = n;

	might_fault();
	if (should_fail_usercopy())
		goto fail;
	if (can_do_masked_user_access())
		from = mask_user_address(from);
	else {
		if (!access_ok(from, n))
			goto fail;
		barrier_nospec();
	}
	instrument_copy_from_user_before(to, from, n);
	res = raw_copy_from_user(to, from, n);
	instrument_copy_from_user_after(to, from, n, res);
	if (likely(!res))
		return 0;
fail:
	memset((char *)to + (n - res), 0, res);
	return res;
}
extern __must_check unsigned long
_copy_from_user(void *, const void __user *, unsigned long);

static inline __must_check unsigned long
_inline_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	might_fault();
	if (should_fail_usercopy())
		return n;
	if (access_ok(to, n)) {
		instrument_copy_to_user(to, from, n);
		n = raw_copy_to_user(to, from, n);
	}
	return n;
}
extern __must_check unsigned long
_copy_to_user(void __user *, const void *, unsigned long);

/* Checked block copies: own range check, own window. */
static __always_inline unsigned long __must_check
copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (!check_copy_size(to, n, false))
		return n;
#ifdef INLINE_COPY_FROM_USER
	return _inline_copy_from_user(to, from, n);
#else
	return _copy_from_user(to, from, n);
#endif
}

static __always_inline unsigned long __must_check
copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!check_copy_size(from, n, true))
		return n;
#ifdef INLINE_COPY_TO_USER
	return _inline_copy_to_user(to, from, n);
#else
	return _copy_to_user(to, from, n);
#endif
}

extern __must_check int check_zeroed_user(const void __user *from, size_t size);

long copy_from_kernel_nofault(void *dst, const void *src, size_t size);
long notrace copy_to_kernel_nofault(void *dst, const void *src, size_t size);
long copy_from_user_nofault(void *dst, const void __user *src, size_t size);
long notrace copy_to_user_nofault(void __user *dst, const void *src,
				  size_t size);
long strncpy_from_user_nofault(char *dst, const void __user *unsafe_addr,
			       long count);
long strnlen_user_nofault(const void __user *unsafe_addr, long count);

/*
 * Kernel-address probes.  When the arch provides arch_*_kernel_nofault()
 * (asm goto based), route its fault through a label local to this block,
 * then leave with a plain goto, which is also correct out of a cleanup
 * scope.  Otherwise fall back to __get_user()/__put_user().
 */
#ifdef arch_get_kernel_nofault
#define __get_kernel_nofault(dst, src, type, label)		\
do {								\
	__label__ local_label;					\
	arch_get_kernel_nofault(dst, src, type, local_label);	\
	if (0) {						\
	local_label:						\
		goto label;					\
	}							\
} while (0)

#define __put_kernel_nofault(dst, src, type, label)		\
do {								\
	__label__ local_label;					\
	arch_put_kernel_nofault(dst, src, type, local_label);	\
	if (0) {						\
	local_label:						\
		goto label;					\
	}							\
} while (0)

#elif !defined(__get_kernel_nofault)

#define __get_kernel_nofault(dst, src, type, label)	\
do {							\
	type __user *p = (type __force __user *)(src);	\
	type data;					\
	if (__get_user(data, p))			\
		goto label;				\
	*(type *)dst = data;				\
} while (0)

#define __put_kernel_nofault(dst, src, type, label)	\
do {							\
	type __user *p = (type __force __user *)(dst);	\
	type data = *(type *)src;			\
	if (__put_user(data, p))			\
		goto label;				\
} while (0)

#endif

#ifdef user_access_begin

#ifdef arch_unsafe_get_user
/*
 * The arch accessors are asm goto.  An asm goto must not jump out of a
 * scope with cleanups (clang refuses, gcc miscompiles), so the asm goto
 * targets a label declared in this block and a C goto carries the fault on
 * to the caller's label.
 */
#define unsafe_get_user(x, ptr, label)			\
do {							\
	__label__ local_label;				\
	arch_unsafe_get_user(x, ptr, local_label);	\
	if (0) {					\
	local_label:					\
		goto label;				\
	}						\
} while (0)

#define unsafe_put_user(x, ptr, label)			\
do {							\
	__label__ local_label;				\
	arch_unsafe_put_user(x, ptr, local_label);	\
	if (0) {					\
	local_label:					\
		goto label;				\
	}						\
} while (0)
#endif /* arch_unsafe_get_user */

#else /* !user_access_begin */
/*
 * Fallback window API for arches without one: the begin is just the range
 * check, the end does nothing, each unsafe_*() op is a self-contained
 * accessor whose non-zero result becomes a goto.
 */
#define user_access_begin(ptr,len) access_ok(ptr, len)
#define user_access_end() do { } while (0)
#define unsafe_op_wrap(op, err) do { if (unlikely(op)) goto err; } while (0)
#define unsafe_get_user(x,p,e) unsafe_op_wrap(__get_user(x,p),e)
#define unsafe_put_user(x,p,e) unsafe_op_wrap(__put_user(x,p),e)
#define unsafe_copy_to_user(d,s,l,e) unsafe_op_wrap(__copy_to_user(d,s,l),e)
#define unsafe_copy_from_user(d,s,l,e) unsafe_op_wrap(__copy_from_user(d,s,l),e)
static inline unsigned long user_access_save(void) { return 0UL; }
static inline void user_access_restore(unsigned long flags) { }
#endif /* !user_access_begin */

#ifndef user_write_access_begin
#define user_write_access_begin user_access_begin
#define user_write_access_end user_access_end
#endif
#ifndef user_read_access_begin
#define user_read_access_begin user_access_begin
#define user_read_access_end user_access_end
#endif

/* Read-write forms, so that user_##mode##_... also works for mode "rw". */
#define masked_user_rw_access_begin(u)	masked_user_access_begin(u)
#define user_rw_access_begin(u, s)	user_access_begin(u, s)
#define user_rw_access_end()		user_access_end()

/*
 * One cleanup class per mode.  The constructor only passes the pointer
 * through (the window is already open when it runs); the destructor closes
 * the window with the matching end.
 */
#define USER_ACCESS_GUARD(_mode)				\
static __always_inline void __user *				\
class_user_##_mode##_begin(void __user *ptr)			\
{								\
	return ptr;						\
}								\
								\
static __always_inline void					\
class_user_##_mode##_end(void __user *ptr)			\
{								\
	user_##_mode##_access_end();				\
}								\
								\
DEFINE_CLASS(user_ ##_mode## _access, void __user *,		\
	     class_user_##_mode##_end(_T),			\
	     class_user_##_mode##_begin(ptr), void __user *ptr)	\
								\
static __always_inline class_user_##_mode##_access_t		\
class_user_##_mode##_access_ptr(void __user *scope)		\
{								\
	return scope;						\
}

USER_ACCESS_GUARD(read)
USER_ACCESS_GUARD(write)
USER_ACCESS_GUARD(rw)
#undef USER_ACCESS_GUARD

/*
 * Open the window for a scope.  Masked when the arch can (never fails),
 * otherwise the checked begin; a failed check jumps to elbl with nothing
 * opened.  Yields the pointer to use inside the scope.
 */
#define __scoped_user_access_begin(mode, uptr, size, elbl)		\
({									\
	typeof(uptr) __retptr;						\
									\
	if (can_do_masked_user_access()) {				\
		__retptr = masked_user_##mode##_access_begin(uptr);	\
	} else {							\
		__retptr = uptr;					\
		if (!user_##mode##_access_begin(uptr, size))		\
			goto elbl;					\
	}								\
	__retptr;							\
})

/*
 * The scope: nested single-iteration for-loops sharing one 'done' flag.
 * Loop 2 opens the window, loop 3 holds the cleanup guard that ends it,
 * loop 4 shadows uptr with the pointer returned by the begin.  The body
 * may leave with break, return or goto; the guard's cleanup still runs.
 * elbl must be outside the scope.
 */
#define __scoped_user_access(mode, uptr, size, elbl)					\
for (bool done = false; !done; done = true)						\
	for (void __user *_tmpptr = __scoped_user_access_begin(mode, uptr, size, elbl); \
	     !done; done = true)							\
		for (CLASS(user_##mode##_access, scope)(_tmpptr); !done; done = true)	\
			/* the body sees the possibly-masked pointer */			\
			for (const typeof(uptr) uptr = _tmpptr; !done; done = true)

#define scoped_user_read_access_size(usrc, size, elbl)		\
	__scoped_user_access(read, usrc, size, elbl)

#define scoped_user_read_access(usrc, elbl)				\
	scoped_user_read_access_size(usrc, sizeof(*(usrc)), elbl)

#define scoped_user_write_access_size(udst, size, elbl)			\
	__scoped_user_access(write, udst, size, elbl)

#define scoped_user_write_access(udst, elbl)				\
	scoped_user_write_access_size(udst, sizeof(*(udst)), elbl)

#define scoped_user_rw_access_size(uptr, size, elbl)			\
	__scoped_user_access(rw, uptr, size, elbl)

#define scoped_user_rw_access(uptr, elbl)				\
	scoped_user_rw_access_size(uptr, sizeof(*(uptr)), elbl)

/* get_user()/put_user() done inline as a one-access scope: 0 or -EFAULT. */
#define get_user_inline(val, usrc)				\
({								\
	__label__ efault;					\
	typeof(usrc) _tmpsrc = usrc;				\
	int _ret = 0;						\
								\
	scoped_user_read_access(_tmpsrc, efault)		\
		unsafe_get_user(val, _tmpsrc, efault);		\
	if (0) {						\
	efault:							\
		_ret = -EFAULT;					\
	}							\
	_ret;							\
})

#define put_user_inline(val, udst)				\
({								\
	__label__ efault;					\
	typeof(udst) _tmpdst = udst;				\
	int _ret = 0;						\
								\
	scoped_user_write_access(_tmpdst, efault)		\
		unsafe_put_user(val, _tmpdst, efault);		\
	if (0) {						\
	efault:							\
		_ret = -EFAULT;					\
	}							\
	_ret;							\
})

#endif /* __LINUX_UACCESS_H__ */
