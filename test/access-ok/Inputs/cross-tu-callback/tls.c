#include "regset.h"

struct desc { u32 base; u32 limit; };

int tls_set(unsigned int pos, unsigned int count, const void __user *ubuf)
{
	struct desc d;

	if (__copy_from_user(&d, ubuf, sizeof(d)))
		return -EFAULT;
	return d.limit ? 0 : -EINVAL;
}

int fp_set(unsigned int pos, unsigned int count, const void __user *ubuf)
{
	char regs[64];

	return user_regset_copyin(&count, &ubuf, regs);
}
