#!/usr/bin/env python3
"""Read a kernel build's dry run (make -n) on stdin and write the
compile_commands.json of every C object it compiles to stdout.

Usage: make -n KCFLAGS=MARKER ... | whole-db.py TREE MARKER > db.json

Kbuild runs every command from the top of the tree (TREE). A recipe is one
line of shell joined by ';': the compiler command is the part that passes
-D__KERNEL__ and ends in '-c -o X.o X.c' (the copy of it quoted for fixdep
is not a part of its own). Host programs are left out (no -D__KERNEL__).
MARKER, the KCFLAGS that made every object out of date, is removed.
"""
import json
import os
import shlex
import sys


def compile_args(part, marker):
    if "-D__KERNEL__" not in part or " -c " not in part:
        return None
    try:
        args = shlex.split(part)
    except ValueError:
        return None
    if (len(args) < 5 or args[-4:-2] != ["-c", "-o"]
            or not args[-2].endswith(".o") or not args[-1].endswith(".c")):
        return None
    return [a for a in args if a != marker]


def main():
    tree, marker = os.path.abspath(sys.argv[1]), sys.argv[2]
    entries = {}
    for line in sys.stdin:
        for part in line.split(";"):
            args = compile_args(part, marker)
            if args is None:
                continue
            path = os.path.normpath(os.path.join(tree, args[-1]))
            entries[path] = {"directory": tree, "file": path,
                             "arguments": args}
    if not entries:
        sys.exit("whole-db: the dry run compiled no C object")
    json.dump([entries[p] for p in sorted(entries)], sys.stdout, indent=1)
    print("whole-db: %d C objects" % len(entries), file=sys.stderr)


if __name__ == "__main__":
    main()
