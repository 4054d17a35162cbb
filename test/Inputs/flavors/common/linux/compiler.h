/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Compiler annotations as the kernel spells them (compiler_types.h,
 * compiler_attributes.h and compiler.h folded into one file).
 * __user and __force are empty, as in a normal (non-sparse) kernel build.
 */
#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

#include <linux/kconfig.h>

/* Address-space markers: no-ops outside sparse. */
#define __user
#define __kernel
#define __force
#define __iomem
#define __chk_user_ptr(x)	(void)0

/* Attributes. */
#define __must_check		__attribute__((__warn_unused_result__))
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __noreturn		__attribute__((__noreturn__))
#define __maybe_unused		__attribute__((__unused__))
#define __cleanup(func)		__attribute__((__cleanup__(func)))
#define __pure			__attribute__((__pure__))
#define __attribute_const__	__attribute__((__const__))
#define notrace			__attribute__((__no_instrument_function__))

/* Inline-asm helpers. */
#define asm_inline		asm __inline
#define asm_goto_output(x...)	asm volatile goto(x)

/* Branch hints and the compiler barrier. */
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")

#define __fixture_str1(x)	#x
#define __stringify(x)		__fixture_str1(x)

#endif /* __LINUX_COMPILER_H */
