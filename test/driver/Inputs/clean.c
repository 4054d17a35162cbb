#include <linux/uaccess.h>
int clean(u32 __user *p, u32 a)
{
	return put_user(a, p);
}
