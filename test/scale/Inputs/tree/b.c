#include "helper.h"
int b_fn(void) { return 2; }
