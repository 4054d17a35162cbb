"""Edit for kernel_scratch.py: io_msg_copy_hdr() without the access_ok()
on msg->msg_iov that io_uring added with the window (6.12 io_uring/net.c)."""
import re
import sys

path = sys.argv[1]
with open(path, encoding="latin-1") as f:
    text = f.read()
new, n = re.subn(r"\n\t*if \(!access_ok\(&msg->msg_iov\[0\]\.iov_len,[^\n]*\n\t*goto ua_end;",
                 "", text)
if n != 1:
    sys.exit("drop_msg_iov_access_ok: the access_ok() on msg_iov is not there")
with open(path, "w", encoding="latin-1") as f:
    f.write(new)
