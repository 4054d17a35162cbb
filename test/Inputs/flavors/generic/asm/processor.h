/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _FIXTURE_GENERIC_ASM_PROCESSOR_H
#define _FIXTURE_GENERIC_ASM_PROCESSOR_H

/* Top of the user address range. */
#define TASK_SIZE	0x0000800000000000UL

#endif /* _FIXTURE_GENERIC_ASM_PROCESSOR_H */
