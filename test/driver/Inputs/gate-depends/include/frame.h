#include <linux/uaccess.h>
/* Opens the window its callers write in. */
static inline bool frame_begin(u32 __user *p)
{
	return user_write_access_begin(p, sizeof(*p));
}
