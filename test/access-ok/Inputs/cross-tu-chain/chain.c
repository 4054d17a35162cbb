/*
 * read_deep()'s pointer, checked three calls up, through two static
 * functions of this TU: each step up is a caller in the same TU.
 */
#include <linux/uaccess.h>

int read_deep(u32 __user *from, u32 *out);

static int deep_leaf(u32 __user *p, u32 *out)
{
	return read_deep(p, out);
}

static int deep_mid(u32 __user *p, u32 *out)
{
	return deep_leaf(p, out);
}

int deep_entry(u32 __user *u, u32 *out)
{
	if (!access_ok(u, sizeof(*u)))
		return -EFAULT;
	return deep_mid(u, out);
}

/* The same chain, but the top passes an unchecked pointer. */
int read_shallow(u32 __user *from, u32 *out);

static int shallow_leaf(u32 __user *p, u32 *out)
{
	return read_shallow(p, out);
}

int shallow_entry(unsigned long addr, u32 *out)
{
	return shallow_leaf((u32 __user *)addr, out);
}
