// What counts as a check (issue 12): __access_ok() written directly is one
// (6.12 arch/x86/kernel/stacktrace.c copy_stack_frame()); an access_ok()
// that never runs, inside sizeof as BUILD_BUG_ON_INVALID() puts it
// (i915's GEM_BUG_ON() without CONFIG_DRM_I915_DEBUG_GEM), is not. A
// pointer made from a 32-bit value needs none on a 64-bit kernel.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// A 32-bit kernel (the generic flavor, built for i686):
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags -target i686-linux-gnu 2>&1 | FileCheck %s --check-prefixes=CHECK,BITS32 --implicit-check-not=warning:

#include <linux/uaccess.h>

#define BUILD_BUG_ON_INVALID(e) ((void)(sizeof((long)(e))))
#define GEM_BUG_ON(expr) BUILD_BUG_ON_INVALID(expr)

struct stack_frame_user {
	const void __user *next_fp;
	unsigned long ret_addr;
};

/* Checked by __access_ok() three lines up: silent. */
int copy_stack_frame(struct stack_frame_user __user *fp,
		     struct stack_frame_user *frame)
{
	int ret;

	if (!__access_ok(fp, sizeof(*frame)))
		return 0;

	ret = 1;

	if (__get_user(frame->next_fp, &fp->next_fp) ||
	    __get_user(frame->ret_addr, &fp->ret_addr))
		ret = 0;

	return ret;
}

/* The assertion compiles to nothing: no check runs before the copy. */
int shmem_pwrite(char __user *user_data, const char *vaddr,
		 unsigned long len)
{
	GEM_BUG_ON(!access_ok(user_data, len));
	if (__copy_to_user(user_data, vaddr, len))
		return -EFAULT;
// CHECK: check-forms.c:[[@LINE-2]]:6: warning: '__copy_to_user' is not guarded by any access_ok() on 'user_data', here or in its callers [access-ok-far]
	return 0;
}

/* Nor does one in typeof. */
int typeof_check(char __user *p, const char *k, unsigned long n)
{
	__typeof__(access_ok(p, n)) ok = 1;

	if (__copy_to_user(p, k, n))
		return -EFAULT;
// CHECK: check-forms.c:[[@LINE-2]]:6: warning: '__copy_to_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
	return ok;
}

struct pt_regs { unsigned long bp, sp; };

/* 6.12 arch/x86/entry/common.c __do_fast_syscall_32(): a pointer made from
   a 32-bit value is below 4 GiB, in user space on a 64-bit kernel. On a
   32-bit one it may be any address, and needs its check. */
int fetch_bp(struct pt_regs *regs)
{
	return __get_user(*(u32 *)&regs->bp,
			  (u32 __user *)(unsigned long)(u32)regs->sp);
// BITS32: check-forms.c:[[@LINE-2]]:9: warning: '__get_user' through '(u32 __user *)(unsigned long)(u32)regs->sp' is not guarded by any access_ok() [access-ok-far]
}

/* compat_ptr() makes its pointer from a 32-bit value too: cast, or held
   in a local pointer set once. */
typedef u32 compat_uptr_t;
static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}

int fetch_compat(compat_uptr_t uptr, u32 *out)
{
	return __get_user(*out, (u32 __user *)compat_ptr(uptr));
// BITS32: check-forms.c:[[@LINE-1]]:9: warning: '__get_user' through '(u32 __user *)compat_ptr(uptr)' is not guarded by any access_ok() [access-ok-far]
}

int fetch_compat_local(compat_uptr_t uptr, u32 *out)
{
	u32 __user *p = compat_ptr(uptr);

	return __get_user(*out, p);
// BITS32: check-forms.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded by any access_ok() on 'p' [access-ok-far]
}

/* Made from a 64-bit value: checked nowhere. */
int fetch_bp_wide(struct pt_regs *regs)
{
	return __get_user(*(u32 *)&regs->bp,
			  (u32 __user *)(unsigned long)regs->sp);
// CHECK: check-forms.c:[[@LINE-2]]:9: warning: '__get_user' is not guarded by any access_ok() on 'regs->sp', here or in its callers [access-ok-far]
}

/* 6.12 mm/maccess.c copy_from_user_nofault(): the copies for atomic
   context trust an access_ok() as __copy_from_user() does. Silent. */
long read_nofault(void *dst, const void __user *src, size_t size)
{
	long ret = -EFAULT;

	if (!__access_ok(src, size))
		return ret;
	ret = __copy_from_user_inatomic(dst, src, size);
	return ret ? -EFAULT : 0;
}

/* The same copies with no check: reported. */
long read_nocheck(void *dst, const void __user *src, size_t size)
{
	return __copy_from_user_inatomic(dst, src, size) ? -EFAULT : 0;
// CHECK: check-forms.c:[[@LINE-1]]:9: warning: '__copy_from_user_inatomic' is not guarded by any access_ok() on 'src', here or in its callers [access-ok-far]
}

long write_nocheck(void __user *dst, const void *src, size_t size)
{
	return __copy_to_user_inatomic(dst, src, size) ? -EFAULT : 0;
// CHECK: check-forms.c:[[@LINE-1]]:9: warning: '__copy_to_user_inatomic' is not guarded by any access_ok() on 'dst', here or in its callers [access-ok-far]
}

/* Two checks under one `!`: the `&&` joins before the negation, so q's
   check dominates nothing, yet every path past the return ran it (issue
   29's known false positive, now gone). */
int two_checks_negated_and(u32 __user *p, u32 __user *q, u32 *a, u32 *b)
{
	if (!(access_ok(p, sizeof(*p)) && access_ok(q, sizeof(*q))))
		return -EFAULT;
	if (__get_user(*a, p))
		return -EFAULT;
	return __get_user(*b, q);
}

/* The same `&&` held in a variable, then tested (hostile round 15). */
int two_checks_held(u32 __user *p, u32 __user *q, u32 *a, u32 *b)
{
	int ok = access_ok(p, sizeof(*p)) && access_ok(q, sizeof(*q));

	if (!ok)
		return -EFAULT;
	if (__get_user(*a, p))
		return -EFAULT;
	return __get_user(*b, q);
}

/* Under `!(A || B)` a true A skips B: q's access is not guarded. A false
   A goes on where B is true: p's access is not guarded either. */
int two_checks_negated_or(u32 __user *p, u32 __user *q, u32 *a, u32 *b)
{
	if (!(access_ok(p, sizeof(*p)) || access_ok(q, sizeof(*q))))
		return -EFAULT;
	// CHECK: check-forms.c:[[@LINE+1]]:6: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'p' failed [access-ok-far]
	if (__get_user(*a, p))
		return -EFAULT;
	// CHECK: check-forms.c:[[@LINE+1]]:9: warning: '__get_user' is not guarded on every path: the access_ok() on 'q' does not run before it on all of them [access-ok-far]
	return __get_user(*b, q);
}
