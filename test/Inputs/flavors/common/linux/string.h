/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>

extern void *memset(void *s, int c, size_t n);
extern void *memcpy(void *dst, const void *src, size_t n);
extern size_t strlen(const char *s);

#endif /* _LINUX_STRING_H_ */
