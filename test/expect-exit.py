#!/usr/bin/env python3
"""Runs a command and fails unless it exits with the given status.

Usage: expect-exit.py STATUS [--stdout FILE] [--stderr FILE] -- CMD...
"""
import subprocess
import sys

args = sys.argv[1:]
want = int(args.pop(0))
out = err = None
while args and args[0] != "--":
    flag, path = args.pop(0), args.pop(0)
    if flag == "--stdout":
        out = open(path, "w")
    elif flag == "--stderr":
        err = open(path, "w")
args.pop(0)
got = subprocess.run(args, stdout=out, stderr=err).returncode
if got != want:
    sys.exit(f"expect-exit: wanted status {want}, got {got}: {' '.join(args)}")
