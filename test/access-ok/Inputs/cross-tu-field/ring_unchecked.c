/* The request is run without its header ever being checked; the check
 * after the call, on its fault path, guards nothing before it. */
#include "ioctl.h"

int io_recv(struct sr_msg *sr)
{
	int ret = sys_recv(sr->umsg, 0);
	u32 flags;

	if (ret && get_user(flags, (u32 __user *)sr->umsg))
		return -EFAULT;
	return ret;
}
