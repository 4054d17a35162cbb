#include <linux/uaccess.h>
#include "helper.h"

struct ev { u32 events; u32 flags; u64 data; };
void log_event(u32 events);

/* window-call, unless log_event is uaccess-safe */
int put_logged(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	log_event(v);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* batchable: three accesses, one window would do */
int put_ev(struct ev __user *p, u32 a, u32 b, u64 c)
{
	if (__put_user(a, &p->events) || __put_user(b, &p->flags) ||
	    __put_user(c, &p->data))
		return -EFAULT;
	return 0;
}

/* window-mismatch */
int get_mismatched(u32 __user *p, u32 *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
