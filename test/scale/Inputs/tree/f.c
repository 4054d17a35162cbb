#include "entries.h"
long f_fn(u32 __user *p) { return p ? 0 : -EINVAL; }
