"""Prints a JSON document (standard input) as one 'path = value' line per
leaf, in document order, so FileCheck can name exactly the fields it wants:
runs[0].results[1].locations[0].physicalLocation.region.endColumn = 33."""
import json
import sys


def walk(value, path):
    if isinstance(value, dict):
        for key, child in value.items():
            yield from walk(child, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from walk(child, f"{path}[{i}]")
    else:
        yield f"{path} = {json.dumps(value, ensure_ascii=False)}"


for line in walk(json.load(sys.stdin), ""):
    print(line)
