/*
 * The window calls pasted_clean() by a name a macro pastes together: the
 * prefilter never sees the name, so the parse that skipped its body must
 * start again and skip nothing.
 */
#include "helpers.h"

int pasted_window(u32 __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(paste_call(clean, v), p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int leaks(u32 __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
