// A checked begin that is one operand of a condition opens the window only
// on the edge where the begin itself returned true: the other operands'
// edges (`bad` true in `bad || !begin()`) never ran it. Every flavor.
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %x86-flags > %t.x86 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.x86
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %generic-flags > %t.gen 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %v619-flags > %t.v619 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.v619
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %arm64-flags > %t.arm64 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.arm64
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %riscv-flags > %t.riscv 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.riscv
// RUN: not %uaccess-lint --checks=window-unbalanced %s -- %powerpc-flags > %t.powerpc 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.powerpc

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

// `bad` true returns before the begin runs: nothing to close.
int or_not_begin(struct ev __user *p, u32 a, int bad)
{
	if (bad || !user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The `&&` form: the then-branch is the begin's true edge only.
int and_begin(struct ev __user *p, u32 *a, int ok)
{
	if (ok && user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(*a, &p->events, efault);
		user_read_access_end();
	}
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// Negated operands and a chain whose left side is itself a chain.
int not_or_not_begin(struct ev __user *p, u32 a, int ok, int big)
{
	if ((!ok || big) || !user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

// Nested parentheses around each operand.
int nested_parens(struct ev __user *p, u32 a, int bad, int big)
{
	if (((bad)) || (big || (!user_write_access_begin(p, sizeof(*p)))))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// unlikely() around the whole chain: one block tests the chain's value
// after the operands' blocks; the begin decides it where it ran.
int unlikely_chain(struct ev __user *p, u32 a, int bad)
{
	if (unlikely(bad || !user_write_access_begin(p, sizeof(*p))))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// likely() around each operand, and a negated `&&` chain.
int likely_operands(struct ev __user *p, u32 *a, int ok)
{
	if (!(likely(ok) && likely(user_read_access_begin(p, sizeof(*p)))))
		return -EFAULT;
	unsafe_get_user(*a, &p->events, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// A conditional operator: the arm that ran the begin decides.
int conditional_arm(struct ev __user *p, u32 a, unsigned int n)
{
	if (n > 16 ? 1 : !user_write_access_begin(p, n * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The masked form's fallback joined to another test.
int masked_or(struct ev __user *p, u32 a, int bad)
{
	if (can_do_masked_user_access())
		p = masked_user_access_begin(p);
	else if (bad || !user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

// A comma's value is its right operand's: the begin there decides.
int comma_then_begin(struct ev __user *p, u32 a, int *n)
{
	if (((*n)++, !user_write_access_begin(p, sizeof(*p))))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A checked begin's value is 1 or 0: `!= 1` is its failure.
int begin_not_one(struct ev __user *p, u32 a)
{
	if (user_write_access_begin(p, sizeof(*p)) != 1)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The failure kept in a variable: `bad = !begin()`, then `if (bad)`.
int stored_failure(struct ev __user *p, u32 a)
{
	int bad = !user_write_access_begin(p, sizeof(*p));

	if (bad)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Still leaks: the begin ran and succeeded, then `flag` returns.
int begin_or_flag_leaks(struct ev __user *p, u32 a, int flag)
{
	if (!user_write_access_begin(p, sizeof(*p)) || flag)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:{{[0-9]+}}: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:3: note: returns here with the window open

// Still leaks: an early return inside the `&&` form's window.
int and_begin_leaks(struct ev __user *p, u32 *a, int ok)
{
	if (ok && user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(*a, &p->events, efault);
		if (*a > 4)
			return -EINVAL;
		user_read_access_end();
	}
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
// CHECK: unbalanced-conditions.c:[[@LINE-11]]:{{[0-9]+}}: error: user access window opened by 'user_read_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:4: note: returns here with the window open

// Still leaks: the result kept in a variable, tested after `bad`; where
// `bad` is true the window may be open.
int variable_after_or_leaks(struct ev __user *p, u32 a, int bad)
{
	bool ok = user_write_access_begin(p, sizeof(*p));

	if (bad || !ok)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: unbalanced-conditions.c:[[@LINE-11]]:{{[0-9]+}}: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:3: note: returns here with the window open

// Still leaks, where the begin starts the condition's outer operator: the
// comma's and the `&&`'s are the user's, not part of the begin, so the begin
// runs once and nothing was open before it.
int comma_begin_leaks(struct ev __user *p, u32 a, int x)
{
	if ((user_write_access_begin(p, sizeof(*p)), x))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:{{[0-9]+}}: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:3: note: returns here with the window open

int begin_and_flag_leaks(struct ev __user *p, u32 a, int ok)
{
	if (user_write_access_begin(p, sizeof(*p)) && ok) {
		unsafe_put_user(a, &p->events, efault);
		user_write_access_end();
	}
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: unbalanced-conditions.c:[[@LINE-9]]:{{[0-9]+}}: error: user access window opened by 'user_write_access_begin' is not closed on every path [window-unbalanced]
// CHECK: unbalanced-conditions.c:[[@LINE-6]]:2: note: returns here with the window open
