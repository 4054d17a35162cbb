#include <linux/uaccess.h>
/* Closes the window its callers open. */
static inline void hdr_end_write(void)
{
	user_write_access_end();
}

/* Called after the callers' windows are closed. */
static inline int hdr_twice(int x)
{
	return 2 * x;
}
