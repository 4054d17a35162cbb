// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,ROW --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,ROW --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,ROW --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,ROW --implicit-check-not=warning: --implicit-check-not=note:
// (On arm64, __raw_put_mem() spells its pointer once per size, in a
// switch on sizeof(*(ptr)): only the matching case's `p++` runs, and only
// it is counted in row_of_four().)
//
// A check whose range does not cover the access it guards (issue 12's "a
// range that does not cover the writes"), compared in bytes where the
// compiler folds both: a constant length against a constant offset and
// size, or against an offset that grows in a loop bounded by no constant.

#include <linux/uaccess.h>

struct reply { u32 status; u32 len; u64 cookie; };
struct request { struct reply __user *uptr; u32 __user *tail; };

// A walk past a one-element check: the parameter advances in the loop.
int fill_walk(u32 __user *ids, int n)
{
	int i;

	if (!access_ok(ids, sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (__put_user(i, ids++))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'ids' at an offset that grows with the loop, but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-5]]:7: note: access_ok() here
			return -EFAULT;
	return 0;
}

// An index that grows with a loop bounded by a count, not a constant.
int fill_index(u32 __user *ids, int n)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (__put_user(i, &ids[i]))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'ids' at an offset that grows with the loop, but the access_ok() covers only '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-5]]:7: note: access_ok() here
			return -EFAULT;
	return 0;
}

// A countdown loop over a copy of the checked pointer (drivers/char/mem.c
// read_port()'s shape, with its range cut to one byte).
ssize_t read_bytes(char __user *buf, size_t count)
{
	char __user *tmp = buf;

	if (!access_ok(buf, 1))
		return -EFAULT;
	while (count-- > 0) {
		if (__put_user(0, tmp) < 0)
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'tmp' at an offset that grows with the loop, but the access_ok() covers only '1' [access-ok-far]
// CHECK: short-range.c:[[@LINE-5]]:7: note: access_ok() here
			return -EFAULT;
		tmp++;
	}
	return tmp - buf;
}

// Constant offsets: the element after the range, a field past a header.
int put_pair(u32 __user *ids)
{
	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	if (__put_user(1, &ids[1]))
		return -EFAULT;
	return __put_user(2, &ids[2]);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'ids', but the access_ok() covers only '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-6]]:7: note: access_ok() here
}

// The pointer a struct field holds (io_uring's `sr->umsg`), checked for
// its first field only.
int read_reply(struct request *req, u64 *cookie)
{
	if (!access_ok(req->uptr, sizeof(u32)))
		return -EFAULT;
	return __get_user(*cookie, &req->uptr->cookie);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__get_user' accesses bytes 8 to 15 of 'req->uptr', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-4]]:7: note: access_ok() here
}

// A check of one field (io_msg_copy_hdr()'s `&msg->msg_iov[0].iov_len`):
// bytes count from it.
int read_len(struct reply __user *r, u32 *len, u64 *cookie)
{
	if (!access_ok(&r->len, sizeof(u32)))
		return -EFAULT;
	if (__get_user(*len, &r->len))
		return -EFAULT;
	return __get_user(*cookie, &r->cookie);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__get_user' accesses bytes 4 to 11 of '&r->len', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-6]]:7: note: access_ok() here
}

