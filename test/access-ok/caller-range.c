// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
//
// A caller's check of a constant length, against the bytes a callee
// reaches at constant offsets from what the caller passes: a field of the
// parameter, an element past it, an argument the caller offsets itself,
// through a local pointer, and two calls up. Bytes are counted from the
// caller's pointer; a check that covers them is a check.

#include <linux/uaccess.h>

struct pair {
	u32 a;
	u32 b;
};

static noinline int put_pair(struct pair __user *p, u32 a, u32 b)
{
	if (__put_user(a, &p->a))
		return -EFAULT;
	if (__put_user(b, &p->b))
// CHECK: caller-range.c:[[@LINE-1]]:6: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() in set_pair(), 1 call up (put_pair() <- set_pair()), covers only 'sizeof(u32)' of it [access-ok-far]
		return -EFAULT;
	return 0;
}

int set_pair(struct pair __user *p)
{
	if (!access_ok(p, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'set_pair()' calls 'put_pair()' here with no check that covers it
		return -EFAULT;
	return put_pair(p, 1, 2);
}

/* The whole pair checked: both fields covered. */
int set_pair_whole(struct pair __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return put_pair(p, 1, 2);
}

static noinline int put_second(u32 __user *v)
{
	return __put_user(7, v + 1);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'out', but the access_ok() in second_short(), 1 call up (put_second() <- second_short()), covers only '4' of it [access-ok-far]
}

int second_short(u32 __user *out)
{
	if (!access_ok(out, 4))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'second_short()' calls 'put_second()' here with no check that covers it
		return -EFAULT;
	return put_second(out);
}

int second_covered(u32 __user *out)
{
	if (!access_ok(out, 2 * sizeof(u32)))
		return -EFAULT;
	return put_second(out);
}

/* The caller passes a field's address: the callee's `*v` is at bytes 4 to
 * 7 of the caller's pointer. */
static noinline int put_word(u32 __user *v)
{
	return __put_user(9, v);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() in word_short(), 1 call up (put_word() <- word_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int word_short(struct pair __user *p)
{
	if (!access_ok(p, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'word_short()' calls 'put_word()' here with no check that covers it
		return -EFAULT;
	return put_word(&p->b);
}

/* The check names the field passed: it covers it. */
int word_field_checked(struct pair __user *p)
{
	if (!access_ok(&p->b, sizeof(u32)))
		return -EFAULT;
	return put_word(&p->b);
}

/* Through an exact local copy, two calls up, the first passing a copy of
 * its own. */
static noinline int put_tail(struct pair __user *p)
{
	struct pair __user *copy = p;

	return __put_user(3, &copy->b);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'h', but the access_ok() in tail_short(), 2 calls up (put_tail() <- pass_tail() <- tail_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

static noinline int pass_tail(struct pair __user *q)
{
	struct pair __user *same = q;

	return put_tail(same);
}

int tail_short(struct pair __user *h)
{
	if (!access_ok(h, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'tail_short()' calls 'pass_tail()' here with no check that covers it
		return -EFAULT;
	return pass_tail(h);
}

/* A caller that passes an element at a variable index: the pointer lies
 * somewhere past the start of the one it checked for a fixed length. */
static noinline int put_first(struct pair __user *p)
{
	return __put_user(3, &p->a);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which may lie past the start of 'h', but the access_ok() in first_indexed(), 1 call up (put_first() <- first_indexed()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int first_indexed(struct pair __user *h, int i)
{
	if (!access_ok(h, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'first_indexed()' calls 'put_first()' here with no check that covers it
		return -EFAULT;
	return put_first(h + i);
}

/* ... which a check of a variable length covers. */
int first_counted(struct pair __user *h, int i, int n)
{
	if (!access_ok(h, n * sizeof(*h)))
		return -EFAULT;
	return put_first(&h[i]);
}

/* A caller that calls through a macro of its own: the call is the
 * caller's, and its check covers the callee. */
static noinline int put_d(u32 __user *v)
{
	return __put_user(1, v);
}
#define CALL_PUT_D(x) put_d(x)

int via_macro(u32 __user *out, unsigned long n)
{
	if (!access_ok(out, n))
		return -EFAULT;
	return CALL_PUT_D(out);
}

/* A caller's begin checks a range too, and is named. */
static noinline int put_b(struct pair __user *p)
{
	return __put_user(1, &p->b);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but 'user_write_access_begin' in begin_short(), 1 call up (put_b() <- begin_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int begin_short(struct pair __user *p)
{
	if (!user_write_access_begin(p, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: 'user_write_access_begin' checks the range here
// CHECK: caller-range.c:[[@LINE+3]]:9: note: 'begin_short()' calls 'put_b()' here with no check that covers it
		return -EFAULT;
	user_write_access_end();
	return put_b(p);
}

/* The same begin in the function itself names it too. */
int begin_short_local(struct pair __user *p)
{
	if (!user_write_access_begin(p, sizeof(u32)))
		return -EFAULT;
	user_write_access_end();
	return __put_user(1, &p->b);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but 'user_write_access_begin' covers only 'sizeof(u32)' (4 bytes) [access-ok-far]
// CHECK: caller-range.c:[[@LINE-5]]:7: note: 'user_write_access_begin' checks the range here
}

/* A caller that passes the element before its pointer. */
static noinline int put_a(struct pair __user *p)
{
	return __put_user(1, &p->a);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes -8 to -5 of 'p', but the access_ok() in pass_before(), 1 call up (put_a() <- pass_before()), covers only 'sizeof(*p)' of it [access-ok-far]
}

int pass_before(struct pair __user *p)
{
	if (!access_ok(p, sizeof(*p)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'pass_before()' calls 'put_a()' here with no check that covers it
		return -EFAULT;
	return put_a(p - 1);
}

/* A caller's check through a wrapper macro whose length is a macro. */
#define PAIR_HALF 4
#define CHECK_PAIR(p) access_ok(p, PAIR_HALF)
static noinline int put_second_field(struct pair __user *p)
{
	return __put_user(1, &p->b);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() in wrapped_short(), 1 call up (put_second_field() <- wrapped_short()), covers only 'PAIR_HALF' of it [access-ok-far]
}

int wrapped_short(struct pair __user *p)
{
	if (!CHECK_PAIR(p))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'wrapped_short()' calls 'put_second_field()' here with no check that covers it
		return -EFAULT;
	return put_second_field(p);
}

/* A checked accessor in the caller checks only the element it reads: a
 * callee that walks the pointer is not covered by it. */
static noinline int put_walk(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__put_user(i, ids++))
// CHECK: caller-range.c:[[@LINE-1]]:7: warning: '__put_user' is not guarded by any access_ok() on 'ids', here or in its callers [access-ok-far]
			return -EFAULT;
	return 0;
}

int walk_after_get(u32 __user *ids, int n)
{
	u32 first;

	if (get_user(first, ids))
		return -EFAULT;
	return put_walk(ids, n);
}

/* The callee reaches the field through a local address of it: the
 * bytes are that address's. */
static noinline int put_b_local(struct pair __user *p, u32 v)
{
	u32 __user *tail = &p->b;

	return __put_user(v, tail);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() in local_short(), 1 call up (put_b_local() <- local_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int local_whole(struct pair __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return put_b_local(p, 1);
}

int local_short(struct pair __user *p)
{
	if (!access_ok(p, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'local_short()' calls 'put_b_local()' here with no check that covers it
		return -EFAULT;
	return put_b_local(p, 1);
}

/* A caller that passes a local address inside what it checked: at that
 * offset. */
static noinline int put_word_at(u32 __user *w, u32 v)
{
	return __put_user(v, w);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses bytes 4 to 7 of 'p', but the access_ok() in pass_local_short(), 1 call up (put_word_at() <- pass_local_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int pass_local_whole(struct pair __user *p)
{
	u32 __user *tail = &p->b;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return put_word_at(tail, 1);
}

int pass_local_short(struct pair __user *p)
{
	u32 __user *tail = &p->b;

	if (!access_ok(p, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'pass_local_short()' calls 'put_word_at()' here with no check that covers it
		return -EFAULT;
	return put_word_at(tail, 1);
}

/* A check of the local address itself covers it. */
int pass_local_checked(struct pair __user *p)
{
	u32 __user *tail = &p->b;

	if (!access_ok(tail, sizeof(u32)))
		return -EFAULT;
	return put_word_at(tail, 1);
}

/* A helper that writes at its pointer and then steps it: no step runs
 * before the first write, which is at the start of what the caller checked
 * (its 4 bytes cover it). The write after the step may lie past them. */
static noinline int put_then_step(u32 __user *p)
{
	if (__put_user(1, p))
		return -EFAULT;
	p = p + 1;
	return __put_user(2, p);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which may lie past the start of 'w', but the access_ok() in step_short(), 1 call up (put_then_step() <- step_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int step_short(u32 __user *w)
{
	if (!access_ok(w, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'step_short()' calls 'put_then_step()' here with no check that covers it
		return -EFAULT;
	return put_then_step(w);
}

/* Its address taken after the write (round 38): a callee given it may
 * move the pointer, but only for what comes after. */
extern void bump(u32 __user **pp);
static noinline int put_then_bump(u32 __user *p)
{
	if (__put_user(1, p))
		return -EFAULT;
	bump(&p);
	return p ? 1 : 0;
}

int bump_checked(u32 __user *b)
{
	if (!access_ok(b, sizeof(u32)))
		return -EFAULT;
	return put_then_bump(b);
}

/* The same write in a loop that steps the pointer: the step of one turn
 * runs before the write of the next. */
static noinline int put_each(u32 __user *p, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (__put_user(i, p))
// CHECK: caller-range.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'p', which may lie past the start of 'e', but the access_ok() in each_short(), 1 call up (put_each() <- each_short()), covers only 'sizeof(u32)' of it [access-ok-far]
			return -EFAULT;
		p++;
	}
	return 0;
}

int each_short(u32 __user *e)
{
	if (!access_ok(e, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'each_short()' calls 'put_each()' here with no check that covers it
		return -EFAULT;
	return put_each(e, 2);
}

/* A step on one path before the write. */
static noinline int put_maybe_stepped(u32 __user *p, int skip)
{
	if (skip)
		p++;
	return __put_user(1, p);
// CHECK: caller-range.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which may lie past the start of 's', but the access_ok() in maybe_short(), 1 call up (put_maybe_stepped() <- maybe_short()), covers only 'sizeof(u32)' of it [access-ok-far]
}

int maybe_short(u32 __user *s, int skip)
{
	if (!access_ok(s, sizeof(u32)))
// CHECK: caller-range.c:[[@LINE-1]]:7: note: access_ok() here
// CHECK: caller-range.c:[[@LINE+2]]:9: note: 'maybe_short()' calls 'put_maybe_stepped()' here with no check that covers it
		return -EFAULT;
	return put_maybe_stepped(s, skip);
}
