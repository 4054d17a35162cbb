#include <linux/uaccess.h>
/* copy_to_user in a comment, "put_user" in a string: no use. */
const char *c_fn(void) { return "put_user"; }
