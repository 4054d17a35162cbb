// A user pointer held in a struct field (issue 12, "object state"): an
// ioctl checks `u64_to_user_ptr(args->data_ptr)`, and the helper it passes
// `args` to reads the pointer back out of the field (6.12 i915_gem.c
// i915_gem_pread_ioctl() -> i915_gem_shmem_pread() -> shmem_pread()). The
// search for the check follows the field up through the callers, and a
// wrapper that checks a field of its parameter (i915_query.c
// copy_query_item()) checks that field of what its caller passes.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/uaccess.h>

struct pread_args { u32 handle; u64 size; u64 data_ptr; };
struct page;
extern char *page_address(struct page *page);

static int copy_page_out(struct page *page, int len, char __user *user_data)
{
	return __copy_to_user(user_data, page_address(page), len) ? -EFAULT : 0;
}

/* The pointer walks the buffer the ioctl checked: the field is followed. */
static int shmem_pread(struct page **pages, struct pread_args *args)
{
	char __user *user_data = u64_to_user_ptr(args->data_ptr);
	u64 remain = args->size;
	int ret = 0;

	for (; remain; pages++) {
		ret = copy_page_out(*pages, 4096, user_data);
		if (ret)
			break;
		remain -= 4096;
		user_data += 4096;
	}
	return ret;
}
// CHECK: fields.c:[[@LINE-19]]:9: warning: '__copy_to_user' relies on an access_ok() in another function: 'user_data' is checked in pread_ioctl(), 2 calls up (copy_page_out() <- shmem_pread() <- pread_ioctl())
// CHECK: note: access_ok() here

int pread_ioctl(struct page **pages, void *data)
{
	struct pread_args *args = data;

	if (!access_ok(u64_to_user_ptr(args->data_ptr), args->size))
		return -EFAULT;
	return shmem_pread(pages, args);
}

/* The same helper's callers, without the check. */
static int shmem_pwrite_out(struct page *page, struct pread_args *args)
{
	char __user *user_data = u64_to_user_ptr(args->data_ptr);

	return __copy_from_user(page_address(page), user_data, 8) ? -EFAULT : 0;
}
// CHECK: fields.c:[[@LINE-2]]:9: warning: '__copy_from_user' is not guarded by any access_ok() on 'user_data', here or in its callers
// CHECK: fields.c:[[@LINE+8]]:9: note: 'pwrite_ioctl()' calls 'shmem_pwrite_out()' here with no check that covers it

int pwrite_ioctl(struct page *page, void *data)
{
	struct pread_args *args = data;

	if (args->size == 0)
		return 0;
	return shmem_pwrite_out(page, args);
}

/* A field the helper changes first is another pointer: not followed. */
static int rewrites_field(struct page *page, struct pread_args *args,
			  u64 other)
{
	char __user *user_data;

	args->data_ptr = other;
	user_data = u64_to_user_ptr(args->data_ptr);
	return __copy_to_user(user_data, page_address(page), 8) ? -EFAULT : 0;
}
// CHECK: fields.c:[[@LINE-2]]:9: warning: '__copy_to_user' is not guarded by any access_ok() on 'user_data'

int rewrite_ioctl(struct page *page, struct pread_args *args, u64 other)
{
	if (!access_ok(u64_to_user_ptr(args->data_ptr), args->size))
		return -EFAULT;
	return rewrites_field(page, args, other);
}

/* The helper writes the field, then reads it directly: not followed. */
static int rewrites_then_reads(struct page *page, struct pread_args *args,
			       u64 other)
{
	args->data_ptr = other;
	return __copy_to_user(u64_to_user_ptr(args->data_ptr),
			      page_address(page), 8) ? -EFAULT : 0;
}
// CHECK: fields.c:[[@LINE-3]]:9: warning: '__copy_to_user' is not guarded by any access_ok() on 'args->data_ptr'

int rewrite_read_ioctl(struct page *page, struct pread_args *args, u64 other)
{
	if (!access_ok(u64_to_user_ptr(args->data_ptr), args->size))
		return -EFAULT;
	return rewrites_then_reads(page, args, other);
}

