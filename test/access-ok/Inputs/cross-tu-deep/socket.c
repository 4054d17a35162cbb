#include <linux/uaccess.h>

struct hdr { u64 name; u32 len; u32 flags; };
struct compat_hdr { u32 name; u32 len; u32 flags; };
struct khdr { u64 name; u32 len; };
struct mhdr { struct hdr h; u32 msg_len; };

#define HDR_COMPAT 0x80000000u

/* Defined in compat.c, or in unchecked.c, as the database says. */
int get_compat_hdr(struct khdr *k, struct compat_hdr __user *u);

static int copy_hdr_from_user(struct khdr *k, struct hdr __user *u)
{
	struct hdr h;

	if (copy_from_user(&h, u, sizeof(*u)))
		return -EFAULT;
	k->len = h.len;
	return 0;
}

static int recv_copy_hdr(struct khdr *k, struct hdr __user *u,
			 unsigned int flags)
{
	int err;

	if (flags & HDR_COMPAT)
		err = get_compat_hdr(k, (struct compat_hdr __user *)u);
	else
		err = copy_hdr_from_user(k, u);
	if (err < 0)
		return err;
	return 0;
}

static int sys_recv(struct khdr *k, struct hdr __user *u, unsigned int flags)
{
	int err = recv_copy_hdr(k, u, flags);

	if (err < 0)
		return err;
	return k->len;
}

int recv_many(struct mhdr __user *mmsg, unsigned int vlen, unsigned int flags)
{
	struct mhdr __user *entry = mmsg;
	struct khdr k;
	unsigned int n = 0;
	int err = 0;

	while (n < vlen) {
		err = sys_recv(&k, (struct hdr __user *)entry, flags);
		if (err < 0)
			break;
		err = __put_user(err, &entry->msg_len);
		++entry;
		++n;
	}
	return err;
}
