// A masked begin checks nothing: it returns a clamped pointer, and only
// that value is safe in its window. An op through the variable it was
// given (when the result is thrown away or kept elsewhere), or through a
// copy made before the begin, goes through a raw user pointer: the waitid
// CVE's shape with no access_ok() to forget (issue 31). A scoped window's
// body has a pointer of its own, which shadows the outer one.
//
// x86 and 6.19 compile the masked branch; elsewhere
// can_do_masked_user_access() is 0, the branch is dead and nothing is
// reported.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --check-prefix=MASK --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --check-prefixes=MASK,SCOPE --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --check-prefix=DEAD --allow-empty
// RUN: %uaccess-lint --checks=access-ok-far %s -- %arm64-flags 2>&1 | FileCheck %s --check-prefix=DEAD --allow-empty
// DEAD-NOT: warning:

#include <linux/uaccess.h>

struct argpack { u64 p; u64 size; };

// The result thrown away: both ops read through the raw 'from' on the
// masked path.
int discarded(struct argpack *to, struct argpack __user *from)
{
	if (can_do_masked_user_access())
		(void)masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(*from)))
		return -EFAULT;
	unsafe_get_user(to->p, &from->p, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded on every path: the access_ok() on 'from' does not run before it on all of them; the result of 'masked_user_access_begin' is discarded, so 'from' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-5]]:9: note: 'masked_user_access_begin' masks the pointer here; it is compiled only on arches where 'can_do_masked_user_access()' is 1
