/* An access whose only callers are in chain.c. */
#include <linux/uaccess.h>

int read_deep(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

int read_shallow(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}
