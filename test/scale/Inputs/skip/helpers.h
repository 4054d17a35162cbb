/* Inline helpers: which bodies a parse can skip. */
#include <linux/uaccess.h>

static inline int clean_helper(int v)
{
	return v * 2;
}

static inline int unrelated_helper(int v)
{
	return v + 1;
}

/* Reached only through a pasted name, as paste_call(clean) calls it. */
static inline int pasted_clean(int v)
{
	return v - 1;
}
#define paste_call(x, v) pasted_##x(v)
