// RUN: not %uaccess-lint --checks=window-mismatch %s -- %x86-flags > %t.x86 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,MASKED,X86 --implicit-check-not=error: < %t.x86
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %generic-flags > %t.gen 2>&1
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %arm64-flags > %t.arm64 2>&1
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %powerpc-flags > %t.powerpc 2>&1
// RUN: FileCheck %s --implicit-check-not=error: < %t.gen
// RUN: FileCheck %s --check-prefixes=CHECK,ARM64 --implicit-check-not=error: < %t.arm64
// RUN: FileCheck %s --check-prefixes=CHECK,PPC --implicit-check-not=error: < %t.powerpc
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %v619-flags > %t.v619 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,MASKED --implicit-check-not=error: < %t.v619
// RUN: not %uaccess-lint --checks=window-mismatch --format=json %s -- %x86-flags > %t.json
// RUN: FileCheck %s --check-prefix=FIX < %t.json

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

// futex_put_value: a write inside a read window.
int write_in_read_window(u32 __user *uaddr, u32 val)
{
	if (!user_read_access_begin(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	unsafe_put_user(val, uaddr, Efault);
	user_read_access_end();
	return 0;
Efault:
	user_read_access_end();
	return -EFAULT;
}
// CHECK: mismatch.c:[[@LINE-7]]:2: error: 'unsafe_put_user' writes user memory inside a read window [window-mismatch]
// CHECK: mismatch.c:[[@LINE-10]]:7: note: user access window opened by 'user_read_access_begin' here

// The generic flavor has no masked begin (can_do_masked_user_access() is 0):
// the branch is pruned and only x86 and 6.19 report.
// strncpy_from_user: a masked (rw) begin closed by a read end.
long masked_read_end(const char __user *src, char *dst)
{
	if (can_do_masked_user_access())
		src = masked_user_access_begin(src);
	else if (!user_read_access_begin(src, 1))
		return -EFAULT;
	unsafe_get_user(*dst, src, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
// MASKED: mismatch.c:[[@LINE-6]]:2: error: 'user_read_access_end' ends a rw window opened by 'masked_user_access_begin'; use 'user_access_end'
// The masked branch is compiled only where can_do_masked_user_access() is 1
// (6.12: x86-64 alone), so the note names no other arch's effect.
// MASKED: mismatch.c:[[@LINE-9]]:2: note: no effect on x86_64, where every end turns all user access off; the begin is compiled only on arches where 'can_do_masked_user_access()' is 1
// MASKED: mismatch.c:[[@LINE-7]]:2: error: 'user_read_access_end' ends a rw window opened by 'masked_user_access_begin'; use 'user_access_end'

// A read begin closed by a write end: the fix-it swaps the name.
int read_begin_write_end(struct ev __user *p, u32 *out)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*out, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
// CHECK: mismatch.c:[[@LINE-6]]:2: error: 'user_write_access_end' ends a read window opened by 'user_read_access_begin'; use 'user_read_access_end'
// What it does depends on the arch: only powerpc's KUAP has directions.
// X86: mismatch.c:[[@LINE-8]]:2: note: no effect on x86_64, where every end turns all user access off; on powerpc (KUAP) it leaves user reads open
// ARM64: mismatch.c:[[@LINE-9]]:2: note: no effect on arm64, where every end turns all user access off; on powerpc (KUAP) it leaves user reads open
// PPC: mismatch.c:[[@LINE-10]]:2: note: on powerpc (KUAP) this leaves user reads open after the end
// FIX: "length": 21,
// FIX-NEXT: "offset": {{[0-9]+}},
// FIX-NEXT: "replacement": "user_read_access_end"
// FIX: "function": "read_begin_write_end",
// FIX-NEXT: "line": [[@LINE-15]],

// Matching families stay silent, and reads in an rw window are fine.
int matched(struct ev __user *p, u32 *out)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*out, &p->events, efault);
	unsafe_put_user(0, &p->events, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

// masked_read_end(): the end is reached by a rw window on one path and a
// read window on the other, so renaming it would break the other path (as
// 6.12's get_sigset_argpack() would): no fix-it, a note saying why.
// RUN: FileCheck %s --check-prefix=NOFIX < %t.x86
// NOFIX: mismatch.c:43:2: error: 'user_read_access_end' ends a rw window
// NOFIX: mismatch.c:40:12: note: no fix-it: on another path 'user_read_access_begin' opens the window this end closes; open both alike
// NOFIX-NOT: user_access_end{{$}}
// NOFIX: mismatch.c:46:2: error: 'user_read_access_end' ends a rw window
// NOFIX: note: no fix-it

// riscv: the generic fallback, whose ends are empty (appended here so the
// line numbers above stay put).
// RUN: not %uaccess-lint --checks=window-mismatch %s -- %riscv-flags > %t.riscv 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,RISCV --implicit-check-not=error: < %t.riscv
// RISCV: mismatch.c:61:2: note: no effect on riscv, where the ends are empty and each access turns user access on and off itself; on powerpc (KUAP) it leaves user reads open
