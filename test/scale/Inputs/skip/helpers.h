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

/*
 * Reached only through a name pasted from two arguments, as
 * paste_call(clean, v) calls it: no file spells the name, nor a piece of it
 * next to a '##'.
 */
static inline int pasted_clean(int v)
{
	return v - 1;
}
#define glue(a, b) a##b
#define paste_call(x, v) glue(pasted_, x)(v)
