/* Only self-checking copies, each its own window and its own range check:
   nothing to report. */
#include <linux/uaccess.h>
long e_fn(u32 __user *p, u32 *k)
{
	if (copy_from_user(k, p, sizeof(*k)) || clear_user(p, sizeof(*p)))
		return -EFAULT;
	return copy_to_user(p, k, sizeof(*k)) ? -EFAULT : 0;
}
