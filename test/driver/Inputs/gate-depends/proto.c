#include <linux/uaccess.h>
static int mix(int x);
int mix_put(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(mix(a), p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
static int mix(int x)
{
	return x * 3;
}
