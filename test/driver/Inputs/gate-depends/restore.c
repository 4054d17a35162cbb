#include <linux/uaccess.h>
#include "include/access-fwd.h"

struct ev {
	u32 events;
	u64 data;
};

int suspended_fwd(struct ev __user *p, u32 a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = save_access();
	log_event(3);
	restore_access(flags);
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
