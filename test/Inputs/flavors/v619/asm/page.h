/*
 * uaccess-lint test fixture -- v619 flavor (Linux 6.19 generic layer on x86_64).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

#endif /* _ASM_X86_PAGE_H */