/* The field of the next element is another element's. */
static int first_page(struct page *page, struct pread_args *args)
{
	return __copy_to_user(u64_to_user_ptr(args->data_ptr),
			      page_address(page), 8) ? -EFAULT : 0;
}
// CHECK: fields.c:[[@LINE-3]]:9: warning: '__copy_to_user' is not guarded by any access_ok() on 'args->data_ptr', here or in its callers
// CHECK: fields.c:[[@LINE+6]]:9: note: 'next_element_ioctl()' calls 'first_page()' here with no check that covers it

int next_element_ioctl(struct page *page, struct pread_args *args)
{
	if (!access_ok(u64_to_user_ptr(args->data_ptr), args->size))
		return -EFAULT;
	return first_page(page, args + 1);
}

/* A field passed on after the caller wrote it is not the callers'. */
struct msg_req { char __user *umsg; };

static int put_status(char __user *umsg)
{
	return __put_user(0, umsg);
}
// CHECK: fields.c:[[@LINE-2]]:9: warning: '__put_user' is not guarded by any access_ok() on 'umsg', here or in its callers
// CHECK: fields.c:[[@LINE+5]]:9: note: 'redirect()' calls 'put_status()' here with no check that covers it

static int redirect(struct msg_req *sr, char __user *other)
{
	sr->umsg = other;
	return put_status(sr->umsg);
}

int status_ioctl(struct msg_req *sr, char __user *other)
{
	if (!access_ok(sr->umsg, 1))
		return -EFAULT;
	return redirect(sr, other);
}

/* A copy that walks past a check of one element: reported as short. */
int walk_past_one(u32 __user *buf, int n)
{
	u32 __user *p = buf;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	while (n--)
		if (__put_user(0, p++))
			return -EFAULT;
	return 0;
}
// CHECK: fields.c:[[@LINE-4]]:7: warning: '__put_user' accesses 'p' after it moved past the range the access_ok() before it checks ('sizeof(*p)') [access-ok-far]
// CHECK: note: access_ok() here

/* i915 eb_relocate_vma(): the copy is checked, then walks. Silent. */
int walk_checked_copy(struct pread_args *args, int n)
{
	u32 __user *urelocs = u64_to_user_ptr(args->data_ptr);

	if (!access_ok(urelocs, n * sizeof(*urelocs)))
		return -EFAULT;
	while (n--) {
		if (__put_user(0, urelocs))
			return -EFAULT;
		urelocs++;
	}
	return 0;
}

/* i915 copy_query_item(): a wrapper that checks a field of a parameter. */
struct query_item { u64 data_ptr; s32 length; };
struct query_hdr { u32 num; u32 flags; };

static int copy_query_item(void *hdr, size_t size, s32 total,
			   struct query_item *item)
{
	if (item->length == 0)
		return total;
	if (item->length < total)
		return -EINVAL;
	if (copy_from_user(hdr, u64_to_user_ptr(item->data_ptr), size))
		return -EFAULT;
	return 0;
}

/* Silent: the tested wrapper call checks item->data_ptr. */
int query_regions(struct query_item *item)
{
	struct query_hdr __user *query_ptr = u64_to_user_ptr(item->data_ptr);
	struct query_hdr query;
	int ret;

	ret = copy_query_item(&query, sizeof(query), sizeof(query), item);
	if (ret != 0)
		return ret;
	query.num = 1;
	if (__copy_to_user(query_ptr, &query, sizeof(query)))
		return -EFAULT;
	return sizeof(query);
}

/* The wrapper checks another item: reported. */
int query_other(struct query_item *item, struct query_item *other)
{
	struct query_hdr __user *query_ptr = u64_to_user_ptr(item->data_ptr);
	struct query_hdr query;
	int ret;

	ret = copy_query_item(&query, sizeof(query), sizeof(query), other);
	if (ret != 0)
		return ret;
	if (__copy_to_user(query_ptr, &query, sizeof(query)))
		return -EFAULT;
	return sizeof(query);
}
// CHECK: fields.c:[[@LINE-4]]:6: warning: '__copy_to_user' accesses 'query_ptr', but the access_ok() before it checks 'other->data_ptr'
// CHECK: note: 'copy_query_item' checks the range here

/* The ioctl shape with the header in a local struct: the pointer read out
 * of it is another pointer than the header's, whose copy checked only the
 * header. Checked itself, it is guarded. */
struct uhdr { u32 __user *buf; u32 len; u64 data; };

