/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Basic kernel types, bool and NULL (linux/types.h + linux/stddef.h).
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>

typedef signed char		s8;
typedef unsigned char		u8;
typedef signed short		s16;
typedef unsigned short		u16;
typedef signed int		s32;
typedef unsigned int		u32;
typedef signed long long	s64;
typedef unsigned long long	u64;

typedef u8  __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s32 __s32;
typedef s64 __s64;

typedef __SIZE_TYPE__		size_t;
/* linux/limits.h */
#define SIZE_MAX	(~(size_t)0)
typedef __PTRDIFF_TYPE__	ssize_t;
typedef __PTRDIFF_TYPE__	ptrdiff_t;
typedef unsigned long		uintptr_t;
typedef long long		loff_t;
typedef unsigned int		gfp_t;

typedef _Bool			bool;
enum {
	false	= 0,
	true	= 1
};

#undef NULL
#define NULL ((void *)0)

#define INT_MAX		((int)(~0U >> 1))

#endif /* _LINUX_TYPES_H */
