/* Names DEFINE_ENTRY, which another body of the tree uses to define a
   function with a __get_user(): this one uses nothing. */
#include "defs.h"
DEFINE_ENTRY(nop, long x)
{
	return x;
}
