// A check guards an access only where its failure stops the access: the
// branch on its result (or on a variable that holds it, or one set on the
// failure path) must leave before the access. `!access_ok() && x`, a
// failure that only sets a variable the access does not wait for, and a
// result thrown away guard nothing (hostile round 7, bug 4). arm64's
// access_ok() is a function behind `#define access_ok access_ok`.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// arm64's get_user() runs access_ok() in its own body and gives -EFAULT
// where it fails: a caller that goes on past that value is told there too
// (the fixture's __put_user() checks nothing, as before 6.12).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct frame { u32 a; u32 b; };
struct regs { unsigned long ax; };

// rt_sigreturn with its test weakened.
int and_another_test(struct frame __user *f, struct regs *r, u32 *out)
{
	if (!access_ok(f, sizeof(*f)) && r->ax)
		return -EFAULT;
	return __get_user(*out, &f->a);
}
// CHECK: failure-ignored.c:[[@LINE-2]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'f' failed [access-ok-far]
// CHECK: failure-ignored.c:[[@LINE-5]]:7: note: access_ok() here: a path where it fails reaches the access

// get_compat_sigevent with the failure kept for later.
int failure_sets_a_variable(struct frame __user *f, u32 *a, u32 *b)
{
	int bad = 0;

	if (!access_ok(f, sizeof(*f)))
		bad = -EFAULT;
	if (__get_user(*a, &f->a) || __get_user(*b, &f->b))
		return -EFAULT;
	return bad;
}
// CHECK: failure-ignored.c:[[@LINE-4]]:6: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'f' failed [access-ok-far]

int result_thrown_away(struct frame __user *f, u32 *out)
{
	access_ok(f, sizeof(*f));
	return __get_user(*out, &f->a);
}
// CHECK: failure-ignored.c:[[@LINE-2]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'f' failed [access-ok-far]

// move_addr_to_user with its test weakened: get_user() checks ulen too.
int get_user_failure_passes(int __user *ulen, int klen, int extra)
{
	int len, err;

	err = get_user(len, ulen);
	if (err && extra)
		return err;
	return __put_user(klen, ulen);
}
// CHECK: failure-ignored.c:[[@LINE-2]]:9: warning: '__put_user' is not guarded on every path: it runs even where 'get_user' on 'ulen' failed [access-ok-far]

// The same shapes, correct: silent.
int returns_on_failure(struct frame __user *f, u32 *out)
{
	if (!access_ok(f, sizeof(*f)))
		return -EFAULT;
	return __get_user(*out, &f->a);
}

int or_chain(struct frame __user *f, u32 *a, u32 *b)
{
	return (!access_ok(f, sizeof(*f)) || __get_user(*a, &f->a) ||
		__get_user(*b, &f->b)) ? -EFAULT : 0;
}

int failure_variable_tested_first(struct frame __user *f, u32 *a)
{
	int err = 0;

	if (!access_ok(f, sizeof(*f)))
		err = -EFAULT;
	if (err)
		return err;
	return __get_user(*a, &f->a);
}

int get_user_result_tested(int __user *ulen, int klen)
{
	int len;
	int err = get_user(len, ulen);

	if (err < 0)
		return err;
	return __put_user(klen, ulen);
}

int unlikely_test(struct frame __user *f, u32 *out, int x)
{
	if (x) {
		if (unlikely(!access_ok(f, sizeof(*f))))
			return -EFAULT;
		if (__get_user(*out, &f->a))
			return -EFAULT;
	}
	return 0;
}

// Where the result goes somewhere the walk does not follow (a `?:`, a
// switch, a negation kept in a variable, WARN_ON()), or a local variable
// it cannot read decides the branch, the failure may be handled: silent
// (hostile round 9).
int through_ternary(struct frame __user *f, u32 *b)
{
	int err = access_ok(f, sizeof(*f)) ? 0 : -EFAULT;

	if (err)
		return err;
	return __get_user(*b, &f->b);
}

int through_switch(int __user *ulen, int klen)
{
	int len;

	switch (get_user(len, ulen)) {
	case 0:
		break;
	default:
		return -EFAULT;
	}
	return __put_user(klen, ulen);
}

int assigned_in_condition(int __user *ulen, int klen)
{
	int len, ret;

	if ((ret = get_user(len, ulen)))
		return ret;
	return __put_user(klen, ulen);
}

int negation_kept(struct frame __user *f, u32 *a)
{
	bool bad = !access_ok(f, sizeof(*f));

	if (bad)
		return -EFAULT;
	return __get_user(*a, &f->a);
}

int cleared_on_success(struct frame __user *f, u32 *a)
{
	int err = -EFAULT;

	if (access_ok(f, sizeof(*f)))
		err = 0;
	if (err)
		return err;
	return __get_user(*a, &f->a);
}

// The caller's check, for the helper it calls, is held to the same rule
// (hostile round 15, bug 1): its failure must stop the call. The finding
// names the first caller whose check falls short.
static int put_word(u32 __user *q)
{
	return __put_user(2, q);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__put_user' relies on the access_ok() in caller_discards(), 1 call up (put_word() <- caller_discards()), but caller_discards() passes 'q' on even where that check failed [access-ok-far]
// CHECK: note: access_ok() here
}

