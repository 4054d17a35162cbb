#include "include/hdr-helpers.h"
int hdr_put(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	hdr_end_write();
	return hdr_twice(0);
efault:
	hdr_end_write();
	return -EFAULT;
}

int hdr_old_leak(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return hdr_twice(1);
efault:
	return -EFAULT;
}
