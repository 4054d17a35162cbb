#!/usr/bin/env python3
"""Counts access-ok-far findings by kind in --format=json reports.

The kinds are issue 12's: missing everywhere, far, in another function,
another pointer, short range (and not on every path); and checked through
the struct field that holds the pointer, in a function no call chain
joins to the access. Given two reports
(before and after), prints both columns and the difference.

Usage: access-ok-kinds.py REPORT.json [AFTER.json]
"""
import json
import re
import sys

KINDS = [
    ("missing everywhere", re.compile(r"is not guarded by any access_ok\(\)")),
    ("far", re.compile(r"relies on an access_ok\(\) \d+ lines")),
    ("in another function", re.compile(r"relies on an access_ok\(\) in another function")),
    ("through a struct field", re.compile(r"access_ok\(\) (of the struct field (it|a caller) reads|made where the struct field (it|a caller) reads is stored)")),
    ("another pointer", re.compile(r"but the access_ok\(\) (before it|in \w+\(\), \d+ calls? up .*) checks|its window was opened for")),
    ("short range", re.compile(r"covers only|outside the window|moved past the range")),
    ("not on every path", re.compile(r"not guarded on every path")),
]


def kinds(path):
    with open(path) as f:
        report = json.load(f)
    counts = {name: 0 for name, _ in KINDS}
    counts["other"] = 0
    for finding in report["findings"]:
        if finding["check"] != "access-ok-far":
            continue
        message = finding["message"]
        if isinstance(message, dict):  # {"hex": ...}: not UTF-8
            message = bytes.fromhex(message["hex"]).decode("utf-8", "replace")
        name = next((n for n, pattern in KINDS if pattern.search(message)), "other")
        counts[name] += 1
    return counts


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    columns = [kinds(p) for p in sys.argv[1:]]
    names = [n for n, _ in KINDS] + ["other"]
    header = "kind" + "".join(f" | {h}" for h in (["before", "after", "change"] if len(columns) == 2 else ["count"]))
    print(header)
    for name in names + ["total"]:
        values = [sum(c.values()) if name == "total" else c[name] for c in columns]
        if len(values) == 2:
            values.append(values[1] - values[0])
        print(name + "".join(f" | {v:+d}" if i == 2 else f" | {v}" for i, v in enumerate(values)))


if __name__ == "__main__":
    main()
