// A field whose name is a macro of its own (siginfo's `si_uid`, which
// spells `_sifields._kill._uid`) is measured as the plain field is: the
// waitid window cut to 16 bytes leaves si_uid and si_status outside
// (hostile round 7, bug 1; the CVE-2017-5123 code).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct info {
	int signo, errno_, code;
	union {
		struct { int pid; unsigned int uid; } kill;
		struct { int pid; unsigned int uid; int status; } chld;
	} fields;
};
#define i_pid    fields.kill.pid
#define i_uid    fields.kill.uid
#define i_status fields.chld.status

int waitid_short(struct info __user *infop, int signo, int pid, int uid,
		 int status)
{
	if (!user_write_access_begin(infop, 16))
		return -EFAULT;
	unsafe_put_user(signo, &infop->signo, Efault);
	unsafe_put_user(pid, &infop->i_pid, Efault);
	unsafe_put_user(uid, &infop->i_uid, Efault);
// CHECK: field-macro.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 16 to 19 of 'infop', outside the window 'user_write_access_begin' opened for '16' [access-ok-far]
	unsafe_put_user(status, &infop->i_status, Efault);
// CHECK: field-macro.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 20 to 23 of 'infop', outside the window 'user_write_access_begin' opened for '16' [access-ok-far]
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