int local_header(struct uhdr __user *uh, u32 v)
{
	struct uhdr h;

	if (copy_from_user(&h, uh, sizeof(h)))
		return -EFAULT;
	return __put_user(v, h.buf);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'h.buf', but the access_ok() before it checks 'uh' [access-ok-far]
// CHECK: fields.c:[[@LINE-4]]:6: note: 'copy_from_user' checks the range here
}

int local_header_u64(struct uhdr __user *uh, u32 v)
{
	struct uhdr h;

	if (copy_from_user(&h, uh, sizeof(h)))
		return -EFAULT;
	return __copy_to_user(u64_to_user_ptr(h.data), &v, sizeof(v));
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__copy_to_user' accesses 'h.data', but the access_ok() before it checks 'uh' [access-ok-far]
// CHECK: fields.c:[[@LINE-4]]:6: note: 'copy_from_user' checks the range here
}

int local_header_checked(struct uhdr __user *uh, u32 v)
{
	struct uhdr h;

	if (copy_from_user(&h, uh, sizeof(h)))
		return -EFAULT;
	if (!access_ok(h.buf, h.len * sizeof(u32)))
		return -EFAULT;
	return __put_user(v, h.buf);
}

/* The same with an array of headers (the iovec shape): each element's
 * pointer is its own. */
int local_headers(struct uhdr __user *uh, u32 v, int i)
{
	struct uhdr hv[2];

	if (copy_from_user(hv, uh, sizeof(hv)))
		return -EFAULT;
	if (__put_user(v, hv[0].buf))
// CHECK: fields.c:[[@LINE-1]]:6: warning: '__put_user' accesses 'hv[0].buf', but the access_ok() before it checks 'uh' [access-ok-far]
// CHECK: fields.c:[[@LINE-4]]:6: note: 'copy_from_user' checks the range here
		return -EFAULT;
	return __put_user(v, hv[i].buf);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'hv[i].buf', but the access_ok() before it checks 'uh' [access-ok-far]
// CHECK: fields.c:[[@LINE-8]]:6: note: 'copy_from_user' checks the range here
}

/* Checked, then given another pointer: the check is of the old value. A
 * value made from the holder itself keeps it. */
int header_reassigned(struct uhdr *h, u32 __user *other, u32 v)
{
	if (!access_ok(h->buf, sizeof(u32)))
		return -EFAULT;
	h->buf = other;
	return __put_user(v, h->buf);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'h->buf', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int local_reassigned(u32 __user *p, u32 __user *other, u32 v)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	p = other;
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int reassigned_from_itself(u32 __user *p, u32 v)
{
	if (!access_ok(p, 2 * sizeof(u32)))
		return -EFAULT;
	p = (u32 __user *)((unsigned long)p | 0);
	return __put_user(v, p);
}

/* Assigned only in a branch that leaves: the access reads the checked
 * value. */
int reassigned_elsewhere(u32 __user *p, u32 __user *other, u32 v, int alt)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	if (alt) {
		p = other;
		return p ? -EINVAL : 0;
	}
	return __put_user(v, p);
}

/* Assigned on one path only (round 35, case 5): the access on that path
 * reads a value no check saw. Checked again after the assignment, every
 * path is checked. */
int reassigned_on_a_path(u32 __user *p, u32 __user *other, u32 v, int alt)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	if (alt)
		p = other;
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-6]]:7: note: access_ok() here
}

/* The same as a choice of values: one arm is another pointer (round 38). */
int reassigned_by_choice(u32 __user *p, u32 __user *other, u32 v, int alt)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	p = alt ? other : p;
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int reassigned_and_checked(u32 __user *p, u32 __user *other, u32 v, int alt)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	if (alt) {
		p = other;
		if (!access_ok(p, sizeof(u32)))
			return -EFAULT;
	}
	return __put_user(v, p);
}

/* A helper given the pointer, assigned on one path after the window
 * opened: the helper's op writes where the begin checked nothing. */
static noinline int put_one(u32 __user *q, u32 v)
{
	unsafe_put_user(v, q, efault);
// CHECK: fields.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' is not guarded by any access_ok() on 'q', here or in its callers [access-ok-far]
	return 0;
efault:
	return -EFAULT;
}

