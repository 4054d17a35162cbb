/*
 * uaccess-lint test fixture -- shared by the x86 and v619 flavors (generic has its own).
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
