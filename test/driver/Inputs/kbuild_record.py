#!/usr/bin/env python3
"""Writes Kbuild's record of a compile, `.<object>.cmd`, as fixdep does.

Usage, in the tree's root: kbuild_record.py CLANG SOURCES FLAGS...
SOURCES is a comma-separated list. Each object is its source's .o beside
it; its deps are what `CLANG FLAGS -M` lists.
"""
import os
import subprocess
import sys


def record(clang, source, flags):
    obj = source[:-2] + ".o"
    out = subprocess.run([clang] + flags + ["-M", "-MT", obj, source],
                         capture_output=True, text=True, check=True).stdout
    files = out.replace("\\\n", " ").split(":", 1)[1].split()
    record = os.path.join(os.path.dirname(obj),
                          "." + os.path.basename(obj) + ".cmd")
    with open(record, "w") as f:
        f.write("savedcmd_%s := clang %s -c -o %s %s\n\n"
                % (obj, " ".join(flags), obj, source))
        f.write("source_%s := %s\n\n" % (obj, source))
        f.write("deps_%s := \\\n" % obj)
        for dep in files[1:]:
            f.write("  %s \\\n" % dep)
        f.write("\n%s: $(deps_%s)\n" % (obj, obj))


def main():
    for source in sys.argv[2].split(","):
        record(sys.argv[1], source, sys.argv[3:])


if __name__ == "__main__":
    main()
