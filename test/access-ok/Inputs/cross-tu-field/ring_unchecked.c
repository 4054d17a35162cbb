/* The request is run without its header ever being checked. */
#include "ioctl.h"

int io_recv(struct sr_msg *sr)
{
	return sys_recv(sr->umsg, 0);
}
