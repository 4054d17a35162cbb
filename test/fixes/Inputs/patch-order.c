#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

/* Performance first in the file: a run of two writes. */
struct ev __user *put_ev(u32 events, u64 data, struct ev __user *uevent)
{
	if (__put_user(events, &uevent->events) ||
	    __put_user(data, &uevent->data))
		return NULL;
	return uevent + 1;
}

/* A loop: it saves more than the run above. */
int put_all(u32 __user *dst, const u32 *v, unsigned int n)
{
	unsigned int i;

	if (!access_ok(dst, n * sizeof(*dst)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		if (__put_user(v[i], &dst[i]))
			return -EFAULT;
	return 0;
}

/* A bug, last in the file, first in the series. */
int leak(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
