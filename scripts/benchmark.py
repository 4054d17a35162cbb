#!/usr/bin/env python3
"""Times uaccess-lint against clang-19 -fsyntax-only on the same files.

-p: over the C files of a compile database, in one run and at the same -j,
each of: uaccess-lint (with its prefilter), uaccess-lint --exhaustive,
clang-19 -fsyntax-only, run-clang-tidy-19 with one linuxkernel- check and
spatch with a put_user-in-loop rule (the last two when installed). For each
it prints the wall time, the CPU time and the peak RSS of the largest
process (from wait4() on a process that runs the whole step), and the
ratios to clang. Nothing here asserts a time: it prints a table.

--per-file: the older table, one TU at a time (-j 1), clang and the tool.

--kbuild: in a prepared kernel tree, through the real Kbuild, on N
objects drawn at random (seeded) from the tree's whole database
(whole/compile_commands.json, else compile_commands.json), built first and
untimed: `make C=2` with CHECK=true (make's own cost), with sparse, and
with `uaccess-lint --kbuild`, then clang-19 -fsyntax-only of the same
files; the objects rebuilt with and without the clang plugin (KCFLAGS;
then rebuilt as they were); and the --diff gate of a one-line change to
fs/select.c with the build's records and with --no-build-records, beside
one clang-19 -fsyntax-only of fs/select.c.

Usage: benchmark.py -p KERNEL_DIR [-j N] [--tool build/uaccess-lint]
       benchmark.py --kbuild KERNEL_DIR --arch x86_64 [--objects N] [-j N]
       benchmark.py -p KERNEL_DIR --per-file [--repeat N]
       benchmark.py --stress SCRATCH_DIR [--tool ...] [--repeat N]

--stress writes the stress files of issue 9 (one window with N gotos and
labels, N = 2,500, 5,000 and 10,000; one window with 100,000 unsafe puts)
against the repository's x86 fixture headers and times both tools on them:
the analysis should stay near linear in function size.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
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


def or_chain_source(n):
    """`if (__put_user(0, &p[0]) || ... ) return -EFAULT;`: N accesses."""
    terms = " ||\n\t    ".join(f"__put_user({i}, &p[{i}])" for i in range(n))
    return ("#include <linux/uaccess.h>\nint f(u32 __user *p)\n{\n"
            f"\tif ({terms})\n\t\treturn -EFAULT;\n\treturn 0;\n}}\n")


def nested_source(depth):
    """`({ ({ ... __put_user(0, p) ... }) })`, DEPTH statement expressions."""
    inner = "__put_user(0, p)"
    for _ in range(depth):
        inner = "({ " + inner + "; })"
    return ("#include <linux/uaccess.h>\nint f(u32 __user *p)\n{\n"
            f"\treturn {inner};\n}}\n")


def helper_calls_source(n):
    """N calls in one block of helpers that open or end the window on some
    of their ways out: each call splits the path (one state per way)."""
    calls = "".join("\topen_fr(f);\n\tput_ends(f, 1);\n" for _ in range(n))
    return ("#include <linux/uaccess.h>\nstruct fr { u32 a; };\n"
            "static int open_fr(struct fr __user *f)\n{\n"
            "\tif (!user_access_begin(f, sizeof(*f)))\n\t\treturn -EFAULT;\n"
            "\treturn 0;\n}\n"
            "static inline int put_ends(struct fr __user *f, u32 v)\n{\n"
            "\tunsafe_put_user(v, &f->a, efault);\n\treturn 0;\n"
            "efault:\n\tuser_access_end();\n\treturn -EFAULT;\n}\n"
            "int f(struct fr __user *f)\n{\n" + calls +
            "\tuser_access_end();\n\treturn 0;\n}\n")


def big_baseline(path, megabytes):
    """A baseline of MEGABYTES, entries as --write-baseline writes them."""
    entry = ('    {\n      "check": "access-ok-far",\n'
             '      "file": "drivers/x/file.c",\n      "fingerprint": "%032x",\n'
             '      "function": "f",\n      "message": "%s"\n    }')
    message = "'__put_user' is not guarded by any access_ok() on 'p'"
    with open(path, "w") as f:
        f.write('{\n  "findings": [\n')
        size, i = 0, 0
        while size < megabytes << 20:
            text = ("" if i == 0 else ",\n") + entry % (i, message)
            f.write(text)
            size += len(text)
            i += 1
        f.write('\n  ],\n  "format": "uaccess-lint-baseline",\n'
                '  "version": 2\n}\n')


def stress_cases(a):
    """(file, source, extra tool options, extra clang flags) per case."""
    cases = []
    for n in (2500, 5000, 10000):
        cases.append((f"gotos-{n}.c", stress_sources(n, 0)[0], [], []))
    cases.append(("puts-100000.c", stress_sources(0, 100000)[1], [], []))
    # Issue 29, item 20: each access of a long run asked for every call of
    # the function again.
    for n in (1000, 2000, 4000):
        cases.append((f"or-chain-{n}.c", or_chain_source(n), [], []))
    # Helpers' ways out: a block of N helper calls keeps N + 1 states.
    cases.append(("helper-calls-200.c", helper_calls_source(200), [], []))
    # Deep nesting: clang's parser needs the stack first (both get 8 MB).
    deep = ["-fbracket-depth=100000"]
    cases.append(("nested-600.c", nested_source(600), [], deep))
    baseline = os.path.join(a.stress, "baseline-113MB.json")
    big_baseline(baseline, 113)
    cases.append(("baseline-113MB", stress_sources(0, 10)[1],
                  ["--baseline=" + baseline], []))
    return cases


def stress(a):
    os.makedirs(a.stress, exist_ok=True)
    print("%-16s %9s %9s %6s %10s %10s %6s" % (
        "stress file", "clang s", "lint s", "ratio", "clang MB", "lint MB",
        "ratio"))
    for name, text, options, flags in stress_cases(a):
        path = os.path.join(a.stress, name if name.endswith(".c")
                            else name + ".c")
        with open(path, "w") as f:
            f.write(text)
        clang = best_of(["/usr/lib/llvm-19/bin/clang", "-fsyntax-only",
                         *FIXTURE_FLAGS, *flags, path], a.stress, a.repeat)
        lint = best_of([a.tool, "-j", "1", "--quiet", *options, path, "--",
                        *FIXTURE_FLAGS, *flags], a.stress, a.repeat)
        print("%-16s %9.2f %9.2f %6.2f %10.0f %10.0f %6.2f" % (
            name, clang[0], lint[0], lint[0] / clang[0], clang[1], lint[1],
            lint[1] / clang[1]))


def best_of(argv, cwd, repeat):
    """The least wall time and the largest peak RSS (MB) of `repeat` runs:
    the machine's noise only ever adds time, while memory does not vary."""
    runs = [measured(argv, cwd) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[2] for r in runs)


