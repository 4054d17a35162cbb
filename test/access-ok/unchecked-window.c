// Unsafe ops in a window that no checked begin opened, or through another
// pointer than the window's, need an access_ok() of their own (issue 12).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %powerpc-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
//
// The arch's own copy routines may open a window that names no pointer:
// RUN: rm -rf %t && mkdir -p %t/arch/x86/lib
// RUN: sed -n '/^#include/,/^\/\/ END-ARCH/p' %s > %t/arch/x86/lib/copy.c
// RUN: %uaccess-lint --checks=access-ok-far %t/arch/x86/lib/copy.c -- %x86-flags 2>&1 | FileCheck %s --check-prefix=ARCH --allow-empty
// ARCH-NOT: warning:
// ... and the option names those places:
// RUN: %uaccess-lint --checks=access-ok-far --check-option=access-ok-far.ArchInternalFiles='*/nowhere/*' %t/arch/x86/lib/copy.c -- %x86-flags 2>&1 | FileCheck %s --check-prefix=NOARCH
// NOARCH: copy.c:{{[0-9]+}}:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'infop', here or in its callers

#include <linux/uaccess.h>

#ifndef __uaccess_begin
// Generic arches have no begin that names no pointer; an arch helper of
// that shape (as arm64's uaccess_enable_privileged() is) stands for one.
#define __uaccess_begin() do { } while (0)
#define __uaccess_end() do { } while (0)
#endif

struct siginfo { int si_signo; int si_errno; int si_code; };

// CVE-2017-5123 as it was merged in 4.13: waitid() opened the window with
// no range at all and wrote the siginfo wherever the user pointed.
int waitid_cve(struct siginfo __user *infop, int signo, int code)
{
	__uaccess_begin();
	unsafe_put_user(signo, &infop->si_signo, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'infop', here or in its callers [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE-3]]:2: note: '__uaccess_begin' opens the window here without checking any range
// CHECK: unchecked-window.c:[[@LINE+1]]:2: note: 'unsafe_put_user' accesses 'infop' here too
	unsafe_put_user(0, &infop->si_errno, Efault);
// CHECK: unchecked-window.c:[[@LINE+1]]:2: note: 'unsafe_put_user' accesses 'infop' here too
	unsafe_put_user(code, &infop->si_code, Efault);
	__uaccess_end();
	return 0;
Efault:
	__uaccess_end();
	return -EFAULT;
}
// END-ARCH

