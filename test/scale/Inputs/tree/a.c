#include "helper.h"
int a_fn(void) { return 1; }
