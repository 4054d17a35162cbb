/* waitwake.c: every word's key first, in one loop; then each word is read,
   in the next, through a local copy of the field. */
#include "futex.h"

int wait_multiple(struct wait_vector *vs, int count)
{
	int i, ret;
	u32 uval;

	for (i = 0; i < count; i++) {
		ret = get_key(u64_to_user_ptr(vs[i].w.uaddr), &vs[i].key);
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
