// Kernel-style sample code for the bundled example: one defect per check.
#include <linux/uaccess.h>

struct frame { u32 sig; u32 flags; u64 mask; };
void native_load_gs_index(unsigned int sel);

// window-unbalanced: the fault label returns with the window open.
int put_frame(struct frame __user *f, u32 sig, u64 mask)
{
	if (!user_write_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(sig, &f->sig, efault);
	unsafe_put_user(mask, &f->mask, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// window-mismatch: a read window closed by a write end.
int get_sig(struct frame __user *f, u32 *sig)
{
	if (!user_read_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_get_user(*sig, &f->sig, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// window-call: a call that is not uaccess-safe inside the window.
int restore_gs(struct frame __user *f)
{
	u32 gs;

	if (!user_read_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_get_user(gs, &f->flags, efault);
	native_load_gs_index(gs);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

// window-unsafe-outside: an op moved past the end.
int put_flags(struct frame __user *f, u32 flags)
{
	if (!user_write_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(0, &f->sig, efault);
	user_write_access_end();
	unsafe_put_user(flags, &f->flags, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

// batchable and access-ok-far: two __put_user() on one struct, and no
// access_ok() anywhere.
int put_sig_flags(struct frame __user *f, u32 sig, u32 flags)
{
	if (__put_user(sig, &f->sig) || __put_user(flags, &f->flags))
		return -EFAULT;
	return 0;
}

// access-ok-redundant: put_user() checks the range itself.
int put_mask(u64 __user *mask, u64 value)
{
	if (!access_ok(mask, sizeof(*mask)))
		return -EFAULT;
	if (put_user(value, mask))
		return -EFAULT;
	return 0;
}
