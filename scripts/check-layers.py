#!/usr/bin/env python3
"""Checks that no source includes a header from a layer above its own.

The layers, bottom up (README, "Layout"):
    utils -> api -> recognize -> analysis -> checks -> runner -> link
in matchers/, then the driver's own in tool/:
    support -> inputs -> run -> gate -> report -> fix -> tool
A file in matchers/<layer>/ may include "<lower or same layer>/X.h" only. A
file in tool/<layer>/ may include any layer of matchers/ and
"<lower or same tool layer>/X.h"; tool/ itself (main and its stages) any
layer and its own headers. Every quoted include of a layer's header must
name the layer, so the rule can be read off it.

Usage: check-layers.py [REPO]; prints each violation, exits 1 if any.
"""
import pathlib
import re
import sys

LAYERS = ["utils", "api", "recognize", "analysis", "checks", "runner", "link",
          "tool"]
TOOL_LAYERS = ["support", "inputs", "run", "gate", "report", "fix", "tool"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(repo, path):
    """(tree, layer): ("matchers", "checks"), ("tool", "run"), ("tool",
    "tool") for tool/'s top level; None outside the layers."""
    rel = path.relative_to(repo).parts
    if rel[0] == "tool":
        if len(rel) > 2 and rel[1] in TOOL_LAYERS[:-1]:
            return ("tool", rel[1])
        if len(rel) == 2:
            return ("tool", "tool")
        return None
    if rel[0] == "matchers" and len(rel) > 2 and rel[1] in LAYERS:
        return ("matchers", rel[1])
    return None


ORDERS = {"matchers": LAYERS, "tool": TOOL_LAYERS}


def violation(repo, path, tree, layer, target):
    """Why \p target may not be included from \p layer of \p tree; None
    when it may. tool/'s top level (main and its stages) includes any."""
    if (tree, layer) == ("tool", "tool"):
        return None
    order = ORDERS[tree]
    head = target.split("/")[0]
    if head in order and (repo / tree / target).exists():
        if order.index(head) > order.index(layer):
            return (f"layer '{layer}' includes '{target}' "
                    f"from the layer above it, '{head}'")
    elif (path.parent / target).exists():
        # A sibling header found by the include's own directory: legal
        # C, but the line no longer says which layer it comes from.
        return (f"'{target}' does not name its layer "
                f"(write \"{layer}/{target}\")")
    elif (repo / "tool" / target).exists():
        above = "tool/" if tree == "matchers" else "the layer above it, 'tool'"
        return f"layer '{layer}' includes '{target}' from {above}"
    return None


def violations(repo, path):
    where_layer = layer_of(repo, path)
    if where_layer is None:
        yield f"{path.relative_to(repo)}: not in a layer folder"
        return
    tree, layer = where_layer
    text = path.read_text(encoding="utf-8")
    for match in INCLUDE.finditer(text):
        target = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        why = violation(repo, path, tree, layer, target)
        if why:
            yield f"{path.relative_to(repo)}:{line}: {why}"


def main():
    repo = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parent.parent)
    files = sorted(p for d in ("matchers", "tool")
                   for p in (repo / d).rglob("*")
                   if p.suffix in (".h", ".cpp"))
    found = [v for f in files for v in violations(repo, f)]
    for v in found:
        print(v)
    print(f"check-layers: {len(files)} files, {len(found)} violations")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
