#include "regset.h"

static const struct user_regset regsets[] = {
	{ .set = tls_set },
	{ .set = fp_set },
};

long arch_ptrace(int which, unsigned int size, const void __user *data)
{
	return copy_regset_from_user(&regsets[which], size, data);
}
