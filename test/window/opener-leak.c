// A window a TU-local helper opens for its caller is the caller's to close:
// a path that leaves it open is a leak, reported at the helper's call, with
// a note at the helper's begin and, at a fault label, the end to add. The
// helper's value says where it opened: its checked begin's result, or 0
// against -EFAULT; a test of it the walk cannot decide tells no leak
// (hostile round 7, bug 3).
// RUN: not %uaccess-lint --checks='window-*' %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %uaccess-lint --checks='window-*' %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=error:
//
// The fix-it ends the window at the label with the helper's begin's end;
// applied, the file compiles and lints clean but for the early return.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/opener.c
// RUN: not %uaccess-lint --checks=window-unbalanced --fix %t/opener.c -- %x86-flags > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t/opener.c
// RUN: %clang -fsyntax-only -Werror %t/opener.c %x86-flags
// RUN: not %uaccess-lint --checks='window-*' %t/opener.c -- %x86-flags 2>&1 | FileCheck %s --check-prefix=RELINT
// RELINT-COUNT-1: error:
// RELINT-NOT: error:

#include <linux/uaccess.h>

struct info { u32 signo; u32 code; };

static __always_inline bool begin_info(struct info __user *p)
{
	return user_write_access_begin(p, sizeof(*p));
}

int label_forgets_end(struct info __user *p, u32 signo)
{
	if (!begin_info(p))
		return -EFAULT;
	unsafe_put_user(signo, &p->signo, Efault);
	user_write_access_end();
	return 0;
Efault:
	return -EFAULT;
}
// CHECK: opener-leak.c:[[@LINE-8]]:7: error: user access window opened by 'begin_info' is not closed on every path [window-unbalanced]
// CHECK: opener-leak.c:[[@LINE-14]]:9: note: 'begin_info' opens it with 'user_write_access_begin' here
// CHECK: opener-leak.c:[[@LINE-8]]:2: note: a fault in 'unsafe_put_user' jumps to 'Efault' with the window open
// CHECK: opener-leak.c:[[@LINE-5]]:2: note: returns here with the window open
// FIXED-LABEL: int label_forgets_end(
// FIXED: Efault:
// FIXED-NEXT: user_write_access_end();
// FIXED-NEXT: return -EFAULT;

int early_return(struct info __user *p, u32 signo, u32 code)
{
	if (!begin_info(p))
		return -EFAULT;
	unsafe_put_user(signo, &p->signo, Efault);
	if (!code)
		return 0;
	unsafe_put_user(code, &p->code, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
// CHECK: opener-leak.c:[[@LINE-12]]:7: error: user access window opened by 'begin_info' is not closed on every path [window-unbalanced]
// CHECK: opener-leak.c:[[@LINE-9]]:3: note: returns here with the window open

// An opener that returns 0 once it has opened, -EFAULT where it failed.
static inline int open_info(struct info __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

int zero_means_open(struct info __user *p, u32 signo)
{
	if (open_info(p))
		return -EFAULT;
	unsafe_put_user(signo, &p->signo, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

int negative_means_failed(struct info __user *p, u32 signo)
{
	int err = open_info(p);

	if (err < 0)
		return err;
	unsafe_put_user(signo, &p->signo, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// A test the walk cannot decide: no leak told on either edge.
int undecided_test(struct info __user *p, u32 signo)
{
	int err = open_info(p);

	if (err > 1)
		return err;
	unsafe_put_user(signo, &p->signo, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
