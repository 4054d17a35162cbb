// A callback's callers are the calls through the field its TU stores it in
// (issue 12): 6.12 arch/x86/kernel/ptrace.c stores genregs_set() in a
// regset's `.set`, and copy_regset_from_user() (include/linux/regset.h)
// checks access_ok(data, size) before it calls `regset->set(..., data)`.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct task;
struct user_regset;
typedef int user_regset_set_fn(struct task *target,
			       const struct user_regset *regset,
			       unsigned int pos, unsigned int count,
			       const void *kbuf, void __user *ubuf);
struct user_regset {
	unsigned int n;
	user_regset_set_fn *set;
};
struct user_regset_view {
	const struct user_regset *regsets;
};

/* Silent: its only caller, through `.set`, checks the buffer. */
static int genregs_set(struct task *target, const struct user_regset *regset,
		       unsigned int pos, unsigned int count, const void *kbuf,
		       void __user *ubuf)
{
	unsigned long v;

	return __get_user(v, (unsigned long __user *)ubuf);
}

static const struct user_regset x86_64_regsets[] = {
	[0] = { .n = 1, .set = genregs_set },
};

static inline int copy_regset_from_user(struct task *target,
					const struct user_regset_view *view,
					unsigned int setno, unsigned int offset,
					unsigned int size, void __user *data)
{
	const struct user_regset *regset = &view->regsets[setno];

	if (!regset->set)
		return -EINVAL;
	if (!access_ok(data, size))
		return -EFAULT;
	return regset->set(target, regset, offset, size, NULL, data);
}

long arch_ptrace(struct task *child, const struct user_regset_view *view,
		 void __user *datap)
{
	return copy_regset_from_user(child, view, 0, 0, 8, datap);
}

/* Reported: the calls through `->write` pass a pointer nothing checked. */
struct dev_ops {
	long (*write)(void __user *buf);
};

static long dev_write(void __user *buf)
{
	u32 v;

	return __get_user(v, (u32 __user *)buf);
// CHECK: callbacks.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded by any access_ok() on 'buf', here or in its callers [access-ok-far]
}

/* Stored by assignment this time. */
static long dev_write_again(void __user *buf)
{
	u32 v;

	return __get_user(v, (u32 __user *)buf);
// CHECK: callbacks.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded by any access_ok() on 'buf', here or in its callers [access-ok-far]
}

static const struct dev_ops dev_fops = { .write = dev_write };

long dev_dispatch(struct dev_ops *ops, void __user *buf, int again)
{
	if (again)
		ops->write = dev_write_again;
	return ops->write(buf);
}

const struct dev_ops *default_ops(void)
{
	return &dev_fops;
}
