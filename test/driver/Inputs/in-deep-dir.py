"""Runs a command in a directory whose path is longer than PATH_MAX.

usage: in-deep-dir.py ROOT LENGTH FILE... -- COMMAND...

Makes ROOT/xxx.../xxx... (components of 200 characters) until the path has
at least LENGTH characters, copies each FILE into it, and runs COMMAND
there with its exit status. The path cannot be named to a system call
whole, so the directory is entered one component at a time.
"""
import os
import shutil
import sys

args = sys.argv[1:]
split = args.index("--")
root, length, files = args[0], int(args[1]), args[2:split]
command = args[split + 1:]
sources = [os.path.abspath(f) for f in files]
os.makedirs(root, exist_ok=True)
os.chdir(root)
path = os.path.abspath(root)
while len(path) < length:
    part = "d" * 200
    os.makedirs(part, exist_ok=True)
    os.chdir(part)
    path += "/" + part
for source in sources:
    shutil.copyfile(source, os.path.basename(source))
sys.stdout.flush()
os.execvp(command[0], command)
