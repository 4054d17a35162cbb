"""Edit for kernel_scratch.py: the masked begin of the file keeps no result
(`p = masked_user_access_begin(p);` becomes `masked_user_access_begin(p);`),
so its window's accesses go through the raw pointer (issue 31)."""
import re
import sys

path = sys.argv[1]
with open(path, encoding="latin-1") as f:
    text = f.read()
new, n = re.subn(r"\b(\w+) = (masked_user_access_begin\(\1\));", r"\2;", text)
if n != 1:
    sys.exit("discard_masked: no single `p = masked_user_access_begin(p);`")
with open(path, "w", encoding="latin-1") as f:
    f.write(new)
