#!/usr/bin/env python3
"""Turns a scratch copy of 6.12 fs/select.c back into do_sys_poll() as it
was before the 2020 batching change: one __put_user() per fd, no window.

Only edits the copy it is given; fails loudly if the 6.12 shape is not
there (a newer tree needs a new revert, not a silent no-op).
"""
import re
import sys

path = sys.argv[1]
if not path.endswith("select.c"):
    sys.exit(0)
src = open(path, encoding="latin-1").read()
start = src.index("static int do_sys_poll(")
end = src.index("\n}\n", start) + 3
fn = src[start:end]

edits = [
    # The window's begin.
    (r"\n\tif \(!user_write_access_begin\(ufds, nfds \* sizeof\(\*ufds\)\)\)"
     r"\n\t\tgoto out_fds;\n", ""),
    # The batched loop becomes one __put_user per entry.
    (r"unsigned int j;(\n\n\t\t)for \(j = walk->len; j; fds\+\+, ufds\+\+, j--\)"
     r"\n\t\t\tunsafe_put_user\(fds->revents, &ufds->revents, Efault\);",
     r"int j;\1for (j = 0; j < walk->len; j++, ufds++)"
     "\n\t\t\tif (__put_user(fds[j].revents, &ufds->revents))"
     "\n\t\t\t\tgoto out_fds;"),
    # The end after the loop and the fault label block.
    (r"\n\tuser_write_access_end\(\);\n(\n\terr = fdcount;)", r"\n\1"),
    (r"\n\nEfault:\n\tuser_write_access_end\(\);\n\terr = -EFAULT;"
     r"\n\tgoto out_fds;\n}", "\n}"),
]
for pattern, repl in edits:
    fn, n = re.subn(pattern, repl, fn)
    if n != 1:
        sys.exit("unbatch_do_sys_poll: %r did not match once" % pattern)
open(path, "w", encoding="latin-1").write(src[:start] + fn + src[end:])
