#!/usr/bin/env python3
"""Times uaccess-lint against clang-19 -fsyntax-only on the same files.

Both run one TU at a time (-j 1) over the C files of a compile database, in
one run, so the ratio says what the analysis adds to parsing. Nothing here
asserts a time: it prints a table.

Usage: benchmark.py -p KERNEL_DIR [--tool build/uaccess-lint] [--repeat N]
"""
import argparse
import json
import os
import shlex
import subprocess
import time


def syntax_only_command(entry):
    args = entry.get("arguments") or shlex.split(entry["command"])
    out = ["/usr/lib/llvm-19/bin/clang", "-fsyntax-only", "-w"]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-c", "-S"):
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a.startswith("-Wp,-M") or a in ("-MD", "-MMD"):
            continue
        out.append(a)
    return out


def timed(cmd, cwd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-p", required=True, help="directory with compile_commands.json")
    ap.add_argument("--tool", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "uaccess-lint"))
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    with open(os.path.join(a.p, "compile_commands.json")) as f:
        db = [e for e in json.load(f) if e["file"].endswith(".c")]
    print("%-50s %10s %10s %7s" % ("file", "clang (s)", "lint (s)", "ratio"))
    total_clang = total_lint = 0.0
    for e in db:
        path = e["file"] if os.path.isabs(e["file"]) else \
            os.path.join(e["directory"], e["file"])
        clang = min(timed(syntax_only_command(e), e["directory"])
                    for _ in range(a.repeat))
        lint = min(timed([a.tool, "-p", a.p, "-j", "1", path], a.p)
                   for _ in range(a.repeat))
        total_clang += clang
        total_lint += lint
        print("%-50s %10.2f %10.2f %7.2f" % (os.path.relpath(path, a.p)[-50:],
                                             clang, lint, lint / clang))
    print("%-50s %10.2f %10.2f %7.2f" % ("total", total_clang, total_lint,
                                         total_lint / total_clang))


if __name__ == "__main__":
    main()
