#!/usr/bin/env python3
"""Runs a command with its standard output on a pseudo-terminal and writes
what it printed there to OUT.  Usage: on-tty.py OUT -- COMMAND ARGS..."""
import os
import pty
import sys

out, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)
data = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    data += chunk
os.waitpid(pid, 0)
with open(out, "wb") as f:
    f.write(data)
