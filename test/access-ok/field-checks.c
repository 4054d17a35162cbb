// A user pointer checked in one function and used in another that no call
// chain joins to it: the struct field that carries it does (issue 12,
// "object state"). 6.12 task_set_syscall_user_dispatch() checks the prctl's
// selector and stores it in the task; syscall_user_dispatch() reads it back
// at each syscall. i915's check_relocations() checks an exec object's
// relocs_ptr, and eb_copy_relocations() calls it on that object before it
// copies from the same field. The check of the field is named; after a
// tested call of the checking function on the same object the access is
// guarded.
// A window opened with no check (x86's __uaccess_begin()) must show its
// own: the sibling's check is named, not taken.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,X86 --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --check-prefixes=CHECK,X86 --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/uaccess.h>

struct dispatch { unsigned long offset; char __user *selector; };
struct task { int pid; struct dispatch dispatch; };
extern struct task *current_task(void);

/* The prctl: the selector is checked without its tag bits, then stored. */
int set_dispatch(struct task *t, unsigned long mode, char __user *selector)
{
	if (mode && selector &&
	    !access_ok(untagged_addr(selector), sizeof(*selector)))
		return -EFAULT;
	t->dispatch.selector = selector;
	return 0;
}

/* Each syscall reads the stored selector: the check is where it is
 * stored. */
int dispatch_syscall(void)
{
	struct dispatch *sd = &current_task()->dispatch;
	char state;

	if (!sd->selector)
		return 0;
	// CHECK: [[@LINE+2]]:6: warning: '__get_user' relies on the access_ok() made where the struct field it reads is stored: 'sd->selector' holds 'dispatch::selector'; checked by 'access_ok(untagged_addr(selector), sizeof(*selector))' in set_dispatch(), before the store [access-ok-far]
	// CHECK: field-checks.c:28:{{[0-9]+}}: note: access_ok() here
	if (__get_user(state, sd->selector))
		return -EFAULT;
	return state;
}

/* A header's helper that this TU never calls: its callers are in the TUs
 * that use it, where it is analyzed with them. Silent here. */
static inline int peek_selector(struct dispatch *sd)
{
	char c;

	return __get_user(c, sd->selector) ?: c;
}

struct exec_object { u32 handle; u32 relocation_count; u64 relocs_ptr; };
struct reloc_entry { u64 target; u64 presumed_offset; };
struct execbuf { unsigned int count; struct exec_object *exec; };
extern void *kvmalloc(unsigned long size);

/* check_relocations(): checks the field of the object it is given, through
 * a copy that then walks the range. */
static int check_relocs(const struct exec_object *entry)
{
	const char __user *addr, *end;
	unsigned long size = entry->relocation_count;
	char c;

	if (size == 0)
		return 0;
	addr = u64_to_user_ptr(entry->relocs_ptr);
	size *= sizeof(struct reloc_entry);
	if (!access_ok(addr, size))
		return -EFAULT;
	end = addr + size;
	for (; addr < end; addr += 4096)
		if (__get_user(c, addr))
			return -EFAULT;
	return 0;
}

/* eb_copy_relocations(): the tested call on the same element runs first.
 * Silent. */
int copy_relocs(struct execbuf *eb)
{
	unsigned int i;

	for (i = 0; i < eb->count; i++) {
		struct reloc_entry __user *urelocs;
		unsigned long size = eb->exec[i].relocation_count *
				     sizeof(struct reloc_entry);
		unsigned long copied;
		void *relocs;
		int err;

		err = check_relocs(&eb->exec[i]);
		if (err)
			return err;
		urelocs = u64_to_user_ptr(eb->exec[i].relocs_ptr);
		relocs = kvmalloc(size);
		copied = 0;
		do {
			unsigned long len = size - copied > 4096 ?
					    4096 : size - copied;

			if (__copy_from_user((char *)relocs + copied,
					     (char __user *)urelocs + copied,
					     len))
				return -EFAULT;
			copied += len;
		} while (copied < size);
		/* After the copy: the next iteration checks its own. */
		eb->exec[i].relocs_ptr = (unsigned long)relocs;
	}
	return 0;
}

