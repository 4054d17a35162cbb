/* i915_gem.c: the ioctl checks the field, then calls the callback. */
#include "ioctl.h"

int pwrite_ioctl(struct pwrite_args *args)
{
	if (!access_ok(u64_to_user_ptr(args->data_ptr), args->size))
		return -EFAULT;
	return ops_of(args->handle)->pwrite(args);
}
