/* core.c: the key lookup checks the word; the locked read does not. */
#include "futex.h"

int get_key(u32 __user *uaddr, int *key)
{
	if (unlikely(!access_ok(uaddr, sizeof(u32))))
		return -EFAULT;
	*key = 1;
	return 0;
}

int get_value_locked(u32 *dest, u32 __user *from)
{
	int ret;

	ret = __get_user(*dest, from);
	return ret ? -EFAULT : 0;
}

int hash_key(u32 __user *uaddr, int *key)
{
	if ((unsigned long)uaddr % sizeof(u32))
		return -EINVAL;
	*key = (int)((unsigned long)uaddr >> 2);
	return 0;
}
