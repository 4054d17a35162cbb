/* A header function with a leak: --header-filter decides whether it shows. */
static inline int header_leak(u32 __user *p, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
