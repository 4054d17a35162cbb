#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };
struct holder { int flags; struct ev __user *u; };

/* io_msg_copy_hdr: the user pointer is a field of a kernel struct. */
int through_field(struct holder *s, u32 a, u64 b)
{
	if (__put_user(a, &s->u->events) ||
	    __put_user(b, &s->u->data))
		return -EFAULT;
	return 0;
}

/* i915 perf registers: two elements a step. */
int two_a_step(u32 __user *p, const u32 *k, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++, p += 2) {
		if (__put_user(k[2 * i], p))
			return -EFAULT;
		if (__put_user(k[2 * i + 1], p + 1))
			return -EFAULT;
	}
	return 0;
}

/* copy_compat_iovec_from_user: a goto out of the loop would skip the end. */
int jumps_out(const s32 __user *u, s32 *k, unsigned int n)
{
	unsigned int i;
	int ret = -EFAULT;

	for (i = 0; i < n; i++) {
		if (__get_user(k[i], &u[i]))
			goto out;
		if (k[i] < 0) {
			ret = -EINVAL;
			goto out;
		}
	}
	ret = 0;
out:
	return ret;
}
