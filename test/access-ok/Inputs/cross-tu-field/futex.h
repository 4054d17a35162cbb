/* As 6.12 kernel/futex: a vector of user words to wait on. */
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct waitv { u64 val; u64 uaddr; u32 flags; };
struct wait_vector { struct waitv w; int key; };
int get_key(u32 __user *uaddr, int *key);
int hash_key(u32 __user *uaddr, int *key);
int get_value_locked(u32 *dest, u32 __user *from);
int wait_multiple(struct wait_vector *vs, int count);
