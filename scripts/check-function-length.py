#!/usr/bin/env python3
"""Lists functions longer than a limit in tool/ and matchers/.

Function extents come from universal-ctags (--fields=+ne gives each
function's first and last line), so lambdas count toward the function that
holds them, as a reader sees them. The project's rule: no function over 80
lines (aim at 60).

Usage: check-function-length.py [--max N] [--top K] [REPO]
Exits 1 when a function is over the limit.
"""
import argparse
import pathlib
import subprocess
import sys


def functions(repo):
    out = subprocess.run(
        ["ctags", "-f", "-", "--fields=+ne", "--kinds-C++=f",
         "--language-force=C++", "-R", "matchers", "tool"],
        cwd=repo, check=True, capture_output=True, text=True).stdout
    for row in out.splitlines():
        cols = row.split("\t")
        fields = dict(c.split(":", 1) for c in cols[3:] if ":" in c)
        if "line" not in fields or "end" not in fields:
            continue
        scope = fields.get("class") or fields.get("function") or ""
        name = cols[0] if cols[0].startswith("__anon") is False else "lambda"
        length = int(fields["end"]) - int(fields["line"]) + 1
        yield length, f"{cols[1]}:{fields['line']}", (
            f"{scope.split('::')[-1]}::{name}" if scope else name)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max", type=int, default=80)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("repo", nargs="?",
                        default=pathlib.Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    found = sorted(functions(args.repo), reverse=True)
    over = [f for f in found if f[0] > args.max]
    for length, where, name in over:
        print(f"{where}: {name} is {length} lines (limit {args.max})")
    print(f"check-function-length: {len(found)} functions, {len(over)} over "
          f"{args.max} lines; longest:")
    for length, where, name in found[:args.top]:
        print(f"  {length:4d}  {name}  ({where})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
