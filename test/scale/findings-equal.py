#!/usr/bin/env python3
"""Fails unless the JSON reports name the same findings (times ignored).

Usage: findings-equal.py A.json B.json
"""
import json
import sys

a, b = (json.load(open(p))["findings"] for p in sys.argv[1:3])
if a != b:
    sys.exit(f"findings differ: {len(a)} in {sys.argv[1]}, {len(b)} in {sys.argv[2]}")
if not a:
    sys.exit("no findings: nothing was compared")
print(f"{len(a)} findings, equal")
