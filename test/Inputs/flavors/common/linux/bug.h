/*
 * uaccess-lint test fixture -- shared by every flavor.
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * BUG() as the arches spell it: x86, arm64, riscv and powerpc trap with an
 * instruction of their own (ud2, brk, ebreak, twi) and then tell the
 * compiler the path ends (unreachable()); an arch without one (the
 * asm-generic BUG()) calls panic(), which never returns.
 */
#ifndef __LINUX_BUG_H
#define __LINUX_BUG_H

#include <linux/compiler.h>

void __noreturn panic(const char *fmt, ...);

#if defined(__x86_64__) || defined(__i386__)
#define __BUG_TRAP	"ud2"
#elif defined(__aarch64__)
#define __BUG_TRAP	"brk #0x800"
#elif defined(__riscv)
#define __BUG_TRAP	"ebreak"
#elif defined(__powerpc64__)
#define __BUG_TRAP	"twi 31, 0, 0"
#endif

#ifdef __BUG_TRAP
#define BUG() do {						\
	asm volatile(__BUG_TRAP);				\
	__builtin_unreachable();				\
} while (0)
#else
#define BUG() do {						\
	panic("BUG!");						\
} while (0)
#endif

#define BUG_ON(condition) do {					\
	if (__builtin_expect(!!(condition), 0))			\
		BUG();						\
} while (0)

#endif