# Context mode ('*'): without a '*', '-' or '+' line, spatch applies no
# rule at all and returns at once, which timed nothing.
PUT_USER_IN_LOOP = """@@
expression E, P;
@@
(
 for (...;...;...) { <...
* put_user(E, P)
 ...> }
|
 while (...) { <...
* put_user(E, P)
 ...> }
)
"""


def parallel_run(jobs_file, jobs):
    """The child of one step: runs [cwd, argv] commands, `jobs` at once."""
    with open(jobs_file) as f:
        commands = json.load(f)

    def one(cmd):
        subprocess.run(cmd[1], cwd=cmd[0], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, commands))


def measured(argv, cwd):
    """Wall and CPU seconds and peak RSS (MB) of argv and its children."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def steps(a, db, scratch):
    """(name, argv) of each step over the database, the ones installed."""
    clang_jobs = os.path.join(scratch, "clang-jobs.json")
    with open(clang_jobs, "w") as f:
        json.dump([[e["directory"], syntax_only_command(e)] for e in db], f)
    out = os.path.join(scratch, "lint.json")
    lint = [a.tool, "-p", a.p, "-j", str(a.j), "--quiet", "--format=json",
            "-o", out]
    yield "clang-19 -fsyntax-only", [sys.executable, __file__,
                                     "--parallel-run", clang_jobs, str(a.j)]
    yield "uaccess-lint", lint
    if "exhaustive" not in a.skip:
        yield "uaccess-lint --exhaustive", lint + ["--exhaustive"]
    tidy = shutil.which("run-clang-tidy-19")
    if tidy and "clang-tidy" not in a.skip:
        yield "run-clang-tidy-19 linuxkernel-must-check-errs", [
            tidy, "-p", a.p, "-j", str(a.j), "-quiet",
            "-checks=-*,linuxkernel-must-check-errs"]
    spatch = shutil.which("spatch")
    if spatch and "spatch" not in a.skip:
        rule = os.path.join(scratch, "put_user_in_loop.cocci")
        with open(rule, "w") as f:
            f.write(PUT_USER_IN_LOOP)
        yield "spatch put_user-in-loop", [
            spatch, "--sp-file", rule, "--very-quiet", "-j", str(a.j),
            *[e["file"] for e in db]]


def side_by_side(a, db):
    print(f"{len(db)} TUs, -j {a.j}, {os.cpu_count()} CPUs")
    print("%-48s %9s %9s %9s %7s %7s" % ("step", "wall (s)", "CPU (s)",
                                         "RSS (MB)", "wall/x", "CPU/x"))
    with tempfile.TemporaryDirectory() as scratch:
        base = None
        for name, argv in steps(a, db, scratch):
            wall, cpu, rss = measured(argv, a.p)
            base = base or (wall, cpu)
            print("%-48s %9.1f %9.1f %9.0f %7.2f %7.2f" % (
                name, wall, cpu, rss, wall / base[0], cpu / base[1]))
        if os.path.exists(os.path.join(scratch, "lint.json")):
            with open(os.path.join(scratch, "lint.json")) as f:
                tus = json.load(f)["tus"]
            print(f"uaccess-lint: {tus['analyzed']} analyzed, "
                  f"{tus.get('prefiltered', 0)} prefiltered, "
                  f"{tus['failed']} failed")
    if not shutil.which("run-clang-tidy-19"):
        print("run-clang-tidy-19: not installed (apt install clang-tidy-19)")
    if not shutil.which("spatch"):
        print("spatch: not installed (apt install coccinelle)")


def kbuild_objects(tree, count, seed):
    """`count` objects of the tree's database, drawn with `seed`."""
    import random
    whole = os.path.join(tree, "whole", "compile_commands.json")
    path = whole if os.path.exists(whole) else \
        os.path.join(tree, "compile_commands.json")
    with open(path) as f:
        files = sorted({os.path.relpath(os.path.join(e["directory"], e["file"]),
                                        tree)
                        for e in json.load(f) if e["file"].endswith(".c")})
    files = [f for f in files if not f.startswith(("scripts/", "tools/"))]
    random.Random(seed).shuffle(files)
    return [f[:-2] + ".o" for f in files[:count]]


