/*
 * uaccess-lint test fixture -- generic flavor (Linux 6.12, asm-generic shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The arch header of a port that relies entirely on asm-generic for user
 * access (shaped like hexagon's): it supplies only the raw block-copy
 * primitives, asks for the checked copies to be inlined, and includes
 * <asm-generic/uaccess.h>.  It defines no user_access_begin, so
 * <linux/uaccess.h> installs the generic fallback window API.
 */
#ifndef _FIXTURE_GENERIC_ASM_UACCESS_H
#define _FIXTURE_GENERIC_ASM_UACCESS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/processor.h>

/* Block copies with fault handling; no range check.  Return bytes left. */
extern __must_check unsigned long
raw_copy_from_user(void *to, const void __user *from, unsigned long n);
extern __must_check unsigned long
raw_copy_to_user(void __user *to, const void *from, unsigned long n);

#define INLINE_COPY_FROM_USER
#define INLINE_COPY_TO_USER

#include <asm-generic/uaccess.h>

#endif /* _FIXTURE_GENERIC_ASM_UACCESS_H */