// MASK: masked-pointer.c:[[@LINE-5]]:12: note: 'user_read_access_begin' checks the range here
	unsafe_get_user(to->size, &from->size, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: note: 'unsafe_get_user' accesses 'from' here too
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// The result kept in another variable: the op through 'masked' is safe,
// the one through 'from' is not.
int stored(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *masked;

	if (!can_do_masked_user_access())
		return -EFAULT;
	masked = masked_user_access_begin(from);
	unsafe_get_user(to->size, &masked->size, Efault);
	unsafe_get_user(to->p, &from->p, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'from', here or in its callers; 'masked_user_access_begin' stores the masked pointer in 'masked', and 'from' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-4]]:11: note: 'masked_user_access_begin' masks the pointer here
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// A copy made before the begin still holds the raw pointer.
int copy_before(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *orig = from;

	if (!can_do_masked_user_access())
		return -EFAULT;
	from = masked_user_access_begin(from);
	unsafe_get_user(to->p, &orig->p, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'orig', here or in its callers; 'orig' is a copy of 'from' made before 'masked_user_access_begin' masked it [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-3]]:9: note: 'masked_user_access_begin' masks the pointer here
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// Negatives: the result stored back, a pointer derived from it inside the
// range, a copy made after the begin, and an op with its own access_ok().
int kept(struct argpack *to, struct argpack __user *from)
{
	u64 __user *size;
	struct argpack __user *copy;

	if (can_do_masked_user_access())
		from = masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(*from)))
		return -EFAULT;
	size = &from->size;
	copy = from;
	unsafe_get_user(to->p, &copy->p, Efault);
	unsafe_get_user(to->size, size, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

int own_check(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *masked;

	if (!access_ok(from, sizeof(*from)) || !can_do_masked_user_access())
		return -EFAULT;
	masked = masked_user_access_begin(from);
	unsafe_get_user(to->p, &from->p, Efault);
	unsafe_get_user(to->size, &masked->size, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// A helper whose op goes through its parameter, as strncpy_from_user()'s
// do_strncpy_from_user() does: given the masked pointer it is safe, given
// the raw one it is not. So is a routine the TU has no body for.
static __always_inline long read_word(u64 *dst, const u64 __user *src)
{
	unsafe_get_user(*dst, src, efault);
	return 0;
efault:
	return -EFAULT;
}

extern unsigned long copy_words(void *dst, const void *src, unsigned long n);

long read_masked(u64 *dst, const u64 __user *src)
{
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	src = masked_user_access_begin(src);
	ret = read_word(dst, src);
	ret |= copy_words(dst, (__force const void *)src, 8);
	user_read_access_end();
	return ret;
}

long read_raw(u64 *dst, const u64 __user *src)
{
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	masked_user_access_begin(src);
	ret = read_word(dst, src);
// MASK: masked-pointer.c:[[@LINE-1]]:8: warning: 'read_word()' is passed 'src' inside the window, and no access_ok() checks it; the result of 'masked_user_access_begin' is discarded, so 'src' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-3]]:2: note: 'masked_user_access_begin' masks the pointer here
	ret |= copy_words(dst, (__force const void *)src, 8);
// MASK: masked-pointer.c:[[@LINE-1]]:9: warning: 'copy_words()' is passed 'src' inside the window, and no access_ok() checks it; the result of 'masked_user_access_begin' is discarded, so 'src' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-6]]:2: note: 'masked_user_access_begin' masks the pointer here
	user_read_access_end();
	return ret;
}


// The result stored back through `?:` or with an offset, passed straight
// to a helper, or copied back into the source: all the masked pointer.
// `sizeof(*from)` reads nothing, and a kernel buffer sized by it, or an
// address passed as a number, is no user pointer. Silent (a review's
// hand-built false positives).
extern void *kmalloc(unsigned long size, int flags);
extern void consume(void *buf);
extern void log_addr(unsigned long addr);

int ternary_back(struct argpack *to, struct argpack __user *from)
{
	if (!can_do_masked_user_access())
		return -EFAULT;
	from = can_do_masked_user_access() ? masked_user_access_begin(from) : from;
	unsafe_get_user(to->p, &from->p, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

int offset_back(u64 *to, u64 __user *from)
{
	if (!can_do_masked_user_access())
		return -EFAULT;
	from = masked_user_access_begin(from) + 1;
	unsafe_get_user(*to, from, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

long passed_on(u64 *dst, const u64 __user *src)
{
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	ret = read_word(dst, masked_user_access_begin(src));
	user_read_access_end();
	return ret;
}

// A helper given a pointer the mask never saw (round 32).
static __always_inline long read_other_word(u64 *dst, const u64 __user *src)
{
	unsafe_get_user(*dst, src, efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'src', here or in its callers [access-ok-far]
	return 0;
efault:
	return -EFAULT;
}

long read_other(u64 *dst, const u64 __user *src, const u64 __user *other)
{
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	src = masked_user_access_begin(src);
	ret = read_other_word(dst, other);
	user_read_access_end();
	return ret;
}

// A copy of the masked pointer made after the begin, passed to a helper:
// the masked pointer (round 33). Silent.
long read_copy_after(u64 *dst, const u64 __user *src)
{
	const u64 __user *q;
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	src = masked_user_access_begin(src);
	q = src;
	ret = read_word(dst, q + 1);
	user_read_access_end();
	return ret;
}

int copied_back(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *m;
	struct argpack *k = kmalloc(sizeof(*from), 0);

	if (!can_do_masked_user_access())
		return -EFAULT;
	m = masked_user_access_begin(from);
	from = m;
	unsafe_get_user(to->p, &from->p, Efault);
	unsafe_get_user(k->p, &m->p, Efault);
	copy_words(k, (__force const void *)m, sizeof(*from));
	log_addr((unsigned long)from);
	consume(k);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// A copy made after the begin holds what the source holds then: raw when
// the result went elsewhere. So does a pointer computed from it, and a
// copy made before that only steps itself after. A call through a
// pointer may access what it is passed.
struct reader { long (*read)(u64 *dst, const u64 __user *src); };

int copy_after(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *c;
	u64 __user *sz;

	if (!can_do_masked_user_access())
		return -EFAULT;
	masked_user_access_begin(from);
	c = from;
	sz = &from->size;
	unsafe_get_user(to->p, &c->p, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'c', here or in its callers; 'c' is a copy of 'from', and the result of 'masked_user_access_begin' is discarded, so 'from' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-5]]:2: note: 'masked_user_access_begin' masks the pointer here
	unsafe_get_user(to->size, sz, Efault);
// An address inside 'from' is the same defect.
// MASK: masked-pointer.c:[[@LINE-2]]:2: note: 'unsafe_get_user' accesses 'sz' here too
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

int stepped_copy(u64 *to, u64 __user *from)
{
	u64 __user *c = from;

	if (!can_do_masked_user_access())
		return -EFAULT;
	from = masked_user_access_begin(from);
	c = c + 1;
	unsafe_get_user(*to, c, Efault);
// MASK: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'c', here or in its callers; 'c' is a copy of 'from' made before 'masked_user_access_begin' masked it [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-4]]:9: note: 'masked_user_access_begin' masks the pointer here
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

long through_ops(const struct reader *ops, u64 *dst, const u64 __user *src)
{
	long ret;

	if (!can_do_masked_user_access())
		return -EFAULT;
	masked_user_access_begin(src);
	ret = ops->read(dst, src);
// MASK: masked-pointer.c:[[@LINE-1]]:8: warning: 'ops->read()' is passed 'src' inside the window, and no access_ok() checks it; the result of 'masked_user_access_begin' is discarded, so 'src' is not masked [access-ok-far]
// MASK: masked-pointer.c:[[@LINE-3]]:2: note: 'masked_user_access_begin' masks the pointer here
	user_read_access_end();
	return ret;
}

#ifdef scoped_user_read_access
// 6.19's scope: its body's 'from' is the scope's own. A copy of the outer
// one made before it is raw; so is another parameter.
int scoped_copy(struct argpack *to, struct argpack __user *from)
{
	struct argpack __user *orig = from;

	scoped_user_read_access(from, Efault) {
		unsafe_get_user(to->p, &from->p, Efault);
		unsafe_get_user(to->size, &orig->size, Efault);
// SCOPE: masked-pointer.c:[[@LINE-1]]:3: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'orig'; 'orig' is a copy of 'from' made before 'scoped_user_read_access' opened its scope [access-ok-far]
// SCOPE: masked-pointer.c:[[@LINE-4]]:2: note: 'scoped_user_read_access' declares its own 'from' for its body here
	}
	return 0;
Efault:
	return -EFAULT;
}

int scoped_other(u32 *v, u32 __user *a, u32 __user *b)
{
	scoped_user_read_access(a, Efault)
		unsafe_get_user(*v, b, Efault);
// SCOPE: masked-pointer.c:[[@LINE-1]]:3: warning: 'unsafe_get_user' is not guarded by any access_ok() on 'b', here or in its callers [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

// A copy made inside the scope is the scope's pointer: silent.
int scoped_inner_copy(struct argpack *to, struct argpack __user *from)
{
	scoped_user_read_access(from, Efault) {
		struct argpack __user *in = from;

		unsafe_get_user(to->p, &in->p, Efault);
	}
	return 0;
Efault:
	return -EFAULT;
}

// A helper that works in its caller's scope (round 32): given the scope's
// own pointer it is checked by the scope's range; past that range, or
// given another pointer, it is not.
struct sframe { u32 magic; u32 flags; u32 sc[4]; };
static __always_inline int put_reg(u32 __user *r, u32 v)
{
	unsafe_put_user(v, r, Efault);
// SCOPE: masked-pointer.c:[[@LINE-1]]:2: warning: 'unsafe_put_user' accesses bytes 8 to 11 of 'frame', but 'scoped_user_write_access_size' in scoped_helper_short(), 1 call up (put_reg() <- scoped_helper_short()), covers only '2 * sizeof(u32)' of it [access-ok-far]
	return 0;
Efault:
	return -EFAULT;
}

int scoped_helper_ok(struct sframe __user *frame, u32 v)
{
	scoped_user_write_access(frame, Efault)
		if (put_reg(&frame->sc[3], v))
			goto Efault;
	return 0;
Efault:
	return -EFAULT;
}

int scoped_helper_short(struct sframe __user *frame, u32 v)
{
	scoped_user_write_access_size(frame, 2 * sizeof(u32), Efault)
// SCOPE: masked-pointer.c:[[@LINE-1]]:2: note: 'scoped_user_write_access_size' checks the range here
// SCOPE: masked-pointer.c:[[@LINE+1]]:7: note: 'scoped_helper_short()' calls 'put_reg()' here with no check that covers it
		if (put_reg(&frame->sc[0], v))
			goto Efault;
	return 0;
Efault:
	return -EFAULT;
}
#endif
