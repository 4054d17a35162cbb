#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

int leak(struct ev __user *p, u32 a, u64 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	unsafe_put_user(b, &p->data, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int mismatch(struct ev __user *p, u32 *a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// Reached from outside the window too: adding an end there would be wrong,
// so the leak is reported without a fix-it.
int shared_label(struct ev __user *p, u32 a, int early)
{
	if (early)
		goto efault;
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// Shapes with no fix-it, or nothing to fix, that --fix must leave alone.

// `bad` true returns before the begin runs: no leak.
int or_not_begin(struct ev __user *p, u32 a, int bad)
{
	if (bad || !user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// The mismatching end is in a helper that closes other windows too.
static inline void end_write(void)
{
	user_write_access_end();
}

int read_closed_by_helper(struct ev __user *p, u32 *a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->events, efault);
	end_write();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// The __put_user() through the copy relies on the access_ok(): with len 0,
// copy_to_user() checks nothing, and a kernel address would be written.
int copy_and_stamp(u32 __user *p, const u32 *rec, unsigned long len, u32 stamp)
{
	u32 __user *first = p;

	if (!access_ok(p, len))
		return -EFAULT;
	if (copy_to_user(p, rec, len))
		return -EFAULT;
	return __put_user(stamp, first);
}
