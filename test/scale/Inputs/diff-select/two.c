#include "helper.h"
int two_leak(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	/* the patch to two.c deletes this line */
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return helper_leak(p + 1, a);
efault:
	return -EFAULT;
}
