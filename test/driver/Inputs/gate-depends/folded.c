#include <linux/uaccess.h>

/* Values the window analysis folds: a branch on QUICK_EXIT or quick_out is
   dead while they are 0, and the bytes folded_size opens are a record's. */
enum { QUICK_EXIT = 0 };
static const int quick_out = 0;
struct ev_len { u32 events; u32 data; };

int folded_enum(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (QUICK_EXIT)
		return 1;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int folded_const(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (quick_out)
		return 1;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int folded_size(u32 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(struct ev_len)))
		return -EFAULT;
	unsafe_put_user(a, &p[0], efault);
	unsafe_put_user(b, &p[1], efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Folded a step further: an enumerator in a constant's initializer, an
   array bound in a measured record, a typedef a sizeof names. */
#define QUICK_VIA_VALUE 0
enum { QUICK_VIA = QUICK_VIA_VALUE };
static const int quick_via = QUICK_VIA;
enum { SLOTS = 2 };
struct slots { u32 v[SLOTS]; };
typedef u64 word_t;

int folded_deeper(u32 __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (quick_via || sizeof(struct slots) < 8 || sizeof(word_t) < 8)
		return 1;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A field's offset, which its record's layout decides (round 15, bug 2):
   b lies inside the 8 bytes opened while a is 4 bytes and b comes second. */
typedef u32 rec_head_t;
struct rec { rec_head_t a; u32 b; u32 c; };

int folded_offset(struct rec __user *p, u32 v)
{
	if (!user_write_access_begin(p, 8))
		return -EFAULT;
	unsafe_put_user(v, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