/* The field is replaced between the check and the copy. */
int copy_relocs_replaced(struct execbuf *eb, u64 other)
{
	struct reloc_entry __user *urelocs;
	struct reloc_entry r;

	if (check_relocs(&eb->exec[0]))
		return -EFAULT;
	eb->exec[0].relocs_ptr = other;
	urelocs = u64_to_user_ptr(eb->exec[0].relocs_ptr);
	// CHECK: [[@LINE+1]]:6: warning: '__copy_from_user' is not guarded by any access_ok() on 'urelocs' [access-ok-far]
	if (__copy_from_user(&r, urelocs, sizeof(r)))
		return -EFAULT;
	return 0;
}

#ifdef __uaccess_begin
/* The relocations marked in a window that checks no range. */
int mark_relocs(const struct execbuf *eb)
{
	unsigned int i, n;

	for (i = 0; i < eb->count; i++) {
		struct reloc_entry __user *urelocs;

		if (check_relocs(&eb->exec[i]))
			return -EFAULT;
		urelocs = u64_to_user_ptr(eb->exec[i].relocs_ptr);
		__uaccess_begin();
		for (n = 0; n < eb->exec[i].relocation_count; n++)
			unsafe_put_user(-1, &urelocs[n].presumed_offset, fail);
		// X86: [[@LINE-1]]:4: warning: 'unsafe_put_user' relies on an access_ok() of the struct field it reads, made elsewhere: 'urelocs' holds 'exec_object::relocs_ptr'; checked by 'access_ok(addr, size)' in check_relocs() [access-ok-far]
		// X86: field-checks.c:76:{{[0-9]+}}: note: access_ok() here
		// X86: [[@LINE-5]]:3: note: '__uaccess_begin' opens the window here without checking any range
		__uaccess_end();
	}
	return 0;
fail:
	__uaccess_end();
	return -EFAULT;
}
#endif

/* A loop inside the iteration moves to the next element before it
 * copies. */
int copy_relocs_stepping(const struct execbuf *eb)
{
	unsigned int i = 0;
	struct reloc_entry r;

	while (i < eb->count) {
		if (check_relocs(&eb->exec[i]))
			return -EFAULT;
		do {
			// CHECK: [[@LINE+2]]:8: warning: '__copy_from_user' relies on an access_ok() of the struct field it reads, made elsewhere: 'eb->exec[i].relocs_ptr' holds 'exec_object::relocs_ptr'; checked by 'access_ok(addr, size)' in check_relocs() [access-ok-far]
			// CHECK: field-checks.c:76:{{[0-9]+}}: note: access_ok() here
			if (__copy_from_user(&r,
					     u64_to_user_ptr(eb->exec[i].relocs_ptr),
					     sizeof(r)))
				return -EFAULT;
			i++;
		} while (i < eb->count && r.target);
	}
	return 0;
}

/* The call checks another element than the one copied from. */
int copy_next_relocs(const struct execbuf *eb)
{
	unsigned int i;

	for (i = 0; i + 1 < eb->count; i++) {
		struct reloc_entry __user *urelocs;
		struct reloc_entry r;

		if (check_relocs(&eb->exec[i]))
			return -EFAULT;
		urelocs = u64_to_user_ptr(eb->exec[i + 1].relocs_ptr);
		// CHECK: [[@LINE+2]]:7: warning: '__copy_from_user' relies on an access_ok() of the struct field it reads, made elsewhere: 'urelocs' holds 'exec_object::relocs_ptr'; checked by 'access_ok(addr, size)' in check_relocs() [access-ok-far]
		// CHECK: field-checks.c:76:{{[0-9]+}}: note: access_ok() here
		if (__copy_from_user(&r, urelocs, sizeof(r)))
			return -EFAULT;
	}
	return 0;
}

