// A function that returns access_ok() of a parameter, or fails early when
// it is false, checks that parameter: a tested call of it guards accesses
// through the argument as an access_ok() there would (issue 12, arm64's
// valid_user_frame()).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct frame { u64 fp; u64 lr; };

static inline bool valid_user_frame(const void __user *fp, unsigned long size)
{
	return __access_ok(fp, size);
}

static int check_frame(struct frame __user *f)
{
	if (unlikely(!access_ok(f, sizeof(*f))))
		return -EFAULT;
	return 0;
}

static inline int checked_second(void __user *unused, void __user *p,
				 unsigned long n)
{
	return likely(access_ok(p, n));
}

// Silent: the wrapper's result is tested before the accesses.
int unwind_frame(struct frame __user *frame, u64 *fp, u64 *lr)
{
	if (!valid_user_frame(frame, sizeof(*frame)))
		return -EFAULT;
	if (__get_user(*fp, &frame->fp))
		return -EFAULT;
	return __get_user(*lr, &frame->lr);
}

int fails_early(struct frame __user *frame, u64 *fp)
{
	int err = check_frame(frame);

	if (err)
		return err;
	return __get_user(*fp, &frame->fp);
}

// The range rules are access_ok()'s: the wrapper covers one frame.
int short_wrapper(struct frame __user *frame, u64 *fp)
{
	if (!valid_user_frame(frame, sizeof(*frame)))
		return -EFAULT;
	return __get_user(*fp, &frame[1].fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' accesses element 1 of 'frame', but access_ok() covers only 1
// CHECK: wrapper.c:[[@LINE-4]]:7: note: 'valid_user_frame' checks the range here
}

// Reported: the result is ignored.
int ignored(struct frame __user *frame, u64 *fp)
{
	valid_user_frame(frame, sizeof(*frame));
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded by any access_ok() on 'frame', here or in its callers
}

// Reported: the wrapper checks its other parameter.
int other_parameter(struct frame __user *frame, struct frame __user *prev,
		    u64 *fp)
{
	if (!checked_second(frame, prev, sizeof(*prev)))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' accesses 'frame', but the access_ok() before it checks 'prev'
// CHECK: wrapper.c:[[@LINE-4]]:7: note: 'checked_second' checks the range here
}

// Reported: the tested call runs on some paths only.
int some_paths(struct frame __user *frame, u64 *fp, int flag)
{
	if (flag && !valid_user_frame(frame, sizeof(*frame)))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path
}

// A wrapper in the caller counts as the caller's check.
static int read_fp(struct frame __user *frame, u64 *fp)
{
	return __get_user(*fp, &frame->fp);
}

int read_checked(struct frame __user *frame, u64 *fp)
{
	if (!valid_user_frame(frame, sizeof(*frame)))
		return -EFAULT;
	return read_fp(frame, fp);
}

// riscv (appended: the line numbers above stay put).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
