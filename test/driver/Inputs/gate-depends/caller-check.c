#include <linux/uaccess.h>

static noinline int helper(int __user *p, int v)
{
	if (__put_user(v, p))
		return -EFAULT;
	if (__put_user(v, p + 1))
		return -EFAULT;
	return 0;
}

int caller(int __user *p)
{
	int ret;

	if (!access_ok(p, 2 * sizeof(*p)))
		return -EFAULT;
	ret = helper(p, 1);
	return ret;
}

static noinline int old_helper(int __user *p, int v)
{
	return __put_user(v, p);
}

int old_caller(int __user *p)
{
	return old_helper(p, 2);
}
