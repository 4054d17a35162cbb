// A fault label that runs into another fault label (stacked, or after
// some code) gets no fix-it of its own: the end the other label's fix-it
// puts under it closes this path too, and a second end would close a
// closed window. The fixed file has no finding left.
// RUN: cp %s %t.c
// RUN: %expect-exit 1 -- %uaccess-lint --quiet --checks=window-unbalanced --fix %t.c -- %x86-flags
// RUN: %uaccess-lint --checks='window-unbalanced,window-mismatch' %t.c -- %x86-flags
// RUN: FileCheck %s --check-prefix=FIXED < %t.c
// RUN: %expect-exit 1 --stdout %t.json -- %uaccess-lint --checks=window-unbalanced --format=json %s -- %x86-flags
// RUN: FileCheck %s --check-prefix=JSON < %t.json

#include <linux/uaccess.h>

void note_fault(void);

int put_pair(u32 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p[0], e1);
	unsafe_put_user(b, &p[1], e2);
	user_write_access_end();
	return 0;
e1:
e2:
	return -EFAULT;
}
// FIXED: {{^}}e1:{{$}}
// FIXED-NEXT: {{^}}e2:{{$}}
// FIXED-NEXT: user_write_access_end();
// FIXED-NEXT: return -EFAULT;

int put_pair_noted(u32 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p[0], f1);
	unsafe_put_user(b, &p[1], f2);
	user_write_access_end();
	return 0;
f1:
	note_fault();
f2:
	return -EFAULT;
}
// FIXED: {{^}}f1:{{$}}
// FIXED-NEXT: note_fault();
// FIXED-NEXT: {{^}}f2:{{$}}
// FIXED-NEXT: user_write_access_end();
// FIXED-NEXT: return -EFAULT;

// JSON: "reason": "'e1' runs into 'e2': end the window where the paths meet, by hand"
// JSON: "reason": "'f1' runs into 'f2': end the window where the paths meet, by hand"
