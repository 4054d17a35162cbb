/*
 * uaccess-lint test fixture -- common to the x86 and v619 flavors (x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

#endif /* _ASM_X86_PAGE_H */
