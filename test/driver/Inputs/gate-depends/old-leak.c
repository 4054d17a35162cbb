#include <linux/uaccess.h>
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

static int twice(int x)
{
	return 2 * x;
}

int other(int x)
{
	return twice(x);
}
