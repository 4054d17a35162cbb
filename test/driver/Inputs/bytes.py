#!/usr/bin/env python3
"""Runs a command whose arguments hold bytes that are not valid UTF-8.

Usage: bytes.py CMD ARGS...

Every '\\xNN' in an argument becomes the byte NN, and every byte of the
command's output that is not part of valid UTF-8 is printed as '\\xNN', so
a test file (which lit reads as UTF-8) can name such files and FileCheck
can match them exactly. Exits with the command's status.
"""
import re
import subprocess
import sys


def to_bytes(arg):
    return re.sub(rb"\\x([0-9a-fA-F]{2})", lambda m: bytes.fromhex(m[1].decode()),
                  arg.encode())


def escaped(data):
    return data.decode("utf-8", "backslashreplace").encode()


def main():
    done = subprocess.run([to_bytes(a) for a in sys.argv[1:]],
                          capture_output=True)
    sys.stdout.buffer.write(escaped(done.stdout))
    sys.stderr.buffer.write(escaped(done.stderr))
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