int window_reassigned_on_a_path(u32 __user *p, u32 __user *other, u32 v,
				int alt)
{
	int err;

	if (!user_write_access_begin(p, sizeof(u32)))
		return -EFAULT;
	if (alt)
		p = other;
	err = put_one(p, v);
// CHECK: fields.c:[[@LINE-1]]:8: note: 'window_reassigned_on_a_path()' calls 'put_one()' here with no check that covers it
	user_write_access_end();
	return err;
}

/* Written through its address (round 25): a local that holds it, a
 * helper given it, a user copy into it. A read of the pointer's value
 * (a const parameter, copy_to_user()'s `from`) writes nothing. */
u32 __user *pick_other(void);
static void point_elsewhere(u32 __user **pp)
{
	*pp = pick_other();
}
static u32 first_of(u32 __user *const *pp)
{
	return *pp ? 1 : 0;
}

int reassigned_via_alias(u32 __user *p, u32 v)
{
	u32 __user **pp = &p;

	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	*pp = pick_other();
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function may assign another value through '*pp' after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int reassigned_via_helper(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	point_elsewhere(&p);
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function may assign another value through 'point_elsewhere(&p)' after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int reassigned_from_user(u32 __user *p, u32 __user * __user *up, u32 v)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	if (copy_from_user(&p, up, sizeof(p)))
		return -EFAULT;
	return __put_user(v, p);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'p', which the function may assign another value through
// CHECK: fields.c:[[@LINE-6]]:7: note: access_ok() here
}

int address_read_only(u32 __user *p, u32 __user * __user *up, u32 v)
{
	if (!access_ok(p, sizeof(u32)))
		return -EFAULT;
	if (copy_to_user(up, &p, sizeof(p)) || !first_of(&p))
		return -EFAULT;
	return __put_user(v, p);
}

/* Another field of the same struct is another value: the list walk's
 * `h->buf = h->next` (round 27). A value made from the field itself
 * keeps it. */
struct uwalk {
	u32 __user *buf;
	u32 __user *next;
};

int walk_reassigned(struct uwalk *h, u32 v)
{
	if (!access_ok(h->buf, sizeof(u32)))
		return -EFAULT;
	h->buf = h->next;
	return __put_user(v, h->buf);
// CHECK: fields.c:[[@LINE-1]]:9: warning: '__put_user' accesses 'h->buf', which the function assigns another value after the access_ok() checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: access_ok() here
}

int walk_from_itself(struct uwalk *h, u32 v)
{
	if (!access_ok(h->buf, 2 * sizeof(u32)))
		return -EFAULT;
	h->buf = h->buf + 1;
	return __put_user(v, h->buf);
}

/* The window's own pointer given another value inside the window: the op
 * writes where the begin checked nothing (round 27). */
int window_reassigned(u32 __user *p, u32 __user *other, u32 v)
{
	if (!user_write_access_begin(p, sizeof(u32)))
		return -EFAULT;
	p = other;
	unsafe_put_user(v, p, efault);
// CHECK: fields.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses 'p', which the function assigns another value after 'user_write_access_begin' checked it [access-ok-far]
// CHECK: fields.c:[[@LINE-5]]:7: note: 'user_write_access_begin' checks the range here
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A copy made after the check, from the checked pointer, holds what the
 * check covered: no reassignment. */
struct upack {
	u64 p;
	u64 size;
};

int copied_after_check(struct upack __user *from, u64 *x, u64 *y)
{
	struct upack __user *copy;
	u64 __user *size;

	if (!access_ok(from, sizeof(*from)))
		return -EFAULT;
	copy = from;
	size = &from->size;
	if (__get_user(*x, &copy->p))
		return -EFAULT;
	return __get_user(*y, size);
}

/* A local set once to an element or a field of a parameter, then checked
 * itself: the check covers what it accesses (round 28: a false positive
 * said it had moved past the check). */
struct ent {
	u32 a;
	u32 b;
};

int check_element(struct ent __user *p)
{
	struct ent __user *e = &p[3];

	if (!access_ok(e, sizeof(*e)))
		return -EFAULT;
	return __put_user(1, &e->a);
}

int check_each_element(struct ent __user *p, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct ent __user *e = &p[i];

		if (!access_ok(e, sizeof(*e)))
			return -EFAULT;
		if (__put_user(i, &e->b))
			return -EFAULT;
	}
	return 0;
}
