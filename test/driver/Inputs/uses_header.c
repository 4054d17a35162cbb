#include <linux/uaccess.h>
#include "leaky_header.h"

int main_leak(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	return header_leak(p, v);
efault:
	user_write_access_end();
	return -EFAULT;
}
