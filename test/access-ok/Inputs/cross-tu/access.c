/* The accesses: each trusts its callers, which are all in other TUs. */
#include <linux/uaccess.h>

/* Checked by its caller one call up, in caller.c: near, no finding. */
int read_near(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

/* Checked two calls up, through caller.c and forward.c: far. */
int read_far(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

/* One caller passes a pointer nothing checked. */
int read_unchecked(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

/* No caller anywhere: a syscall's, or a function pointer's. */
int read_orphan(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

/* Its caller checks through a wrapper that wrappers.c defines. */
int read_wrapped(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

/* A static helper whose only caller here is exported. */
static int read_word(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

int read_via_helper(u32 __user *from, u32 *out)
{
	return read_word(from, out);
}

/* Checks another pointer than the one it passes on, and nothing calls it:
   the finding names that check, not the missing callers. */
static int read_framed(u32 __user *from, u32 *out)
{
	return __get_user(*out, from);
}

int frame_entry(void __user *frame, u32 __user *word, u32 *out)
{
	if (!access_ok(frame, 64))
		return -EFAULT;
	return read_framed(word, out);
}

/* Advances its parameter through the buffer that its caller in caller.c
   checks whole: the link step follows it as passed from its start. */
int read_walk(u32 __user *from, u32 *out, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__get_user(out[i], from++))
			return -EFAULT;
	return 0;
}
