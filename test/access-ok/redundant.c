// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: %uaccess-lint --checks=access-ok-redundant %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not='note: access_ok'
// RUN: cp %s %t.c
// RUN: %uaccess-lint --checks=access-ok-redundant --fix %t.c -- %x86-flags > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIX < %t.c
// RUN: %clang -fsyntax-only %x86-flags %t.c
// RUN: cp %s %t.gen.c
// RUN: %uaccess-lint --checks=access-ok-redundant --fix %t.gen.c -- %generic-flags > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIX < %t.gen.c
// RUN: %clang -fsyntax-only %generic-flags %t.gen.c
// RUN: cp %s %t.v619.c
// RUN: %uaccess-lint --checks=access-ok-redundant --fix %t.v619.c -- %v619-flags > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIX < %t.v619.c
// RUN: %clang -fsyntax-only %v619-flags %t.v619.c

#include <linux/uaccess.h>

struct iovec { u64 base; u64 len; };

// The check repeats what put_user() does, and nothing happens between.
int removable(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	return 0;
}
// CHECK: redundant.c:[[@LINE-6]]:7: note: access_ok() on 'p' is repeated by the self-checking 'put_user' that follows; on x86 it costs a speculation barrier [access-ok-redundant]
// FIX-LABEL: int removable(
// FIX-NEXT: {
// FIX-NEXT: if (put_user(v, p))

// Work between the check and the copy: removing it would change what
// happens on a bad pointer, so only a note.
int kept(struct iovec __user *uiov, struct iovec *iov, u32 *count)
{
	if (!access_ok(uiov, sizeof(*uiov)))
// CHECK: redundant.c:[[@LINE-1]]:7: note: access_ok() on 'uiov' is repeated by the self-checking 'copy_from_user'
// CHECK: note: not removed automatically
		return -EFAULT;
	(*count)++;
	if (copy_from_user(iov, uiov, sizeof(*uiov)))
		return -EFAULT;
	return 0;
}
// FIX-LABEL: int kept(
// FIX-NEXT: {
// FIX-NEXT: if (!access_ok(uiov, sizeof(*uiov)))

// Silent: the check guards unchecked accesses.
int needed(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return __put_user(v, p);
}

// An access through a copy of the pointer relies on the check: no finding,
// and the check stays.
int through_copy(struct iovec __user *uiov, u64 base, u64 len)
{
	struct iovec __user *q = uiov;

	if (!access_ok(uiov, sizeof(*uiov)))
		return -EFAULT;
	if (put_user(base, &uiov->base))
		return -EFAULT;
	return __put_user(len, &q->len);
}
// FIX-LABEL: int through_copy(
// FIX-NEXT: {
// FIX-NEXT: struct iovec __user *q = uiov;
// FIX-EMPTY:
// FIX-NEXT: if (!access_ok(uiov, sizeof(*uiov)))

// The copy_to_user() checks nothing when len is 0: without the access_ok()
// a kernel address would reach the __put_user() through the copy.
int copy_and_stamp(u32 __user *p, const u32 *rec, unsigned long len, u32 stamp)
{
	u32 __user *first = p;

	if (!access_ok(p, len))
		return -EFAULT;
	if (copy_to_user(p, rec, len))
		return -EFAULT;
	return __put_user(stamp, first);
}
// FIX-LABEL: int copy_and_stamp(
// FIX-NEXT: {
// FIX-NEXT: u32 __user *first = p;
// FIX-EMPTY:
// FIX-NEXT: if (!access_ok(p, len))

// The same through a pointer computed from it, after the first access
// covers the check's whole range.
int through_derived(u32 __user *p, u32 v, u32 w)
{
	u32 __user *q;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	q = p + 1;
	return __put_user(w, q);
}
// FIX-LABEL: int through_derived(
// FIX-NEXT: {
// FIX-NEXT: u32 __user *q;
// FIX-EMPTY:
// FIX-NEXT: if (!access_ok(p, sizeof(*p)))

