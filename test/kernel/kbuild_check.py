#!/usr/bin/env python3
"""Runs the real Kbuild's checker over the objects of a prepared tree's
compile_commands.json: make -j2 C=2 CHECK=<check> <objects>.

Usage: kbuild_check.py --tree TREE --arch ARCH --check CHECK [-- MAKE_ARGS...]
"""
import argparse
import json
import os
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--tree", required=True)
parser.add_argument("--arch", required=True)
parser.add_argument("--check", required=True)
parser.add_argument("make_args", nargs="*")
args = parser.parse_args()

with open(os.path.join(args.tree, "compile_commands.json")) as f:
    entries = json.load(f)
objects = sorted(
    os.path.relpath(os.path.join(e["directory"], e["file"]), args.tree)[:-2] + ".o"
    for e in entries)
command = ["make", "-C", args.tree, "-j2", "ARCH=" + args.arch, "C=2",
           "CHECK=" + args.check] + args.make_args + objects
done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                      text=True)
sys.stdout.write(done.stdout)
print("kbuild_check: %d objects, make exited %d" % (len(objects), done.returncode))
sys.exit(done.returncode)
