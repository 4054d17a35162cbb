#include <linux/uaccess.h>
int mm(u32 __user *p, u32 a, int x)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
