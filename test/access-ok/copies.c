// A check of a pointer covers the accesses through its local copies, and a
// check of a copy covers the pointer it copies (issue 12): `tmp = buf` in
// 6.12 drivers/char/mem.c, `fp = buf` in arch/x86/kernel/fpu/signal.c, the
// cast `msg_compat = (struct compat_msghdr __user *)msg` in net/socket.c.
// Only copies that hold the pointer on every path count: a copy assigned
// from something else too, or whose origin is reassigned, is another pointer.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct hdr { u32 flags; u32 len; };
struct compat_hdr { u32 flags; u16 len; };

/* mem.c read_port(): the copy walks the checked range. Silent. */
long read_port(char __user *buf, long count)
{
	char __user *tmp = buf;

	if (!access_ok(buf, count))
		return -EFAULT;
	while (count-- > 0) {
		if (__put_user(0, tmp))
			return -EFAULT;
		tmp++;
	}
	return tmp - buf;
}

/* fpu/signal.c save_fsave_header(): copies of its parameter, checked by
 * the caller one call up. Silent. */
static int save_header(void __user *buf, u32 status)
{
	if (status) {
		struct hdr __user *fp = buf;

		return __put_user(status, &fp->flags);
	} else {
		struct compat_hdr __user *fp = buf;

		return __put_user(1, &fp->len);
	}
}

int save_frame(void __user *buf, int size)
{
	if (!access_ok(buf, size))
		return -EFAULT;
	return save_header(buf, 3);
}

/* ____sys_recvmsg(): a cast copy of a checked parameter. Silent. */
int put_flags(struct hdr __user *msg, int compat)
{
	struct compat_hdr __user *msg_compat = (struct compat_hdr __user *)msg;

	if (!access_ok(msg, sizeof(*msg)))
		return -EFAULT;
	if (compat)
		return __put_user(1, &msg_compat->len);
	return __put_user(1, &msg->len);
}

/* A check of the copy covers the original. Silent. */
int check_copy(struct hdr __user *buf, u32 *out)
{
	struct hdr __user *u = buf;

	if (!access_ok(u, sizeof(*u)))
		return -EFAULT;
	return __get_user(*out, &buf->len);
}

/* A constant offset inside the checked range is covered; past it, short. */
int read_offsets(struct hdr __user *p, u32 *out)
{
	struct hdr __user *second = p + 1;
	struct hdr __user *third = p + 2;

	if (!access_ok(p, 2 * sizeof(*p)))
		return -EFAULT;
	if (__get_user(*out, &second->len))
		return -EFAULT;
	return __get_user(*out, &third->len);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__get_user' accesses element 2 of 'p', but access_ok() covers only 2 [access-ok-far]
}

/* Reassigned from another pointer on some path: not a copy. */
long read_other(char __user *buf, char __user *other, int flag)
{
	char __user *tmp = buf;

	if (flag)
		tmp = other;
	if (!access_ok(buf, 1))
		return -EFAULT;
	return __put_user(0, tmp);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'tmp', but the access_ok() before it checks 'buf' [access-ok-far]
}

/* The origin changes after the copy: the check is of another value. */
long read_moved(char __user *buf, char __user *other)
{
	char __user *tmp = buf;

	buf = other;
	if (!access_ok(buf, 1))
		return -EFAULT;
	return __put_user(0, tmp);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'tmp', but the access_ok() before it checks 'buf' [access-ok-far]
}

/* A copy that walks before its check does not cover the original. */
long check_walked(char __user *buf, u8 *out)
{
	char __user *q = buf;

	q++;
	if (!access_ok(q, 1))
		return -EFAULT;
	return __get_user(*out, buf);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__get_user' accesses 'buf', but the access_ok() before it checks 'q' [access-ok-far]
}

/* A copy of a parameter nothing checks: the callers are searched for it. */
static int store_status(void __user *buf)
{
	struct hdr __user *fp = buf;

	return __put_user(1, &fp->flags);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'fp', here or in its callers [access-ok-far]
}

int store_unchecked(void __user *buf)
{
	return store_status(buf);
}

/* fpu/signal.c fpu__restore_sig(): `buf_fx = buf`, or past a 32-bit
 * header, by path; the caller checks the whole frame from `buf`. A copy
 * at one of several constant offsets is inside it, the offset unknown.
 * check_xstate_in_sigframe(): `fpstate + fx_sw->xstate_size`, an offset
 * read from a struct. Silent. */
