/*
 * uaccess-lint test fixture -- riscv flavor (Linux 6.12, riscv64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * riscv defines no user_access_begin in 6.12, so <linux/uaccess.h> (the
 * generic flavor's) installs its fallback window API on top of this:
 * access_ok() is the begin, the ends are empty, and unsafe_put_user() is
 * unsafe_op_wrap(__put_user(...)). Shapes kept from the arch:
 *  - user access is the SUM bit of sstatus, set with `csrs` and cleared
 *    with `csrc` around each single access, inside the accessor;
 *  - __put_user(x, ptr) / __get_user(x, ptr): statement expressions that
 *    copy the pointer (and the value) first, toggle SUM around a switch on
 *    sizeof(*ptr) whose cases are asm statements with an exception-table
 *    entry that sets the error, and yield the error (0 or -EFAULT);
 *  - put_user / get_user: might_fault(), then access_ok(...) ? __put_user
 *    : -EFAULT (get_user also zeroes x on failure).
 */
#ifndef _FIXTURE_RISCV_ASM_UACCESS_H
#define _FIXTURE_RISCV_ASM_UACCESS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/processor.h>
#include <asm-generic/access_ok.h>

#define SR_SUM 0x00040000UL

#define __enable_user_access()                                                 \
	__asm__ __volatile__("csrs sstatus, %0" : : "r"(SR_SUM) : "memory")
#define __disable_user_access()                                                \
	__asm__ __volatile__("csrc sstatus, %0" : : "r"(SR_SUM) : "memory")

/* One store; a fault continues at 2: with err set by the fixup. */
#define __put_user_asm(insn, x, ptr, err)                                      \
do {                                                                           \
	__typeof__(*(ptr)) __x = x;                                            \
	__asm__ __volatile__("1:\n\t" insn " %z2, %1\n2:\n"                    \
			     "\t.section __ex_table,\"a\"\n"                   \
			     "\t.word 1b, 2b\n\t.previous\n"                   \
			     : "+r"(err), "=m"(*(ptr))                         \
			     : "rJ"(__x));                                     \
} while (0)

/* One load; a fault zeroes the value and sets err. */
#define __get_user_asm(insn, x, ptr, err)                                      \
do {                                                                           \
	__typeof__(x) __x;                                                     \
	__asm__ __volatile__("1:\n\t" insn " %1, %2\n2:\n"                     \
			     "\t.section __ex_table,\"a\"\n"                   \
			     "\t.word 1b, 2b\n\t.previous\n"                   \
			     : "+r"(err), "=&r"(__x)                           \
			     : "m"(*(ptr)));                                   \
	(x) = __x;                                                             \
} while (0)

extern void __riscv_uaccess_bad_size(void) __attribute__((noreturn));

#define __put_user_nocheck(x, ptr, err)                                        \
do {                                                                           \
	switch (sizeof(*(ptr))) {                                              \
	case 1: __put_user_asm("sb", (x), ptr, err); break;                    \
	case 2: __put_user_asm("sh", (x), ptr, err); break;                    \
	case 4: __put_user_asm("sw", (x), ptr, err); break;                    \
	case 8: __put_user_asm("sd", (x), ptr, err); break;                    \
	default: __riscv_uaccess_bad_size();                                   \
	}                                                                      \
} while (0)

#define __get_user_nocheck(x, ptr, err)                                        \
do {                                                                           \
	switch (sizeof(*(ptr))) {                                              \
	case 1: __get_user_asm("lb", (x), ptr, err); break;                    \
	case 2: __get_user_asm("lh", (x), ptr, err); break;                    \
	case 4: __get_user_asm("lw", (x), ptr, err); break;                    \
	case 8: __get_user_asm("ld", (x), ptr, err); break;                    \
	default: __riscv_uaccess_bad_size();                                   \
	}                                                                      \
} while (0)

#define __put_user(x, ptr)                                                     \
({                                                                             \
	__typeof__(*(ptr)) __user *__pu_ptr = (ptr);                           \
	__typeof__(*__pu_ptr) __pu_val = (x);                                  \
	long __pu_err = 0;                                                     \
	__chk_user_ptr(__pu_ptr);                                              \
	__enable_user_access();                                                \
	__put_user_nocheck(__pu_val, __pu_ptr, __pu_err);                      \
	__disable_user_access();                                               \
	__pu_err;                                                              \
})

#define __get_user(x, ptr)                                                     \
({                                                                             \
	const __typeof__(*(ptr)) __user *__gu_ptr = (ptr);                     \
	long __gu_err = 0;                                                     \
	__chk_user_ptr(__gu_ptr);                                              \
	__enable_user_access();                                                \
	__get_user_nocheck(x, __gu_ptr, __gu_err);                             \
	__disable_user_access();                                               \
	__gu_err;                                                              \
})

#define put_user(x, ptr)                                                       \
({                                                                             \
	__typeof__(*(ptr)) __user *__p = (ptr);                                \
	might_fault();                                                         \
	access_ok(__p, sizeof(*__p)) ? __put_user((x), __p) : -EFAULT;         \
})

#define get_user(x, ptr)                                                       \
({                                                                             \
	const __typeof__(*(ptr)) __user *__p = (ptr);                          \
	might_fault();                                                         \
	access_ok(__p, sizeof(*__p)) ?                                         \
		__get_user((x), __p) :                                         \
		((x) = (__force __typeof__(x))0, -EFAULT);                     \
})

/* Block copies with fault handling (SUM toggled inside); no range check. */
extern unsigned long __must_check
__asm_copy_to_user(void __user *to, const void *from, unsigned long n);
extern unsigned long __must_check
__asm_copy_from_user(void *to, const void __user *from, unsigned long n);

static inline unsigned long
raw_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	return __asm_copy_from_user(to, from, n);
}

static inline unsigned long
raw_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return __asm_copy_to_user(to, from, n);
}

extern long strncpy_from_user(char *dest, const char __user *src, long count);
extern long __must_check strnlen_user(const char __user *str, long n);
extern unsigned long __must_check __clear_user(void __user *addr,
					       unsigned long n);

static inline unsigned long __must_check clear_user(void __user *to,
						    unsigned long n)
{
	might_fault();
	return access_ok(to, n) ? __clear_user(to, n) : n;
}

#define INLINE_COPY_FROM_USER
#define INLINE_COPY_TO_USER

#endif /* _FIXTURE_RISCV_ASM_UACCESS_H */
