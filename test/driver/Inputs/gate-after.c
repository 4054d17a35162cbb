#include <linux/uaccess.h>
int early_return(u32 __user *p, u32 a, int flag)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (flag)
		return -EINVAL;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int fault_path(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int old_leak(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int other(u32 __user *p, u32 a)
{
	/* one put */
	return put_user(a, p);
}
