// Issue 9, item 5: a comment inside an access the rewrite replaces would be
// deleted, so that rewrite is not offered; the same run without the comment
// still is. (The run without a rewrite is reported only with ReportAll.)
// RUN: %expect-exit 0 --stdout %t.out -- %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags
// RUN: FileCheck %s < %t.out
// RUN: cp %s %t.c
// RUN: %expect-exit 0 --stdout /dev/null -- %uaccess-lint --checks=batchable --fix %t.c -- %x86-flags
// RUN: FileCheck %s --check-prefix=FIXED < %t.c

#include <linux/uaccess.h>

struct event { u32 events; u64 data; };

int with_comment(struct event __user *uevent, u32 revents, u64 data)
{
	if (__put_user(revents, &uevent->events) /* the mask first */ ||
	    __put_user(data, &uevent->data))
		return -EFAULT;
	return 0;
}
// CHECK: batchable-comment.c:[[@LINE-5]]:6: note: 2 accesses ('__put_user') through 'uevent'
// CHECK: note: no rewrite offered: a comment in an access statement would be lost

int without_comment(struct event __user *uevent, u32 revents, u64 data)
{
	if (__put_user(revents, &uevent->events) ||
	    __put_user(data, &uevent->data))
		return -EFAULT;
	return 0;
}
// CHECK: batchable-comment.c:[[@LINE-5]]:6: note: 2 accesses ('__put_user') through 'uevent'
// CHECK-NOT: no rewrite offered
// CHECK: note: the window covers 'sizeof(*uevent)'

// FIXED: if (__put_user(revents, &uevent->events) /* the mask first */ ||
// FIXED: unsafe_put_user(revents, &uevent->events, efault);
