// A static or inline helper that runs in its caller's window and ends it on
// some of its ways out (an end at its own fault label) leaves the caller
// with one path per way: the window closed where the helper returned
// non-zero, open where it returned 0. A branch on the value (`if (h())`,
// `h() < 0`, a variable) follows each way; a test the walk cannot decide
// keeps only the open way, as before. A helper that ends on every way is an
// end. objtool's "redundant UACCESS disable" in the caller is the defect.
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

struct frame { u32 a; u32 b; u64 c; };

/* Ends the caller's window on its fault path only. */
static __always_inline int put_frame_ends_on_fault(struct frame __user *f, u32 v)
{
	unsafe_put_user(v, &f->a, Efault);
	unsafe_put_user(v, &f->b, Efault);
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

#define unsafe_put_frame(f, v, label)			\
do {							\
	if (put_frame_ends_on_fault(f, v))		\
		goto label;				\
} while (0)

/* Bug: the helper ended the window on the fault path, the label ends it again. */
int double_end_via_helper(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_frame(f, v, Efault);
	unsafe_put_user(v, &f->c, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
// CHECK: helper-ends.c:[[@LINE-1]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
// CHECK: helper-ends.c:[[@LINE-7]]:2: note: the window was closed in 'put_frame_ends_on_fault' on its way out that returns non-zero, called here
// CHECK: helper-ends.c:[[@LINE-8]]:2: note: jump to 'Efault' with no window open
	return -EFAULT;
}

/* Correct: the helper's fault path closes, the caller just returns. */
int helper_closes_fault_path(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if (put_frame_ends_on_fault(f, v))
		return -EFAULT;
	unsafe_put_user(v, &f->c, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

/* The result through a variable. */
int double_end_via_variable(struct frame __user *f, u32 v)
{
	int err;

	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	err = put_frame_ends_on_fault(f, v);
	if (err)
		goto Efault;
	user_access_end();
	return 0;
Efault:
	user_access_end();
// CHECK: helper-ends.c:[[@LINE-1]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
// CHECK: helper-ends.c:[[@LINE-8]]:8: note: the window was closed in 'put_frame_ends_on_fault' on its way out that returns non-zero, called here
// CHECK: helper-ends.c:[[@LINE-7]]:3: note: jump to 'Efault' with no window open
	return -EFAULT;
}

/* Ends the caller's window on every path. */
static inline int put_and_close(struct frame __user *f, u32 v)
{
	unsafe_put_user(v, &f->a, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

int double_end_after_closing_helper(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	put_and_close(f, v);
	user_access_end();
// CHECK: helper-ends.c:[[@LINE-1]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
// CHECK: helper-ends.c:[[@LINE-3]]:2: note: the window was closed in 'put_and_close', called here
	return 0;
}

int closing_helper_ok(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	return put_and_close(f, v);
}

/* A test of the value the walk cannot decide: the closing way is not
 * followed (no finding on the success path's ops). */
int helper_value_tested_below_zero(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if (put_frame_ends_on_fault(f, v) < 0)
		return -EFAULT;
	unsafe_put_user(v, &f->c, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

/* The value ignored: the fault way ends the window, then the op runs. */
int helper_value_ignored(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	put_frame_ends_on_fault(f, v);
	unsafe_put_user(v, &f->c, Efault);
// CHECK: helper-ends.c:[[@LINE-1]]:2: error: 'unsafe_put_user' outside a user access window [window-unsafe-outside]
// CHECK: helper-ends.c:[[@LINE-3]]:2: note: the window was closed in 'put_frame_ends_on_fault' on its way out that returns non-zero, called here
	user_access_end();
// CHECK: helper-ends.c:[[@LINE-1]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
	return 0;
Efault:
	user_access_end();
// The op's fault edge reaches the label with the window closed too.
// CHECK: helper-ends.c:[[@LINE-2]]:2: error: 'user_access_end' ends a user access window that is not open on every path [window-unbalanced]
	return -EFAULT;
}

/* Helpers calling each other: each one's ways are known once. */
static int put_chain_b(struct frame __user *f, u32 v, int depth);
static int put_chain_a(struct frame __user *f, u32 v, int depth)
{
	unsafe_put_user(v, &f->a, Efault);
	if (depth)
		return put_chain_b(f, v, depth - 1);
	return 0;
Efault:
	return -EFAULT;
}
static int put_chain_b(struct frame __user *f, u32 v, int depth)
{
	unsafe_put_user(v, &f->b, Efault);
	return put_chain_a(f, v, depth);
Efault:
	return -EFAULT;
}

int recursive_helpers(struct frame __user *f, u32 v)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	if (put_chain_a(f, v, 3))
		goto Efault;
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}
