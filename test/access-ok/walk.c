// A pointer that walks the array a caller checked is found through the
// calls that advance it: the helper that takes the walking pointer by
// address (`&events`) and passes `*uevents` on (6.12 ep_send_events() and
// its helper). The finding names the check, its place and the chain, not
// "not guarded" (issue 12).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// Four calls up is near once CallerDepth allows four:
// RUN: %uaccess-lint --checks=access-ok-far --access-ok-caller-depth=4 %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=DEPTH --implicit-check-not=warning:
// DEPTH: walk.c:{{[0-9]+}}:9: warning: '__put_user' is not guarded by any access_ok() on 'slot', here or in its callers

#include <linux/uaccess.h>

struct event { u32 events; u64 data; };
struct ready { u32 mask; u64 cookie; };

static inline struct event __user *store_event(u32 mask, u64 cookie,
					       struct event __user *uevent)
{
	if (__put_user(mask, &uevent->events) ||
// CHECK: walk.c:[[@LINE-1]]:6: warning: '__put_user' relies on an access_ok() in another function: 'uevent' is checked in wait_ready(), 4 calls up (store_event() <- deliver_one() <- deliver_all() <- poll_ready() <- wait_ready())
// CHECK: walk.c:{{[0-9]+}}:7: note: access_ok() here
// CHECK: walk.c:[[@LINE+1]]:6: note: '__put_user' accesses 'uevent' here too
	    __put_user(cookie, &uevent->data))
		return NULL;
	return uevent + 1;
}

/* Takes the walking pointer by address and advances it. */
static int deliver_one(struct ready *r, struct event __user **uevents)
{
	struct event __user *next;

	if (!r->mask)
		return 0;
	next = store_event(r->mask, r->cookie, *uevents);
	if (!next)
		return -EFAULT;
	*uevents = next;
	return 1;
}

static int deliver_all(struct ready *list, int nready,
		       struct event __user *events, int maxevents)
{
	int i, res = 0;

	for (i = 0; i < nready; i++) {
		int done;

		if (res >= maxevents)
			break;
		done = deliver_one(&list[i], &events);
		if (done < 0)
			return res ? res : done;
		res += done;
	}
	return res;
}

static int poll_ready(struct ready *list, int nready,
		      struct event __user *events, int maxevents)
{
	return deliver_all(list, nready, events, maxevents);
}

int wait_ready(struct ready *list, int nready, struct event __user *events,
	       int maxevents)
{
	if (!access_ok(events, maxevents * sizeof(struct event)))
		return -EFAULT;
	return poll_ready(list, nready, events, maxevents);
}

/* Reported: the pointer passed by address is nobody's checked one. */
static int store_at(u32 __user *slot)
{
	return __put_user(1, slot);
// CHECK: walk.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'slot', here or in its callers
}

static int store_slot(u32 __user **slots)
{
	return store_at(*slots);
}

int fill_slot(u32 __user *base)
{
	return store_slot(&base);
}

/* Silent: a static helper this TU never calls is judged, with its callers,
   in the TUs that call it (epoll_put_uevent() in io_uring/epoll.c). */
static inline int unused_store(u32 __user *dst, u32 v)
{
	return __put_user(v, dst);
}

// riscv (appended: the line numbers above stay put).
// RUN: %uaccess-lint --checks=access-ok-far %s -- %riscv-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

/* Silent too: a helper whose callers all end at a static function this TU
   never calls (xstate.h's set_xfeature_in_sigframe(), which only fpu's
   signal.c reaches through xsave_to_user_sigframe()). */
static inline int store_flag(u32 __user *flag)
{
	return __put_user(1, flag);
}

static inline int unused_saver(u32 __user *frame)
{
	return store_flag(frame);
}

/* Silent too: a function named only in typeof or sizeof, in an arm that
   _Generic or __builtin_choose_expr does not choose, or in the argument of
   __builtin_constant_p() is neither called nor stored (rounds 40, 41). */
static inline int typed_store(u32 __user *dst, u32 v)
{
	return __put_user(v, dst);
}
typedef __typeof__(typed_store) typed_store_t;
static const unsigned long typed_store_size = sizeof(&typed_store);
int typed_caller(u32 __user *dst)
{
	return sizeof(typed_store(dst, 1));
}
static inline int unchosen_store(u32 __user *dst, u32 v)
{
	return __put_user(v, dst);
}
static inline int chosen_store(u32 __user *dst, u32 v)
{
	return 0;
}
int unchosen_caller(u32 __user *dst)
{
	return _Generic(dst, long: unchosen_store, default: chosen_store)(dst, 1) +
	       __builtin_choose_expr(1, chosen_store, unchosen_store)(dst, 2) +
	       __builtin_constant_p(unchosen_store(dst, 3));
}

/* Not silent: a static function exported under another name by an alias
   is called by other TUs, which have no body to judge (round 42). */
static long aliased_read(u32 __user *buf)
{
	u32 v;

	return __get_user(v, buf);
}
// CHECK: walk.c:[[@LINE-2]]:9: warning: '__get_user' is not guarded by any access_ok() on 'buf', here or in its callers
// DEPTH: walk.c:[[@LINE-3]]:9: warning: '__get_user' is not guarded by any access_ok() on 'buf', here or in its callers
long exported_read(u32 __user *) __attribute__((alias("aliased_read")));
