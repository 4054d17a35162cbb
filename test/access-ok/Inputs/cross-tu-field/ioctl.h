/* The structs that carry user pointers between the TUs of this test. */
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct pwrite_args { u32 handle; u64 size; u64 data_ptr; };
struct obj_ops { int (*pwrite)(struct pwrite_args *args); };
extern const struct obj_ops *ops_of(u32 handle);

struct user_hdr { u32 flags; u32 len; };
/* As io_uring's io_sr_msg: the pointer sits in an anonymous union. */
struct sr_msg {
	int fd;
	union {
		void __user *buf;
		struct user_hdr __user *umsg;
	};
};
int sys_recv(struct user_hdr __user *msg, u32 flags);
