/*
 * uaccess-lint test fixture -- shared by the x86 and v619 flavors (generic has its own).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * access_ok(): the generic wrapper every arch gets, around the arch's
 * __access_ok() (x86 supplies its own in asm/uaccess_64.h).  In 6.12 and 6.19
 * access_ok(addr, size) expands to likely(__access_ok(addr, size)).
 */
#ifndef __ASM_GENERIC_ACCESS_OK_H__
#define __ASM_GENERIC_ACCESS_OK_H__

#include <linux/types.h>

#ifndef TASK_SIZE_MAX
#define TASK_SIZE_MAX	0x00007ffffffff000UL
#endif

#ifndef __access_ok
static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	unsigned long limit = TASK_SIZE_MAX;
	unsigned long addr = (unsigned long)ptr;

	return (size <= limit) && (addr <= (limit - size));
}
#endif

#ifndef access_ok
#define access_ok(addr, size) likely(__access_ok(addr, size))
#endif

#endif /* __ASM_GENERIC_ACCESS_OK_H__ */
