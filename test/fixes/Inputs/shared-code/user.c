#include <linux/uaccess.h>
#include "shared.h"

int shared_user(u32 __user *p)
{
	return shared_xfer(p, 1);
}
