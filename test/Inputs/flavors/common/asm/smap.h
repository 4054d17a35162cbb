/*
 * uaccess-lint test fixture -- common to the x86 and v619 flavors (x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * SMAP toggles.  As in the kernel, stac()/clac() and smap_save()/
 * smap_restore() are always-inline functions whose bodies are a single
 * patched asm statement.
 */
#ifndef _ASM_X86_SMAP_H
#define _ASM_X86_SMAP_H

#include <asm/asm.h>

/* Encodings of CLAC and STAC. */
#define __ASM_CLAC	".byte 0x0f,0x01,0xca"
#define __ASM_STAC	".byte 0x0f,0x01,0xcb"

/* Close the user-access window. */
static __always_inline void clac(void)
{
	alternative("", __ASM_CLAC, X86_FEATURE_SMAP);
}

/* Open the user-access window. */
static __always_inline void stac(void)
{
	alternative("", __ASM_STAC, X86_FEATURE_SMAP);
}

/* Remember EFLAGS.AC and close the window; pairs with smap_restore(). */
static __always_inline unsigned long smap_save(void)
{
	unsigned long flags;

	asm volatile("# smap_save\n\t"
		     ALTERNATIVE("", "pushf; pop %0; " __ASM_CLAC "\n\t",
				 X86_FEATURE_SMAP)
		     : "=rm" (flags) : : "memory", "cc");
	return flags;
}

/* Put EFLAGS.AC back as smap_save() found it. */
static __always_inline void smap_restore(unsigned long flags)
{
	asm volatile("# smap_restore\n\t"
		     ALTERNATIVE("", "push %0; popf\n\t", X86_FEATURE_SMAP)
		     : : "g" (flags) : "memory", "cc");
}

#endif /* _ASM_X86_SMAP_H */
