/* A defining macro, as SYSCALL_DEFINE2() is: the body after it is another
   function's, so naming the macro names no use of the API. */
#include <linux/uaccess.h>
#define DEFINE_ENTRY(name, ...) long entry_##name(__VA_ARGS__)
