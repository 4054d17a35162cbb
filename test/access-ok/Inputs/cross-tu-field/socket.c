/* net/socket.c ____sys_recvmsg(): writes the flags back into the header
 * its callers pass. */
#include "ioctl.h"

int sys_recv(struct user_hdr __user *msg, u32 flags)
{
	if (__put_user(flags, &msg->flags))
		return -EFAULT;
	return 0;
}
