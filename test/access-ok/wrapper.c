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
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' accesses element 1 of 'frame', but 'valid_user_frame' covers only 1
// CHECK: wrapper.c:[[@LINE-4]]:7: note: 'valid_user_frame' checks the range here
}

// The wrapper's own fixed length counts the same: check_frame() covers
// one frame, `ok4()` four bytes.
static inline bool ok4(u32 __user *p)
{
	return access_ok(p, 4);
}

int short_own_length(struct frame __user *frame, u64 *fp)
{
	int err = check_frame(frame);

	if (err)
		return err;
	return __get_user(*fp, &frame[1].fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' accesses bytes 16 to 23 of 'frame', but 'check_frame' covers only 'sizeof(*f)' (16 bytes)
// CHECK: wrapper.c:[[@LINE-6]]:12: note: 'check_frame' checks the range here
}

int short_own_constant(u32 __user *p, u32 v)
{
	if (!ok4(p))
		return -EFAULT;
	return __put_user(v, &p[1]);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but 'ok4' covers only '4'
// CHECK: wrapper.c:[[@LINE-4]]:7: note: 'ok4' checks the range here
}

int own_length_covers(u32 __user *p, u32 v)
{
	if (!ok4(p))
		return -EFAULT;
	return __put_user(v, p);
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

// A function that copies from the parameter with a checked accessor and
// fails when that fails checks it too, as does one that does so unless the
// pointer is NULL (which access_ok() passes anyway): 6.12 fs/select.c,
// where core_sys_select() reads each set with get_fd_set() before
// set_fd_set() writes it back with __copy_to_user().
static inline int get_fd_set(unsigned long nr, void __user *ufdset,
			     unsigned long *fdset)
{
	nr = nr / 8;
	if (ufdset)
		return copy_from_user(fdset, ufdset, nr) ? -EFAULT : 0;
	return 0;
}

static inline int get_frame(struct frame *k, struct frame __user *u)
{
	if (copy_from_user(k, u, sizeof(*u)))
		return -EFAULT;
	return 0;
}

static inline unsigned long set_fd_set(unsigned long nr, void __user *ufdset,
				       unsigned long *fdset)
{
	if (ufdset)
		return __copy_to_user(ufdset, fdset, nr / 8);
	return 0;
}

int core_sys_select(int n, void __user *inp, void __user *outp,
		    unsigned long *bits)
{
	int ret;

	if ((ret = get_fd_set(n, inp, bits)) ||
	    (ret = get_fd_set(n, outp, bits + 1)))
		return ret;
	if (set_fd_set(n, inp, bits) || set_fd_set(n, outp, bits + 1))
		ret = -EFAULT;
	return ret;
}

int update_frame(struct frame __user *frame)
{
	struct frame k;

	if (get_frame(&k, frame))
		return -EFAULT;
	return __put_user(k.fp + 1, &frame->fp);
}

static inline unsigned long zero_fd_set(void __user *ufdset)
{
	if (ufdset)
		return __clear_user(ufdset, 8);
// CHECK: wrapper.c:[[@LINE-1]]:10: warning: '__clear_user' is not guarded by any access_ok() on 'ufdset', here or in its callers
	return 0;
}

// Reported (at zero_fd_set() above): the read's result is thrown away.
int zero_unread(void __user *exp, unsigned long *bits)
{
	get_fd_set(8, exp, bits);
	return zero_fd_set(exp) ? -EFAULT : 0;
}

// A wrapper's result tested the wrong way round guards nothing: the
// access runs where the check failed. check_frame() returns -EFAULT when
// it fails, ok_frame() false, bad_frame() true.
static inline bool ok_frame(struct frame __user *f)
{
	return access_ok(f, sizeof(*f));
}

static inline bool bad_frame(struct frame __user *f)
{
	return !access_ok(f, sizeof(*f));
}

int inverted_errno(struct frame __user *frame, u64 *fp)
{
	if (!check_frame(frame))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where 'check_frame' on 'frame' failed
}

int inverted_bool(struct frame __user *frame, u64 *fp)
{
	if (ok_frame(frame))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where 'ok_frame' on 'frame' failed
}

int inverted_negated(struct frame __user *frame, u64 *fp)
{
	if (!bad_frame(frame))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where 'bad_frame' on 'frame' failed
}

// The right way round, each guards.
int upright_bool(struct frame __user *frame, u64 *fp)
{
	if (!ok_frame(frame))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
}

int upright_negated(struct frame __user *frame, u64 *fp)
{
	if (bad_frame(frame))
		return -EFAULT;
	return __get_user(*fp, &frame->fp);
}

// A wrapper called through a macro of the file's own: its argument is the
// pointer the message names.
#define CHECK_FRAME(f) check_frame(f)

int through_macro(struct frame __user *frame, u64 *fp)
{
	if (CHECK_FRAME(frame))
		return -EFAULT;
	return __get_user(*fp, &frame[1].fp);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__get_user' accesses bytes 16 to 23 of 'frame', but 'check_frame' covers only 'sizeof(*f)' (16 bytes)
// CHECK: wrapper.c:[[@LINE-4]]:6: note: 'check_frame' checks the range here
}

/* A helper whose test is inverted says success exactly where its check
 * failed: it checks nothing, and a call of it guards nothing (round 30). */
static int check_slot_inverted(u32 __user *p)
{
	if (access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

int put_slot_inverted(u32 __user *p, u32 v)
{
	if (check_slot_inverted(p))
		return -EFAULT;
	return __put_user(v, p);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
}

static bool slot_bad(u32 __user *p)
{
	if (access_ok(p, sizeof(*p)))
		return false;
	return true;
}

int put_slot_bool(u32 __user *p, u32 v)
{
	if (!slot_bad(p))
		return -EFAULT;
	return __put_user(v, p);
// CHECK: wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
}

/* Checks the right way round, by branch, check its parameter. Silent. */
static int check_slot(u32 __user *p, u32 wide)
{
	if (wide) {
		if (!access_ok(p, 2 * sizeof(*p)))
			return -EFAULT;
	} else {
		if (!access_ok(p, sizeof(*p)))
			return -EFAULT;
	}
	return 0;
}

int put_slot(u32 __user *p, u32 v)
{
	if (check_slot(p, v))
		return -EFAULT;
	return __put_user(v, p);
}
