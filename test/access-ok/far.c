// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// A warning: exit 0, unless --warnings-as-errors makes it an error.
// RUN: not %uaccess-lint --checks=access-ok-far --warnings-as-errors='access-ok-*' %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=PROMOTED --implicit-check-not=warning:
// PROMOTED: far.c:{{[0-9]+}}:6: error: '__put_user' is not guarded by any access_ok() on 'infop', here or in its callers [access-ok-far]
// RUN: %uaccess-lint --checks=access-ok-far --warnings-as-errors='window-*' %s -- %x86-flags > /dev/null
// The epoll v2 fix: the unchecked begin becomes the checked one, failing as
// the window's fault path does. The result compiles and the window checks
// stay clean.
// The distances and the caller depth are configurable:
// A check two calls up is near once CallerDepth allows two:
// RUN: %uaccess-lint --checks=access-ok-far --access-ok-max-statements=20 --access-ok-caller-depth=2 %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=CONF
// CONF-NOT: relies on an access_ok() 13 lines
// CONF-NOT: '__user_write_access_begin'
// CONF: warning: '__get_user' is not guarded on every path
// CONF-NOT: relies on an access_ok() 13 lines
// CONF-NOT: '__user_write_access_begin'
// RUN: %uaccess-lint --checks=access-ok-far --access-ok-max-statements=100 --access-ok-max-lines=12 %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=LINES
// LINES: warning: '__get_user' relies on an access_ok() 13 lines and 11 statements earlier
// RUN: %uaccess-lint --checks=access-ok-far --access-ok-max-statements=100 --access-ok-max-lines=13 %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=NOLINES
// NOLINES-NOT: relies on an access_ok() 13 lines
// RUN: cp %s %t.c
// RUN: %uaccess-lint --checks=access-ok-far --fix %t.c -- %x86-flags > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIX < %t.c
// FIX:      {{^}}	if (!user_write_access_begin(uevent, sizeof(*uevent)))
// FIX-NEXT: {{^}}		return NULL;
// FIX-NEXT: {{^}}// CHECK
// RUN: %clang -fsyntax-only %x86-flags %t.c
// RUN: %uaccess-lint --checks='window-*' %t.c -- %x86-flags

#include <linux/uaccess.h>

struct siginfo { int si_signo; int si_errno; int si_code; };
struct reloc { u64 offset; u64 presumed; };
struct dirent { u64 d_ino; u64 d_off; };
struct event { u32 events; u64 data; };

// The 2025 proposal: a begin that trusts an earlier access_ok().
static inline void __user_write_access_begin(void __user *p, size_t n) {}

// CVE-2017-5123 (waitid): no range check at all.
int waitid_cve(struct siginfo __user *infop, int signo)
{
	if (__put_user(signo, &infop->si_signo))
// CHECK: far.c:[[@LINE-1]]:6: warning: '__put_user' is not guarded by any access_ok() on 'infop', here or in its callers [access-ok-far]
		return -EFAULT;
	return 0;
}

// CVE-2018-20669 (i915 relocations): the check covers another pointer.
int relocs(struct reloc __user *urelocs, struct event __user *uexec,
	   unsigned int count)
{
	unsigned int i;

	if (!access_ok(uexec, sizeof(*uexec)))
		return -EFAULT;
	for (i = 0; i < count; i++)
		if (__put_user(0, &urelocs[i].presumed))
// CHECK: far.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'urelocs', but the access_ok() before it checks 'uexec'
// CHECK: far.c:[[@LINE-5]]:7: note: access_ok() here
			return -EFAULT;
	return 0;
}

