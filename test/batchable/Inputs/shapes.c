#include <linux/uaccess.h>

struct epoll_event { u32 events; u64 data; };
struct pollfd { int fd; short events; short revents; };
struct poll_list { struct poll_list *next; unsigned int len; struct pollfd entries[]; };
void log_event(int);

/* epoll_put_uevent: two fields of one struct. */
struct epoll_event __user *put_uevent(u32 revents, u64 data,
				      struct epoll_event __user *uevent)
{
	if (__put_user(revents, &uevent->events) ||
	    __put_user(data, &uevent->data))
		return NULL;

	return uevent + 1;
}

/* do_sys_poll before 2021: a nested loop over a list of arrays. */
int poll_out(struct pollfd __user *ufds, unsigned int nfds,
	     struct poll_list *head)
{
	struct poll_list *walk;
	int err = -EFAULT;

	if (copy_from_user(head->entries, ufds + nfds - head->len,
			   sizeof(struct pollfd) * head->len))
		goto out_fds;
	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		unsigned int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents))
				goto out_fds;
	}
	err = 0;
out_fds:
	return err;
}

/* A counted loop over whole elements; reads too. */
int get_array(int *k, const int __user *u, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (get_user(k[i], &u[i]))
			return -EFAULT;
	return 0;
}

/* move_addr_to_user: a read and a write of one word, in sequence. */
int read_then_write(int __user *ulen, int klen)
{
	int len;

	if (get_user(len, ulen))
		return -EFAULT;
	if (put_user(klen, ulen))
		return -EFAULT;
	return len;
}

/* Elements 0..2 of an array; an existing 'efault' label. */
int three_elements(u32 __user *u, u32 a, int flag)
{
	if (flag)
		goto efault;
	if (__put_user(a, &u[0]))
		return -EFAULT;
	if (__put_user(a, &u[1]))
		return -EFAULT;
	if (__put_user(a, &u[2]))
		return -EFAULT;
	return 0;
efault:
	return -EINVAL;
}
