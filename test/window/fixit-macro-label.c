// Issue 9, item 4: a fault label that a macro writes gets no fix-it (it
// used to be inserted before the macro call, ahead of the begin), while the
// leak is still reported; a label the user wrote still gets one.
// RUN: %expect-exit 1 --stdout %t.x86 -- %uaccess-lint --checks=window-unbalanced --format=json %s -- %x86-flags
// RUN: FileCheck %s < %t.x86
// RUN: %expect-exit 1 --stdout %t.gen -- %uaccess-lint --checks=window-unbalanced --format=json %s -- %generic-flags
// RUN: FileCheck %s < %t.gen
// RUN: %expect-exit 1 --stdout %t.v619 -- %uaccess-lint --checks=window-unbalanced --format=json %s -- %v619-flags
// RUN: FileCheck %s < %t.v619

#include <linux/uaccess.h>

#define FAULT_EXIT(label) label: return -EFAULT

int in_macro(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
	FAULT_EXIT(efault);
}

int written(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// CHECK:      "check": "window-unbalanced",
// CHECK-NEXT: "column": 7,
// CHECK-NEXT: "file": "{{.*}}fixit-macro-label.c",
// CHECK-NEXT: "fingerprint": "{{[0-9a-f]+}}",
// CHECK-NEXT: "fingerprint_v3": "{{[0-9a-f]+}}",
// CHECK-NEXT: "fixes": [],
// CHECK-NEXT: "function": "in_macro",
// CHECK:      "check": "window-unbalanced",
// CHECK-NEXT: "column": 7,
// CHECK-NEXT: "file": "{{.*}}fixit-macro-label.c",
// CHECK-NEXT: "fingerprint": "{{[0-9a-f]+}}",
// CHECK-NEXT: "fingerprint_v3": "{{[0-9a-f]+}}",
// CHECK-NEXT: "fixes": [
// CHECK-NEXT:   {
// CHECK:          "replacement": "user_write_access_end();\n\t"
// CHECK:      "function": "written",
