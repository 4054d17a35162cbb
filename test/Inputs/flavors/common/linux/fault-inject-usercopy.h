/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef __LINUX_FAULT_INJECT_USERCOPY_H__
#define __LINUX_FAULT_INJECT_USERCOPY_H__

#include <linux/types.h>

/* Fault injection for user copies is configured out. */
static inline bool should_fail_usercopy(void) { return false; }

#endif /* __LINUX_FAULT_INJECT_USERCOPY_H__ */
