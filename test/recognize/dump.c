// Recognition, apart from the checks: every flavor yields the same uses.
// RUN: %uaccess-lint --dump-uaccess %s -- %x86-flags | FileCheck %s --check-prefixes=CHECK,CMPXCHG
// RUN: %uaccess-lint --dump-uaccess %s -- %generic-flags | FileCheck %s
// RUN: %uaccess-lint --dump-uaccess %s -- %v619-flags | FileCheck %s --check-prefixes=CHECK,CMPXCHG,V619

#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

int window(struct ev __user *p, u32 a, u32 *b, void *buf)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	unsafe_get_user(*b, &p->events, efault);
	unsafe_copy_to_user(p, buf, 4, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int accessors(struct ev __user *p, u32 a, u32 *b)
{
	unsigned long flags;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (__put_user(a, &p->events) || __get_user(*b, &p->events))
		return -EFAULT;
	if (put_user(a, &p->events) || get_user(*b, &p->events))
		return -EFAULT;
	if (copy_to_user(p, b, 4) || clear_user(p, 4))
		return -EFAULT;
	flags = user_access_save();
	user_access_restore(flags);
	return 0;
}

int masked(struct ev __user *p, u32 a)
{
	if (can_do_masked_user_access())
		p = masked_user_access_begin(p);
	else if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	user_read_access_end();
	return 0;
}

#ifdef unsafe_try_cmpxchg_user
int cmpxchg(u32 __user *p, u32 *old, u32 new)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_try_cmpxchg_user(p, old, new, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
#endif

#ifdef scoped_user_write_access
int scoped(struct ev __user *p, u32 a)
{
	scoped_user_write_access(p, efault)
		unsafe_put_user(a, &p->events, efault);
	scoped_user_read_access_size(p, 4, efault)
		unsafe_get_user(a, &p->events, efault);
	if (!user_rw_access_begin(p, 4))
		return -EFAULT;
	user_rw_access_end();
	return 0;
efault:
	return -EFAULT;
}
#endif

// The dump lists functions by name.
// CHECK-LABEL: function 'accessors' at {{.*}}dump.c:
// CHECK-NEXT: 28:7 access_ok access-ok macro ptr='p' len='sizeof(*p)'
// CHECK-NEXT: 30:6 __put_user unchecked-accessor write macro ptr='&p->events' value='a'
// CHECK-NEXT: 30:35 __get_user unchecked-accessor read macro ptr='&p->events' value='*b'
// CHECK-NEXT: 32:6 put_user checked-accessor write macro ptr='&p->events' value='a'
// CHECK-NEXT: 32:33 get_user checked-accessor read macro ptr='&p->events' value='*b'
// CHECK-NEXT: 34:6 copy_to_user checked-accessor write call ptr='p' len='4' value='b'
// CHECK-NEXT: 34:31 clear_user checked-accessor write call ptr='p' len='4'
// CHECK-NEXT: 36:10 user_access_save save {{macro|call}}
// CHECK-NEXT: 37:2 user_access_restore restore {{macro|call}} value='flags'
// CMPXCHG-LABEL: function 'cmpxchg' at {{.*}}dump.c:
// CMPXCHG-NEXT: 54:7 user_access_begin checked-begin rw macro ptr='p' len='sizeof(*p)'
// CMPXCHG-NEXT: 56:2 unsafe_try_cmpxchg_user unsafe-op rw macro ptr='p' value='new' label='efault' -> efault:59
// CMPXCHG-NEXT: 57:2 user_access_end end rw macro
// CMPXCHG-NEXT: 60:2 user_access_end end rw macro
// CHECK-LABEL: function 'masked' at {{.*}}dump.c:
// CHECK-NEXT: 43:6 can_do_masked_user_access masked-probe macro
// CHECK-NEXT: 44:7 masked_user_access_begin masked-begin rw macro ptr='p'
// CHECK-NEXT: 45:12 user_read_access_begin checked-begin read macro ptr='p' len='sizeof(*p)'
// CHECK-NEXT: 47:2 user_read_access_end end read macro
// V619-LABEL: function 'scoped' at {{.*}}dump.c:
// V619-NEXT: 68:2 scoped_user_write_access scoped write macro ptr='p' label='efault' -> efault:76
// V619-NEXT: 69:3 unsafe_put_user unsafe-op write macro ptr='&p->events' value='a' label='efault' -> efault:76
// V619-NEXT: 70:2 scoped_user_read_access_size scoped read macro ptr='p' len='4' label='efault' -> efault:76
// V619-NEXT: 71:3 unsafe_get_user unsafe-op read macro ptr='&p->events' value='a' label='efault' -> efault:76
// V619-NEXT: 72:7 user_rw_access_begin checked-begin rw macro ptr='p' len='4'
// V619-NEXT: 74:2 user_rw_access_end end rw macro
// CHECK-LABEL: function 'window' at {{.*}}dump.c:
// CHECK-NEXT: 12:7 user_write_access_begin checked-begin write macro ptr='p' len='sizeof(*p)'
// CHECK-NEXT: 14:2 unsafe_put_user unsafe-op write macro ptr='&p->events' value='a' label='efault' -> efault:19
// CHECK-NEXT: 15:2 unsafe_get_user unsafe-op read macro ptr='&p->events' value='*b' label='efault' -> efault:19
// CHECK-NEXT: 16:2 unsafe_copy_to_user unsafe-op write macro ptr='p' len='4' value='buf' label='efault' -> efault:19
// CHECK-NEXT: 17:2 user_write_access_end end write macro
// CHECK-NEXT: 20:2 user_write_access_end end write macro

// arm64 (begin behind a same-named function-like macro, __raw_put_mem) and
// powerpc (begins behind object-like macros naming themselves: the
// arguments are the call's, outside the expansion):
// RUN: %uaccess-lint --dump-uaccess %s -- %arm64-flags | FileCheck %s
// RUN: %uaccess-lint --dump-uaccess %s -- %riscv-flags | FileCheck %s
// RUN: %uaccess-lint --dump-uaccess %s -- %powerpc-flags | FileCheck %s
