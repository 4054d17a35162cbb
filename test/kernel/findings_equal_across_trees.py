#!/usr/bin/env python3
"""Fails unless two JSON reports over two kernel trees name the same
findings, once each tree's path is taken out of every string.

Usage: findings_equal_across_trees.py A.json TREE_A B.json TREE_B

The trees are two builds of the same sources (a clang and a gcc build):
paths, notes and fingerprints must agree relative to the tree.
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
        return relative(json.load(f)["findings"], tree)


def main():
    a_json, a_tree, b_json, b_tree = sys.argv[1:5]
    a, b = findings(a_json, a_tree), findings(b_json, b_tree)
    if not a:
        sys.exit("no findings: nothing was compared")
    if a != b:
        key = lambda f: (f["check"], f["file"], f["line"], f["message"])
        only_a = sorted(set(map(key, a)) - set(map(key, b)))
        only_b = sorted(set(map(key, b)) - set(map(key, a)))
        for name, only in ((a_json, only_a), (b_json, only_b)):
            for f in only:
                print(f"only in {name}: {f}", file=sys.stderr)
        sys.exit(f"findings differ: {len(a)} and {len(b)}")
    print(f"{len(a)} findings, equal")


if __name__ == "__main__":
    main()
