/* Passes the pointer on; names no user-access API, so the prefilter skips
 * it, yet the link step must read it. */
typedef unsigned int u32;
int read_far(u32 *from, u32 *out);

int forward_far(u32 *p, u32 *out)
{
	return read_far(p, out);
}
