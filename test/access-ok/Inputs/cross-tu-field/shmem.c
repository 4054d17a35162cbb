/* i915_gem_shmem.c: the pwrite callback reads the user pointer out of the
 * ioctl's argument struct, and only another TU calls it. */
#include "ioctl.h"

static int shmem_pwrite(struct pwrite_args *args)
{
	char __user *user_data = u64_to_user_ptr(args->data_ptr);
	char c;

	if (__get_user(c, user_data))
		return -EFAULT;
	return c;
}

const struct obj_ops shmem_ops = { .pwrite = shmem_pwrite };
