#include <linux/uaccess.h>
int g(int);
int far_check(u32 __user *p, u32 a, int n)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	n = g(n); n = g(n); n = g(n); n = g(n); n = g(n);
	n = g(n); n = g(n); n = g(n); n = g(n); n = g(n);
	n = g(n); n = g(n);
	return __put_user(a, p);
}
