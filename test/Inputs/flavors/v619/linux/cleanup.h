/*
 * uaccess-lint test fixture -- v619 flavor (Linux 6.19 generic layer on x86_64).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * The part of the scope-based cleanup machinery the scoped user-access
 * macros use: DEFINE_CLASS() declares a type plus always-inline
 * constructor/destructor functions, and CLASS(name, var)(args) declares
 * 'var' with __attribute__((cleanup(destructor))) initialised by the
 * constructor, so the destructor runs on every exit from var's scope.
 */
#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H

#include <linux/compiler.h>

#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)		\
typedef _type class_##_name##_t;					\
static __always_inline void class_##_name##_destructor(_type *p)	\
{ _type _T = *p; _exit; }						\
static __always_inline _type class_##_name##_constructor(_init_args)	\
{ _type t = _init; return t; }

#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor

#endif /* _LINUX_CLEANUP_H */
