#!/usr/bin/env python3
"""Compares the findings of two JSON reports (--format=json), each finding
whole: its place, message, notes, fix-its, fingerprint and arches. The
order is not compared: merge orders by place, a run by rank.

Usage: same_findings.py A.json B.json
"""
import json
import sys

def findings(path):
    with open(path) as f:
        return sorted(json.dumps(x, sort_keys=True)
                      for x in json.load(f)["findings"])

a, b = findings(sys.argv[1]), findings(sys.argv[2])
if a == b:
    print("same_findings: the same %d findings" % len(a))
    sys.exit(0)
for line in sorted(set(a) - set(b)):
    print("only in %s: %s" % (sys.argv[1], line[:400]))
for line in sorted(set(b) - set(a)):
    print("only in %s: %s" % (sys.argv[2], line[:400]))
print("same_findings: %d and %d findings differ" % (len(a), len(b)))
sys.exit(1)
