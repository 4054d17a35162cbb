// A run's window covers 'sizeof(*p)' (or N elements) from 'p': every
// access must lie inside it in bytes, whatever its text says. A cast to a
// wider type or arithmetic past the last field reaches further, and the
// rewrite would turn a checked put_user() into an unchecked write there
// (hostile round 8, bug 5): no rewrite, and the reason says which bytes.
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/past.c
// RUN: %uaccess-lint --checks=batchable --fix %t/past.c -- %x86-flags > /dev/null
// RUN: FileCheck %s --check-prefix=FIXED < %t/past.c
// RUN: %clang -fsyntax-only -Werror %t/past.c %x86-flags

#include <linux/uaccess.h>

struct two { u32 lo; u32 hi; };
struct three { u32 a; u32 b; u64 c; };

int wider_cast(struct two __user *p, u32 a, u64 b)
{
	if (put_user(a, &p->lo))
		return -EFAULT;
	if (put_user(b, (u64 __user *)&p->hi))
		return -EFAULT;
	return 0;
}
// CHECK: run-past-object.c:[[@LINE-6]]:6: note: 2 accesses ('put_user') through 'p'
// CHECK: note: no rewrite offered: '(u64 __user *)&p->hi' reaches bytes 4 to 11, past the 8 bytes the window covers
// FIXED-LABEL: int wider_cast(
// FIXED: if (put_user(a, &p->lo))

int past_last_field(struct three __user *p, u32 a, u64 c)
{
	if (put_user(a, &p->a))
		return -EFAULT;
	if (put_user(c, &p->c + 1))
		return -EFAULT;
	return 0;
}
// CHECK: run-past-object.c:[[@LINE-6]]:6: note: 2 accesses ('put_user') through 'p'
// CHECK: note: no rewrite offered: '&p->c + 1' reaches bytes 16 to 23, past the 16 bytes the window covers
// FIXED-LABEL: int past_last_field(
// FIXED: if (put_user(a, &p->a))

// Inside the object: rewritten.
int fields(struct three __user *p, u32 a, u64 c)
{
	if (put_user(a, &p->a))
		return -EFAULT;
	if (put_user(c, &p->c))
		return -EFAULT;
	return 0;
}
// CHECK: run-past-object.c:[[@LINE-6]]:6: note: 2 accesses ('put_user') through 'p'
// CHECK-NOT: no rewrite offered
// FIXED-LABEL: int fields(
// FIXED: if (!user_write_access_begin(p, sizeof(*p)))
