// An accessor that never runs toggles nothing: in an arm _Generic or
// __builtin_choose_expr does not choose, or in __builtin_constant_p(), it
// is no access to batch (round 42). The same accessor evaluated is one.
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=[batchable]
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=[batchable]

#include <linux/uaccess.h>

struct pair { u32 a, b; };

int unchosen_in_loop(u32 __user *arr, int n)
{
	for (int i = 0; i < n; i++)
		if (__builtin_choose_expr(0, __put_user(i, &arr[i]), 0))
			return -EFAULT;
	return 0;
}

int folded_in_loop(u32 __user *arr, int n)
{
	for (int i = 0; i < n; i++)
		if (__builtin_constant_p(__put_user(i, &arr[i])))
			return -EFAULT;
	return 0;
}

int one_runs(struct pair __user *p, int n)
{
	if (__put_user(1, &p->a))
		return -EFAULT;
	if (_Generic(n, long: __put_user(2, &p->b), default: 0))
		return -EFAULT;
	return 0;
}

int chosen_in_loop(u32 __user *arr, int n)
{
	for (int i = 0; i < n; i++)
		if (__builtin_choose_expr(1, __put_user(i, &arr[i]), 0))
// CHECK: unevaluated.c:[[@LINE-1]]:32: note: '__put_user' in a loop toggles user access once per iteration{{.*}}[batchable]
			return -EFAULT;
	return 0;
}
