/* A body defined through the macro that has a finding (its window leaks on
   the fault path): the header needs one TU (f.c), and DEFINE_ENTRY itself
   stays irrelevant. */
#include "defs.h"
static inline DEFINE_ENTRY(peek, u32 __user *p)
{
	u32 v;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	user_read_access_end();
	return v;
efault:
	return -EFAULT;
}
