#!/usr/bin/env python3
"""Writes the man page uaccess-lint.1 from the tool's own --help.

The build runs it (CMakeLists.txt, target manpage), so the page lists
every option the binary has, with the text --help gives it; the
description and the exit codes come from the help's closing text.
test/install/install.test checks that every option of --help is in it.

Usage: gen-manpage.py --tool BIN --version X.Y.Z -o uaccess-lint.1
"""
import argparse
import itertools
import re
import subprocess
import sys

OPTION = re.compile(r"^  (-\S+(?: \S+)?)\s+- (.*)$")
VALUE = re.compile(r"^    (=\S+)\s+-   (.*)$")


def roff(text):
    """Text safe in roff: backslashes and hyphens escaped, no control line."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def parse(help_text):
    """The help's parts: overview, usage, options (name, lines), closing."""
    overview, usage, options, closing = "", "", [], []
    in_options = False
    for line in help_text.splitlines():
        if line.startswith("OVERVIEW: "):
            overview = line[len("OVERVIEW: "):]
        elif line.startswith("USAGE: "):
            usage = line[len("USAGE: "):]
        elif usage and not options and not in_options and \
                line.startswith("       "):
            # The subcommands' forms, one per line under the first.
            usage += "\n" + line.strip()
        elif line == "OPTIONS:":
            in_options = True
        elif in_options and re.match(r"^\S.*[Oo]ptions:$", line):
            continue
        elif in_options and (m := OPTION.match(line)):
            options.append([m.group(1), [m.group(2)]])
        elif in_options and (m := VALUE.match(line)):
            options[-1][1].append(f"{m.group(1)}: {m.group(2)}")
        elif in_options and options and line.startswith("    "):
            options[-1][1][-1] += " " + line.strip()
        elif in_options and line and not line.startswith(" "):
            in_options = False
            closing.append(line)
        elif not in_options and (closing or line.strip()):
            closing.append(line)
    return overview, usage, options, closing


def blocks(lines):
    """The closing text's blocks, split at blank lines."""
    block = []
    for line in lines + [""]:
        if line.strip():
            block.append(line)
        elif block:
            yield block
            block = []


def paragraphs(lines):
    """The closing text as roff: prose joined into paragraphs, indented
    lines (lists, examples) kept as they are."""
    out = []
    for block in blocks(lines):
        out.append(".PP")
        for indented, run in itertools.groupby(block,
                                               lambda l: l.startswith(" ")):
            run = list(run)
            if indented:
                out += [".nf"] + [roff(l) for l in run] + [".fi"]
            else:
                out.append(roff(" ".join(l.strip() for l in run)))
    return out


def page(version, help_text):
    overview, usage, options, closing = parse(help_text)
    name, _, what = overview.partition(": ")
    lines = [f'.TH UACCESS\\-LINT 1 "" "uaccess\\-lint {version}" '
             '"User Commands"',
             ".SH NAME", f"uaccess\\-lint \\- {roff(what or overview)}",
             ".SH SYNOPSIS",
             "\n.br\n".join(roff(u) for u in usage.split("\n")),
             ".SH DESCRIPTION"]
    # The closing text: the description, then (from "Exit codes") the
    # exit status, after the options.
    split = next((i for i, l in enumerate(closing)
                  if l.startswith("Exit codes")), len(closing))
    lines += paragraphs(closing[:split])
    lines.append(".SH OPTIONS")
    for opt, desc in options:
        lines += [".TP", f"\\fB{roff(opt)}\\fR", roff(desc[0])]
        for value in desc[1:]:
            lines += [".br", roff(value)]
    if split < len(closing):
        lines += [".SH EXIT STATUS"] + paragraphs(closing[split:])
    lines += [".SH FILES", ".TP", ".I .uaccess\\-lint.yaml",
              "The config file; each source uses the nearest one, looked "
              "for upward from its folder (README, \\(lqConfig file\\(rq).",
              ".SH SEE ALSO", "The README and the guides in",
              ".IR share/doc/uaccess\\-lint/ ,",
              "one page per check in",
              ".IR share/doc/uaccess\\-lint/checks/ ;",
              ".BR clang\\-tidy (1)."]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("-o", dest="out", required=True)
    args = ap.parse_args()
    help_text = subprocess.run([args.tool, "--help"], check=True,
                               capture_output=True, text=True).stdout
    text = page(args.version, help_text)
    if text.count(".TP") < 10:
        sys.exit(f"gen-manpage: '{args.tool} --help' lists too few options")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
