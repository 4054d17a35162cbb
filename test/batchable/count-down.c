// A loop that counts down from N (`for (j = N; j; j--)`, do_sys_poll()'s
// shape) runs N times, its counter from N to 1. Indexed by `j - 1` it
// covers [p, p + N): one window of 'n * sizeof(*p)'. Indexed by `j` it
// writes p[N] first, past that window: no rewrite (round 25), as for any
// index other than the counter's own range. Stepped by `p++` it covers N
// elements whichever way it counts.
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="window covers"
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="window covers"
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/down.c
// RUN: %uaccess-lint --checks=batchable --fix %t/down.c -- %x86-flags > /dev/null
// RUN: FileCheck %s --check-prefix=FIXED < %t/down.c
// RUN: %clang -fsyntax-only -Werror %t/down.c %x86-flags

#include <linux/uaccess.h>

int down_at(u32 __user *p, unsigned int n)
{
	unsigned int j;

	for (j = n; j; j--)
		if (put_user(j, &p[j]))
			return -EFAULT;
	return 0;
}
// CHECK: count-down.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered:
// FIXED-LABEL: int down_at(
// FIXED: if (put_user(j, &p[j]))

int down_below(u32 __user *p, unsigned int n)
{
	unsigned int j;

	for (j = n; j; j--)
		if (put_user(j, &p[j - 1]))
			return -EFAULT;
	return 0;
}
// CHECK: count-down.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: count-down.c:[[@LINE-6]]:2: note: the window covers 'n * sizeof(*p)': the loop runs 'n' times over 'p'
// FIXED-LABEL: int down_below(
// FIXED: if (!user_write_access_begin(p, n * sizeof(*p)))
// FIXED: unsafe_put_user(j, &p[j - 1], efault);

// Arithmetic after the element's address points past it: `&p[i] + 1`
// writes p[n] at the last turn, outside 'n * sizeof(*p)' (round 28).
int up_past(u32 __user *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (put_user(i, &p[i] + 1))
			return -EFAULT;
	return 0;
}
// CHECK: count-down.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered:
// FIXED-LABEL: int up_past(
// FIXED: if (put_user(i, &p[i] + 1))
