#include <linux/uaccess.h>
#include "include/caller-size.h"

static noinline int put_size(struct frame __user *f, u32 size)
{
	return __put_user(size, &f->size);
}

int write_frame(struct frame __user *f, u32 size)
{
	if (!access_ok(f, sizeof(struct frame_hdr)))
		return -EFAULT;
	return put_size(f, size);
}

static noinline int put_size_too(struct frame __user *f, u32 size)
{
	return __put_user(size, &f->size);
}

int write_frame_len(struct frame __user *f, u32 size)
{
	if (!access_ok(f, FRAME_HDR_LEN))
		return -EFAULT;
	return put_size_too(f, size);
}
