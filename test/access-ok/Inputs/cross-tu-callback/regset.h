/* A regset table, as 6.12 include/linux/regset.h shapes it: the ptrace
 * code checks the user buffer, then calls the arch's callback through the
 * table; a callback copies in through a helper that walks `*ubuf`. */
#include <linux/uaccess.h>

struct user_regset {
	int (*set)(unsigned int pos, unsigned int count,
		   const void __user *ubuf);
};

static inline int copy_regset_from_user(const struct user_regset *regset,
					unsigned int size,
					const void __user *data)
{
	if (!access_ok(data, size))
		return -EFAULT;
	return regset->set(0, size, data);
}

static inline int user_regset_copyin(unsigned int *count,
				     const void __user **ubuf, void *data)
{
	unsigned int copy = *count > 64 ? 64 : *count;

	if (__copy_from_user(data, *ubuf, copy))
		return -EFAULT;
	*ubuf += copy;
	*count -= copy;
	return 0;
}

int tls_set(unsigned int pos, unsigned int count, const void __user *ubuf);
int fp_set(unsigned int pos, unsigned int count, const void __user *ubuf);
