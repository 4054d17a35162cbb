/*
 * uaccess-lint test fixture -- x86 flavor (Linux 6.12, x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The handful of CONFIG_ switches this fixture's headers look at.  In a
 * kernel build they come from the generated autoconf.h; here they are fixed,
 * except that -DFIXTURE_NO_ASM_GOTO_OUTPUT selects the path a compiler
 * without "asm goto" outputs would take (error variable plus a C goto).
 */
#ifndef _FIXTURE_X86_KCONFIG_H
#define _FIXTURE_X86_KCONFIG_H

#define CONFIG_X86 1
#define CONFIG_X86_64 1
#define CONFIG_64BIT 1
#define CONFIG_MMU 1

#ifndef FIXTURE_NO_ASM_GOTO_OUTPUT
#define CONFIG_CC_HAS_ASM_GOTO_OUTPUT 1
#define CONFIG_CC_HAS_ASM_GOTO_TIED_OUTPUT 1
#endif

#endif /* _FIXTURE_X86_KCONFIG_H */
