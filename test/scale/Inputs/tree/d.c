#include "wrap.h"
int d_fn(u32 __user *p, u32 a)
{
	WRAP_PUT(a, p, efault);
	return 0;
efault:
	return -EFAULT;
}
