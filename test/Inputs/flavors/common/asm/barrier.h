/*
 * uaccess-lint test fixture -- common to the x86 and v619 flavors (x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _ASM_X86_BARRIER_H
#define _ASM_X86_BARRIER_H

#include <asm/asm.h>

/* Speculation barrier used after a range check. */
#define barrier_nospec() alternative("", "lfence", X86_FEATURE_LFENCE_RDTSC)

#endif /* _ASM_X86_BARRIER_H */
