/*
 * uaccess-lint test fixture -- v619 flavor (Linux 6.19 generic layer on x86_64).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _ASM_X86_BARRIER_H
#define _ASM_X86_BARRIER_H

#include <asm/asm.h>

/* Speculation barrier used after a range check. */
#define barrier_nospec() alternative("", "lfence", X86_FEATURE_LFENCE_RDTSC)

#endif /* _ASM_X86_BARRIER_H */
