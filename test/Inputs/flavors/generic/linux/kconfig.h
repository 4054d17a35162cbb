/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The CONFIG_ switches this fixture's headers look at, and an IS_ENABLED()
 * that knows exactly those.  The modelled arch has an MMU, a shared
 * kernel/user address space and no user-access window of its own.
 */
#ifndef _FIXTURE_GENERIC_KCONFIG_H
#define _FIXTURE_GENERIC_KCONFIG_H

#define CONFIG_64BIT 1
#define CONFIG_MMU 1

/* IS_ENABLED(CONFIG_FOO): 1 or 0 for the options listed here. */
#define IS_ENABLED(option)	__fixture_enabled_##option
#define __fixture_enabled_CONFIG_MMU				1
#define __fixture_enabled_CONFIG_ALTERNATE_USER_ADDRESS_SPACE	0
#define __fixture_enabled_CONFIG_UACCESS_MEMCPY			0

#endif /* _FIXTURE_GENERIC_KCONFIG_H */