// An unchecked access whose pointer reads as no variable still goes
// through 'p'.
int through_expression(u32 __user *p, u32 v, u32 w)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	return __put_user(w, (u32 __user *)((char __user *)p + 4));
}
// FIX-LABEL: int through_expression(
// FIX-NEXT: {
// FIX-NEXT: if (!access_ok(p, sizeof(*p)))

// Derived pointers accessed only by self-checking accessors: redundant,
// and removed.
int copy_self_checking(u32 __user *p, u32 v, u32 w)
{
	u32 __user *q = p + 1;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	return put_user(w, q);
}
// CHECK: redundant.c:[[@LINE-6]]:7: note: access_ok() on 'p' is repeated by the self-checking 'put_user' that follows; on x86 it costs a speculation barrier [access-ok-redundant]
// FIX-LABEL: int copy_self_checking(
// FIX-NEXT: {
// FIX-NEXT: u32 __user *q = p + 1;
// FIX-EMPTY:
// FIX-NEXT: if (put_user(v, p))

// The pointer leaves the function after the check, where something may
// rely on it: reported, not removed.
int passes_it_on(u32 __user *p, u32 v, int (*next)(u32 __user *))
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	return next(p);
}
// CHECK: redundant.c:[[@LINE-6]]:7: note: access_ok() on 'p' is repeated by the self-checking 'put_user' that follows; on x86 it costs a speculation barrier [access-ok-redundant]
// CHECK: redundant.c:[[@LINE-3]]:14: note: not removed automatically: 'p' is used here after the check, outside a self-checking accessor, and may rely on it
// FIX-LABEL: int passes_it_on(
// FIX-NEXT: {
// FIX-NEXT: if (!access_ok(p, sizeof(*p)))

// The check's condition tests a bound too: deleting the statement would
// drop the bound (round 30). Only a note.
int bounded(u32 __user *p, u32 v, u32 cnt)
{
	if (!access_ok(p, sizeof(*p)) || cnt > 16)
// CHECK: redundant.c:[[@LINE-1]]:7: note: access_ok() on 'p' is repeated by the self-checking 'put_user'
// CHECK: redundant.c:[[@LINE-2]]:7: note: not removed automatically: its condition tests more than the check
		return -EFAULT;
	if (put_user(v, p))
		return -EFAULT;
	return cnt;
}
// FIX-LABEL: int bounded(
// FIX-NEXT: {
// FIX-NEXT: if (!access_ok(p, sizeof(*p)) || cnt > 16)

// A length that may be 0: access_ok(buf, 0) fails for a kernel pointer
// where copy_to_user(buf, k, 0) returns 0 (round 30). Only a note.
long read_rec(void __user *buf, const void *k, unsigned long len)
{
	if (!access_ok(buf, len))
// CHECK: redundant.c:[[@LINE-1]]:7: note: access_ok() on 'buf' is repeated by the self-checking 'copy_to_user'
// CHECK: redundant.c:[[@LINE-2]]:7: note: not removed automatically: for a length of 0, access_ok() fails where 'copy_to_user' does not
		return -EFAULT;
	if (copy_to_user(buf, k, len))
		return -EFAULT;
	return len;
}
// FIX-LABEL: long read_rec(
// FIX-NEXT: {
// FIX-NEXT: if (!access_ok(buf, len))

// A constant length, tested alone under unlikely(): removed.
long read_hdr(void __user *buf, const void *k)
{
	if (unlikely(!access_ok(buf, 16)))
		return -EFAULT;
	if (copy_to_user(buf, k, 16))
		return -EFAULT;
	return 16;
}
// CHECK: redundant.c:[[@LINE-6]]:16: note: access_ok() on 'buf' is repeated by the self-checking 'copy_to_user'
// FIX-LABEL: long read_hdr(
// FIX-NEXT: {
// FIX-NEXT: if (copy_to_user(buf, k, 16))
