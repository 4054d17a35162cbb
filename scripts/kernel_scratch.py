#!/usr/bin/env python3
"""Make a scratch copy of one kernel TU that uaccess-lint can analyze.

The kernel tree (from Debian's linux-source package) is never modified: the
source file, and any headers given with --overlay, are copied into OUT, an
optional --edit script rewrites the copies (a reverted patch, an injected
defect), and OUT/compile_commands.json compiles the copy with the original
command. Overlaid headers shadow the tree's (their include root comes first),
and the source's own directory stays on the quote path.

Usage: kernel_scratch.py --kernel DIR --file REL --out OUT
                         [--overlay REL ...] [--edit SCRIPT]
SCRIPT is run as `python3 SCRIPT OUT/REL` for the source and every overlay.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys


def find_entry(db, kernel, rel):
    want = os.path.normpath(os.path.join(kernel, rel))
    for e in db:
        f = e["file"]
        if not os.path.isabs(f):
            f = os.path.join(e["directory"], f)
        if os.path.normpath(f) == want:
            return e
    return None


def scratch_entry(entry, scratch_file, first_args=()):
    """The database entry rewritten to compile scratch_file instead; the
    original file's directory stays on the quote path, and first_args go
    right after the compiler."""
    orig = entry["file"]
    if not os.path.isabs(orig):
        orig = os.path.join(entry["directory"], orig)
    orig = os.path.normpath(orig)
    rel = os.path.relpath(orig, entry["directory"])
    forms = {orig, rel, "./" + rel, entry["file"]}
    extra = list(first_args) + ["-iquote", os.path.dirname(orig)]
    new = {"directory": entry["directory"], "file": scratch_file}
    if "arguments" in entry:
        args = [scratch_file if a in forms else a for a in entry["arguments"]]
        new["arguments"] = args[:1] + extra + args[1:]
    else:
        cmd = entry["command"]
        for f in sorted(forms, key=len, reverse=True):
            cmd = re.sub(r"(?<=\s)" + re.escape(f) + r"(?=\s|$)",
                         lambda m: shlex.quote(scratch_file), cmd)
        first, _, rest = cmd.partition(" ")
        new["command"] = " ".join([first] + [shlex.quote(a) for a in extra]
                                  + [rest])
    return new


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--file", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--overlay", action="append", default=[])
    ap.add_argument("--edit")
    a = ap.parse_args()
    with open(os.path.join(a.kernel, "compile_commands.json")) as f:
        entry = find_entry(json.load(f), a.kernel, a.file)
    if not entry:
        sys.exit("kernel_scratch: %s is not in the kernel's database" % a.file)
    copies = []
    for rel in [a.file] + a.overlay:
        dst = os.path.join(a.out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(a.kernel, rel), dst)
        copies.append(dst)
    if a.edit:
        for dst in copies:
            subprocess.run([sys.executable, a.edit, dst], check=True)
    roots = []
    for rel in a.overlay:
        root = "arch/x86/include" if rel.startswith("arch/x86/include/") \
            else "include"
        if root not in roots:
            roots.append(root)
    first = [arg for r in roots for arg in ("-I", os.path.join(a.out, r))]
    with open(os.path.join(a.out, "compile_commands.json"), "w") as f:
        json.dump([scratch_entry(entry, copies[0], first)],
                  f, indent=1)


if __name__ == "__main__":
    main()
