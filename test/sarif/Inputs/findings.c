#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

/* A leak on the fault path: a note (the path) and a fix-it (an end). */
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

/* A wrong end after characters outside the BMP: columns and offsets in
 * UTF-16 code units, as run.columnKind says. */
int mismatch(struct ev __user *p, u32 *a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->events, efault);
	/* ß😀 */ user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
