// 6.19's scoped windows: the scope is the window. A write inside
// scoped_user_read_access() is a mismatch, and an explicit end inside a
// scope ends the window the scope ends again on its way out.
// RUN: not %uaccess-lint --checks='window-*' %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=error:

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

int write_in_read_scope(struct ev __user *p, u32 a)
{
	scoped_user_read_access(p, efault) {
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
// CHECK: scoped.c:[[@LINE-6]]:3: error: 'unsafe_put_user' writes user memory inside a read window [window-mismatch]

int end_inside_scope(struct ev __user *p, u32 a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, &p->events, efault);
		user_write_access_end();
	}
	return 0;
efault:
	return -EFAULT;
}
// CHECK: scoped.c:[[@LINE-6]]:3: error: 'user_write_access_end' ends a user access window that is not open on every path [window-unbalanced]
// CHECK: scoped.c:[[@LINE-9]]:2: note: 'scoped_user_write_access' ends its window by itself where its scope ends: an end inside it ends the window twice

// A window opened inside a scope, by another scope or by a begin: its end
// closes the scope's window too, and the ops after it run with user access
// off (round 26).
int scope_in_scope(struct ev __user *p, struct ev __user *q, u32 a)
{
	scoped_user_write_access(p, efault) {
		scoped_user_write_access(q, efault) {
			unsafe_put_user(a, &q->events, efault);
		}
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
// CHECK: scoped.c:[[@LINE-9]]:3: error: 'scoped_user_write_access' begins a user access window while one is already open [window-unbalanced]
// CHECK: scoped.c:[[@LINE-11]]:2: note: user access window opened by 'scoped_user_write_access' here

int begin_in_scope(struct ev __user *p, struct ev __user *q, u32 a)
{
	scoped_user_write_access(p, efault) {
		if (!user_write_access_begin(q, sizeof(*q)))
			return -EFAULT;
		unsafe_put_user(a, &q->events, qfault);
		user_write_access_end();
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
qfault:
	user_write_access_end();
efault:
	return -EFAULT;
}
// CHECK: scoped.c:[[@LINE-12]]:8: error: 'user_write_access_begin' begins a user access window while one is already open [window-unbalanced]
// CHECK: scoped.c:[[@LINE-14]]:2: note: user access window opened by 'scoped_user_write_access' here

// A helper with a window of its own, called inside one: its begin is a
// nested begin, at the call (round 28).
static int put_own(struct ev __user *q, u32 a)
{
	scoped_user_write_access(q, efault) {
		unsafe_put_user(a, &q->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int helper_in_scope(struct ev __user *p, struct ev __user *q, u32 a)
{
	scoped_user_write_access(p, efault) {
		put_own(q, a);
		unsafe_put_user(a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
// CHECK: scoped.c:[[@LINE-7]]:3: error: 'put_own' begins a user access window while one is already open [window-unbalanced]
// CHECK: scoped.c:[[@LINE-9]]:2: note: user access window opened by 'scoped_user_write_access' here

// Correct scopes: silent.
int read_in_read_scope(struct ev __user *p, u32 *a)
{
	scoped_user_read_access(p, efault) {
		unsafe_get_user(*a, &p->events, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
