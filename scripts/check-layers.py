#!/usr/bin/env python3
"""Checks that no source includes a header from a layer above its own.

The layers, bottom up (README, "Layout"):
    utils -> api -> recognize -> analysis -> checks -> runner -> link -> tool
A file in matchers/<layer>/ may include "<lower or same layer>/X.h" only;
files in tool/ may include any layer and tool's own headers. Every quoted
include in matchers/ must name its layer, so the rule can be read off it.

Usage: check-layers.py [REPO]; prints each violation, exits 1 if any.
"""
import pathlib
import re
import sys

LAYERS = ["utils", "api", "recognize", "analysis", "checks", "runner", "link",
          "tool"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(repo, path):
    rel = path.relative_to(repo).parts
    if rel[0] == "tool":
        return "tool"
    if rel[0] == "matchers" and len(rel) > 2 and rel[1] in LAYERS:
        return rel[1]
    return None


def violations(repo, path):
    layer = layer_of(repo, path)
    if layer is None:
        yield f"{path.relative_to(repo)}: not in a layer folder"
        return
    rank = LAYERS.index(layer)
    text = path.read_text(encoding="utf-8")
    for match in INCLUDE.finditer(text):
        target = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        head = target.split("/")[0]
        where = f"{path.relative_to(repo)}:{line}"
        if head in LAYERS and (repo / "matchers" / target).exists():
            if LAYERS.index(head) > rank:
                yield (f"{where}: layer '{layer}' includes '{target}' "
                       f"from the layer above it, '{head}'")
        elif (path.parent / target).exists() and layer != "tool":
            # A sibling header found by the include's own directory: legal
            # C, but the line no longer says which layer it comes from.
            yield (f"{where}: '{target}' does not name its layer "
                   f"(write \"{layer}/{target}\")")
        elif (repo / "tool" / target).exists() and layer != "tool":
            yield f"{where}: layer '{layer}' includes '{target}' from tool/"


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
