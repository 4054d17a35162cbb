/* io_uring/net.c: the header is checked when the request is prepared, and
 * passed on from the request when it runs. The check on the fault path
 * after the call is no guard of it. */
#include "ioctl.h"

int io_recv(struct sr_msg *sr)
{
	int ret = sys_recv(sr->umsg, 0);
	u32 flags;

	if (ret && get_user(flags, (u32 __user *)sr->umsg))
		return -EFAULT;
	return ret;
}

int io_copy_hdr(struct sr_msg *sr, struct user_hdr *out)
{
	if (!user_access_begin(sr->umsg, sizeof(*sr->umsg)))
		return -EFAULT;
	unsafe_get_user(out->len, &sr->umsg->len, fail);
	user_access_end();
	return 0;
fail:
	user_access_end();
	return -EFAULT;
}
