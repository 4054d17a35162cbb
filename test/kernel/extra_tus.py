#!/usr/bin/env python3
"""Writes the prepared database plus TUs that use no uaccess API.

The prepared subset was chosen for its uaccess windows, so every TU of it
names the API. The files named here are compiled as kernel/panic.c is (the
same flags, their own base name), so the prefilter has TUs to skip.

Usage: extra_tus.py KERNEL_DIR OUT.json FILE...
"""
import json
import os
import sys

kernel, out, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(os.path.join(kernel, "compile_commands.json")) as f:
    db = json.load(f)
model = next(e for e in db if e["file"].endswith("kernel/panic.c"))
for rel in extra:
    base = os.path.splitext(rel)[0]
    name = os.path.basename(base)
    cmd = model["command"].replace("kernel/.panic.o.d", f"{os.path.dirname(rel)}/.{name}.o.d")
    cmd = cmd.replace('"panic"', f'"{name}"').replace("kernel/panic.o", base + ".o")
    cmd = cmd.replace('"kernel/panic"', f'"{base}"').replace("kmod_panic", "kmod_" + name)
    cmd = cmd.replace("kernel/panic.c", rel)
    db.append({"directory": model["directory"], "file": os.path.join(kernel, rel),
               "command": cmd})
with open(out, "w") as f:
    json.dump(db, f, indent=1)