/* The call's result is ignored: it guards nothing. */
int copy_relocs_untested(const struct execbuf *eb)
{
	struct reloc_entry r;

	check_relocs(&eb->exec[0]);
	// CHECK: [[@LINE+2]]:6: warning: '__copy_from_user' relies on an access_ok() of the struct field it reads, made elsewhere: 'eb->exec[0].relocs_ptr' holds 'exec_object::relocs_ptr'; checked by 'access_ok(addr, size)' in check_relocs() [access-ok-far]
		// CHECK: field-checks.c:76:{{[0-9]+}}: note: access_ok() here
	if (__copy_from_user(&r, u64_to_user_ptr(eb->exec[0].relocs_ptr),
			     sizeof(r)))
		return -EFAULT;
	return 0;
}

/* The call runs in the previous iteration only. */
int copy_relocs_late(const struct execbuf *eb)
{
	struct reloc_entry r;
	unsigned int i;

	i = 0;
	if (check_relocs(&eb->exec[i]))
		return -EFAULT;
	for (; i < eb->count; i++) {
		struct reloc_entry __user *urelocs =
			u64_to_user_ptr(eb->exec[i].relocs_ptr);
		// CHECK: [[@LINE+2]]:7: warning: '__copy_from_user' relies on an access_ok() of the struct field it reads, made elsewhere: 'urelocs' holds 'exec_object::relocs_ptr'; checked by 'access_ok(addr, size)' in check_relocs() [access-ok-far]
		// CHECK: field-checks.c:76:{{[0-9]+}}: note: access_ok() here
		if (__copy_from_user(&r, urelocs, sizeof(r)))
			return -EFAULT;
	}
	return 0;
}

struct retry { int fd; char __user *p; };

/* The function's own check of the field, after the access on its fault
 * path, guards nothing before it: missing. */
int read_retry(struct retry *r)
{
	char c;

	// CHECK: [[@LINE+1]]:6: warning: '__get_user' is not guarded by any access_ok() on 'r->p', here or in its callers [access-ok-far]
	if (__get_user(c, r->p)) {
		if (get_user(c, r->p))
			return -EFAULT;
		return -EAGAIN;
	}
	return c;
}

struct request { int op; struct hdr_u __user *umsg; };
struct hdr_u { u32 flags; u32 len; };

/* io_uring's prep: the header is checked when the request is made. */
int prep_request(struct request *req)
{
	if (!access_ok(req->umsg, sizeof(*req->umsg)))
		return -EFAULT;
	return 0;
}

/* ____sys_recvmsg(): writes back into the header its callers pass. */
static int write_flags(struct hdr_u __user *msg, u32 flags)
{
	// CHECK: [[@LINE+2]]:9: warning: '__put_user' relies on an access_ok() of the struct field a caller reads, made elsewhere: run_request() passes 'request::umsg' as 'msg', 1 call up (write_flags() <- run_request()); checked by 'access_ok(req->umsg, sizeof(*req->umsg))' in prep_request() [access-ok-far]
	// CHECK: field-checks.c:[[@LINE-9]]:{{[0-9]+}}: note: access_ok() here
	return __put_user(flags, &msg->flags);
}

/* The request runs later: the header comes out of it unchecked here. */
int run_request(struct request *req)
{
	return write_flags(req->umsg, 0);
}

/* The same helper, passed a pointer that nothing checks. */
static int write_len(struct hdr_u __user *msg, u32 len)
{
	// CHECK: [[@LINE+1]]:9: warning: '__put_user' is not guarded by any access_ok() on 'msg', here or in its callers [access-ok-far]
	return __put_user(len, &msg->len);
	// CHECK: [[@LINE+11]]:9: note: 'run_len()' calls 'write_len()' here with no check that covers it
}

extern unsigned long user_base;

int run_len(struct request *req)
{
	if (req->op)
		return write_len(req->umsg, 0);
	/* A path with no check: the field's check elsewhere does not cover
	 * it. */
	return write_len((struct hdr_u __user *)user_base, 0);
}

struct plain { u32 flags; u64 data_ptr; };

/* A field no function of the TU checks: missing, as before. */
int read_plain(const struct plain *p)
{
	u32 v;

	// CHECK: [[@LINE+1]]:6: warning: '__get_user' is not guarded by any access_ok() on 'p->data_ptr', here or in its callers [access-ok-far]
	if (__get_user(v, (u32 __user *)u64_to_user_ptr(p->data_ptr)))
		return -EFAULT;
	return v;
}
