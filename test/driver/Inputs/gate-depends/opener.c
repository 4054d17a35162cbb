#include "include/frame.h"
int put_frame(u32 __user *p, u32 a)
{
	if (!frame_begin(p))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
