#include <linux/uaccess.h>

#pragma pack(push, 1)
/* The wire format: no padding. */
struct wire { u8 tag; u32 len; };
#pragma pack(pop)

int put_len(struct wire __user *p, u32 v)
{
	if (!access_ok(p, 5))
		return -EFAULT;
	return __put_user(v, &p->len);
}
