/*
 * uaccess-lint test fixture -- x86 flavor (Linux 6.12, x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _LINUX_NOSPEC_H
#define _LINUX_NOSPEC_H

#include <asm/barrier.h>

/* Arches without a speculation barrier get an empty one. */
#ifndef barrier_nospec
# define barrier_nospec() do { } while (0)
#endif

#endif /* _LINUX_NOSPEC_H */
