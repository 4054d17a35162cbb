#include <linux/uaccess.h>

/* uaccess-lint: ignore-begin[window-unbalanced] an old leak, known */
int old_leak(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (a == 3)
		return 1;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
/* uaccess-lint: ignore-end[window-unbalanced] */

int other(void)
{
	return 0;
}
