/*
 * uaccess-lint test fixture -- generic flavor.
 *
 * Models the Linux 6.12 include/linux/uaccess.h on an arch that has no
 * user-access window of its own and takes its accessors from
 * include/asm-generic/uaccess.h (shaped like hexagon).  Written for
 * uaccess-lint's tests, not copied from the kernel: macro names, which
 * names are macros and which are functions, and how the macros nest follow
 * the real headers; bodies are cut down.  Tests include only this file.
 *
 * Because the arch defines neither user_access_begin nor
 * masked_user_access_begin, this file's fallbacks apply:
 *   - user_access_begin(ptr,len) is access_ok(ptr, len), i.e.
 *     likely(__access_ok(ptr, len)); user_access_end() is
 *     do { } while (0), so a missing end is invisible at run time;
 *   - user_{read,write}_access_{begin,end} are object-like macros naming
 *     user_access_begin / user_access_end;
 *   - unsafe_op_wrap(op, err) is do { if (unlikely(op)) goto err; }
 *     while (0), and unsafe_{put,get}_user / unsafe_copy_{to,from}_user
 *     wrap __put_user / __get_user / __copy_{to,from}_user with it (a C
 *     goto, no asm goto anywhere);
 *   - user_access_save() is an inline function returning 0,
 *     user_access_restore() an empty inline function;
 *   - can_do_masked_user_access() is 0, masked_user_access_begin(src) is
 *     NULL and mask_user_address(src) is (src).
 * There is no unsafe_try_cmpxchg_user() on such an arch (as in the kernel).
 * The arch inlines the checked copies (INLINE_COPY_{FROM,TO}_USER), so
 * copy_{from,to}_user() use _inline_copy_{from,to}_user().
 */
#ifndef __LINUX_UACCESS_H__
#define __LINUX_UACCESS_H__

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fault-inject-usercopy.h>
#include <linux/nospec.h>
#include <linux/instrumented.h>
#include <linux/thread_info.h>

#include <asm/uaccess.h>

/* No pointer tagging in this configuration. */
#ifndef untagged_addr
#define untagged_addr(addr) (addr)
#endif

#ifdef masked_user_access_begin
 #define can_do_masked_user_access() 1
#else
 #define can_do_masked_user_access() 0
 #define masked_user_access_begin(src) NULL
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

/* Fallback kernel-address probes (used here: the arch has none). */
#ifndef __get_kernel_nofault
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

/*
 * Fallback window API for arches without one (used here): the begin is
 * just the range check, the end does nothing, and each unsafe_*() op is a
 * self-contained accessor whose non-zero result becomes a goto.
 */
#ifndef user_access_begin
#define user_access_begin(ptr,len) access_ok(ptr, len)
#define user_access_end() do { } while (0)
#define unsafe_op_wrap(op, err) do { if (unlikely(op)) goto err; } while (0)
#define unsafe_get_user(x,p,e) unsafe_op_wrap(__get_user(x,p),e)
#define unsafe_put_user(x,p,e) unsafe_op_wrap(__put_user(x,p),e)
#define unsafe_copy_to_user(d,s,l,e) unsafe_op_wrap(__copy_to_user(d,s,l),e)
#define unsafe_copy_from_user(d,s,l,e) unsafe_op_wrap(__copy_from_user(d,s,l),e)
static inline unsigned long user_access_save(void) { return 0UL; }
static inline void user_access_restore(unsigned long flags) { }
#endif
#ifndef user_write_access_begin
#define user_write_access_begin user_access_begin
#define user_write_access_end user_access_end
#endif
#ifndef user_read_access_begin
#define user_read_access_begin user_access_begin
#define user_read_access_end user_access_end
#endif

#endif /* __LINUX_UACCESS_H__ */
