/* As futex_wait.c, with a lookup that checks nothing: hash_key() is no
   check wrapper, so nothing checks the words. */
#include "futex.h"

int wait_multiple(struct wait_vector *vs, int count)
{
	int i, ret;
	u32 uval;

	for (i = 0; i < count; i++) {
		ret = hash_key(u64_to_user_ptr(vs[i].w.uaddr), &vs[i].key);
		if (ret)
			return ret;
	}
	for (i = 0; i < count; i++) {
		u32 __user *uaddr = (u32 __user *)(unsigned long)vs[i].w.uaddr;

		ret = get_value_locked(&uval, uaddr);
		if (ret)
			return ret;
	}
	return 0;
}