// filldir: the range checked is not the range written.
int filldir_shape(struct dirent __user *dirent, u64 off)
{
	if (!user_write_access_begin(dirent, sizeof(*dirent)))
		return -EFAULT;
	unsafe_put_user(off, &dirent[1].d_off, efault);
// CHECK: far.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses element 1 of 'dirent', outside the window 'user_write_access_begin' opened for 'sizeof(*dirent)'
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int short_check(struct dirent __user *d, u64 off)
{
	if (!access_ok(d, sizeof(*d)))
		return -EFAULT;
	if (__put_user(off, &d[1].d_off))
// CHECK: far.c:[[@LINE-1]]:6: warning: '__put_user' accesses element 1 of 'd', but access_ok() covers only 1
		return -EFAULT;
	return 0;
}

// epoll v1: the window trusts an access_ok() two functions up.
static inline struct event __user *put_event(u32 revents, u64 data,
					     struct event __user *uevent)
{
	__user_write_access_begin(uevent, sizeof(*uevent));
// CHECK: far.c:[[@LINE-1]]:2: warning: '__user_write_access_begin' relies on an access_ok() in another function: 'uevent' is checked in wait_events(), 2 calls up (put_event() <- send_events() <- wait_events())
// CHECK: far.c:[[@LINE+22]]:7: note: access_ok() here
	unsafe_put_user(revents, &uevent->events, efault);
	unsafe_put_user(data, &uevent->data, efault);
	user_write_access_end();
	return uevent + 1;
efault:
	user_write_access_end();
	return NULL;
}

static int send_events(struct event __user *events, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!(events = put_event(1, 2, events)))
			return -EFAULT;
	return n;
}

int wait_events(struct event __user *events, int maxevents)
{
	if (!access_ok(events, maxevents * sizeof(struct event)))
		return -EFAULT;
	return send_events(events, maxevents);
}

// A check that does not run on every path.
int not_dominating(u32 __user *p, u32 *out, int flag)
{
	if (flag && !access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (__get_user(*out, p))
// CHECK: far.c:[[@LINE-1]]:6: warning: '__get_user' is not guarded on every path: the access_ok() on 'p' does not run before it on all of them
		return -EFAULT;
	return 0;
}

// Far away: more statements and lines than allowed.
int far_away(u32 __user *p, u32 *out, u32 *a)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	a[0] = 1;
	a[1] = 2;
	a[2] = 3;
	a[3] = 4;
	a[4] = 5;
	a[5] = 6;
	a[6] = 7;
	a[7] = 8;
	a[8] = 9;
	a[9] = 10;
	a[10] = 11;
	if (__get_user(*out, p))
// CHECK: far.c:[[@LINE-1]]:6: warning: '__get_user' relies on an access_ok() 13 lines and 11 statements earlier; keep the check next to the access
		return -EFAULT;
	return 0;
}

// Silent: a check right before the access, and io_msg_copy_hdr's second
// pointer checked inside a checked window.
int close_check(u32 __user *p, u32 *out)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return __get_user(*out, p);
}

struct iov { u64 base; u64 len; };
struct msghdr { struct iov __user *iov; u64 iovlen; };
int copy_hdr(struct msghdr __user *umsg, struct msghdr *msg, u64 *len)
{
	if (!user_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(msg->iov, &umsg->iov, ua_end);
	unsafe_get_user(msg->iovlen, &umsg->iovlen, ua_end);
	if (!access_ok(&msg->iov[0].len, sizeof(u64)))
		goto ua_end;
	unsafe_get_user(*len, &msg->iov[0].len, ua_end);
	user_access_end();
	return 0;
ua_end:
	user_access_end();
	return -EFAULT;
}

// s390 keeps user memory in its own address space (it selects
// CONFIG_ALTERNATE_USER_ADDRESS_SPACE): a missing access_ok() lets no
// access reach kernel memory there, and each finding says so. Other
// arches' findings have no such note.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %s390-flags 2>&1 | FileCheck %s --check-prefix=S390
// S390: far.c:48:6: warning: '__put_user' is not guarded by any access_ok() on 'infop', here or in its callers [access-ok-far]
// S390: far.c:48:6: note: no effect on s390: user memory is a separate address space there, so access_ok() is always true; the check matters on arches that share one
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: %uaccess-lint --checks=access-ok-far %s -- %riscv-flags 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED-NOT: no effect on
