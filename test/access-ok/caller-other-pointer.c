// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
//
// A caller that checks one pointer and passes another on: the shape of 6.12
// copy_fpstate_to_sigframe(), which checks the signal frame `buf` and hands
// `buf_fx` to the helpers that write the xsave area. `buf_fx` lies inside
// `buf`'s range only by how get_sigframe() laid the frame out, so the
// finding names the check a reader has to compare, not "no access_ok()".

#include <linux/uaccess.h>

struct xsave_header { u64 xfeatures; u64 reserved[7]; };
struct xsave_area { u8 legacy[512]; struct xsave_header header; };

static int set_xfeature(struct xsave_area __user *xbuf, u64 mask)
{
	u64 xfeatures;
	int err;

	err = __get_user(xfeatures, &xbuf->header.xfeatures);
// CHECK: caller-other-pointer.c:[[@LINE-1]]:8: warning: '__get_user' accesses 'xbuf', but the access_ok() in save_frame(), 2 calls up (set_xfeature() <- save_epilog() <- save_frame()), checks 'buf', not the 'buf_fx' it passes on [access-ok-far]
// CHECK: caller-other-pointer.c:[[@LINE+13]]:7: note: access_ok() here
	err |= __put_user(xfeatures | mask, &xbuf->header.xfeatures);
// CHECK: caller-other-pointer.c:[[@LINE-1]]:9: note: '__put_user' accesses 'xbuf' here too
	return err;
}

static int save_epilog(void __user *buf_fx)
{
	return set_xfeature(buf_fx, 1);
}

int save_frame(void __user *buf, void __user *buf_fx, int size)
{
	if (!access_ok(buf, size))
		return -EFAULT;
	return save_epilog(buf_fx);
}

// A second caller passes a pointer it checks in no way at all: that path
// has no check, and the finding says so.
static int read_flags(u32 __user *flags, u32 *out)
{
	return __get_user(*out, flags);
// CHECK: caller-other-pointer.c:[[@LINE-1]]:9: warning: '__get_user' is not guarded by any access_ok() on 'flags', here or in its callers [access-ok-far]
// CHECK: caller-other-pointer.c:[[@LINE+14]]:9: note: 'read_bare()' calls 'read_flags()' here with no check that covers it
}

int read_checked_other(void __user *frame, u32 __user *flags, u32 *out)
{
	if (!access_ok(frame, 64))
		return -EFAULT;
	return read_flags(flags, out);
}

int read_bare(u32 *out)
{
	u32 __user *flags = (u32 __user *)0x1000UL;

	return read_flags(flags, out);
}

// The caller checks the pointer it passes, and another one first: near, so
// no finding.
static int read_mode(u32 __user *mode, u32 *out)
{
	return __get_user(*out, mode);
}

int read_both(void __user *frame, u32 __user *mode, u32 *out)
{
	if (!access_ok(frame, 64) || !access_ok(mode, sizeof(*mode)))
		return -EFAULT;
	return read_mode(mode, out);
}

// An address a call computes from the parameter (6.12 xstate.h's
// update_pkru_in_sigframe(): `get_xsave_addr_user(buf, XFEATURE_PKRU)`) is
// traced to that parameter, and named as the call.
void __user *xsave_addr_user(struct xsave_area __user *base, int nr);

static int update_pkru(struct xsave_area __user *xbuf, u32 pkru)
{
	return __put_user(pkru, (u32 __user *)xsave_addr_user(xbuf, 9));
// CHECK: caller-other-pointer.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'xsave_addr_user(xbuf, 9)', but the access_ok() in save_pkru_frame(), 1 call up (update_pkru() <- save_pkru_frame()), checks 'buf', not the 'buf_fx' it passes on [access-ok-far]
// CHECK: caller-other-pointer.c:[[@LINE+5]]:7: note: access_ok() here
}

int save_pkru_frame(void __user *buf, void __user *buf_fx, int size, u32 pkru)
{
	if (!access_ok(buf, size))
		return -EFAULT;
	return update_pkru(buf_fx, pkru);
}

// Checked over its whole length where it is passed: the computed address
// lies inside, so no finding.
static int update_pkru_checked(struct xsave_area __user *xbuf, u32 pkru)
{
	return __put_user(pkru, (u32 __user *)xsave_addr_user(xbuf, 9));
}

int save_pkru_checked(void __user *buf, int size, u32 pkru)
{
	if (!access_ok(buf, size))
		return -EFAULT;
	return update_pkru_checked(buf, pkru);
}

// Checked for one header only: the computed address may lie past it, and
// the finding names the range that need not cover it.
static int update_pkru_short(struct xsave_area __user *xbuf, u32 pkru)
{
	return __put_user(pkru, (u32 __user *)xsave_addr_user(xbuf, 9));
// CHECK: caller-other-pointer.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'xsave_addr_user(xbuf, 9)', which may lie past the start of 'buf', but the access_ok() in save_pkru_short(), 1 call up (update_pkru_short() <- save_pkru_short()), covers only 'sizeof(struct xsave_header)' of it [access-ok-far]
// CHECK: caller-other-pointer.c:[[@LINE+6]]:7: note: access_ok() here
// CHECK: caller-other-pointer.c:[[@LINE+7]]:9: note: 'save_pkru_short()' calls 'update_pkru_short()' here with no check that covers it
}

int save_pkru_short(struct xsave_area __user *buf, u32 pkru)
{
	if (!access_ok(buf, sizeof(struct xsave_header)))
		return -EFAULT;
	return update_pkru_short(buf, pkru);
}

// The same for a pointer that walks the caller's buffer: a fixed-size
// check of its start is named as the range, and one caller's whole-buffer
// check does not hide another caller's short one.
static int fill_ids(u32 __user *ids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__put_user(i, ids++))
// CHECK: caller-other-pointer.c:[[@LINE-1]]:7: warning: '__put_user' accesses 'ids', which may lie past the start of 'out', but the access_ok() in fill_short(), 1 call up (fill_ids() <- fill_short()), covers only 'sizeof(u32)' of it [access-ok-far]
// CHECK: caller-other-pointer.c:[[@LINE+15]]:7: note: access_ok() here
// CHECK: caller-other-pointer.c:[[@LINE+16]]:9: note: 'fill_short()' calls 'fill_ids()' here with no check that covers it
			return -EFAULT;
	return 0;
}

int fill_whole(u32 __user *out, int n)
{
	if (!access_ok(out, n * sizeof(u32)))
		return -EFAULT;
	return fill_ids(out, n);
}

int fill_short(u32 __user *out, int n)
{
	if (!access_ok(out, sizeof(u32)))
		return -EFAULT;
	return fill_ids(out, n);
}
