#!/usr/bin/env python3
"""Runs the examples of the check pages in docs/checks/ so they cannot go
stale.

A page's "## Example" section holds three fenced blocks: the bad C code,
the first finding the check prints for it (path trimmed to the file name;
"error:", "warning:" or "note:" by the check's level), and the good code.
The bad code must compile and give exactly that line (exit 1 for an error,
0 for a warning or a note); the good code must compile and give nothing
(exit 0).

Usage: check-doc-examples.py --tool BIN --clang BIN --docs DIR --scratch DIR
                             -- COMPILER-FLAGS...
"""
import argparse
import pathlib
import re
import subprocess
import sys


def examples(page):
    text = page.read_text(encoding="utf-8")
    if "## Example" not in text:
        return None
    section = text[text.index("## Example"):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] \
        else section
    blocks = re.findall(r"```(c?)\n(.*?)```", section, re.S)
    if [kind for kind, _ in blocks] != ["c", "", "c"]:
        raise SystemExit(f"{page}: the Example section wants a c block, "
                         "an output block and a c block")
    return [body for _, body in blocks]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def check_page(page, args, flags):
    check = page.stem
    bad, warning, good = examples(page)
    problems = []
    for kind, code in (("bad", bad), ("good", good)):
        src = pathlib.Path(args.scratch) / f"{check}-{kind}.c"
        src.write_text(code)
        if run([args.clang, "-fsyntax-only", *flags, str(src)]).returncode:
            problems.append(f"{kind} example does not compile")
        got = run([args.tool, f"--checks={check}", str(src), "--", *flags])
        finding = re.compile(r": (error|warning|note): .*\[" + re.escape(check)
                             + r"\]$")
        lines = [l.replace(f"{src.parent}/", "").replace(src.name, f"{check}.c")
                 for l in (got.stdout + got.stderr).splitlines()
                 if finding.search(l)]
        level = finding.search(lines[0]).group(1) if lines else None
        want_exit = 1 if level == "error" else 0
        if kind == "bad" and (got.returncode != want_exit or not lines or
                              lines[0] != warning.strip()):
            problems.append(f"bad example gives {lines[:1]} (exit "
                            f"{got.returncode}), not '{warning.strip()}'")
        if kind == "good" and (got.returncode != 0 or lines):
            problems.append(f"good example is reported: {lines[:1]}")
    return problems


def main():
    argv = sys.argv[1:]
    split = argv.index("--")
    parser = argparse.ArgumentParser()
    for opt in ("--tool", "--clang", "--docs", "--scratch"):
        parser.add_argument(opt, required=True)
    args = parser.parse_args(argv[:split])
    pages = [p for p in sorted(pathlib.Path(args.docs).glob("*.md"))
             if examples(p) is not None]
    failed = 0
    for page in pages:
        problems = check_page(page, args, argv[split + 1:])
        failed += bool(problems)
        for p in problems:
            print(f"{page.name}: {p}")
    print(f"check-doc-examples: {len(pages)} pages, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
