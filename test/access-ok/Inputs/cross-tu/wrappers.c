/* A check wrapper: its callers' tested calls check the pointer. */
#include <linux/uaccess.h>

int check_user_word(const u32 __user *p)
{
	return access_ok(p, sizeof(u32));
}
