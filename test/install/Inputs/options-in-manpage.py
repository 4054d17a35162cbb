"""Checks that every option `uaccess-lint --help` lists is in the man page:
its name, roff-escaped ('\\-\\-checks'), as the tag of a paragraph.

Usage: options-in-manpage.py HELP.txt uaccess-lint.1; exits 1 when one is
missing."""
import re
import sys

help_text = open(sys.argv[1], encoding="utf-8").read()
page = open(sys.argv[2], encoding="utf-8").read()
options = re.findall(r"^  (-[\w-]+)", help_text, re.M)
missing = [o for o in options if "\\fB" + o.replace("-", "\\-") not in page]
for option in missing:
    print(f"missing from the man page: {option}")
print(f"options-in-manpage: {len(options)} options, {len(missing)} missing")
sys.exit(1 if missing else 0)
