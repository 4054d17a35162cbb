#include <linux/uaccess.h>
/* A fault path with a syntax error: the TU fails, so its findings (and the
 * fix-it that would paste an end into the label) must not be reported. */
int broken(u32 __user *p, u32 v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	user_read_access_end();
	return v;
efault:
	user_read_access_end(;
	return -EFAULT;
}
