/*
 * uaccess-lint test fixture -- shared by every flavor (Linux 6.12 and 6.19).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Error numbers used by the tests (values as in the Linux UAPI).
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EPERM		 1
#define ENOENT		 2
#define EINTR		 4
#define EIO		 5
#define E2BIG		 7
#define EBADF		 9
#define EAGAIN		11
#define ENOMEM		12
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define EINVAL		22
#define ENOSPC		28
#define ERANGE		34
#define ENAMETOOLONG	36
#define EOVERFLOW	75
#define EMSGSIZE	90

#endif /* _LINUX_ERRNO_H */
