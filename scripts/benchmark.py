#!/usr/bin/env python3
"""Times uaccess-lint against clang-19 -fsyntax-only on the same files.

Both run one TU at a time (-j 1) over the C files of a compile database, in
one run, so the ratio says what the analysis adds to parsing. Nothing here
asserts a time: it prints a table.

Usage: benchmark.py -p KERNEL_DIR [--tool build/uaccess-lint] [--repeat N]
       benchmark.py --stress SCRATCH_DIR [--tool ...] [--repeat N]

--stress writes the stress files of issue 9 (one window with N gotos and
labels, N = 2,500, 5,000 and 10,000; one window with 100,000 unsafe puts)
against the repository's x86 fixture headers and times both tools on them:
the analysis should stay near linear in function size.
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


REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FIXTURE_FLAGS = ["-target", "x86_64-linux-gnu", "-nostdinc",
                 "-I", os.path.join(REPO, "test/Inputs/flavors/x86"),
                 "-I", os.path.join(REPO, "test/Inputs/flavors/common")]
OPEN = ("#include <linux/uaccess.h>\nint f(u32 __user *p, u32 v, int k)\n{\n"
        "\tif (!user_write_access_begin(p, sizeof(*p)))\n\t\treturn -EFAULT;\n")
CLOSE = ("\tuser_write_access_end();\n\treturn 0;\nefault:\n"
         "\tuser_write_access_end();\n\treturn -EFAULT;\n}\n")


def stress_sources(n_gotos, n_puts):
    """The two shapes: a goto dispatch into N labels, N unsafe puts."""
    gotos = "".join(f"\tif (k == {i}) goto l{i};\n" for i in range(n_gotos))
    labels = "".join(f"l{i}:\n\tunsafe_put_user(v + {i}, p, efault);\n"
                     for i in range(n_gotos))
    puts = "".join(f"\tunsafe_put_user(v + {i}, p, efault);\n"
                   for i in range(n_puts))
    return OPEN + gotos + labels + CLOSE, OPEN + puts + CLOSE


def stress(a):
    os.makedirs(a.stress, exist_ok=True)
    cases = []
    for n in (2500, 5000, 10000):
        cases.append((f"gotos-{n}.c", stress_sources(n, 0)[0]))
    cases.append(("puts-100000.c", stress_sources(0, 100000)[1]))
    print("%-50s %10s %10s %7s" % ("stress file", "clang (s)", "lint (s)",
                                   "ratio"))
    for name, text in cases:
        path = os.path.join(a.stress, name)
        with open(path, "w") as f:
            f.write(text)
        clang = min(timed(["/usr/lib/llvm-19/bin/clang", "-fsyntax-only",
                           *FIXTURE_FLAGS, path], a.stress)
                    for _ in range(a.repeat))
        lint = min(timed([a.tool, "-j", "1", path, "--", *FIXTURE_FLAGS],
                         a.stress) for _ in range(a.repeat))
        print("%-50s %10.2f %10.2f %7.2f" % (name, clang, lint, lint / clang))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("-p", help="directory with compile_commands.json")
    group.add_argument("--stress", metavar="DIR",
                       help="write the stress files here and time them")
    ap.add_argument("--tool", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "uaccess-lint"))
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    if a.stress:
        return stress(a)
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