// A window opened for one element, written in a loop.
int fill_window(u32 __user *ids, int n)
{
	int i;

	if (!user_write_access_begin(ids, sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(i, &ids[i], efault);
// CHECK: short-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses 'ids' at an offset that grows with the loop, outside the window 'user_write_access_begin' opened for 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-5]]:7: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// A window opened for its pointer's first field, written past it.
int put_reply(struct reply __user *r, u32 status, u64 cookie)
{
	if (!user_write_access_begin(r, sizeof(r->status)))
		return -EFAULT;
	unsafe_put_user(status, &r->status, efault);
	unsafe_put_user(cookie, &r->cookie, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 8 to 15 of 'r', outside the window 'user_write_access_begin' opened for 'sizeof(r->status)' (4 bytes) [access-ok-far]
// CHECK: short-range.c:[[@LINE-5]]:7: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Two windows in turn: each op is compared with the window it is in.
int put_two_windows(u32 __user *ids)
{
	if (!user_write_access_begin(ids, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(1, &ids[0], efault);
	user_write_access_end();
	if (!user_write_access_begin(ids, 2 * sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(2, &ids[1], efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// Covered, no finding: a whole buffer; a loop bounded by a constant inside
// the range; a check inside the loop; the last field of a whole struct; a
// byte at the start of a one-byte check; a copy of a constant length.
int fill_whole(u32 __user *ids, int n)
{
	int i;

	if (!access_ok(ids, n * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (__put_user(i, &ids[i]))
			return -EFAULT;
	return 0;
}

int fill_two(u32 __user *ids)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 2; i++)
		if (__put_user(i, &ids[i]))
			return -EFAULT;
	return 0;
}

int fill_each(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!access_ok(&ids[i], sizeof(u32)))
			return -EFAULT;
		if (__put_user(i, &ids[i]))
			return -EFAULT;
	}
	return 0;
}

/* A check in each turn of a pointer the loop does not move covers its
 * first element, every turn (round 25). */
int fill_each_first(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!access_ok(ids, sizeof(u32)))
			return -EFAULT;
		if (__put_user(i, &ids[i]))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'ids' at an offset that grows with the loop, but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
			return -EFAULT;
	}
	return 0;
}

/* A pointer the loop moves is checked anew in each turn. */
int fill_each_moved(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++, ids++) {
		if (!access_ok(ids, sizeof(u32)))
			return -EFAULT;
		if (__put_user(i, ids))
			return -EFAULT;
	}
	return 0;
}

/* A check of one element at a variable index, and an access of another
 * at a constant distance from it: compared in elements of that index
 * (round 25). Where the index may change in between, it is not. */
int fill_next(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!access_ok(&ids[i], sizeof(u32)))
			return -EFAULT;
		if (__put_user(i, &ids[i + 1]))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses bytes 4 to 7 of '&ids[i]', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
			return -EFAULT;
	}
	return 0;
}

int fill_next_pair(u32 __user *ids, int i)
{
	if (!access_ok(&ids[i * 2], sizeof(u32)))
		return -EFAULT;
	return __put_user(1, &ids[i * 2 + 1]);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of '&ids[i * 2]', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int fill_after_sum(u32 __user *ids, int i)
{
	if (!access_ok(ids + i, sizeof(u32)))
		return -EFAULT;
	return __put_user(1, ids + i + 1);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'ids + i', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int fill_pair_at(u32 __user *ids, int i)
{
	if (!access_ok(ids + i, 2 * sizeof(u32)))
		return -EFAULT;
	if (__put_user(1, &ids[i]) || __put_user(2, &ids[i + 1]))
		return -EFAULT;
	return 0;
}

int fill_after_step(u32 __user *ids, int i)
{
	if (!access_ok(&ids[i], sizeof(u32)))
		return -EFAULT;
	i++;
	return __put_user(1, &ids[i]);
}

/* A copy of a length no constant tells that starts at or past the end of
 * the window: outside it whatever it copies (put_cmsg() with its window
 * shortened to the header, round 27). One that starts inside is not
 * compared. */
struct chdr {
	u64 len;
	u32 level;
	u32 type;
};

int put_payload(struct chdr __user *cm, const void *data, unsigned long len)
{
	if (!user_write_access_begin(cm, sizeof(*cm)))
		return -EFAULT;
	unsafe_put_user(len, &cm->len, efault);
	unsafe_copy_to_user((void __user *)cm + sizeof(*cm), data, len, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_copy_to_user' accesses bytes 16 onward of 'cm', outside the window 'user_write_access_begin' opened for 'sizeof(*cm)' (16 bytes) [access-ok-far]
// CHECK: note: window opened here
	unsafe_copy_to_user((void __user *)cm + 8, data, len, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int put_cookie(struct reply __user *r, u64 cookie)
{
	if (!access_ok(r, sizeof(*r)))
		return -EFAULT;
	return __put_user(cookie, &r->cookie);
}

int put_flag(u8 __user *flag)
{
	if (!access_ok(flag, 1))
		return -EFAULT;
	return __put_user(1, flag);
}

int copy_reply(struct reply *dst, const struct reply __user *src)
{
	if (!access_ok(src, sizeof(*src)))
		return -EFAULT;
	return __copy_from_user(dst, src, sizeof(*dst)) ? -EFAULT : 0;
}

// A copy whose length is no constant: kernel code clamps it (min_t()), so
// it is not compared.
int copy_some(void *dst, const void __user *src, unsigned long len)
{
	if (!access_ok(src, 8))
		return -EFAULT;
	if (len > 8)
		len = 8;
	return __copy_from_user(dst, src, len) ? -EFAULT : 0;
}

// A variable index into an array member stays inside the member; a retry
// loop advances nothing the access reads; a step after the loop is not in it.
struct table { u32 n; u32 vals[8]; };

int fill_table(struct table __user *t, int n)
{
	int i;

	if (!access_ok(t, sizeof(*t)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (__put_user(i, &t->vals[i]))
			return -EFAULT;
	return 0;
}

int read_retry(u32 __user *p, int tries, u32 *out)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	while (tries--)
		if (!__get_user(*out, p))
			break;
	p++;
	return p == NULL;
}

// A check of the whole struct, then a nearer one of one field: the first
// covers the other fields.
struct hdr2 { u32 a; u32 b; u64 c; };

int read_hdr(struct hdr2 __user *h, u32 *b, u64 *c)
{
	if (!access_ok(h, sizeof(*h)))
		return -EFAULT;
	if (!access_ok(&h->b, sizeof(h->b)))
		return -EFAULT;
	if (__get_user(*b, &h->b))
		return -EFAULT;
	return __get_user(*c, &h->c);
}

// A local copy set once at constant bytes into the window's pointer
// (hostile round 17, bug 3): its places are the pointer's.
struct pr17 { u32 a; u32 b; };

int far_local_copy(struct pr17 __user *p, u32 x)
{
	u32 __user *q;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	q = &p->b;
	unsafe_put_user(x, q + 100, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 404 to 407 of 'p', outside the window 'user_write_access_begin' opened for 'sizeof(*p)' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
	unsafe_put_user(x, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int cast_local_copy(struct pr17 __user *p, u32 x)
{
	u32 __user *q = (u32 __user *)p + 3;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(x, q, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 12 to 15 of 'p', outside the window 'user_write_access_begin' opened for 'sizeof(*p)' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A check spelled through a wrapper macro whose length is a macro of its
 * own: the length is read where the wrapper's body writes it. */
struct rec3 {
	u32 a;
	u32 b;
	u32 c;
};
#define REC3_LEN 8
#define CHECK_REC3(p) access_ok(p, REC3_LEN)
#define BEGIN_REC3(p) user_write_access_begin(p, REC3_LEN)

int rec3_wrapped_check(struct rec3 __user *p, u32 v)
{
	if (!CHECK_REC3(p))
		return -EFAULT;
	return __put_user(v, &p->c);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only 'REC3_LEN' (8 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int rec3_wrapped_begin(struct rec3 __user *p, u32 v)
{
	if (!BEGIN_REC3(p))
		return -EFAULT;
	unsafe_put_user(v, &p->c, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 8 to 11 of 'p', outside the window 'user_write_access_begin' opened for 'REC3_LEN' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A holder the function writes before the check, and not after it, holds
 * what the check checked (6.12 io_msg_copy_hdr(): msg->msg_iov is read in
 * the window opened for umsg, then its first length is checked). */
struct iov8 {
	void __user *base;
	u64 len;
};
struct hdr8 {
	struct iov8 __user *msg_iov;
	int n;
};

int iov_len_short(struct hdr8 __user *umsg, struct hdr8 *msg, u64 *out)
{
	int ret = -EFAULT;

	if (!user_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(msg->msg_iov, &umsg->msg_iov, ua_end);
	if (!access_ok(&msg->msg_iov[0].len, 1))
		goto ua_end;
	unsafe_get_user(*out, &msg->msg_iov[0].len, ua_end);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' accesses bytes 0 to 7 of '&msg->msg_iov[0].len', but the access_ok() covers only '1' [access-ok-far]
// CHECK: note: access_ok() here
	ret = 0;
ua_end:
	user_access_end();
	return ret;
}

/* Written again between the check and the access: the check is of
 * another value. */
int iov_len_rewritten(struct hdr8 __user *umsg, struct hdr8 *msg, u64 *out,
		      struct iov8 __user *other)
{
	int ret = -EFAULT;

	if (!user_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(msg->msg_iov, &umsg->msg_iov, ua_end);
	if (!access_ok(&msg->msg_iov[0].len, 1))
		goto ua_end;
	msg->msg_iov = other;
	unsafe_get_user(*out, &msg->msg_iov[0].len, ua_end);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' accesses 'msg->msg_iov', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: note: access_ok() here
	ret = 0;
ua_end:
	user_access_end();
	return ret;
}

/* Lengths spelled with function-like macros fold like any other. */
#define field_size(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define ELEMS(n, size) ((n) * (size))
#define HDR_BYTES() 4

int macro_field_len(struct reply __user *r, u32 v)
{
	if (!access_ok(r, field_size(struct reply, status)))
		return -EFAULT;
	return __put_user(v, &r->len);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'r', but the access_ok() covers only 'field_size(struct reply, status)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int macro_elems_len(u32 __user *e, u32 v)
{
	if (!access_ok(e, ELEMS(2, sizeof(*e))))
		return -EFAULT;
	return __put_user(v, &e[2]);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'e', but the access_ok() covers only 'ELEMS(2, sizeof(*e))' (8 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int macro_noarg_len(struct reply __user *r, u32 v)
{
	if (!access_ok(r, HDR_BYTES()))
		return -EFAULT;
	return __put_user(v, &r->len);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'r', but the access_ok() covers only 'HDR_BYTES()' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

/* The same macros, covering. */
int macro_elems_covered(u32 __user *e, u32 v)
{
	if (!access_ok(e, ELEMS(3, sizeof(*e))))
		return -EFAULT;
	return __put_user(v, &e[2]);
}

/* A pointer moved in straight code after a fixed check: where it points
 * is known. */
int moved_once(struct reply __user *r, u32 v)
{
	if (!access_ok(r, sizeof(*r)))
		return -EFAULT;
	r++;
	return __put_user(v, &r->status);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 16 to 19 of 'r', but the access_ok() covers only 'sizeof(*r)' (16 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

int moved_by_two(u32 __user *p, u32 v)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	p += 2;
	return __put_user(v, p);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only '8' [access-ok-far]
// CHECK: note: access_ok() here
}

/* Moved inside the range: covered. On one path only: not known. */
int moved_inside(u32 __user *p, u32 v)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	p++;
	return __put_user(v, p);
}

int moved_on_one_path(u32 __user *p, u32 v, int skip)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	if (skip)
		p += 4;
	return __put_user(v, p);
}

/* A check of an exact copy guards the original, over its range. */
int copy_checked(u32 __user *p, u32 v)
{
	u32 __user *q = p;

	if (!access_ok(q, 8))
		return -EFAULT;
	return __put_user(v, &p[3]);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 12 to 15 of 'q', but the access_ok() covers only '8' [access-ok-far]
// CHECK: note: access_ok() here
}

/* A local address inside the checked object (`tail = &r->len`) is the
 * checked pointer at that offset. */
int field_address_covered(struct reply __user *r, u32 v)
{
	u32 __user *tail = &r->len;

	if (!access_ok(r, sizeof(*r)))
		return -EFAULT;
	return __put_user(v, tail);
}

int field_address_short(struct reply __user *r, u32 v)
{
	u32 __user *tail = &r->len;

	if (!access_ok(r, sizeof(u32)))
		return -EFAULT;
	return __put_user(v, tail);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'r', but the access_ok() covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: note: access_ok() here
}

/* In a window too. */
int window_moved(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, 8))
		return -EFAULT;
	p += 2;
	unsafe_put_user(v, p, efault);
// CHECK: short-range.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 8 to 11 of 'p', outside the window 'user_write_access_begin' opened for '8' [access-ok-far]
// CHECK: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A loop that counts to a constant past a constant check: its last turn
 * is outside. Counting within the range is covered (fill_two()). */
int fill_four(u32 __user *ids)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 4; i++)
		if (__put_user(i, &ids[i]))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses bytes 12 to 15 of 'ids', but the access_ok() covers only '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: note: access_ok() here
			return -EFAULT;
	return 0;
}

int fill_four_window(u32 __user *ids)
{
	if (!user_write_access_begin(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (int i = 0; i <= 3; i++)
		unsafe_put_user(i, ids + i, efault);
// CHECK: short-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses bytes 12 to 15 of 'ids', outside the window 'user_write_access_begin' opened for '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A turn that may stop before the access: the last turn need not reach
 * it, so the count does not say how far the loop writes. */
int fill_until(u32 __user *ids, int n)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 4; i++) {
		if (i == n)
			break;
		if (__put_user(i, &ids[i]))
			return -EFAULT;
	}
	return 0;
}

int fill_skipping_turns(u32 __user *ids, int odd)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 4; i++) {
		if (i > 1 && odd)
			continue;
		if (__put_user(i, &ids[i]))
			return -EFAULT;
	}
	return 0;
}

/* The exits ahead of the second access leave only when the first faults:
 * the last turn still reaches it. */
int fill_twice(u32 __user *ids)
{
	if (!user_write_access_begin(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (int i = 0; i < 4; i++) {
		unsafe_put_user(0, ids + i, efault);
// CHECK: short-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses bytes 12 to 15 of 'ids', outside the window 'user_write_access_begin' opened for '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
		unsafe_put_user(i, ids + i, efault);
// CHECK: short-range.c:[[@LINE-1]]:3: warning: 'unsafe_put_user' accesses bytes 12 to 15 of 'ids', outside the window 'user_write_access_begin' opened for '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: note: window opened here
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int fill_four_checked(u32 __user *ids)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 4; i++) {
		if (__put_user(i, &ids[i]))
// CHECK: short-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses bytes 12 to 15 of 'ids', but the access_ok() covers only '2 * sizeof(u32)' (8 bytes) [access-ok-far]
// CHECK: note: access_ok() here
			return -EFAULT;
		if (__put_user(i, &ids[i]))
// CHECK: short-range.c:[[@LINE-1]]:7: note: '__put_user' accesses 'ids' here too
			return -EFAULT;
	}
	return 0;
}

/* A length of 0 covers no byte. */
int zero_length(void __user *p, const void *k)
{
	if (!access_ok(p, 0))
		return -EFAULT;
	return __copy_to_user(p, k, 16);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__copy_to_user' accesses bytes 0 to 15 of 'p', but the access_ok() covers only '0' [access-ok-far]
// CHECK: note: access_ok() here
}

/* get_user() and put_user() check what they access, and no more: the
 * compat shape that reads one field checked and the rest unchecked. */
struct rec4 {
	u32 a;
	u32 b;
	u64 c;
};

int read_rest(struct rec4 __user *r, u32 *b, u64 *c)
{
	u32 a;

	if (get_user(a, &r->a))
		return -EFAULT;
	if (__get_user(*b, &r->b))
// CHECK: short-range.c:[[@LINE-1]]:6: warning: '__get_user' accesses bytes 4 to 7 of '&r->a', but 'get_user' covers only 'sizeof(r->a)' (4 bytes) [access-ok-far]
// CHECK: note: 'get_user' checks the range here
		return -EFAULT;
	return __get_user(*c, &r->c) ?: a;
// CHECK: short-range.c:[[@LINE-1]]:9: note: '__get_user' accesses 'r' here too
}

int write_next(u32 __user *p)
{
	if (put_user(1, p))
		return -EFAULT;
	return __put_user(2, p + 1);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but 'put_user' covers only 'sizeof(*p)' (4 bytes) [access-ok-far]
// CHECK: note: 'put_user' checks the range here
}

/* The same object again is covered. */
int read_field_twice(struct rec4 __user *r, u32 *b)
{
	u32 a;

	if (get_user(a, &r->a) || __get_user(*b, &r->a))
		return -EFAULT;
	return a;
}

/* The index written in the body: where it ends is not known. */
int fill_skipping(u32 __user *ids)
{
	int i;

	if (!access_ok(ids, 2 * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < 4; i++) {
		if (__put_user(i, &ids[i]))
			return -EFAULT;
		i += 2;
	}
	return 0;
}

/* The kernel's row of `__put_user(x, p++)`: each steps p once (the
 * accessor's sizeof(*(ptr)) does not), and the fourth is past 12 bytes. */
int row_of_four(u32 __user *p)
{
	if (!access_ok(p, 3 * sizeof(u32)))
		return -EFAULT;
	if (__put_user(1, p++) || __put_user(2, p++) || __put_user(3, p++))
		return -EFAULT;
	return __put_user(4, p++);
// ROW: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 12 to 15 of 'p', but the access_ok() covers only '3 * sizeof(u32)' (12 bytes) [access-ok-far]
// ROW: note: access_ok() here
}

int row_of_three(u32 __user *p)
{
	if (!access_ok(p, 3 * sizeof(u32)))
		return -EFAULT;
	__put_user(1, p++);
	__put_user(2, p++);
	return __put_user(3, p++);
}

/* A move spelled as an assignment of the pointer to itself plus a
 * constant is a move. */
int moved_by_assignment(u32 __user *p, u32 v)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	p = p + 2;
	return __put_user(v, p);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only '8' [access-ok-far]
// CHECK: note: access_ok() here
}

int moved_by_address(u32 __user *p, u32 v)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	p = &p[2];
	return __put_user(v, p);
// CHECK: short-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 8 to 11 of 'p', but the access_ok() covers only '8' [access-ok-far]
// CHECK: note: access_ok() here
}

int moved_back_inside(u32 __user *p, u32 v)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	p = p + 2;
	p = p - 1;
	return __put_user(v, p);
}
