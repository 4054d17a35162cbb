// A run through a user pointer held in a field (`t->rs`): the window checks
// the field's value at the begin. A store between the accesses may give
// it another value (`t->rs = t->next`, or through an alias of `t`), which
// the second access would then write unchecked: no rewrite (round 27).
// With no store between them the run is rewritten, and compiles.
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %x86-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="window covers"
// RUN: %uaccess-lint --checks=batchable --check-option=batchable.ReportAll=true %s -- %arm64-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="window covers"
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/field.c
// RUN: %uaccess-lint --checks=batchable --fix %t/field.c -- %x86-flags > /dev/null
// RUN: FileCheck %s --check-prefix=FIXED < %t/field.c
// RUN: %clang -fsyntax-only -Werror %t/field.c %x86-flags

#include <linux/uaccess.h>

struct rec { u32 a; u32 b; };
struct task { struct rec __user *rs; struct rec __user *next; };

int field_moved(struct task *t, u32 v)
{
	if (put_user(v, &t->rs->a))
		return -EFAULT;
	t->rs = t->next;
	if (put_user(v, &t->rs->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 't->rs' toggle user access 2 times per call
// CHECK: note: no rewrite offered: 't->rs' may change between the accesses: a store between them may be one of it
// FIXED-LABEL: int field_moved(
// FIXED: if (put_user(v, &t->rs->a))

int alias_store(struct task *t, struct task *alias, u32 v)
{
	if (put_user(v, &t->rs->a))
		return -EFAULT;
	alias->rs = alias->next;
	if (put_user(v, &t->rs->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 't->rs' toggle user access 2 times per call
// CHECK: note: no rewrite offered: 't->rs' may change between the accesses
// FIXED-LABEL: int alias_store(
// FIXED: if (put_user(v, &t->rs->a))

int field_kept(struct task *t, u32 v)
{
	if (put_user(v, &t->rs->a))
		return -EFAULT;
	v++;
	if (put_user(v, &t->rs->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 't->rs' toggle user access 2 times per call
// CHECK: window covers
// FIXED-LABEL: int field_kept(
// FIXED: if (!user_write_access_begin(t->rs, sizeof(*t->rs)))

// A call given the struct, or the pointer's address, may write the pointer
// too; so may any store where the function holds its address (round 28).
void *memcpy(void *to, const void *from, unsigned long n);

int field_copied(struct task *t, const struct task *saved, u32 v)
{
	if (put_user(v, &t->rs->a))
		return -EFAULT;
	memcpy(t, saved, sizeof(*t));
	if (put_user(v, &t->rs->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 't->rs' toggle user access 2 times per call
// CHECK: note: no rewrite offered: 't->rs' may change between the accesses
// FIXED-LABEL: int field_copied(
// FIXED: if (put_user(v, &t->rs->a))

int plain_copied(struct rec __user *p, struct rec __user *q, u32 v)
{
	if (put_user(v, &p->a))
		return -EFAULT;
	memcpy(&p, &q, sizeof(p));
	if (put_user(v, &p->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 'p' toggle user access 2 times per call
// CHECK: note: no rewrite offered: 'p' may change between the accesses
// FIXED-LABEL: int plain_copied(
// FIXED: if (put_user(v, &p->a))

int plain_aliased(struct rec __user *p, struct rec __user *q, u32 v)
{
	struct rec __user **pp = &p;

	if (put_user(v, &p->a))
		return -EFAULT;
	*pp = q;
	if (put_user(v, &p->b))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-7]]:6: note: 2 accesses ('put_user') through 'p' toggle user access 2 times per call
// CHECK: note: no rewrite offered: 'p' may change between the accesses
// FIXED-LABEL: int plain_aliased(
// FIXED: if (put_user(v, &p->a))

// An access that reads into the pointer itself moves it: the next access
// goes through a value read from user memory (round 29).
struct node { struct node __user *next; u32 v; };

int walk_two(struct node __user *p, u32 v)
{
	if (put_user(v, &p->v))
		return -EFAULT;
	if (get_user(p, &p->next))
		return -EFAULT;
	if (put_user(v, &p->v))
		return -EFAULT;
	return 0;
}
// CHECK: field-pointer.c:[[@LINE-8]]:6: note: 3 accesses ('put_user', 'get_user') through 'p'
// CHECK: note: no rewrite offered: 'p' changes between the accesses
// FIXED-LABEL: int walk_two(
// FIXED: if (put_user(v, &p->v))
