#!/usr/bin/env python3
"""Helpers for tests that keep scratch copies of kernel TUs in a git repo.

  scratch_db.py merge OUT DB...   one compile_commands.json from several
                                  (kernel_scratch.py writes one per copy)
  scratch_db.py compile DB        compiles every entry of DB with the
                                  kernel's own command, -fsyntax-only and
                                  with its -Werror kept; exits 1 on errors
  scratch_db.py checkpatch KERNEL PATCH...
                                  the kernel's checkpatch.pl --no-tree over
                                  each patch, run in the current directory
                                  (so that it finds Fixes: commits); prints
                                  its output, exits 1 when it reports an
                                  error (warnings are printed, not fatal)
"""
import json
import shlex
import subprocess
import sys

CLANG = "/usr/lib/llvm-19/bin/clang"


def syntax_only(entry):
    args = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [CLANG, "-fsyntax-only"], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif a in ("-c", "-S", "-MD", "-MMD") or a.startswith("-Wp,-M"):
            continue
        else:
            out.append(a)
    return out


def checkpatch(kernel, patches):
    failed = 0
    for p in patches:
        r = subprocess.run(["perl", kernel + "/scripts/checkpatch.pl",
                            "--no-tree", "--color=never", p],
                           capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        failed |= "ERROR:" in r.stdout or " 0 errors" not in r.stdout
    return failed


def main():
    cmd, rest = sys.argv[1], sys.argv[2:]
    if cmd == "checkpatch":
        return checkpatch(rest[0], rest[1:])
    if cmd == "merge":
        entries = []
        for db in rest[1:]:
            with open(db) as f:
                entries += json.load(f)
        with open(rest[0], "w") as f:
            json.dump(entries, f, indent=1)
        return 0
    with open(rest[0]) as f:
        entries = json.load(f)
    failed = 0
    for e in entries:
        r = subprocess.run(syntax_only(e), cwd=e["directory"])
        print("compiled %s: %s" % (e["file"], "ok" if r.returncode == 0
                                   else "FAILED"))
        failed |= r.returncode != 0
    return failed


if __name__ == "__main__":
    sys.exit(main())
