#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

/* A fault path that leaks and a read window closed as a write one: two
 * findings in one function. */
int both(struct ev __user *p, struct ev __user *q, u32 a, u32 *b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	if (!user_read_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_get_user(*b, &q->events, rfault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
rfault:
	user_read_access_end();
	return -EFAULT;
}

/* epoll_put_uevent() before 6.19: two fields of one struct. */
struct ev __user *put_ev(u32 events, u64 data, struct ev __user *uevent)
{
	if (__put_user(events, &uevent->events) ||
	    __put_user(data, &uevent->data))
		return NULL;
	return uevent + 1;
}