def kbuild_rows(a, make, objects, tool_dir):
    """(name, argv) of each timed make step over the built objects."""
    plugin = os.path.join(tool_dir, "uaccess-lint-plugin.so")
    yield "make C=2 CHECK=true", make + ["C=2", "CHECK=true"] + objects
    if shutil.which("sparse"):
        yield "make C=2 CHECK=sparse", make + ["C=2", "CHECK=sparse"] + objects
    # The scan cache (docs/kbuild.md): built by the first call of a cold
    # run, read by every call of a warm one.
    checker = make + ["C=2", "CHECK=%s --kbuild" % a.tool] + objects
    yield "make C=2 CHECK='uaccess-lint --kbuild' (cold cache)", checker
    yield "make C=2 CHECK='uaccess-lint --kbuild' (warm cache)", checker
    if "plugin" in a.skip:
        return
    yield "make (rebuild, KCFLAGS=-DBENCH=1)", make + [
        "KCFLAGS=-DUACCESS_LINT_BENCH=1"] + objects
    if os.path.exists(plugin):
        yield "make (rebuild, KCFLAGS=-fplugin=...)", make + [
            "KCFLAGS=-DUACCESS_LINT_BENCH=2 -fplugin=" + plugin] + objects


def one_line_patch(tree, scratch):
    """A patch that adds one line of fs/select.c: the tree is its result."""
    with open(os.path.join(tree, "fs", "select.c")) as f:
        lines = f.readlines()
    at = next(i for i, l in enumerate(lines) if "unsafe_put_user(" in l)
    before = os.path.join(scratch, "select.c.orig")
    with open(before, "w") as f:
        f.writelines(lines[:at] + lines[at + 1:])
    diff = subprocess.run(
        ["diff", "-u", "--label", "a/fs/select.c", "--label", "b/fs/select.c",
         before, os.path.join(tree, "fs", "select.c")],
        stdout=subprocess.PIPE, text=True).stdout
    patch = os.path.join(scratch, "one-line.patch")
    with open(patch, "w") as f:
        f.write(diff)
    return patch