static int restore_xstate(void __user *buf_fx, struct hdr *sw)
{
	void __user *fpstate = buf_fx;
	u32 magic;

	if (__get_user(sw->len, (u32 __user *)buf_fx))
		return -EFAULT;
	return __get_user(magic, (u32 __user *)(fpstate + sw->len));
}

int restore_frame(void __user *buf, int ia32, int size)
{
	void __user *buf_fx = buf;
	struct hdr sw;

	if (ia32) {
		buf_fx = buf + sizeof(struct compat_hdr);
		size += sizeof(struct compat_hdr);
	}
	if (!access_ok(buf, size))
		return -EFAULT;
	return restore_xstate(buf_fx, &sw);
}

/* The same, called with a check of a fixed size: the offset may be past
 * it, so the callee is not covered; and with no check at all. */
static int restore_header(void __user *buf_fx, struct hdr *sw)
{
	void __user *fpstate = buf_fx;
	u32 magic;

	if (__get_user(sw->len, (u32 __user *)buf_fx))
// CHECK: copies.c:[[@LINE-1]]:6: warning: '__get_user' accesses 'buf_fx', which may lie past the start of 'buf', but the access_ok() in restore_fixed(), 1 call up (restore_header() <- restore_fixed()), covers only 'sizeof(struct hdr)' of it [access-ok-far]
		return -EFAULT;
	return __get_user(magic, (u32 __user *)(fpstate + sw->len));
// CHECK: copies.c:[[@LINE-1]]:9: note: '__get_user' accesses 'fpstate' here too
}

int restore_fixed(void __user *buf, int ia32)
{
	void __user *buf_fx = buf;
	struct hdr sw;

	if (ia32)
		buf_fx = buf + sizeof(struct compat_hdr);
	if (!access_ok(buf, sizeof(struct hdr)))
		return -EFAULT;
	return restore_header(buf_fx, &sw);
}

int restore_unchecked(void __user *buf, int ia32)
{
	void __user *buf_fx = buf;
	struct hdr sw;

	if (ia32)
		buf_fx = buf + sizeof(struct compat_hdr);
	return restore_header(buf_fx, &sw);
}

/* Unchecked: a cast copy and its original are one pointer, one finding
 * (6.12 ____sys_recvmsg(): `msg_compat` and `msg`). */
int put_flags_unchecked(struct hdr __user *msg, int compat)
{
	struct compat_hdr __user *msg_compat = (struct compat_hdr __user *)msg;

	if (compat)
		return __put_user(1, &msg_compat->len);
// CHECK: copies.c:[[@LINE-1]]:10: warning: '__put_user' is not guarded by any access_ok() on 'msg_compat', here or in its callers [access-ok-far]
	return __put_user(1, &msg->len);
// CHECK: copies.c:[[@LINE-1]]:9: note: '__put_user' accesses 'msg' here too
}

/* A copy at a constant offset is compared in bytes, whatever the check's
 * length is spelled as (rounds 28 and 29). */
int copy_by_type(u32 __user *p)
{
	u32 __user *q = &p[1];

	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	return __put_user(1, q);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
}

int copy_after_check(u32 __user *p)
{
	u32 __user *q;

	if (!access_ok(p, 8))
		return -EFAULT;
	q = p + 2;
	return __put_user(1, q);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only '8' [access-ok-far]
}

int copy_inside(u32 __user *p)
{
	u32 __user *q = p + 1;

	if (!access_ok(p, 2 * sizeof(u32)))
		return -EFAULT;
	return __put_user(1, q);
}

/* A copy advanced after its one store: the steps are counted. */
int copy_stepped(u32 __user *p)
{
	u32 __user *q;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	q = p;
	q++;
	return __put_user(1, q);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() covers only 'sizeof(*p)' (4 bytes) [access-ok-far]
}

int copy_added(u32 __user *p)
{
	u32 __user *q = p;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	q += 1;
	return __put_user(1, q + 1);
// CHECK: copies.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only 'sizeof(*p)' (4 bytes) [access-ok-far]
}

int copy_stepped_inside(u32 __user *p)
{
	u32 __user *q = p;

	q++;
	if (!access_ok(p, 2 * sizeof(*p)))
		return -EFAULT;
	return __put_user(1, q);
}

/* A step on one path only: where the copy points is not known. Silent. */
int copy_stepped_maybe(u32 __user *p, int c)
{
	u32 __user *q = p;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (c)
		q++;
	return __put_user(1, q);
}
