// A function that checks a parameter through other check wrappers, on
// every path to each return that does not fail, is a check wrapper too
// (issue 12): 6.12 net/socket.c recvmsg_copy_msghdr() reads the user header
// with get_compat_msghdr() or copy_msghdr_from_user(), by branch, and
// returns the error; ___sys_recvmsg() returns early when it fails; then
// do_recvmmsg() writes `compat_entry->msg_len` after a tested call of
// ___sys_recvmsg(), and ____sys_recvmsg() writes the header's fields.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct hdr { u64 name; u32 len; u32 flags; };
struct compat_hdr { u32 name; u32 len; u32 flags; };
struct khdr { u64 name; u32 len; };
struct mhdr { struct hdr h; u32 msg_len; };

#define HDR_COMPAT 0x80000000u

static int copy_hdr_from_user(struct khdr *k, struct hdr __user *u)
{
	struct hdr h;

	if (copy_from_user(&h, u, sizeof(*u)))
		return -EFAULT;
	k->name = h.name;
	k->len = h.len;
	return 0;
}

static int get_compat_hdr(struct khdr *k, struct compat_hdr __user *u)
{
	struct compat_hdr h;

	if (copy_from_user(&h, u, sizeof(*u)))
		return -EFAULT;
	k->name = h.name;
	k->len = h.len;
	return 0;
}

// Each branch checks `u` (the compat one through a cast copy of it); the
// join fails when either failed.
static int recv_copy_hdr(struct khdr *k, struct hdr __user *u,
			 unsigned int flags)
{
	int err;

	if (flags & HDR_COMPAT) {
		struct compat_hdr __user *compat;

		compat = (struct compat_hdr __user *)u;
		err = get_compat_hdr(k, compat);
	} else {
		err = copy_hdr_from_user(k, u);
	}
	if (err < 0)
		return err;
	return 0;
}

static int finish_recv(struct khdr *k, struct hdr __user *u)
{
	if (__put_user(k->len, &u->len))
		return -EFAULT;
	return __put_user(0, &u->flags);
}

// Fails early when recv_copy_hdr() fails: a wrapper of `u` two deep.
static int sys_recv(struct khdr *k, struct hdr __user *u, unsigned int flags)
{
	int err = recv_copy_hdr(k, u, flags);

	if (err < 0)
		return err;
	return finish_recv(k, u);
}

// Silent: the tested call checks `entry` before each write, and the walk
// happens after it (the wrapper's range is unknown, so the walk cannot be
// shown to leave it).
int recv_many(struct mhdr __user *mmsg, unsigned int vlen, unsigned int flags)
{
	struct mhdr __user *entry = mmsg;
	struct khdr k;
	unsigned int n = 0;
	int err = 0;

	while (n < vlen) {
		err = sys_recv(&k, (struct hdr __user *)entry, flags);
		if (err < 0)
			break;
		err = __put_user(err, &entry->msg_len);
		++entry;
		++n;
	}
	return err;
}

// A branch that checks nothing: not a wrapper.
static int half_copy_hdr(struct khdr *k, struct hdr __user *u,
			 unsigned int flags)
{
	int err = 0;

	if (flags & HDR_COMPAT)
		err = copy_hdr_from_user(k, u);
	if (err < 0)
		return err;
	return 0;
}

int half_checked(struct hdr __user *u, unsigned int flags)
{
	struct khdr k;

	if (half_copy_hdr(&k, u, flags))
		return -EFAULT;
	return __put_user(k.len, &u->len);
// CHECK: deep-wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'u', here or in its callers
}

// Returns success before the check: not a wrapper.
static int early_success(struct khdr *k, struct hdr __user *u, int quick)
{
	int err;

	if (quick)
		return 0;
	err = copy_hdr_from_user(k, u);
	if (err)
		return err;
	return 0;
}

int quick_path(struct hdr __user *u, int quick)
{
	struct khdr k;

	if (early_success(&k, u, quick))
		return -EFAULT;
	return __put_user(k.len, &u->len);
// CHECK: deep-wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'u', here or in its callers
}

// Checks, but never fails: nothing tells the caller the check failed.
static int never_fails(struct khdr *k, struct hdr __user *u)
{
	if (copy_hdr_from_user(k, u))
		k->len = 0;
	return 0;
}

int no_failure(struct hdr __user *u)
{
	struct khdr k;

	if (never_fails(&k, u))
		return -EFAULT;
	return __put_user(k.len, &u->len);
// CHECK: deep-wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'u', here or in its callers
}

// The deep wrapper's result thrown away checks nothing.
int ignored(struct hdr __user *u, unsigned int flags)
{
	struct khdr k;

	recv_copy_hdr(&k, u, flags);
	return __put_user(k.len, &u->len);
// CHECK: deep-wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'u', here or in its callers
}

// Keeps the check's result and never looks at it: the other failure does
// not tell the caller the check failed.
static int ignores_error(struct khdr *k, struct hdr __user *u)
{
	int err = copy_hdr_from_user(k, u);

	if (k->len > 64)
		return -EINVAL;
	return 0;
}

int unread_error(struct hdr __user *u)
{
	struct khdr k;

	if (ignores_error(&k, u))
		return -EFAULT;
	return __put_user(k.len, &u->len);
// CHECK: deep-wrapper.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'u', here or in its callers
}