// The fix that went in: access_ok() first. Silent.
int waitid_fixed(struct siginfo __user *infop, int signo)
{
	if (!access_ok(infop, sizeof(*infop)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(signo, &infop->si_signo, Efault);
	__uaccess_end();
	return 0;
Efault:
	__uaccess_end();
	return -EFAULT;
}

// Checked in the only caller, next to the call: silent.
static int fill_info(struct siginfo __user *infop, int signo)
{
	__uaccess_begin();
	unsafe_put_user(signo, &infop->si_signo, Efault);
	__uaccess_end();
	return 0;
Efault:
	__uaccess_end();
	return -EFAULT;
}

int waitid_caller(struct siginfo __user *infop, int signo)
{
	if (!access_ok(infop, sizeof(*infop)))
		return -EFAULT;
	return fill_info(infop, signo);
}

struct iov { void __user *base; unsigned long len; };
struct umsghdr { struct iov __user *msg_iov; unsigned long msg_iovlen; };
struct kmsghdr { struct iov __user *msg_iov; unsigned long msg_iovlen; };

// io_msg_copy_hdr: msg_iov was read from user memory inside the window
// opened for umsg; it needs its own access_ok().
int copy_hdr_checked(struct umsghdr __user *umsg, struct kmsghdr *msg,
		     unsigned long *len)
{
	int ret = -EFAULT;

	if (!user_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(msg->msg_iov, &umsg->msg_iov, ua_end);
	unsafe_get_user(msg->msg_iovlen, &umsg->msg_iovlen, ua_end);
	if (!access_ok(&msg->msg_iov[0].len, sizeof(unsigned long)))
		goto ua_end;
	unsafe_get_user(*len, &msg->msg_iov[0].len, ua_end);
	ret = 0;
ua_end:
	user_access_end();
	return ret;
}

int copy_hdr_unchecked(struct umsghdr __user *umsg, struct kmsghdr *msg,
		       unsigned long *len)
{
	int ret = -EFAULT;

	if (!user_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(msg->msg_iov, &umsg->msg_iov, ua_end);
	unsafe_get_user(msg->msg_iovlen, &umsg->msg_iovlen, ua_end);
	unsafe_get_user(*len, &msg->msg_iov[0].len, ua_end);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' accesses 'msg->msg_iov', not the 'umsg' its window was opened for, and no access_ok() checks it [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE-6]]:7: note: 'user_access_begin' checks the range here
	ret = 0;
ua_end:
	user_access_end();
	return ret;
}

struct dirent64 { u64 d_ino; u64 d_off; };

// filldir64: the window is opened for prev, computed from dirent; writes
// through either are inside it. Silent.
int filldir_derived(struct dirent64 __user *dirent, int prev_reclen,
		    u64 ino, u64 off)
{
	struct dirent64 __user *prev;

	prev = (void __user *)dirent - prev_reclen;
	if (!user_write_access_begin(prev, sizeof(*dirent) + prev_reclen))
		return -EFAULT;
	unsafe_put_user(off, &prev->d_off, efault);
	unsafe_put_user(ino, &dirent->d_ino, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// One finding per pointer: the first accesses are listed, then a count.
int many_writes(u32 __user *p)
{
	if (__put_user(1, &p[0]) || __put_user(2, &p[1]) ||
// CHECK: unchecked-window.c:[[@LINE-1]]:6: warning: '__put_user' is not guarded by any access_ok() on 'p', here or in its callers
// CHECK: unchecked-window.c:[[@LINE-2]]:30: note: '__put_user' accesses 'p' here too
	    __put_user(3, &p[2]) || __put_user(4, &p[3]) ||
// CHECK: unchecked-window.c:[[@LINE-1]]:6: note: '__put_user' accesses 'p' here too
// CHECK: unchecked-window.c:[[@LINE-2]]:30: note: '__put_user' accesses 'p' here too
	    __put_user(5, &p[4]) || __put_user(6, &p[5]))
// CHECK: unchecked-window.c:[[@LINE-1]]:30: note: and 2 more accesses of 'p'
		return -EFAULT;
	return 0;
}

// Each window opened without a check is a finding of its own, not a note
// of the pointer's earlier finding (6.12 eb_copy_relocations() with its
// user_access_begin() replaced: the window's begin is the defect to fix).
int copy_then_mark(struct siginfo __user *info, struct siginfo *k)
{
	if (__copy_from_user(k, info, sizeof(*k)))
		return -EFAULT;
// CHECK: unchecked-window.c:[[@LINE-2]]:6: warning: '__copy_from_user' is not guarded by any access_ok() on 'info', here or in its callers
	__uaccess_begin();
	unsafe_put_user(-1, &info->si_code, efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'info', here or in its callers
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

// waitid() with the rusage copy folded into the window opened for infop:
// each put_user() expansion on x86 declares its own `__ptr`, which is no
// link between infop and ru (round 31).
struct rusage { long ru_utime; long ru_stime; };
int waitid_ru(struct siginfo __user *infop, struct rusage __user *ru,
	      const struct rusage *r, int signo)
{
	if (!user_write_access_begin(infop, sizeof(*infop)))
		return -EFAULT;
	unsafe_put_user(signo, &infop->si_signo, Efault);
	unsafe_put_user(0, &infop->si_errno, Efault);
	unsafe_put_user(r->ru_utime, &ru->ru_utime, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses 'ru', not the 'infop' its window was opened for, and no access_ok() checks it [access-ok-far]
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// A macro of the caller's own with a pointer of its own, used twice: each
// use's `dst` is derived from what it is given. Silent.
#define put_name_end(_dst, _v, label) do {		\
	int __user *dst = (_dst);			\
	unsafe_put_user(_v, dst + 1, label);		\
} while (0)

struct names { int a[2]; int b[2]; };
int put_names(struct names __user *n, int v)
{
	if (!user_write_access_begin(n, sizeof(*n)))
		return -EFAULT;
	put_name_end(n->a, v, Efault);
	put_name_end(n->b, v, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// The ops of a helper that works in its caller's window are checked by
// the caller's begin, as signal frames' __unsafe_setup_sigcontext() is:
// a window too short for them, or opened for another pointer, is no check
// (round 31). The finding is at the helper's op, naming the caller.
struct sframe { u32 magic; u32 flags; u32 sc[4]; };
static __always_inline int put_sc(u32 __user *sc, u32 v)
{
	unsafe_put_user(v, sc, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 8 to 11 of 'frame', but 'user_write_access_begin' in setup_short(), 1 call up (put_sc() <- setup_short()), covers only '2 * sizeof(u32)' of it [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int setup_short(struct sframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, 2 * sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(v, &frame->magic, Efault);
	if (put_sc(&frame->sc[0], v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

static __always_inline int put_flags(u32 __user *f, u32 v)
{
	unsafe_put_user(v, f, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'f', here or in its callers [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int setup_other(struct sframe __user *frame, u32 __user *fp, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_flags(fp, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// The whole frame in the window: silent.
static __always_inline int put_sc_ok(u32 __user *sc, u32 v)
{
	unsafe_put_user(v, sc, Efault);
	return 0;
Efault:
	return -EFAULT;
}

int setup_whole(struct sframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_sc_ok(&frame->sc[3], v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// The same helper given an element of an array nested in the frame, and
// through a second helper: the frame's window checks both (round 32).
struct regs { u32 r[4]; };
struct nframe { u32 magic; struct regs sc; };
static __always_inline int put_reg_word(u32 __user *r, u32 v)
{
	unsafe_put_user(v, r, Efault);
	return 0;
Efault:
	return -EFAULT;
}

static __always_inline int put_regs(struct regs __user *sc, u32 v)
{
	if (put_reg_word(&sc->r[1], v))
		return -EFAULT;
	return put_reg_word(sc->r, v);
}

int setup_nested(struct nframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_reg_word(&frame->sc.r[2], v) || put_reg_word(frame->sc.r, v))
		goto Efault;
	if (put_regs(&frame->sc, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// An element of an array in a struct member, written directly after a
// check of the whole frame, and a copy at a constant offset passed to the
// helper inside a window of two frames: checked (round 33). Silent.
int put_nested_direct(struct nframe __user *frame, u32 v)
{
	if (!access_ok(frame, sizeof(*frame)))
		return -EFAULT;
	return __put_user(v, &frame->sc.r[3]);
}

int setup_two(struct nframe __user *frame, u32 v)
{
	struct nframe __user *q = frame + 1;

	if (!user_write_access_begin(frame, 2 * sizeof(*frame)))
		return -EFAULT;
	if (put_regs(&q->sc, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// One helper called in two windows of a function: the second too short
// for its bytes. The first window's check of the whole frame does not
// widen the second, whose begin opens only its own range on powerpc
// (round 33).
struct pair { u32 a; u32 b; };
struct pframe { u32 magic; u32 flags; struct pair sc; };
static __always_inline int put_pair(struct pair __user *sc, u32 v)
{
	unsafe_put_user(v, &sc->a, Efault);
	unsafe_put_user(v, &sc->b, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 12 to 15 of 'frame', but 'user_write_access_begin' in setup_again(), 1 call up (put_pair() <- setup_again()), covers only '3 * sizeof(u32)' of it [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int setup_again(struct pframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_pair(&frame->sc, v))
		goto Efault;
	user_write_access_end();
	if (!user_write_access_begin(frame, 3 * sizeof(u32)))
		return -EFAULT;
	if (put_pair(&frame->sc, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// Two callers of one helper, each with a window too short for it: the
// finding at the helper's op names every call to blame, as a site of the
// finding, so a second short window is seen by a baseline and by the
// --diff gate (round 34).
struct wframe { u32 magic; u32 flags; u32 x; };
static __always_inline int put_word(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 4 to 7 of 'frame', but 'user_write_access_begin' in short_first(), 1 call up (put_word() <- short_first()), covers only 'sizeof(u32)' of it [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE+10]]:7: note: 'user_write_access_begin' checks the range here
// CHECK: unchecked-window.c:[[@LINE+11]]:6: note: 'short_first()' calls 'put_word()' here with no check that covers it
// CHECK: unchecked-window.c:[[@LINE+23]]:6: note: 'short_second()' calls 'put_word()' here with no check that covers it
	return 0;
Efault:
	return -EFAULT;
}

int short_first(struct wframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(u32)))
		return -EFAULT;
	if (put_word(&frame->flags, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

int short_second(struct wframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(u32)))
		return -EFAULT;
	if (put_word(&frame->x, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// The window's pointer given another value before the helper's call: the
// window does not check what the helper is given (round 34).
static __always_inline int put_flag(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int moved_after_begin(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	frame = other;
	if (put_flag(&frame->flags, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// A copy made before the window's pointer was given another value: the
// window checks the new value, not the copy, in a helper and directly.
static __always_inline int put_stale(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE+13]]:6: note: 'stale_copy()' calls 'put_stale()' here with no check that covers it
	return 0;
Efault:
	return -EFAULT;
}

int stale_copy(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	struct wframe __user *q = frame;

	frame = other;
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_stale(&q->flags, v))
		goto Efault;
	unsafe_put_user(v, &q->magic, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses 'q', not the 'frame' its window was opened for, and no access_ok() checks it [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE-6]]:7: note: 'user_write_access_begin' checks the range here
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// Copied after the reassignment: the copy is the window's pointer. Silent.
int fresh_copy(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	struct wframe __user *q;

	frame = other;
	q = frame;
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	if (put_stale(&q->flags, v))
		goto Efault;
	unsafe_put_user(v, &q->magic, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// A caller's check of what the function was given says nothing of a
// parameter the function gives another value before the call (round 34).
static __always_inline int put_moved(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE+11]]:6: note: 'moved_checked_up()' calls 'put_moved()' here with no check that covers it
	return 0;
Efault:
	return -EFAULT;
}

static noinline int moved_checked_up(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	frame = other;
	if (put_moved(&frame->flags, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

int checks_frame(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	if (!access_ok(frame, sizeof(*frame)))
		return -EFAULT;
	return moved_checked_up(frame, other, v);
}

// Copied after the begin, and the window's pointer given another value
// after that: the copy holds what the begin checked. Silent (round 35).
int copied_after_begin(struct wframe __user *frame, struct wframe __user *other, u32 v)
{
	u32 __user *fl;

	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	fl = &frame->flags;
	frame = other;
	if (put_sc_ok(fl, v))
		goto Efault;
	unsafe_put_user(v, fl, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

// A macro that calls the helper twice is one place to blame (round 35).
static __always_inline int put_twice_helper(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'p', here or in its callers [access-ok-far]
// CHECK: unchecked-window.c:[[@LINE+12]]:6: note: 'twice_in_macro()' calls 'put_twice_helper()' here with no check that covers it
	return 0;
Efault:
	return -EFAULT;
}
#define PUT_BOTH(p, v) (put_twice_helper(p, v) || put_twice_helper(p, v))

int twice_in_macro(unsigned long addr, u32 v)
{
	u32 __user *p = (u32 __user *)addr;

	__uaccess_begin();
	if (PUT_BOTH(p, v))
		goto Efault;
	__uaccess_end();
	return 0;
Efault:
	__uaccess_end();
	return -EFAULT;
}

// The window's pointer stepped in straight code before the helper's call:
// the helper's bytes move with it, as a direct op's do (round 35).
static __always_inline int put_stepped(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, Efault);
// CHECK: unchecked-window.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 16 to 19 of 'frame', but 'user_write_access_begin' in stepped_before_call(), 1 call up (put_stepped() <- stepped_before_call()), covers only 'sizeof(*frame)' of it [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int stepped_before_call(struct wframe __user *frame, u32 v)
{
	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	frame = frame + 1;
	if (put_stepped(&frame->flags, v))
		goto Efault;
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
