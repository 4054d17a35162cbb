// An unsafe op past the range of a checked begin that does not dominate
// it: the begin is the fallback of a masked one (get_sigset_argpack's
// shape), so only the paths through the checked begin reach the op with
// its window. The op still runs in that window, and its range is the
// begin's: reported as where the begin dominates.
// RUN: %uaccess-lint --checks=access-ok-far %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %generic-flags 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %uaccess-lint --checks=access-ok-far %s -- %v619-flags 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <linux/uaccess.h>

struct argpack { u64 p; u64 size; };

int get_argpack(struct argpack *to, struct argpack __user *from)
{
	if (can_do_masked_user_access())
		from = masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(*from)))
		return -EFAULT;
	unsafe_get_user(to->p, &from[1].p, Efault);
// CHECK: range-masked.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' accesses element 1 of 'from', outside the window 'user_read_access_begin' opened for 'sizeof(*from)'
	unsafe_get_user(to->size, &from->size, Efault);
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}

// get_sigset_argpack() with its fallback's range cut short: the masked
// branch stores the same pointer back (`from = masked_...(from)`), so
// 'from' keeps its identity where the branches join, and the read of
// 'from->size' is compared with the checked bytes.
int get_argpack_short(struct argpack *to, struct argpack __user *from)
{
	if (can_do_masked_user_access())
		from = masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(u64)))
		return -EFAULT;
	unsafe_get_user(to->p, &from->p, Efault);
	unsafe_get_user(to->size, &from->size, Efault);
// CHECK: range-masked.c:[[@LINE-1]]:2: warning: 'unsafe_get_user' accesses bytes 8 to 15 of 'from', outside the window 'user_read_access_begin' opened for 'sizeof(u64)' (8 bytes)
	user_access_end();
	return 0;
Efault:
	user_access_end();
	return -EFAULT;
}
