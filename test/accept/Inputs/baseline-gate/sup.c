#include <linux/uaccess.h>
int sup(u32 __user *p, u32 a, int x)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (x) {
		// NOLINTNEXTLINE(window-mismatch): reviewed, x86 only
		user_read_access_end();
		return 1;
	}
	user_read_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
