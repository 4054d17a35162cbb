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
