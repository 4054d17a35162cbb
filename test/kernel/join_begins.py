"""Edit for kernel_scratch.py: every if-condition that tests a checked begin
on its own (`if (!user_write_access_begin(p, n))`, `if (unlikely(!...))`,
`if (user_read_access_begin(p, n))`) joined to another test of the begin's
pointer, in the shapes of window-unbalanced's short-circuit rule, one after
the other:

    if (BAD || !begin(p, n))                 the begin's own block decides
    if (unlikely(BAD || !begin(p, n)))       one block tests the chain's value
    if ((BAD || BIG) || (!begin(p, n)))      a chain on the left, parentheses
    if (!(GOOD && begin(p, n)))              a negated `&&` chain
    if (GOOD && begin(p, n))                 (a begin tested for success)

where BAD is `((unsigned long)(p) & 1)` (an odd address), BIG is
`((unsigned long)(p) == -1UL)`, and GOOD is `!BAD`. The window's paths are
those of the original: a return taken because BAD holds never ran the begin.
Prints how many conditions it joined; exits 1 when there is none."""
import re
import sys

BEGIN = re.compile(r"\buser_(?:read_|write_|rw_)?access_begin\s*\(")
IF = re.compile(r"\bif\s*\(")


def close_paren(text, i):
    """The index of the parenthesis that closes the one before i."""
    depth = 1
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return i - 1


def first_argument(text, i):
    """The first argument of the call whose '(' is just before i."""
    depth, start = 0, i
    while depth or text[i] not in ",)":
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return " ".join(text[start:i].split())


def joined(call, negated, index):
    """The test of a begin call (negated: for failure) joined to another
    test of its pointer, in the index-th shape."""
    m = BEGIN.match(call)
    bad = "((unsigned long)(%s) & 1)" % first_argument(call, m.end())
    big = "((unsigned long)(%s) == -1UL)" % first_argument(call, m.end())
    if not negated:
        return "!%s && %s" % (bad, call)
    shapes = ["%s || !%s", "unlikely(%s || !%s)", "(%s || " + big + ") || (!%s)",
              "!(!%s && %s)"]
    return shapes[index % len(shapes)] % (bad, call)


def begin_alone(cond):
    """(the begin call, negated) when cond tests a begin alone:
    `begin(...)`, `!begin(...)` or `unlikely(!begin(...))`; else None."""
    cond = cond.strip()
    if cond.startswith("unlikely(") and close_paren(cond, 9) == len(cond) - 1:
        cond = cond[9:-1].strip()
        if not cond.startswith("!"):
            return None
    negated = cond.startswith("!")
    call = cond[1:].strip() if negated else cond
    m = BEGIN.match(call)
    if not m or close_paren(call, m.end()) != len(call) - 1:
        return None
    return call, negated


def main():
    path = sys.argv[1]
    with open(path, encoding="latin-1") as f:
        text = f.read()
    out, pos, count = [], 0, 0
    for m in IF.finditer(text):
        end = close_paren(text, m.end())
        found = begin_alone(text[m.end():end])
        if m.start() < pos or not found:
            continue
        out.append(text[pos:m.end()] + joined(*found, count))
        pos, count = end, count + 1
    out.append(text[pos:])
    if not count:
        sys.exit("join_begins: no begin tested alone in " + path)
    with open(path, "w", encoding="latin-1") as f:
        f.write("".join(out))
    print("join_begins: %d conditions joined" % count)


if __name__ == "__main__":
    main()
