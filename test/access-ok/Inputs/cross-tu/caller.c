/* The callers: checks, a forwarder's caller, an unchecked pointer. */
#include <linux/uaccess.h>

int read_near(u32 __user *from, u32 *out);
int read_unchecked(u32 __user *from, u32 *out);
int read_wrapped(u32 __user *from, u32 *out);
int read_via_helper(u32 __user *from, u32 *out);
int forward_far(u32 __user *p, u32 *out);
int check_user_word(const u32 __user *p);

int near_caller(u32 __user *u, u32 *out)
{
	if (!access_ok(u, sizeof(*u)))
		return -EFAULT;
	return read_near(u, out);
}

int far_caller(u32 __user *u, u32 *out)
{
	if (!access_ok(u, sizeof(*u)))
		return -EFAULT;
	return forward_far(u, out);
}

int unchecked_caller(unsigned long addr, u32 *out)
{
	u32 __user *p = (u32 __user *)addr;

	return read_unchecked(p, out);
}

int wrapped_caller(u32 __user *u, u32 *out)
{
	if (!check_user_word(u))
		return -EFAULT;
	return read_wrapped(u, out);
}

int helper_caller(u32 __user *u, u32 *out)
{
	if (!access_ok(u, sizeof(*u)))
		return -EFAULT;
	return read_via_helper(u, out);
}

int read_walk(u32 __user *from, u32 *out, int n);

int walk_caller(u32 __user *u, u32 *out, int n)
{
	if (!access_ok(u, n * sizeof(*u)))
		return -EFAULT;
	return read_walk(u, out, n);
}
