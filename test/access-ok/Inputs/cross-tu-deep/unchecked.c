#include <linux/uaccess.h>

struct compat_hdr { u32 name; u32 len; u32 flags; };
struct khdr { u64 name; u32 len; };

/* Reads the header with no check of its own. */
int get_compat_hdr(struct khdr *k, struct compat_hdr __user *u)
{
	return __get_user(k->len, &u->len);
}
