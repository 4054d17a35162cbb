#include <linux/uaccess.h>

struct ev { u32 events; u64 data; };

int own_before(struct ev __user *p, u32 a)
{
	/* uaccess-lint: ignore[window-unbalanced] the caller closes it */
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int own_same(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p))) // uaccess-lint: ignore[window-*]
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int nolint_same(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p))) // NOLINT(window-unbalanced)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int nolint_next(struct ev __user *p, u32 a)
{
	// NOLINTNEXTLINE(window-unbalanced, batchable)
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int nolint_bare(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p))) // NOLINT
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// uaccess-lint: ignore-begin[window-unbalanced]
int own_region(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// uaccess-lint: ignore-end[window-unbalanced]

/* NOLINTBEGIN(window-unbalanced) */
int nolint_region(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

/* NOLINTEND(window-unbalanced) */

int other_check(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p))) // NOLINT(window-call)
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int too_far(struct ev __user *p, u32 a)
{
	// uaccess-lint: ignore[window-unbalanced]
	int unused_line = 0;
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

int in_string(struct ev __user *p, u32 a)
{
	if (!user_write_access_begin(p, sizeof(*p))) { const char *s = "// NOLINT"; (void)s; }
		return -EFAULT;
	unsafe_put_user(a, &p->events, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

// NOLINT(bugprone-foo): for clang-tidy, never listed
// uaccess-lint: ignore window-call
// uaccess-lint: ignore[window-cal]
