#include <linux/uaccess.h>
int leak(u32 __user *p, u32 a)
{
	/* uaccess-lint: ignore[window-unbalanced] closed by the caller */
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
