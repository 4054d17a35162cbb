#!/usr/bin/env python3
"""Copies fs/select.c of a kernel tree into an external module's folder,
with do_sys_poll()'s fault exit no longer closing its window: the defect
uaccess-lint must report when Kbuild builds the module.

Usage: inject_poll_leak.py KERNEL MODULE_DIR
"""
import os
import sys

kernel, module = sys.argv[1], sys.argv[2]
with open(os.path.join(kernel, "fs", "select.c")) as f:
    source = f.read()
closing = "Efault:\n\tuser_write_access_end();\n"
if source.count(closing) != 1:
    sys.exit("inject_poll_leak: do_sys_poll's fault exit is not where it was")
os.makedirs(module, exist_ok=True)
with open(os.path.join(module, "select.c"), "w") as f:
    f.write(source.replace(closing, "Efault:\n"))
with open(os.path.join(module, "Kbuild"), "w") as f:
    f.write("obj-m := select.o\n")
