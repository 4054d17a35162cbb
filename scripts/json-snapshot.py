#!/usr/bin/env python3
"""Write what one uaccess-lint binary reports, for a before/after comparison.

Usage: json-snapshot.py BINARY OUTDIR [TREE ...]

A refactoring that must not change behaviour (issue 28) is checked by taking
a snapshot with the binary before and the binary after, then `diff -r`:

  - every .c file under test/, under every fixture flavor of test/lit.cfg.py:
    the --format=json report, and the patch series of its fix-its;
  - every TREE (a prepared kernel tree, scripts/prepare-kernel.sh): the
    --format=json report over all the sources of its compile_commands.json,
    parsed with --exhaustive so that no prefilter decision hides a change.

Paths are written relative to the repository and the tree, so two snapshots
taken from different checkouts compare equal. Exit status 0 unless the
binary crashed (exit status above 3) on some input.
"""
import json
import re
import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
FLAVORS = {
    "x86": ("x86_64-linux-gnu", ["x86"]),
    "generic": ("x86_64-linux-gnu", ["generic"]),
    "v619": ("x86_64-linux-gnu", ["v619"]),
    "arm64": ("aarch64-linux-gnu", ["arm64", "generic"]),
    "powerpc": ("powerpc64le-linux-gnu", ["powerpc", "generic"]),
    "riscv": ("riscv64-linux-gnu", ["riscv", "generic"]),
    "s390": ("s390x-linux-gnu", ["generic"]),
}


def flavor_flags(flavor):
    triple, dirs = FLAVORS[flavor]
    root = REPO / "test" / "Inputs" / "flavors"
    flags = ["-target", triple, "-nostdinc"]
    for d in dirs + ["common"]:
        flags += ["-I", str(root / d)]
    return flags


def run(cmd, cwd, out_file):
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          errors="replace")
    text = proc.stdout.replace(str(REPO) + "/", "")
    out_file.write_text(f"exit {proc.returncode}\n{text}")
    return proc.returncode


def patches_text(patch_dir):
    parts = []
    for p in sorted(patch_dir.glob("*")):
        parts.append(f"=== {p.name}\n{p.read_text(errors='replace')}")
    text = "\n".join(parts).replace(str(REPO) + "/", "")
    # The one field that differs from run to run.
    return re.sub(r"(?m)^Date: .*$", "Date: -", text)


def snapshot_inputs(binary, outdir):
    crashed = 0
    sources = sorted(REPO.glob("test/**/*.c"))
    for src in sources:
        rel = src.relative_to(REPO)
        for flavor in FLAVORS:
            base = outdir / "inputs" / f"{rel}.{flavor}"
            base.parent.mkdir(parents=True, exist_ok=True)
            patch_dir = base.with_suffix(base.suffix + ".patches")
            cmd = [binary, "--format=json", "--patch-dir", str(patch_dir),
                   str(src), "--"] + flavor_flags(flavor)
            code = run(cmd, src.parent, base.with_suffix(base.suffix + ".json"))
            crashed += code > 3
            if patch_dir.is_dir():
                (base.with_suffix(base.suffix + ".patch")).write_text(
                    patches_text(patch_dir))
                for p in patch_dir.iterdir():
                    p.unlink()
                patch_dir.rmdir()
    return crashed, len(sources) * len(FLAVORS)


def snapshot_tree(binary, tree, outdir):
    tree = pathlib.Path(tree).resolve()
    db = json.loads((tree / "compile_commands.json").read_text())
    files = sorted({str(pathlib.Path(e["directory"], e["file"])) for e in db})
    out = outdir / "trees" / f"{tree.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    code = run([binary, "-p", str(tree), "--exhaustive", "--format=json"]
               + files, tree, out)
    out.write_text(out.read_text().replace(str(tree) + "/", "TREE/"))
    return code > 3


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = str(pathlib.Path(sys.argv[1]).resolve())
    outdir = pathlib.Path(sys.argv[2]).resolve()
    crashed, runs = snapshot_inputs(binary, outdir)
    for tree in sys.argv[3:]:
        crashed += snapshot_tree(binary, tree, outdir)
        runs += 1
    print(f"json-snapshot: {runs} runs, {crashed} crashed, in {outdir}")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
