/*
 * uaccess-lint test fixture -- v619 flavor (Linux 6.19 generic layer on x86_64).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef __LINUX_FAULT_INJECT_USERCOPY_H__
#define __LINUX_FAULT_INJECT_USERCOPY_H__

#include <linux/types.h>

/* Fault injection for user copies is configured out. */
static inline bool should_fail_usercopy(void) { return false; }

#endif /* __LINUX_FAULT_INJECT_USERCOPY_H__ */