def kbuild_table(a):
    tree = a.kbuild
    make = ["make", "-s", "-C", tree, "-j", str(a.j), "ARCH=" + a.arch,
            "LLVM=-19", "-k"]
    objects = kbuild_objects(tree, a.objects, a.seed)
    subprocess.run(make + objects, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    objects = [o for o in objects if os.path.exists(os.path.join(tree, o))]
    print(f"{len(objects)} objects built of {a.objects} drawn "
          f"(seed {a.seed}), -j {a.j}, {os.cpu_count()} CPUs, {a.arch}")
    print("%-48s %9s %9s" % ("step", "wall (s)", "CPU (s)"))
    for name, argv in kbuild_rows(a, make, objects,
                                  os.path.dirname(a.tool)):
        if name.endswith("(cold cache)"):
            shutil.rmtree(os.path.join(tree, ".uaccess-lint-cache"),
                          ignore_errors=True)
        wall, cpu, _ = measured(argv, tree)
        print("%-48s %9.1f %9.1f" % (name, wall, cpu))
    # The objects as the tree had them: its database's commands again.
    subprocess.run(make + objects, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    if "clang" in a.skip:
        return
    with tempfile.TemporaryDirectory() as scratch:
        jobs = os.path.join(scratch, "clang-jobs.json")
        entries = kbuild_entries(tree, objects)
        with open(jobs, "w") as f:
            json.dump([[e["directory"], syntax_only_command(e)]
                       for e in entries], f)
        wall, cpu, _ = measured([sys.executable, __file__, "--parallel-run",
                                 jobs, str(a.j)], tree)
        print("%-48s %9.1f %9.1f" % ("clang-19 -fsyntax-only (same files)",
                                     wall, cpu))
        if "gate" not in a.skip:
            gate_rows(a, tree, scratch)


def kbuild_entries(tree, objects):
    """The compile commands of built objects, from their .cmd records."""
    entries = []
    for o in objects:
        record = os.path.join(tree, os.path.dirname(o),
                              "." + os.path.basename(o) + ".cmd")
        with open(record) as f:
            first = f.readline()
        command = first.split(" := ", 1)[1].strip()
        entries.append({"directory": tree, "command": command,
                        "file": o[:-2] + ".c"})
    return entries


def gate_rows(a, tree, scratch):
    """The --diff gate of a one-line change, with and without records."""
    patch = one_line_patch(tree, scratch)
    select = [e for e in kbuild_entries(tree, ["fs/select.o"])][0]
    wall, cpu, _ = measured(syntax_only_command(select), tree)
    print("%-48s %9.1f %9.1f" % ("clang-19 -fsyntax-only fs/select.c", wall,
                                 cpu))
    for db in ("compile_commands.json", "whole/compile_commands.json"):
        if not os.path.exists(os.path.join(tree, db)):
            continue
        for extra, name in (([], "records"), (["--no-build-records"], "scan")):
            argv = [a.tool, "-p", os.path.join(tree, db), "-j", str(a.j),
                    "--quiet", "--diff=" + patch,
                    "-o", os.path.join(scratch, "gate.txt")] + extra
            wall, cpu, _ = measured(argv, tree)
            print("%-48s %9.1f %9.1f" % (
                "gate %s (%s)" % (db, name), wall, cpu))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("-p", help="directory with compile_commands.json")
    group.add_argument("--stress", metavar="DIR",
                       help="write the stress files here and time them")
    group.add_argument("--kbuild", metavar="KERNEL_DIR",
                       help="time the checker, the plugin and the gate "
                            "through the tree's own Kbuild")
    ap.add_argument("--arch", default="x86_64")
    ap.add_argument("--objects", type=int, default=200)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--tool", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "uaccess-lint"))
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("-j", type=int, default=os.cpu_count(),
                    help="jobs for every step (default: all CPUs)")
    ap.add_argument("--skip", nargs="+", default=[],
                    choices=["exhaustive", "clang-tidy", "spatch",
                             "plugin", "clang", "gate"],
                    help="leave steps out (a whole-tree database: the "
                         "exhaustive run alone costs more than clang; "
                         "--kbuild: the plugin's rebuilds, the clang "
                         "parse, the gate rows)")
    ap.add_argument("--per-file", action="store_true",
                    help="one TU at a time, clang and the tool per file")
    if sys.argv[1:2] == ["--parallel-run"]:
        return parallel_run(sys.argv[2], int(sys.argv[3]))
    a = ap.parse_args()
    if a.stress:
        return stress(a)
    if a.kbuild:
        return kbuild_table(a)
    with open(os.path.join(a.p, "compile_commands.json")) as f:
        db = [e for e in json.load(f) if e["file"].endswith(".c")]
    if a.per_file:
        return per_file_table(a, db)
    return side_by_side(a, db)


def per_file_table(a, db):
    """The older table: one TU at a time, clang and the tool per file."""
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
