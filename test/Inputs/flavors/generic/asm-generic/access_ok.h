/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * access_ok(addr, size) -> likely(__access_ok(addr, size)), with the
 * generic inline __access_ok() (limit TASK_SIZE_MAX), since this arch
 * supplies neither.
 */
#ifndef __ASM_GENERIC_ACCESS_OK_H__
#define __ASM_GENERIC_ACCESS_OK_H__

#include <linux/types.h>
#include <asm/processor.h>

#ifndef TASK_SIZE_MAX
#define TASK_SIZE_MAX			TASK_SIZE
#endif

#ifndef __access_ok
/*
 * Written so that a constant size turns into a single comparison, and so
 * that ptr + size can never wrap.  Arches with separate user address spaces
 * (or no MMU) accept everything.
 */
static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	unsigned long limit = TASK_SIZE_MAX;
	unsigned long addr = (unsigned long)ptr;

	if (IS_ENABLED(CONFIG_ALTERNATE_USER_ADDRESS_SPACE) ||
	    !IS_ENABLED(CONFIG_MMU))
		return true;

	return (size <= limit) && (addr <= (limit - size));
}
#endif

#ifndef access_ok
#define access_ok(addr, size) likely(__access_ok(addr, size))
#endif

#endif /* __ASM_GENERIC_ACCESS_OK_H__ */
