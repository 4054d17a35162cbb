#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

/* BUILD_BUG_ON() in the run is not a call that runs: rewritable. */
extern void __compiletime_assert_7(void) __attribute__((__error__("size")));
int with_assert(struct ev __user *p, u32 a, u64 b)
{
	if (__put_user(a, &p->events))
		return -EFAULT;
	if (!(sizeof(*p) == 16))
		__compiletime_assert_7();
	if (__put_user(b, &p->data))
		return -EFAULT;
	return 0;
}
