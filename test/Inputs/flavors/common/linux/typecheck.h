/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * typecheck(): a compile-time type assertion that evaluates to 1, in the
 * statement-expression shape the kernel's macros wrap around values.
 */
#ifndef _LINUX_TYPECHECK_H
#define _LINUX_TYPECHECK_H

#define typecheck(type, x)			\
({	type __tc_want;				\
	__typeof__(x) __tc_got;			\
	(void)(&__tc_want == &__tc_got);	\
	1;					\
})

#endif /* _LINUX_TYPECHECK_H */
