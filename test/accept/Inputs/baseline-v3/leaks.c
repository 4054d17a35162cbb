/* Findings of several kinds, for a version 3 baseline that an older
   uaccess-lint wrote (v3.json): what it recorded stays accepted. */
#include <linux/uaccess.h>

int mismatched(u32 __user *p, u32 a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(a, p, efault);
	user_write_access_end();
	return a;
efault:
	user_read_access_end();
	return -EFAULT;
}

int leaks(u32 __user *p, u32 a, int early)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (early)
		return -EINVAL;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int twice(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_read_access_end();
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
