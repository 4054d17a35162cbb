/*
 * Includes a header the build generates and this tree lacks (as a kernel
 * database from a dry run lacks flask.h): a parse fails at it, and so the
 * prefilter's include scan does, so the TU is reported failed unparsed.
 * The same leak as leak.c: a parse that got past the include would report
 * it.
 */
#include <linux/uaccess.h>
#include "generated-tables.h"
int leak2(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
