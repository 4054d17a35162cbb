#include <linux/uaccess.h>
#define MY_END() \
	user_write_access_end()

int put(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	MY_END();
	return 0;
efault:
	MY_END();
	return -EFAULT;
}

int unrelated(int x)
{
	return x + 1;
}
