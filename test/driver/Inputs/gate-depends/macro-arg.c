#include <linux/uaccess.h>
#define ID(x) x
#define MY_ENDF user_write_access_end

int put(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	ID(MY_ENDF)();
	return 0;
efault:
	ID(MY_ENDF)();
	return -EFAULT;
}
