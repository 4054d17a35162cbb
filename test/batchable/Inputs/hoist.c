#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };
struct ev3 { u32 events; u64 data; u32 flags; };
void log_event(int);
u64 scale(u64) __pure;
int twice(int) __attribute_const__;
int count_of(int);
u64 next_value(u64);
void refill(u64 *);
void inspect(struct ev __user *);

/* Hoistable, with side effects: it then also runs on the fault path. */
int logged(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	log_event(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Hoistable and pure: nothing changes on the fault path. */
int pure_value(struct ev __user *p, u32 a, u64 b)
{
	u64 v;

	if (__put_user(a, &p->events))
		return -EFAULT;
	v = scale(b);
	if (__put_user(v, &p->data))
		return -EFAULT;
	return 0;
}

/* A declaration of the value the next access writes. */
int declared(struct ev __user *p, u32 a, int x)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	int n = count_of(x);
	if (__put_user(n, &p->data))
		return -EFAULT;
	return 0;
}

/* Const, but the failure is a goto: what follows the label may read 'n'. */
int const_goto(struct ev __user *p, u32 a, int x)
{
	int n = 0;

	if (__put_user(a, &p->events))
		goto out;
	n = twice(x);
	if (__put_user(n, &p->data))
		goto out;
	return 0;
out:
	return n;
}

/* Const, declared after the access: no code before the move could read
   it, so nothing changes although the failure is a goto. */
int const_declared(struct ev __user *p, u32 a, int x)
{
	int ret = -EFAULT;

	if (__put_user(a, &p->events))
		goto out;
	int n = twice(x);
	if (__put_user(n, &p->data))
		goto out;
	ret = 0;
out:
	return ret;
}

/* Two calls in the way: both move. */
int two_calls(struct ev3 __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	log_event(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	log_event(2);
	if (__put_user(a, &p->flags))
		return -EFAULT;
	return 0;
}

/* Not hoistable: its argument is what the get_user() before it read. */
int reads_destination(struct ev __user *p, u64 b)
{
	u32 len;

	if (get_user(len, &p->events))
		return -EFAULT;
	log_event(len);
	if (put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: it sets what the access before it writes to user memory. */
int result_used_before(struct ev __user *p, u32 a, u64 b)
{
	u64 v = b;

	if (__put_user(v, &p->data))
		return -EFAULT;
	v = next_value(v);
	if (__put_user(a, &p->events))
		return -EFAULT;
	return v;
}

/* Not hoistable: it may write the 'v' the access before it reads. */
int writes_what_was_read(struct ev __user *p, u32 a, u64 b)
{
	u64 v = b;

	if (__put_user(v, &p->data))
		return -EFAULT;
	refill(&v);
	if (__put_user(a, &p->events))
		return -EFAULT;
	return 0;
}

/* Not hoistable: a control statement. */
int conditional_call(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	if (a > 1)
		log_event(2);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: a call in a loop's body. */
int in_loop(u32 __user *u, const u32 *k, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		log_event(i);
		if (__put_user(k[i] + 1, &u[i]))
			return -EFAULT;
	}
	return 0;
}

/* Not hoistable: it is given the user pointer the run writes through. */
int given_the_pointer(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	inspect(p);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: it needs the statement before it, which stays. */
int needs_the_statement_before(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	u64 w = b * 2;
	u64 v = scale(w);
	if (__put_user(v, &p->data))
		return -EFAULT;
	return 0;
}

/* Two calls in the way, and the second cannot move: neither does. */
int one_of_two(struct ev3 __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	log_event(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	if (b)
		log_event(2);
	if (__put_user(a, &p->flags))
		return -EFAULT;
	return 0;
}

/* Not hoistable: it takes a lock, so the access before it would run with
   the lock held. */
struct spinlock { int owner; };
void spin_lock(struct spinlock *);
static void grab(struct spinlock *l)
{
	spin_lock(l);
}

int takes_a_lock(struct ev __user *p, struct spinlock *l, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	grab(l);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: the statement computes more than the call's value. */
int more_than_a_call(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	b = b + next_value(b);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: a macro that expands to a control statement. */
#define log_twice(x) do { log_event(x); log_event(x); } while (0)
int macro_statement(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	log_twice(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: it does not return, so the access before it is made only
   as long as it stays after it. */
void die(int) __noreturn;
int never_returns(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	die(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}

/* Not hoistable: the declaration would hide the 'n' the access before it
   writes. */
int hides(struct ev __user *p, u32 n, int x)
{
	{
		if (__put_user(n, &p->events))
			return -EFAULT;
		int n = count_of(x);
		if (__put_user(n, &p->data))
			return -EFAULT;
	}
	return 0;
}

/* Not hoistable: BUG() before it never returns. */
int bug_before(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	if (b > 9)
		__builtin_trap();
	log_event(1);
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}
