/*
 * The window calls clean_helper(), whose clean body makes the call fine:
 * the parse must keep that body. store() has no window and puts through
 * __put_user(): its caller's access_ok() must be seen, so its caller
 * outer() is kept too. unrelated_helper() is skipped.
 */
#include "helpers.h"

static int store(u32 __user *p, u32 v)
{
	return __put_user(v, p);
}

int outer(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return store(p, v);
}

int window(u32 __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(clean_helper(v), p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int not_uaccess(int v)
{
	return unrelated_helper(v);
}
