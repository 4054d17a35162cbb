// Findings name the pointer an access goes through, also when it is not a
// plain variable (issue 12). 6.12 drivers/xen/privcmd.c mmap_return_error()
// steps a struct's pointer in each branch: `st->user_err++` was read as no
// pointer, so the get_user() of `st->user_gfn` in the other branch made it
// "not guarded on every path" on ''.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK-NOT: on ''
// A check of the whole buffer is near every access that walks it, unless
// FarBufferChecks holds it to the distances too:
// RUN: %uaccess-lint --checks=access-ok-far --check-option=access-ok-far.FarBufferChecks=true %s -- %x86-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,BUFFER --implicit-check-not=warning:

#include <linux/uaccess.h>

struct batch {
	int version;
	u64 __user *user_gfn;
	int __user *user_err;
};

int return_error(int err, struct batch *st)
{
	u64 gfn;

	if (st->version == 1) {
		if (get_user(gfn, st->user_gfn))
			return -EFAULT;
		/* Checked by the get_user() above: silent. */
		return __put_user(gfn | 1, st->user_gfn++);
	}
	/* `p++` accesses what p points to: 'st->user_err', checked nowhere. */
	return __put_user(err, st->user_err++);
// CHECK: pointer-names.c:[[@LINE-1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'st->user_err' [access-ok-far]
}

/* A cast names the object it casts, and adding after it counts in the
   new type: somewhere in 'buf'. The check is on one path only. */
int read_second(void __user *buf, int first, u32 *out)
{
	if (first && !access_ok(buf, 8))
		return -EFAULT;
	return __get_user(*out, (u32 __user *)buf + 1);
// CHECK: pointer-names.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded on every path: the access_ok() on 'buf' does not run before it on all of them [access-ok-far]
// CHECK: pointer-names.c:[[@LINE-4]]:16: note: access_ok() here
}

/* A pointer no shape reads is named as written, and the check by its own. */
static inline u32 __user *second_word(void __user *buf)
{
	return (u32 __user *)buf + 1;
}

int read_second_word(void __user *buf, int first, u32 *out)
{
	if (first && !access_ok(buf, 8))
		return -EFAULT;
	return __get_user(*out, second_word(buf));
// CHECK: pointer-names.c:[[@LINE-1]]:9: warning: '__get_user' through 'second_word(buf)' is not guarded on every path: the access_ok() on 'buf' does not run before it on all of them [access-ok-far]
// CHECK: pointer-names.c:[[@LINE-4]]:16: note: access_ok() here
}

/* 6.12 drivers/pci/proc.c proc_bus_pci_read(): one buffer written at three
   widths through casts, far from its check of the whole buffer. Held to
   the distances, it gives one finding for 'buf', not one per width (the
   first write is near enough). */
long read_config(char __user *buf, unsigned long cnt, const u8 *cfg)
{
	unsigned long pos = 0;

	if (!access_ok(buf, cnt))
		return -EINVAL;
	cnt = cnt & ~7UL;
	pos = cnt >> 1;
	pos += 1;
	pos -= 1;
	pos *= 1;
	pos |= 0;
	pos &= ~0UL;
	pos ^= 0;
	pos += 0;
	if (pos & 1) {
		__put_user(cfg[pos], buf);
		buf++;
		cnt--;
	}
	if ((pos & 3) && cnt > 2) {
		__put_user(cfg[pos] | 1, (u16 __user *)buf);
// BUFFER: pointer-names.c:[[@LINE-1]]:3: warning: '__put_user' relies on an access_ok() 17 lines and 13 statements earlier; keep the check next to the access [access-ok-far]
// BUFFER: note: access_ok() here
		buf += 2;
		cnt -= 2;
	}
	while (cnt >= 4) {
		__put_user(cfg[pos] | 3, (u32 __user *) buf);
// BUFFER: pointer-names.c:[[@LINE-1]]:3: note: '__put_user' accesses 'buf' here too
		buf += 4;
		cnt -= 4;
	}
	return 0;
}

/* A function-like macro of one pointer parameter is inside that pointer:
 * 6.12 net/socket.c `COMPAT_FLAGS(msg)`, a field of `msg` or of its compat
 * cast. A check of another pointer on some paths does not make it "not
 * guarded on every path"; its findings name `msg`, and its callers are
 * searched for it. */
struct user_hdr { u64 name; u32 flags; };
struct compat_user_hdr { u32 name; u32 flags; };
#define HDR_FLAGS(msg) \
	(compat ? &((struct compat_user_hdr __user *)(msg))->flags : &(msg)->flags)

static int put_hdr_flags(struct user_hdr __user *msg, int __user *ulen,
			 int compat)
{
	if (ulen && get_user(compat, ulen))
		return -EFAULT;
	return __put_user(1, HDR_FLAGS(msg));
}

int put_checked(struct user_hdr __user *msg, int __user *ulen)
{
	if (!access_ok(msg, sizeof(*msg)))
		return -EFAULT;
	return put_hdr_flags(msg, ulen, 0);
}

int put_unchecked(struct user_hdr __user *msg)
{
	return put_hdr_flags(msg, NULL, 1);
}
// CHECK: pointer-names.c:[[@LINE-14]]:9: warning: '__put_user' is not guarded by any access_ok() on 'msg', here or in its callers [access-ok-far]

/* i915 shmem_pwrite() prefaults the first and the last byte of its range:
 * `user_data + len - 1` is inside `user_data`, one pointer, one finding. */
int prefault(char __user *user_data, unsigned int len)
{
	char c;

	if (__get_user(c, user_data))
		return -EFAULT;
// CHECK: pointer-names.c:[[@LINE-2]]:6: warning: '__get_user' is not guarded by any access_ok() on 'user_data', here or in its callers [access-ok-far]
	return __get_user(c, user_data + len - 1);
// CHECK: pointer-names.c:[[@LINE-1]]:9: note: '__get_user' accesses 'user_data' here too
}
