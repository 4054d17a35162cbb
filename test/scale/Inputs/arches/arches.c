#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

/* Every arch: a read window closed by the write family's end. */
int read_begin_write_end(struct ev __user *p, u32 *out)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*out, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* x86_64 only: can_do_masked_user_access() is 0 elsewhere, and the masked
 * begin is NULL there. */
long masked_read_end(const char __user *src, char *dst)
{
	if (can_do_masked_user_access())
		src = masked_user_access_begin(src);
	else if (!user_read_access_begin(src, 1))
		return -EFAULT;
	unsafe_get_user(*dst, src, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
