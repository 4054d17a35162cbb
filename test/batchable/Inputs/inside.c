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

/* A break between the accesses would leave the window open. */
int break_between(struct ev __user *p, u32 a, u64 b, int k)
{
	int x = 0;

	switch (k) {
	case 0:
		x = 1;
		if (__put_user(a, &p->events))
			return -EFAULT;
		if (b > 9)
			break;
		if (__put_user(b, &p->data))
			return -EFAULT;
		x = 2;
	}
	return x;
}

/* A label between the accesses: the goto would enter the window after
   its end. */
int label_between(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
again:
	b++;
	if (__put_user(b, &p->data))
		return -EFAULT;
	if (b < 3)
		goto again;
	return 0;
}

/* A loop or a switch of its own between them: their breaks stay inside. */
int own_loop_between(struct ev __user *p, u32 a, u64 b, int k)
{
	int i;

	if (__put_user(a, &p->events))
		return -EFAULT;
	for (i = 0; i < 4; i++)
		if (i == k)
			break;
	switch (k) {
	case 1:
		b++;
		break;
	}
	if (__put_user(b + i, &p->data))
		return -EFAULT;
	return 0;
}

/* A test of something else among the accesses' condition: the rewrite
   would drop it. */
int other_test_in_condition(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events) || b > 3 ||
	    __put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* A label only jumped to from inside the statement that holds it
   (scoped_guard() expands to one): no jump enters the window there. */
int own_label_between(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	{
		int i = 0;
again:
		if (++i < 3)
			goto again;
		b += i;
	}
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* `!= 0` is the access's own test (lsm_list_modules()): rewritten. */
int tested_against_zero(u32 __user *size, u32 total)
{
	u32 usize;

	if (get_user(usize, size))
		return -EFAULT;
	if (put_user(total, size) != 0)
		return -EFAULT;
	return usize;
}
