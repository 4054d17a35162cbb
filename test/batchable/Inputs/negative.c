#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };
int log_event(int);

/* A call that is not uaccess-safe, and cannot move: it sets 'a'. */
int call_between(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	a = log_event(a);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Errors accumulated: an unsafe_* op cannot keep that. */
int accumulated(struct ev __user *p, u32 a, u64 b)
{
	int err = 0;

	err |= __put_user(a, &p->events);
	err |= __put_user(b, &p->data);
	return err;
}

/* The pointer moves between the accesses. */
int moving(struct ev __user *p, u32 a)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	p++;
	if (__put_user(a, &p->events))
		return -EFAULT;
	return 0;
}

/* A loop whose trip count is unknown. */
int until_zero(u32 __user *u, const u32 *k)
{
	while (*k) {
		if (__put_user(*k, u))
			return -EFAULT;
		k++;
		u++;
	}
	return 0;
}

/* Falls off its end: nowhere to put a fault label. */
void no_return(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events) || __put_user(b, &p->data))
		log_event(0);
}

/* One access, or two different objects: nothing to batch. */
int single(struct ev __user *p, struct ev __user *q, u32 a)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	if (__put_user(a, &q->events))
		return -EFAULT;
	return 0;
}
