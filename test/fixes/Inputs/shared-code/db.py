"""db.py DIR FLAGS ENTRY...: a compile_commands.json in DIR, one entry per
ENTRY "file.c[:-DA:-DB]", each compiled with FLAGS (one string) and its
own -D flags."""
import json
import os
import sys

directory, flags = sys.argv[1], sys.argv[2].split()
entries = []
for spec in sys.argv[3:]:
    name, *defines = spec.split(":")
    entries.append({"directory": directory, "file": name,
                    "arguments": ["clang", "-c"] + flags + defines + [name]})
with open(os.path.join(directory, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
