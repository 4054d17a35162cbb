#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };
u64 compute(u64);
int fail_code(void);

/* A call in an access's argument: unsafe_put_user() would evaluate it with
   user access on. */
int argument_call(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	if (__put_user(compute(b), &p->data))
		return -EFAULT;
	return 0;
}

/* An access to another object between them: its own toggle would end the
   window early. */
int other_object(struct ev __user *p, struct ev __user *q, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	__put_user(a, &q->events);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* The same in the accesses' condition: the rewrite would drop it. */
int other_in_condition(struct ev __user *p, struct ev __user *q, u32 a, u64 b)
{
	if (__put_user(a, &p->events) || __put_user(a, &q->events) ||
	    __put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* A copy in the loop's body. */
int copy_in_loop(u32 __user *u, const u32 *k, void __user *q, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (__put_user(k[i], &u[i]))
			return -EFAULT;
		if (copy_to_user(q, k, 4))
			return -EFAULT;
	}
	return 0;
}

/* A call in the failure runs after the window has ended: still rewritten. */
int call_in_failure(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return fail_code();
	if (__put_user(b, &p->data))
		return fail_code();
	return 0;
}
