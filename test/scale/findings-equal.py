#!/usr/bin/env python3
"""Fails unless the JSON reports name the same findings (times ignored).

Usage: findings-equal.py A.json B.json
       findings-equal.py A.json B.json --trees TREE_A TREE_B

With --trees, the reports are over two builds of the same sources (a clang
and a gcc kernel tree): each tree's path is taken out of every string
first, so paths, notes and fingerprints must agree relative to the tree.
"""
import json
import sys


def relative(value, tree):
    """The value with every mention of the tree's path removed."""
    if isinstance(value, str):
        return value.replace(tree.rstrip("/") + "/", "")
    if isinstance(value, list):
        return [relative(v, tree) for v in value]
    if isinstance(value, dict):
        return {k: relative(v, tree) for k, v in value.items()}
    return value


def findings(report, tree):
    with open(report) as f:
        found = json.load(f)["findings"]
    return relative(found, tree) if tree else found


def main():
    paths, trees = sys.argv[1:3], [None, None]
    if len(sys.argv) == 6 and sys.argv[3] == "--trees":
        trees = sys.argv[4:6]
    elif len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = (findings(p, t) for p, t in zip(paths, trees))
    if a != b:
        key = lambda f: (f["check"], str(f["file"]), f["line"], f["message"])
        for name, mine, other in ((paths[0], a, b), (paths[1], b, a)):
            for f in sorted(set(map(key, mine)) - set(map(key, other))):
                print(f"only in {name}: {f}", file=sys.stderr)
        sys.exit(f"findings differ: {len(a)} in {paths[0]}, {len(b)} in {paths[1]}")
    if not a:
        sys.exit("no findings: nothing was compared")
    print(f"{len(a)} findings, equal")


if __name__ == "__main__":
    main()
