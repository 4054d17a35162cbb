#!/usr/bin/env python3
"""Prints a JSON report's arches, then each finding's as one line:
"<check> <file name>:<line>:<column> <arches, comma-separated>".

Usage: arches-of.py REPORT.json
"""
import json
import os
import sys

report = json.load(open(sys.argv[1]))
print("report:", ",".join(report["arches"]))
for f in report["findings"]:
    where = f"{os.path.basename(f['file'])}:{f['line']}:{f['column']}"
    print(f["check"], where, ",".join(f["arches"]))
