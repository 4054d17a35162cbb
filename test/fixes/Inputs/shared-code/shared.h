/* One helper, two windows: VARIANT builds read it, the others write it. */
#ifndef HIDE
static inline int shared_xfer(u32 __user *p, u32 v)
{
#ifdef VARIANT
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
#else
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
#endif
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
#endif
