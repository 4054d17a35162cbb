/* The same ioctl without its check: nothing checks the field. */
#include "ioctl.h"

int pwrite_ioctl(struct pwrite_args *args)
{
	return ops_of(args->handle)->pwrite(args);
}
