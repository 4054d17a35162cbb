/* window-unbalanced: the fault label returns with the window open */
static inline int helper_leak(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
