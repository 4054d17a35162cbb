#include <linux/uaccess.h>

static noinline int read_flags(u32 __user *flags, u32 *out)
{
	return __get_user(*out, flags);
}

int read_bare(unsigned long addr, u32 *out)
{
	u32 __user *flags = (u32 __user *)addr;

	return read_flags(flags, out);
}

int read_ok(unsigned long addr, u32 *out)
{
	u32 __user *flags = (u32 __user *)addr;

	if (!access_ok(flags, sizeof(*flags)))
		return -EFAULT;
	return read_flags(flags, out);
}