int caller_discards(u32 __user *q)
{
	access_ok(q, 4);
	return put_word(q);
}

static int put_word2(u32 __user *q)
{
	return __put_user(2, q);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__put_user' relies on the access_ok() in caller_sets_error(), 1 call up (put_word2() <- caller_sets_error()), but caller_sets_error() passes 'q' on even where that check failed [access-ok-far]
}

int caller_sets_error(u32 __user *q)
{
	int err = 0;

	if (!access_ok(q, 4))
		err = -EFAULT;
	put_word2(q);
	return err;
}

static int put_word3(u32 __user *q)
{
	return __put_user(2, q);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__put_user' relies on the access_ok() in caller_and_flag(), 1 call up (put_word3() <- caller_and_flag()), but caller_and_flag() passes 'q' on even where that check failed [access-ok-far]
}

int caller_and_flag(u32 __user *q, int strict)
{
	if (!access_ok(q, 4) && strict)
		return -EFAULT;
	return put_word3(q);
}

// A checked get_user() whose result is dropped. On arm64 too:
// there get_user() runs access_ok() in its own body, but the caller drops
// get_user()'s own -EFAULT.
static int put_word4(u32 __user *q)
{
	return __put_user(2, q);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__put_user' relies on the 'get_user' in caller_get_dropped(), 1 call up (put_word4() <- caller_get_dropped()), but caller_get_dropped() passes 'q' on even where that check failed [access-ok-far]
// CHECK: note: 'get_user' checks the range here
}

int caller_get_dropped(u32 __user *q)
{
	u32 v;

	get_user(v, q);
	return put_word4(q);
}

// Silent: no caller's failure reaches the call.
static int put_word5(u32 __user *q)
{
	return __put_user(2, q);
}

int caller5_waits_for_error(u32 __user *q)
{
	int err = 0;

	if (!access_ok(q, 4))
		err = -EFAULT;
	if (err)
		return err;
	return put_word5(q);
}

int caller5_returns(u32 __user *q)
{
	if (!access_ok(q, 4))
		return -EFAULT;
	return put_word5(q);
}

int caller5_get_tested(u32 __user *q)
{
	u32 v;

	if (get_user(v, q))
		return -EFAULT;
	return put_word5(q);
}

// A check or'ed with a flag: where the flag is set, the failure goes on.
int or_flag(u32 __user *p, int force, u32 *v)
{
	if (!(access_ok(p, sizeof(*p)) || force))
		return -EFAULT;
	return __get_user(*v, p);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'p' failed [access-ok-far]
}

// Silent: a failed check or'ed with a flag into the return.
int or_flag_returns(u32 __user *p, int x, u32 *v)
{
	if (!access_ok(p, sizeof(*p)) || x)
		return -EFAULT;
	return __get_user(*v, p);
}

// The stored result changed by a value free of the check (round 17, bug
// 5): or-ed with a flag, stepped off zero, or dropped by a comma.
int stored_or_flag(u32 __user *p, int force, u32 *v)
{
	int ok = access_ok(p, sizeof(*p));

	ok |= force;
	if (!ok)
		return -EFAULT;
	return __get_user(*v, p);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'p' failed [access-ok-far]
}

int stored_stepped(u32 __user *p, u32 *v)
{
	int ok = access_ok(p, sizeof(*p));

	ok++;
	if (!ok)
		return -EFAULT;
	return __get_user(*v, p);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'p' failed [access-ok-far]
}

int comma_drops_it(u32 __user *p, int x, u32 *v)
{
	if (!(access_ok(p, sizeof(*p)), x))
		return -EFAULT;
	return __get_user(*v, p);
// CHECK: failure-ignored.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: it runs even where the access_ok() on 'p' failed [access-ok-far]
}

// Silent: a failure path's own error from a call may be what stops it.
int failure_sets_a_call(u32 __user *p, u32 *v, int (*code)(void))
{
	int err = 0;

	if (!access_ok(p, sizeof(*p)))
		err = code();
	if (err)
		return err;
	return __get_user(*v, p);
}

// A checked begin that failed opened no window and checked nothing (round
// 17, bug 6): its result thrown away, overwritten, or or-ed with a flag.
int begin_ignored(u32 __user *p, u32 v)
{
	user_write_access_begin(p, sizeof(*p));
	unsafe_put_user(v, p, efault);
// CHECK: failure-ignored.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded on every path: it runs even where 'user_write_access_begin' on 'p' failed [access-ok-far]
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int begin_or_flag(u32 __user *p, u32 v, int force)
{
	int ok = user_write_access_begin(p, sizeof(*p));

	ok |= force;
	if (!ok)
		return -EFAULT;
	unsafe_put_user(v, p, efault);
// CHECK: failure-ignored.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded on every path: it runs even where 'user_write_access_begin' on 'p' failed [access-ok-far]
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
