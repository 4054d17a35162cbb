// A loop's rewrite opens a window of 'n * sizeof(*dst)'. With a signed 'n'
// below zero the original writes nothing and returns 0, while the rewrite
// converts the negative size to a huge unsigned one and fails with
// -EFAULT: no rewrite is offered unless the count cannot be negative
// there (issue 29). Nor where the size may wrap around size_t.
// RUN: %uaccess-lint --checks=batchable %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=batchable %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
//
// The fix-its of the guarded and unsigned loops still apply and compile.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/signed.c
// RUN: %uaccess-lint --checks=batchable --fix %t/signed.c -- %x86-flags > /dev/null
// RUN: FileCheck %s --check-prefix=FIXED < %t/signed.c
// RUN: %clang -fsyntax-only -Werror %t/signed.c %x86-flags

#include <linux/uaccess.h>

int signed_count(u32 __user *dst, const u32 *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the count 'n' is signed: where it is negative the loop accesses nothing, but 'n * sizeof(*dst)' is a huge size and the window fails; add `if (n < 0) return ...;` before the loop, or make the count unsigned
// Nor the copy_to_user() of 'n * sizeof(*dst)', for the same reason.
// CHECK-NOT: alternatively 'copy_to_user
// FIXED-LABEL: int signed_count(
// FIXED: if (put_user(v[i], &dst[i]))

int guarded_count(u32 __user *dst, const u32 *v, int n)
{
	int i;

	if (n <= 0)
		return 0;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int guarded_count(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))

int unsigned_count(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int unsigned_count(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))

// A count as wide as size_t: 'n * sizeof(*dst)' may wrap around to a small
// size the window checks, and the unsafe ops would then go past it; each
// put_user() of the original checks its own element (issue 29, item 22).
int wide_count(u32 __user *dst, const u32 *v, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t ('n' is as wide): the window would check a small range and the loop go past it; add `if (n > SIZE_MAX / sizeof(*dst)) return ...;` before the loop, or bound the count
// CHECK-NOT: alternatively 'copy_to_user
// FIXED-LABEL: int wide_count(
// FIXED: if (put_user(v[i], &dst[i]))

// Bounded by an earlier exit, or stepped two at a time under the guard
// the note names: the product fits, and the rewrite is offered.
int bounded_count(u32 __user *dst, const u32 *v, size_t n)
{
	size_t i;

	if (n > 64)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int bounded_count(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))

int guarded_wide_count(u32 __user *dst, const u32 *v, unsigned long n)
{
	unsigned long i;

	if (n > SIZE_MAX / sizeof(*dst))
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int guarded_wide_count(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))

// A bound too loose for the element size still may wrap.
int loose_bound(u64 __user *dst, const u64 *v, unsigned long n)
{
	unsigned long i;

	if (n > SIZE_MAX / 4)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t

// A guard counts only where it holds at the loop: not when its exit jumps
// to the loop, when the count changes after it (an assignment, a pointer
// to it), or when a label lets a jump pass it.
int inverted_guard(u32 __user *dst, const u32 *v, size_t n)
{
	size_t i;

	if (n > 64)
		goto big;
	return 0;
big:
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t

int reassigned_after_guard(u32 __user *dst, const u32 *v, size_t n, size_t m)
{
	size_t i;

	if (n > 64)
		return -EINVAL;
	n = m;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t

void set_count(size_t *n);

int address_taken(u32 __user *dst, const u32 *v, size_t n)
{
	size_t i;

	if (n > 64)
		return -EINVAL;
	set_count(&n);
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t

int jump_past_guard(u32 __user *dst, const u32 *v, size_t n, int flag)
{
	size_t i;

	if (flag)
		goto skip;
	if (n > 64)
		return -EINVAL;
skip:
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: 'n * sizeof(*dst)' may wrap around size_t

int signed_inverted(u32 __user *dst, const u32 *v, int n)
{
	int i;

	if (n < 0)
		goto neg;
	return 0;
neg:
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}
// CHECK: signed-count.c:[[@LINE-4]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK: note: no rewrite offered: the count 'n' is signed

// A goto to a label after the loop leaves for good, as kernel code does.
int goto_out(u32 __user *dst, const u32 *v, size_t n)
{
	size_t i;
	int ret = -EINVAL;

	if (n > 64)
		goto out;
	for (i = 0; i < n; i++)
		if (put_user(v[i], &dst[i]))
			return -EFAULT;
	ret = 0;
out:
	return ret;
}
// CHECK: signed-count.c:[[@LINE-6]]:7: note: 'put_user' in a loop toggles user access once per iteration
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int goto_out(
// FIXED: user_write_access_begin(dst, n * sizeof(*dst))
