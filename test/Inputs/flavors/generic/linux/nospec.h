/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _LINUX_NOSPEC_H
#define _LINUX_NOSPEC_H

/* Arches without a speculation barrier get an empty one. */
#ifndef barrier_nospec
# define barrier_nospec() do { } while (0)
#endif

#endif /* _LINUX_NOSPEC_H */
