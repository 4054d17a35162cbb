// A loop's rewrite opens one window of 'n * sizeof(*dst)' at 'dst' before
// the loop. A body that changes the count, the counter or the pointer
// (`n++`, `i--`, `dst++`), or memory the count reads, would run the unsafe
// ops past that checked range: no rewrite, and no copy_to_user() either
// (the finding shows with ReportAll, as every loop with no rewrite does).
// Nor is a loop whose kernel array moves one copy. The notes write a
// count that is a sum in parentheses (hostile round 7, bugs 5 and 6).
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
//
// --fix leaves every refused loop as it was, rewrites the others, and the
// result compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/moves.c
// RUN: %uaccess-lint --checks=batchable --fix %t/moves.c -- %x86-flags > /dev/null
// RUN: FileCheck %s --check-prefix=FIXED < %t/moves.c
// RUN: %clang -fsyntax-only -Werror %t/moves.c %x86-flags

#include <linux/uaccess.h>

struct set { unsigned int n; u32 v[8]; };

int count_grows(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
		if (!v[i])
			n++;
	}
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-7]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the loop's body changes 'n', which the window's range is computed from
// CHECK-NOT: alternatively
// FIXED-LABEL: int count_grows(
// FIXED: if (put_user(v[i], &dst[i]))

int counter_steps_back(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
		if (!v[i])
			i--;
	}
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-7]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the loop's body changes 'i', which the window's range is computed from
// FIXED-LABEL: int counter_steps_back(
// FIXED: if (put_user(v[i], &dst[i]))

int pointer_moves(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
		if (!v[i])
			dst++;
	}
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-7]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the loop's body changes 'dst', which the window's range is computed from
// FIXED-LABEL: int pointer_moves(
// FIXED: if (put_user(v[i], &dst[i]))

int count_in_memory_stored(u32 __user *dst, struct set *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		if (put_user(s->v[i], &dst[i]))
			return -EFAULT;
		s->n = s->v[i] ? s->n : 8;
	}
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-6]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the loop's body changes 's->n', which the window's range is computed from
// FIXED-LABEL: int count_in_memory_stored(
// FIXED: if (put_user(s->v[i], &dst[i]))

// The count in memory the body does not store to: rewritten.
int count_in_memory(u32 __user *dst, const struct set *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (put_user(s->v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int count_in_memory(
// FIXED: user_write_access_begin(dst, s->n * sizeof(*dst))

// The kernel array moves: one window, but no single copy of 'v'.
int kernel_array_moves(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++, v++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: alternatively
// FIXED-LABEL: int kernel_array_moves(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))

// A sum for the count: in parentheses in the note as in the fix-it.
int count_is_a_sum(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n + 1; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: loop-body-moves-range.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: alternatively 'copy_to_user(dst, v, (n + 1) * sizeof(*dst))'
// FIXED-LABEL: int count_is_a_sum(
// FIXED: user_write_access_begin(dst, (n + 1) * sizeof(*dst))
