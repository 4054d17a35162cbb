/*
 * uaccess-lint test fixture -- powerpc flavor (Linux 6.12, 64-bit Book3S
 * with KUAP).  Written for the analyzer's tests; not copied from the kernel.
 *
 * Kernel Userspace Access Protection opens and closes user access per
 * direction: a window opened for writing stays closed to reads, and is
 * closed only by the write (or read-write) prevent.  All are always-inline
 * functions; in the kernel their bodies write the AMR SPR.
 */
#ifndef _FIXTURE_POWERPC_ASM_KUP_H
#define _FIXTURE_POWERPC_ASM_KUP_H

#include <linux/compiler.h>
#include <linux/types.h>

#define KUAP_READ	1
#define KUAP_WRITE	2
#define KUAP_READ_WRITE	(KUAP_READ | KUAP_WRITE)

extern void __kuap_set_amr(unsigned long amr);

static __always_inline void allow_user_access(void __user *to,
		const void __user *from, unsigned long size, unsigned long dir)
{
	__kuap_set_amr(~dir);
}

static __always_inline void prevent_user_access(unsigned long dir)
{
	__kuap_set_amr(~0UL);
}

static __always_inline unsigned long prevent_user_access_return(void)
{
	__kuap_set_amr(~0UL);
	return KUAP_READ_WRITE;
}

static __always_inline void restore_user_access(unsigned long flags)
{
	if (flags)
		__kuap_set_amr(~flags);
}

static __always_inline void allow_read_from_user(const void __user *from,
						 unsigned long size)
{
	allow_user_access(NULL, from, size, KUAP_READ);
}

static __always_inline void allow_write_to_user(void __user *to,
						unsigned long size)
{
	allow_user_access(to, NULL, size, KUAP_WRITE);
}

static __always_inline void allow_read_write_user(void __user *to,
		const void __user *from, unsigned long size)
{
	allow_user_access(to, from, size, KUAP_READ_WRITE);
}

static __always_inline void prevent_read_from_user(const void __user *from,
						   unsigned long size)
{
	prevent_user_access(KUAP_READ);
}

static __always_inline void prevent_write_to_user(void __user *to,
						  unsigned long size)
{
	prevent_user_access(KUAP_WRITE);
}

static __always_inline void prevent_current_access_user(void)
{
	prevent_user_access(KUAP_READ_WRITE);
}

static __always_inline void prevent_current_read_from_user(void)
{
	prevent_user_access(KUAP_READ);
}

static __always_inline void prevent_current_write_to_user(void)
{
	prevent_user_access(KUAP_WRITE);
}

#endif /* _FIXTURE_POWERPC_ASM_KUP_H */
