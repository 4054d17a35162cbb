/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * might_fault()/might_sleep() as plain extern functions, plus a few
 * out-of-line kernel functions the tests call inside and outside windows.
 * The test helpers are not part of the kernel's uaccess.h; they are here
 * so test sources need no other include.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/typecheck.h>

/*
 * A user pointer held in a u64, as ioctl argument structs hold them: a
 * statement expression whose value is the cast.
 */
#define u64_to_user_ptr(x)			\
({	typecheck(u64, (x));			\
	(void __user *)(uintptr_t)(x);		\
})

extern void might_fault(void);
extern void might_sleep(void);

/* Test helpers. */
#define GFP_KERNEL 0
extern void schedule(void);
extern void mutex_lock(void *lock);
extern void mutex_unlock(void *lock);
extern void kfree(const void *objp);
extern void *kmalloc(size_t size, int flags);

#endif /* _LINUX_KERNEL_H */
