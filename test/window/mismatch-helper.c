// A TU-local helper that ends its caller's window ends it with the family
// of its own ends: a read window closed through a helper that calls
// user_write_access_end() is a mismatch, reported at the call with a note
// at the end in the helper, and no fix-it (the helper closes its other
// callers' windows too).
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %x86-flags > %t.x86 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,X86 --implicit-check-not=error: < %t.x86
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %generic-flags > %t.gen 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %v619-flags > %t.v619 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.v619
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %arm64-flags > %t.arm64 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.arm64
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %riscv-flags > %t.riscv 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.riscv
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %powerpc-flags > %t.powerpc 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,PPC --implicit-check-not=error: < %t.powerpc
// The helpers' own windows are their callers': nothing else to report.
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not=error:
// ALL-COUNT-3: error: {{.*}} [window-mismatch]
// No fix-it: the JSON report has no replacement.
// RUN: not %uaccess-lint --checks=window-mismatch --format=json %s -- %x86-flags > %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON-NOT: "replacement"

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

static inline void end_write(void)
{
	user_write_access_end();
}

int read_closed_by_write_helper(struct ev __user *p, u32 *out)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*out, &p->events, efault);
	end_write();
	return 0;
efault:
	end_write();
	return -EFAULT;
}
// CHECK: mismatch-helper.c:[[@LINE-6]]:2: error: 'end_write' ends a read window opened by 'user_read_access_begin' with 'user_write_access_end'; use 'user_read_access_end' [window-mismatch]
// CHECK: mismatch-helper.c:[[@LINE-10]]:7: note: user access window opened by 'user_read_access_begin' here
// CHECK: mismatch-helper.c:[[@LINE-16]]:2: note: 'user_write_access_end' in 'end_write' ends the window here
// X86: mismatch-helper.c:[[@LINE-9]]:2: note: no effect on x86_64, where every end turns all user access off; on powerpc (KUAP) it leaves user reads open
// PPC: mismatch-helper.c:[[@LINE-10]]:2: note: on powerpc (KUAP) this leaves user reads open after the end
// CHECK: mismatch-helper.c:[[@LINE-11]]:2: note: no fix-it: the end is in 'end_write', which closes the windows of all its callers; give this window its own end, or make the helper's end match
// The fault path's call too.
// CHECK: mismatch-helper.c:[[@LINE-10]]:2: error: 'end_write' ends a read window opened by 'user_read_access_begin' with 'user_write_access_end'; use 'user_read_access_end' [window-mismatch]

// The same helper closing a write window: silent.
int write_closed_by_write_helper(struct ev __user *p, u32 in)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(in, &p->events, efault);
	end_write();
	return 0;
efault:
	end_write();
	return -EFAULT;
}

// A helper with ends of both families may pick by its argument: silent.
static inline void end_dir(bool write)
{
	if (write)
		user_write_access_end();
	else
		user_read_access_end();
}

int read_closed_by_either(struct ev __user *p, u32 *out)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*out, &p->events, efault);
	end_dir(false);
	return 0;
efault:
	end_dir(false);
	return -EFAULT;
}

// A cleanup helper (a scoped guard written by hand): reported at the
// guard, whose scope end runs it.
static inline void end_write_guard(int *unused)
{
	user_write_access_end();
}

int read_closed_by_write_guard(u32 __user *p, u32 *v)
{
	int guard __attribute__((cleanup(end_write_guard))) = 0;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
// CHECK: mismatch-helper.c:[[@LINE-9]]:6: error: 'end_write_guard', the cleanup of 'guard', ends a read window opened by 'user_read_access_begin' with 'user_write_access_end'; use 'user_read_access_end' [window-mismatch]
// CHECK: mismatch-helper.c:[[@LINE-15]]:2: note: 'user_write_access_end' in 'end_write_guard' ends the window here
