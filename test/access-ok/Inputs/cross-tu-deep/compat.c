#include <linux/uaccess.h>

struct compat_hdr { u32 name; u32 len; u32 flags; };
struct khdr { u64 name; u32 len; };

int get_compat_hdr(struct khdr *k, struct compat_hdr __user *u)
{
	struct compat_hdr h;

	if (copy_from_user(&h, u, sizeof(*u)))
		return -EFAULT;
	k->len = h.len;
	return 0;
}
