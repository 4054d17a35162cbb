#!/usr/bin/env python3
"""Runs scripts/prepare-kernel.sh --whole for the prepared 6.12 tree and
compares the whole database it prints with the tree's subset database.

The tree must be where prepare-kernel.sh keeps it (CACHE/linux-source-6.12,
as scripts/test.sh prepares it): the cache is the tree's parent. A database
newer than .config is kept, so only the first run pays for the dry run.

Usage: whole_db.py PREPARE_KERNEL_SH KERNEL_DIR
"""
import json
import os
import shlex
import subprocess
import sys


def analysed(arguments):
    """The arguments without Kbuild's names of the object (KBUILD_MODFILE
    and the like): they follow the make goal that built it (the subset's
    objects are built one by one), not the flags the TU is parsed with."""
    return [a for a in arguments if not a.startswith("-DKBUILD_")]


script, kernel = sys.argv[1], os.path.abspath(sys.argv[2])
env = dict(os.environ, UACCESS_LINT_CACHE=os.path.dirname(kernel))
out = subprocess.run([script, "--whole"], env=env, check=True,
                     stdout=subprocess.PIPE, text=True).stdout
path = out.splitlines()[-1]
print("printed:", os.path.relpath(path, kernel))
with open(path) as f:
    whole = {e["file"]: e for e in json.load(f)}
with open(os.path.join(kernel, "compile_commands.json")) as f:
    subset = json.load(f)
print("whole TUs over 2500:", len(whole) > 2500)
same = 0
for e in subset:
    file = os.path.join(e["directory"], e["file"])
    w = whole.get(file)
    if w is None:
        print("missing from the whole database:", os.path.relpath(file, kernel))
    elif (analysed(w["arguments"]) == analysed(shlex.split(e["command"]))
          and w["directory"] == kernel):
        same += 1
    else:
        print("another command:", os.path.relpath(file, kernel))
print("subset TUs in it with the same command: %d of %d" % (same, len(subset)))
