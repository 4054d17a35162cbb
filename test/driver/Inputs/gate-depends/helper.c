#include <linux/uaccess.h>
static inline void end_write(void)
{
	user_write_access_end();
}

int put(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	end_write();
	return 0;
efault:
	end_write();
	return -EFAULT;
}
