/* Wrappers of wrappers: a main file that names WRAP_PUT names the API. */
#include <linux/uaccess.h>
#define RAW_PUT(x, p, l) unsafe_put_user(x, p, l)
#define WRAP_PUT(x, p, l) RAW_PUT(x, p, l)
