#!/usr/bin/env python3
"""Mutation harness for uaccess-lint on real kernel sources.

Finds the user-access windows of real kernel files with the tool itself
(--dump-uaccess), injects one defect per mutant into a scratch copy of the
file, keeps the mutants that still compile, runs the tool on each and counts
how many are reported by the check that should fire.  Reports recall per
mutation kind and overall, and the findings on the unmutated files
(baseline: every one is either a true positive or a false positive).

Mutation kinds (expected check):
  delete-end        drop one user_*_access_end() statement   (window-unbalanced)
  redirect-label    point one unsafe_* op at a new fault label
                    that returns without closing the window  (window-unbalanced)
  swap-family       end of the other family                  (window-mismatch)
  insert-call       _printk() before a window's first op     (window-call)
  move-op-past-end  move one unsafe_* op after its window's
                    normal-path end                          (window-unsafe-outside)

--mode unbatch goes the other way, for the batchable check: each window of
the file's own functions that holds only unsafe_put_user/unsafe_get_user
(checked begin, not masked, no copy ops or wrapper macros: the others are
counted as skipped, with the reason) becomes one mutant with the begin
statement deleted, every op an `if (__put_user(x, p)) goto L;` (or
__get_user) and the window's ends deleted, normal path and fault label
block alike.  It is detected when a batchable finding that the unmutated
file does not have appears in the function.  Recall is per file and
overall; the rewrite batchable offers is compared with the window the
kernel has (same user pointer), and --verify-fixes also applies it and
checks that the result compiles with balanced windows.

The kernel tree is never written to: each mutant lives in its own temporary
directory with a one-entry compile_commands.json whose "directory" is still
the kernel tree (and -iquote the source's own directory, so that
#include "local.h" keeps resolving).

Exit status: 0 when the overall recall reaches --min-recall, 1 when it
does not, 2 on setup errors (bad arguments, a file the tool cannot dump or
analyze unmutated).  Standard library only.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_scratch import scratch_entry  # noqa: E402

KINDS = [
    ("delete-end", "window-unbalanced"),
    ("redirect-label", "window-unbalanced"),
    ("swap-family", "window-mismatch"),
    ("insert-call", "window-call"),
    ("move-op-past-end", "window-unsafe-outside"),
]
EXPECTED = dict(KINDS)

USES_WINDOWS = re.compile(
    r"\b(?:user_\w*access_begin|masked_user_\w*access_begin|unsafe_\w+)\s*\(")
BEGIN_KINDS = ("checked-begin", "masked-begin", "unchecked-begin")
END_FAMILY = {
    "user_read_access_end": "read",
    "user_write_access_end": "write",
    "user_access_end": "rw",
    "user_rw_access_end": "rw",
}
SWAP = {
    "user_read_access_end": "user_write_access_end",
    "user_write_access_end": "user_read_access_end",
    "user_access_end": "user_read_access_end",
}
MUT_LABEL = "__mut_fault"
CALL_STMT = '_printk("uaccess-mutant\\n");'


# ---------------------------------------------------------------- source text

class Source:
    """A C file as latin-1 text (one char per byte, so clang's byte columns
    index it directly) plus a mask of the same length where comments,
    string/char literals and preprocessor lines are blanked out."""

    def __init__(self, text):
        self.text = text
        self.mask = mask_code(text)
        self.line_starts = [0]
        for i, c in enumerate(text):
            if c == "\n":
                self.line_starts.append(i + 1)

    def offset(self, line, col):
        return self.line_starts[line - 1] + col - 1

    def line_of(self, off):
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def line_span(self, line):
        """[start, end) of a line, end excluding the newline."""
        start = self.line_starts[line - 1]
        end = self.text.find("\n", start)
        return start, (len(self.text) if end < 0 else end)

    def ident_at(self, off):
        m = re.compile(r"[A-Za-z_]\w*").match(self.mask, off)
        return m.group(0) if m else None

    def skip_ws(self, off):
        while off < len(self.mask) and self.mask[off].isspace():
            off += 1
        return off

    def prev_sig(self, off):
        """Offset of the last significant (non-blank, non-comment) char before off."""
        off -= 1
        while off >= 0 and self.mask[off].isspace():
            off -= 1
        return off

    def word_before(self, off):
        """The identifier ending at off (inclusive), if any."""
        end = off + 1
        while off >= 0 and (self.mask[off].isalnum() or self.mask[off] == "_"):
            off -= 1
        return self.mask[off + 1:end]

    def call_at(self, off):
        """For a call NAME(args) starting at off: (name, open paren, close
        paren offset, [(arg start, arg end)]) or None."""
        name = self.ident_at(off)
        if not name:
            return None
        p = self.skip_ws(off + len(name))
        if p >= len(self.mask) or self.mask[p] != "(":
            return None
        depth, args, start = 0, [], p + 1
        for i in range(p, len(self.mask)):
            c = self.mask[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
                if depth == 0:
                    if self.text[start:i].strip() or args:
                        args.append((start, i))
                    return name, p, i, args
            elif c == "," and depth == 1:
                args.append((start, i))
                start = i + 1
        return None

    def statement_at(self, off):
        """A call statement NAME(...); at off: (name, end offset after ';',
        args) or None."""
        call = self.call_at(off)
        if not call:
            return None
        name, _, close, args = call
        semi = self.skip_ws(close + 1)
        if semi >= len(self.mask) or self.mask[semi] != ";":
            return None
        return name, semi + 1, args

    def is_unbraced_body(self, off):
        """True when the statement at off is the sole body of an if/else/
        for/while/do without braces (its removal would change control flow)."""
        p = self.prev_sig(off)
        if p < 0:
            return False
        c = self.mask[p]
        if c == ")":
            return True
        if c.isalnum() or c == "_":
            return self.word_before(p) in ("else", "do")
        return False

    def starts_line(self, off):
        start = self.line_starts[self.line_of(off) - 1]
        return self.text[start:off].strip() == ""

    def rest_of_line_blank(self, off):
        _, end = self.line_span(self.line_of(off))
        return self.mask[off:end].strip() == ""


def mask_code(text):
    out = list(text)
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in " \t":
            i += 1
            continue
        if at_line_start and c == "#":
            # Preprocessor directive, with backslash continuations.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out[i] = " "
                    i += 2
                    continue
                if text.startswith("/*", i):
                    j = text.find("*/", i + 2)
                    j = n if j < 0 else j + 2
                    for k in range(i, j):
                        if out[k] != "\n":
                            out[k] = " "
                    i = j
                    continue
                out[i] = " "
                i += 1
            continue
        at_line_start = False
        if c == "\n":
            at_line_start = True
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            # Keep the quotes, blank the contents.
            for k in range(i + 1, j - 1):
                out[k] = " "
            i = j
        else:
            i += 1
    return "".join(out)


def indent_of(src, line):
    start, end = src.line_span(line)
    s = src.text[start:end]
    return s[:len(s) - len(s.lstrip())]


# ------------------------------------------------------------------- the dump

ENTRY = re.compile(r"^  (\d+):(\d+) (\S+) (\S+)(?: (read|write|rw))? (macro|call)\b(.*)$")
FUNC = re.compile(r"^function '([^']*)' at (.*):(\d+)$")
LABEL = re.compile(r"label='([^']*)'(?: -> ([A-Za-z_]\w*):(\d+))?")


def parse_dump(out):
    funcs, cur = [], None
    for ln in out.splitlines():
        m = FUNC.match(ln)
        if m:
            cur = {"name": m.group(1), "path": m.group(2),
                   "line": int(m.group(3)), "entries": []}
            funcs.append(cur)
            continue
        m = ENTRY.match(ln)
        if m and cur is not None:
            e = {"line": int(m.group(1)), "col": int(m.group(2)),
                 "name": m.group(3), "kind": m.group(4),
                 "family": m.group(5), "form": m.group(6),
                 "label": None, "label_line": None}
            lm = LABEL.search(m.group(7))
            if lm:
                e["label"] = lm.group(1)
                if lm.group(3):
                    e["label_line"] = int(lm.group(3))
            cur["entries"].append(e)
        # Anything else continues a multi-line quoted value: ignored.
    return funcs


def window_groups(entries):
    """Split a function's entries (in source order) into windows: a group
    starts at a begin that follows an end (or at the first begin); begins
    before the group's first end (masked + checked fallback) share it."""
    groups, cur, seen_end = [], None, False
    for e in sorted(entries, key=lambda e: (e["line"], e["col"])):
        if e["kind"] in BEGIN_KINDS:
            if cur is None or seen_end:
                cur = {"begins": [], "ops": [], "ends": []}
                groups.append(cur)
                seen_end = False
            cur["begins"].append(e)
        elif cur is None:
            continue
        elif e["kind"] == "unsafe-op":
            cur["ops"].append(e)
        elif e["kind"] == "end":
            cur["ends"].append(e)
            seen_end = True
    return groups


def pos(e):
    return (e["line"], e["col"])


# -------------------------------------------------------------- the mutations

class Skip(Exception):
    pass


def edit(text, start, end, repl):
    return text[:start] + repl + text[end:]


def op_statement(src, op):
    """The unsafe_* statement of an op entry: (start, end after ';', name,
    args).  The op may be spelled through a local wrapper macro whose name
    starts with unsafe_ (fs/readdir.c unsafe_copy_dirent_name)."""
    off = src.offset(op["line"], op["col"])
    name = src.ident_at(off)
    if not name or not (name == op["name"] or name.startswith("unsafe_")):
        raise Skip("op not spelled at its position")
    st = src.statement_at(off)
    if not st:
        raise Skip("op is not a call statement")
    _, end, args = st
    if not args:
        raise Skip("op has no arguments")
    return off, end, name, args


def end_deletion(src, end):
    """The edit (start, stop, replacement) that deletes one end statement:
    its whole line when it is alone there, ';' where removing it would
    change control flow (an unbraced body) or leave a label at the end of
    a block."""
    off = src.offset(end["line"], end["col"])
    if src.ident_at(off) != end["name"]:
        raise Skip("end not spelled at its position")
    st = src.statement_at(off)
    if not st:
        raise Skip("end is not a statement")
    _, stop, _ = st
    nxt = src.skip_ws(stop)
    after_label = src.mask[src.prev_sig(off)] == ":"
    if src.is_unbraced_body(off) or (after_label and src.mask[nxt:nxt + 1] == "}"):
        return off, stop, ";"
    if src.starts_line(off) and src.rest_of_line_blank(stop):
        s, e = src.line_span(end["line"])
        return s, e + 1, ""
    return off, stop, ""


def mut_delete_end(src, fn, group, end):
    return edit(src.text, *end_deletion(src, end))


def label_block_return(src, fn, label, label_line):
    """Offset of the label definition line and the text of the first
    'return ...;' after it, if the block reaches a return (and closes the
    window on the way) before any goto."""
    start, end = src.line_span(label_line)
    m = re.match(r"\s*" + re.escape(label) + r"\s*:", src.mask[start:end])
    if not m:
        raise Skip("label not defined on its line")
    body = start + m.end()
    kw = re.compile(r"\b(return|goto)\b").search(src.mask, body)
    if not kw:
        raise Skip("no return after label")
    if kw.group(1) == "goto":
        raise Skip("label block jumps elsewhere")
    semi, depth = None, 0
    for i in range(kw.end(), len(src.mask)):
        c = src.mask[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif c == ";" and depth == 0:
            semi = i
            break
    if semi is None:
        raise Skip("unparsable return")
    ret_line = src.line_of(kw.start())
    closes = any(e["kind"] == "end" and label_line <= e["line"] <= ret_line
                 for e in fn["entries"])
    if not closes:
        raise Skip("label block does not close the window (nothing to leak)")
    return src.text[kw.start():semi + 1]


def mut_redirect_label(src, fn, group, op):
    if not op["label"] or not op["label_line"]:
        raise Skip("op without resolved label")
    off, _, _, args = op_statement(src, op)
    a0, a1 = args[-1]
    if src.text[a0:a1].strip() != op["label"]:
        raise Skip("last argument is not the label")
    ret = label_block_return(src, fn, op["label"], op["label_line"])
    # The new block goes right before the label line; only where the
    # statement before it cannot fall through (a return or goto that is not
    # the unbraced body of an if/else).
    lstart, _ = src.line_span(op["label_line"])
    p = src.prev_sig(lstart)
    if p < 0 or src.mask[p] != ";":
        raise Skip("no statement before the label")
    pline = src.line_of(p)
    ps, _ = src.line_span(pline)
    stmt = src.mask[ps:p + 1].strip()
    if not re.match(r"^(return\b[^;]*|goto\s+\w+)\s*;$", stmt):
        raise Skip("statement before the label may fall through")
    if src.is_unbraced_body(ps + (len(src.mask[ps:p]) - len(src.mask[ps:p].lstrip()))):
        raise Skip("return before the label is conditional")
    ind = indent_of(src, op["label_line"])
    block = ind + MUT_LABEL + ":\n" + ind + "\t" + ret + "\n"
    # Edit the later position first so earlier offsets stay valid.
    text = src.text
    edits = sorted([(a0, a1, " " + MUT_LABEL), (lstart, lstart, block)], reverse=True)
    for s, e, r in edits:
        text = edit(text, s, e, r)
    return text


def mut_swap_family(src, fn, group, end):
    new = SWAP.get(end["name"])
    if not new:
        raise Skip("no swap for this end")
    fams = {b["family"] for b in group["begins"]}
    if fams and fams == {END_FAMILY[new]}:
        raise Skip("swap keeps the window's family")
    off = src.offset(end["line"], end["col"])
    if src.ident_at(off) != end["name"]:
        raise Skip("end not spelled at its position")
    return edit(src.text, off, off + len(end["name"]), new)


def mut_insert_call(src, fn, group, op):
    off, stop, _, _ = op_statement(src, op)
    if not src.starts_line(off):
        raise Skip("op does not start its line")
    line = op["line"]
    ind = indent_of(src, line)
    ls, _ = src.line_span(line)
    if src.is_unbraced_body(off):
        # Keep the op the loop/if body: brace the two statements together.
        text = edit(src.text, stop, stop, " }")
        return edit(text, ls, ls, ind + "{ " + CALL_STMT + "\n")
    return edit(src.text, ls, ls, ind + CALL_STMT + "\n")


def mut_move_op(src, fn, group, op, end):
    off, stop, _, _ = op_statement(src, op)
    if not src.starts_line(off) or not src.rest_of_line_blank(stop):
        raise Skip("op is not alone on its line")
    if src.line_of(stop - 1) != op["line"]:
        raise Skip("op spans several lines")
    eoff = src.offset(end["line"], end["col"])
    if src.ident_at(eoff) != end["name"]:
        raise Skip("end not spelled at its position")
    est = src.statement_at(eoff)
    if not est or not src.starts_line(eoff) or not src.rest_of_line_blank(est[1]):
        raise Skip("end is not alone on its line")
    if src.is_unbraced_body(eoff):
        raise Skip("end is a conditional body")
    op_text = src.text[off:stop]
    es, ee = src.line_span(end["line"])
    text = edit(src.text, ee + 1, ee + 1, indent_of(src, end["line"]) + op_text + "\n")
    os_, oe = src.line_span(op["line"])
    if src.is_unbraced_body(off):
        return edit(text, off, stop, ";")
    return edit(text, os_, oe + 1, "")


def generate(rel, src, funcs, main_path):
    """All candidate mutants of one file: list of dicts; plus skip counts."""
    muts, skips = [], {}

    def add(kind, fn, at, thunk):
        try:
            text = thunk()
        except Skip as s:
            skips.setdefault(kind, {}).setdefault(str(s), 0)
            skips[kind][str(s)] += 1
            return
        if text == src.text:
            return
        muts.append({"kind": kind, "file": rel, "function": fn["name"],
                     "line": at["line"], "col": at["col"], "name": at["name"],
                     "text": text})

    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        seen_ops = set()
        for g in window_groups(fn["entries"]):
            for end in g["ends"]:
                if re.match(r"^user_\w*access_end$", end["name"]):
                    add("delete-end", fn, end, lambda: mut_delete_end(src, fn, g, end))
                add("swap-family", fn, end, lambda: mut_swap_family(src, fn, g, end))
            ops = []
            for op in g["ops"]:
                if pos(op) in seen_ops:
                    continue  # one source statement, several ops (wrapper macro)
                seen_ops.add(pos(op))
                ops.append(op)
            if ops:
                first = ops[0]
                add("insert-call", fn, first, lambda: mut_insert_call(src, fn, g, first))
            for op in ops:
                add("redirect-label", fn, op, lambda: mut_redirect_label(src, fn, g, op))
                after = [e for e in g["ends"] if pos(e) > pos(op)]
                if after:
                    end = after[0]
                    add("move-op-past-end", fn, op,
                        lambda: mut_move_op(src, fn, g, op, end))
    return muts, skips


# -------------------------------------------------------- unbatching windows
#
# --mode unbatch turns each real window back into what it would have been
# before someone batched it: the checked begin deleted, every
# unsafe_put_user(x, p, L) an `if (__put_user(x, p)) goto L;` (likewise
# get), the window's ends deleted (normal path and fault label block alike,
# so L's block now just fails).  The batchable check should offer the
# batching back.

UNBATCH_KIND = ("unbatch", "batchable")
UNBATCH_OPS = {"unsafe_put_user": "__put_user", "unsafe_get_user": "__get_user"}
IF_NOT_BEGIN = re.compile(r"\bif\s*\(\s*(unlikely\s*\(\s*)?!\s*$")
UNSAFE_CALL = re.compile(r"\bunsafe_\w+(?=\s*\()")
END_NAME = re.compile(r"^user_\w*access_end$")
EXPECTED[UNBATCH_KIND[0]] = UNBATCH_KIND[1]


def matching_close(src, off):
    """Offset of the bracket closing the one at off."""
    depth = 0
    for i in range(off, len(src.mask)):
        c = src.mask[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return None


def statement_end(src, off):
    """Offset after the statement starting at off: a braced block or a
    simple statement up to its ';'."""
    if src.mask[off:off + 1] == "{":
        close = matching_close(src, off)
        return None if close is None else close + 1
    depth = 0
    for i in range(off, len(src.mask)):
        c = src.mask[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif c == ";" and depth == 0:
            return i + 1
    return None


def whole_lines(src, start, stop):
    """[start, stop) widened to whole lines when nothing else shares them,
    plus one of the two blank lines the deletion would leave adjacent."""
    if not (src.starts_line(start) and src.rest_of_line_blank(stop)):
        return start, stop
    first, last = src.line_of(start), src.line_of(stop - 1)
    s = src.line_starts[first - 1]
    _, e = src.line_span(last)
    e = min(e + 1, len(src.text))

    def blank(line):
        if line < 1 or line > len(src.line_starts):
            return False
        a, b = src.line_span(line)
        return src.text[a:b].strip() == ""

    if blank(first - 1) and blank(last + 1) and last + 1 <= len(src.line_starts):
        _, e2 = src.line_span(last + 1)
        e = min(e2 + 1, len(src.text))
    return s, e


def begin_deletion(src, b):
    """The edit deleting `if (!BEGIN(...)) FAIL;` (also `if (unlikely(!...))`)."""
    off = src.offset(b["line"], b["col"])
    if src.ident_at(off) != b["name"]:
        raise Skip("begin not spelled at its position")
    m = IF_NOT_BEGIN.search(src.mask, max(0, off - 200), off)
    call = src.call_at(off)
    if not m or not call:
        raise Skip("begin is not written as if (!begin(...)) fail")
    p = call[2] + 1
    for _ in range(2 if m.group(1) else 1):
        p = src.skip_ws(p)
        if src.mask[p:p + 1] != ")":
            raise Skip("begin is not the whole if condition")
        p += 1
    stop = statement_end(src, src.skip_ws(p))
    if stop is None:
        raise Skip("unparsable failure statement after the begin")
    if src.ident_at(src.skip_ws(stop)) == "else":
        raise Skip("the begin's if has an else")
    if src.is_unbraced_body(m.start()):
        return m.start(), stop, ";"
    s, e = whole_lines(src, m.start(), stop)
    return s, e, ""


def op_replacement(src, op):
    """unsafe_put_user(x, p, L); -> if (__put_user(x, p)) goto L;"""
    off, stop, name, args = op_statement(src, op)
    if name != op["name"]:
        raise Skip("op spelled through a wrapper macro (%s)" % name)
    if len(args) != 3:
        raise Skip("op does not have three arguments")
    label = src.text[args[2][0]:args[2][1]].strip()
    if not op["label"] or label != op["label"]:
        raise Skip("op's last argument is not its fault label")
    repl = "if (%s%s)) goto %s;" % (UNBATCH_OPS[name], src.text[off + len(name):args[1][1]], label)
    if src.is_unbraced_body(off) and src.ident_at(src.skip_ws(stop)) == "else":
        repl = "{ " + repl + " }"
    return off, stop, repl


def mut_unbatch(src, fn, group):
    begins = group["begins"]
    if any(b["kind"] == "masked-begin" for b in begins) or \
            any(e["kind"] == "masked-probe" for e in fn["entries"]):
        raise Skip("masked begin (can_do_masked_user_access)")
    if len(begins) != 1 or begins[0]["kind"] != "checked-begin":
        raise Skip("not one checked begin")
    if not group["ops"]:
        raise Skip("no unsafe_put_user/unsafe_get_user (window around a copy routine)")
    others = sorted({op["name"] for op in group["ops"] if op["name"] not in UNBATCH_OPS})
    if others:
        raise Skip("other unsafe ops (%s)" % ", ".join(others))
    at = {}
    for op in group["ops"]:
        at.setdefault(pos(op), []).append(op)
    for ops in at.values():
        if len(ops) > 1:
            raise Skip("op spelled through a wrapper macro (%s)"
                       % src.ident_at(src.offset(*pos(ops[0]))))
    if not group["ends"]:
        raise Skip("window without an end")
    for e in group["ends"]:
        if not END_NAME.match(e["name"]):
            raise Skip("end %s is not a user_*_access_end()" % e["name"])
    # A window-only macro other than the ops (unsafe_put_sigcontext32, ...)
    # would need the window: such windows cannot be unbatched.
    b = begins[0]
    lo = src.offset(b["line"], b["col"])
    hi = max(src.offset(e["line"], e["col"]) for e in group["ends"])
    op_offs = {src.offset(*p) for p in at}
    for m in UNSAFE_CALL.finditer(src.mask, lo, hi):
        if m.start() not in op_offs:
            raise Skip("op spelled through a wrapper macro (%s)" % m.group(0))
    # The fault labels' blocks must close this window (and no other).
    ends_at = {pos(e) for e in group["ends"]}
    for op in group["ops"]:
        if op["label_line"] is None:
            raise Skip("op without resolved label")
        for e in fn["entries"]:
            if e["kind"] == "end" and op["label_line"] <= e["line"] <= op["label_line"] + 2 \
                    and pos(e) not in ends_at:
                raise Skip("fault label block ends another window")
    edits = [begin_deletion(src, b)]
    edits += [op_replacement(src, op) for op in group["ops"]]
    edits += [end_deletion(src, e) for e in group["ends"]]
    edits.sort()
    for (s0, e0, _), (s1, _, _) in zip(edits, edits[1:]):
        if s1 < e0:
            raise Skip("overlapping edits")
    text = src.text
    for s0, e0, r in reversed(edits):
        text = edit(text, s0, e0, r)
    return text


def generate_unbatch(rel, src, funcs, main_path):
    """One mutant per window of the file's own functions; plus the windows
    skipped, each with its reason."""
    muts, skipped = [], []
    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        for g in window_groups(fn["entries"]):
            b = g["begins"][0]
            where = {"file": rel, "function": fn["name"], "line": b["line"],
                     "col": b["col"], "name": b["name"]}
            try:
                text = mut_unbatch(src, fn, g)
            except Skip as s:
                skipped.append(dict(where, reason=str(s)))
                continue
            muts.append(dict(where, kind=UNBATCH_KIND[0], text=text,
                             ops=len(g["ops"]),
                             begin=begin_args(src, src.offset(b["line"], b["col"]))))
    return muts, skipped


def begin_args(src, off):
    """(name, ptr, len) of the two-argument begin call at off, whitespace
    collapsed; None when it is not one."""
    call = src.call_at(off)
    if not call or len(call[3]) != 2:
        return None
    ptr, ln = (" ".join(src.text[a:b].split()) for a, b in call[3])
    return call[0], ptr, ln


def rewrite_begin(findings):
    """The begin call (as begin_args) that the first fix-it among findings
    opens, or None when none is offered."""
    for f in findings:
        for fx in f.get("fixes", []):
            r = fx.get("replacement", "")
            m = re.search(r"\buser_\w*access_begin\s*\(", r)
            if m:
                return begin_args(Source(r), m.start())
    return None


def show_begin(b):
    return "%s(%s, %s)" % b if b else "?"


# ------------------------------------------------------------ running the tool

def write_scratch(d, entry, kernel, text, basename):
    """text as d/basename plus a one-entry d/compile_commands.json for it."""
    path = os.path.join(d, basename)
    with open(path, "w", encoding="latin-1", newline="") as f:
        f.write(text)
    db = os.path.join(d, "compile_commands.json")
    with open(db, "w") as f:
        json.dump([scratch_entry(entry, path)], f, indent=1)
    return path, db


def verify_fix(tool, entry, kernel, text, basename, timeout, function, base_keys):
    """Apply the batchable fix-its to text (a detected unbatch mutant) and
    check the result: (verdict, new window-* findings in function)."""
    d = tempfile.mkdtemp(prefix="uaccess-fix-")
    try:
        path, db = write_scratch(d, entry, kernel, text, basename)
        try:
            subprocess.run([tool, "-p", db, "--checks=batchable", "--fix", "-j", "1",
                            "--timeout=%d" % timeout, path], capture_output=True,
                           timeout=timeout + 30)
        except (subprocess.TimeoutExpired, OSError):
            return "tool failed", []
        with open(path, encoding="latin-1", newline="") as f:
            fixed = f.read()
        if fixed == text:
            return "not applied", []
        status, findings, _, _ = run_tool(tool, entry, kernel, fixed, basename,
                                          timeout, checks="window-*")
        if status != "ok":
            return "does not compile" if status == "noncompile" else "tool failed", []
        new = [f for f in findings if f.get("function") == function
               and key(f) not in base_keys]
        return ("window findings" if new else "ok"), new
    finally:
        shutil.rmtree(d, ignore_errors=True)


def run_tool(tool, entry, kernel, text, basename, timeout, keep_dir=None,
             checks="window-*"):
    """Analyze text as the source of entry.  Returns (status, findings,
    stderr) with status 'ok', 'noncompile' or 'failed'."""
    d = keep_dir or tempfile.mkdtemp(prefix="uaccess-mutant-")
    try:
        path, db = write_scratch(d, entry, kernel, text, basename)
        cmd = [tool, "-p", db, "--format=json", "-j", "1", "--checks=" + checks,
               "--timeout=%d" % timeout, path]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=timeout + 30, errors="replace")
        except subprocess.TimeoutExpired:
            return "failed", [], "timeout", path
        except OSError as e:
            return "failed", [], "could not run %s: %s" % (tool, e), path
        try:
            doc = json.loads(p.stdout)
        except ValueError:
            return "failed", [], "exit %d, no JSON: %s" % (p.returncode, p.stderr[-2000:]), path
        fails = doc.get("tus", {}).get("failures", [])
        if p.returncode == 3 or fails:
            if any("front end reported errors" in x.get("reason", "") for x in fails):
                return "noncompile", doc.get("findings", []), p.stderr, path
            return "failed", doc.get("findings", []), p.stderr or str(fails), path
        if p.returncode not in (0, 1):
            return "failed", [], "exit %d: %s" % (p.returncode, p.stderr[-2000:]), path
        return "ok", doc.get("findings", []), p.stderr, path
    finally:
        if not keep_dir:
            shutil.rmtree(d, ignore_errors=True)


def key(f):
    return (f.get("check"), f.get("function"), f.get("message"))


def mutant_name(i, m):
    return "%03d-%s-%s-%d" % (i, m["kind"], m["file"].replace("/", "_").replace(".", "_"), m["line"])


def write_diff(path, orig, m):
    with open(path, "w", encoding="latin-1") as f:
        f.writelines(difflib.unified_diff(
            orig.splitlines(True), m["text"].splitlines(True),
            m["file"], m["file"] + " (%s mutant)" % m["kind"]))


def unbatch_miss_reason(m):
    """A short reason for an unbatched window batchable did not report."""
    if m["in_fn"]:
        return "only the unmutated function's findings: " + "; ".join(
            "line %s: %s" % (f.get("line"), f.get("message")) for f in m["in_fn"])
    if m["elsewhere"]:
        return "new findings only in other functions: " + "; ".join(
            "%s line %s" % (f.get("function"), f.get("line")) for f in m["elsewhere"])
    return "no batchable finding in the function"


# ------------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", required=True, help="kernel tree with compile_commands.json")
    ap.add_argument("--tool", required=True, help="uaccess-lint binary")
    ap.add_argument("--files", nargs="+", help="sources (relative to --kernel); "
                    "default: every database entry using user-access windows")
    ap.add_argument("--mode", choices=("window", "unbatch"), default="window",
                    help="window: inject window defects (the kinds below); unbatch: "
                    "turn each window back into per-access __put_user/__get_user "
                    "calls, expecting batchable to find it again")
    ap.add_argument("--verify-fixes", action="store_true",
                    help="unbatch: apply batchable's fix-its to each detected mutant "
                    "and check that the result compiles and adds no window-* "
                    "finding to the function")
    ap.add_argument("--min-recall", type=float, default=0.95)
    ap.add_argument("--list-misses", action="store_true")
    ap.add_argument("--max-per-kind", type=int, default=0,
                    help="at most N mutants per kind, spread evenly (0: all)")
    ap.add_argument("--kinds", nargs="+", choices=[k for k, _ in KINDS],
                    help="only these mutation kinds")
    ap.add_argument("--keep-misses", metavar="DIR",
                    help="write each missed mutant and the tool's findings under DIR")
    ap.add_argument("--save-diffs", metavar="DIR",
                    help="write a unified diff of every mutant under DIR")
    ap.add_argument("--checks",
                    help="checks the tool runs (its --checks globs); default: the "
                    "checks the mode targets (window-* or batchable)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per tool run")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    opts = ap.parse_args()
    t0 = time.time()
    unbatch = opts.mode == "unbatch"
    if unbatch and opts.kinds:
        print("mutate: --kinds applies to --mode window only", file=sys.stderr)
        return 2
    if opts.verify_fixes and not unbatch:
        print("mutate: --verify-fixes applies to --mode unbatch only", file=sys.stderr)
        return 2
    if opts.checks is None:
        opts.checks = "batchable" if unbatch else "window-*"
    kinds = [UNBATCH_KIND] if unbatch else KINDS

    kernel = os.path.realpath(opts.kernel)
    tool = os.path.abspath(opts.tool)
    dbpath = os.path.join(kernel, "compile_commands.json")
    try:
        with open(dbpath) as f:
            db = json.load(f)
    except (OSError, ValueError) as e:
        print("mutate: cannot read %s: %s" % (dbpath, e), file=sys.stderr)
        return 2
    by_path = {}
    for e in db:
        p = e["file"] if os.path.isabs(e["file"]) else os.path.join(e["directory"], e["file"])
        by_path[os.path.realpath(p)] = e

    if opts.files:
        paths = []
        for f in opts.files:
            p = os.path.realpath(f if os.path.isabs(f) else os.path.join(kernel, f))
            if p not in by_path:
                print("mutate: %s is not in %s" % (f, dbpath), file=sys.stderr)
                return 2
            paths.append(p)
    else:
        paths = []
        for p in sorted(by_path):
            try:
                with open(p, encoding="latin-1") as f:
                    if USES_WINDOWS.search(f.read()):
                        paths.append(p)
            except OSError:
                pass
    if not paths:
        print("mutate: no files to mutate", file=sys.stderr)
        return 2

    def relname(p):
        r = os.path.relpath(p, kernel)
        return p if r.startswith("..") else r

    # 1. Windows (dump) and baseline findings of each unmutated file.  The
    #    baseline runs on an unmutated scratch copy: it also proves that the
    #    scratch setup compiles the file.
    def prepare(p):
        entry = by_path[p]
        with open(p, encoding="latin-1", newline="") as f:
            text = f.read()
        try:
            d = subprocess.run([tool, "-p", kernel, "--dump-uaccess", "-j", "1",
                                "--timeout=%d" % opts.timeout, p],
                               capture_output=True, text=True, errors="replace")
            funcs = parse_dump(d.stdout) if d.returncode == 0 else None
            derr = d.stderr
        except OSError as e:
            funcs, derr = None, "could not run %s: %s" % (tool, e)
        status, findings, err, spath = run_tool(tool, entry, kernel, text,
                                                os.path.basename(p), opts.timeout,
                                                checks=opts.checks)
        for f in findings:
            if f.get("file") == spath:
                f["file"] = p
        wkeys = set()
        if opts.verify_fixes:
            _, wf, _, _ = run_tool(tool, entry, kernel, text, os.path.basename(p),
                                   opts.timeout, checks="window-*")
            wkeys = {key(f) for f in wf}
        return p, text, funcs, derr, status, findings, err, wkeys

    files = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.j)) as ex:
        for p, text, funcs, derr, status, findings, err, wkeys in ex.map(prepare, paths):
            files[p] = {"text": text, "funcs": funcs, "status": status,
                        "findings": findings, "dump_err": derr, "err": err,
                        "window_keys": wkeys}

    baseline, setup_errors = [], []
    mutants, skips, skipped = [], {}, []
    for p in paths:
        info = files[p]
        if info["funcs"] is None:
            setup_errors.append("%s: --dump-uaccess failed: %s" % (relname(p), info["dump_err"].strip()[-500:]))
            continue
        if info["status"] != "ok":
            setup_errors.append("%s: unmutated scratch copy not analyzed (%s): %s"
                                % (relname(p), info["status"], info["err"].strip()[-500:]))
            continue
        baseline += info["findings"]
        src = Source(info["text"])
        if unbatch:
            muts, skw = generate_unbatch(relname(p), src, info["funcs"], p)
            skipped += skw
            sk = {}
            for w in skw:
                sk.setdefault(UNBATCH_KIND[0], {}).setdefault(w["reason"], 0)
                sk[UNBATCH_KIND[0]][w["reason"]] += 1
        else:
            muts, sk = generate(relname(p), src, info["funcs"], p)
        for m in muts:
            m["path"] = p
        mutants += muts
        for k, reasons in sk.items():
            for r, n in reasons.items():
                skips.setdefault(k, {}).setdefault(r, 0)
                skips[k][r] += n

    # Windows per file (unbatch), counted before --max-per-kind samples.
    windows = {}
    for w in mutants + skipped:
        windows[w["file"]] = windows.get(w["file"], 0) + 1
    if opts.kinds:
        mutants = [m for m in mutants if m["kind"] in opts.kinds]
    if opts.max_per_kind > 0:
        picked = []
        for kind, _ in kinds:
            ms = [m for m in mutants if m["kind"] == kind]
            if len(ms) > opts.max_per_kind:
                n = opts.max_per_kind
                ms = [ms[(i * len(ms)) // n] for i in range(n)]
            picked += ms
        mutants = picked

    if opts.save_diffs:
        os.makedirs(opts.save_diffs, exist_ok=True)
        for i, m in enumerate(mutants):
            write_diff(os.path.join(opts.save_diffs, mutant_name(i, m) + ".diff"),
                       files[m["path"]]["text"], m)

    base_keys = {}
    for p in paths:
        base_keys[p] = {key(f) for f in files[p]["findings"]}

    # 2. One tool run per mutant.
    def analyze(m):
        status, findings, err, spath = run_tool(
            tool, by_path[m["path"]], kernel, m["text"],
            os.path.basename(m["path"]), opts.timeout, checks=opts.checks)
        expected = EXPECTED[m["kind"]]
        in_fn = [f for f in findings if f.get("function") == m["function"]]
        hits = [f for f in in_fn if f.get("check") == expected
                and key(f) not in base_keys[m["path"]]]
        elsewhere = [f for f in findings if f.get("function") != m["function"]
                     and f.get("check") == expected and key(f) not in base_keys[m["path"]]]
        fix = None
        if opts.verify_fixes and status == "ok" and hits and rewrite_begin(hits):
            fix = verify_fix(tool, by_path[m["path"]], kernel, m["text"],
                             os.path.basename(m["path"]), opts.timeout, m["function"],
                             files[m["path"]]["window_keys"])
        return status, hits, in_fn, err, elsewhere, fix

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.j)) as ex:
        for m, r in zip(mutants, ex.map(analyze, mutants)):
            m["status"], m["hits"], m["in_fn"], m["err"], m["elsewhere"], m["fix"] = r
            results.append(m)

    # 3. Report.
    def counts(ms):
        comp = [m for m in ms if m["status"] != "noncompile"]
        det = [m for m in comp if m["status"] == "ok" and m["hits"]]
        fail = [m for m in comp if m["status"] == "failed"]
        rec = "%7.1f%%" % (100.0 * len(det) / len(comp)) if comp else "     n/a"
        return len(ms), len(comp), len(det), len(fail), rec

    tot = {"gen": 0, "comp": 0, "det": 0, "fail": 0}
    if unbatch:
        print("uaccess-lint unbatch run: %d files, %d windows, %d mutants"
              % (len(paths), sum(windows.values()), len(results)))
        for e in setup_errors:
            print("setup error: " + e)
        w = max([len("file")] + [len(relname(p)) for p in paths])
        hdr = "%-*s %7s %7s %9s %9s %8s %6s %8s" % (
            w, "file", "windows", "skipped", "generated", "compiled", "detected", "failed", "recall")
        print(hdr)
        print("-" * len(hdr))
        for p in paths:
            ms = [m for m in results if m["path"] == p]
            nsk = len([x for x in skipped if x["file"] == relname(p)])
            gen, comp, det, fail, rec = counts(ms)
            print("%-*s %7d %7d %9d %9d %8d %6d %8s" % (w, relname(p), windows.get(relname(p), 0), nsk,
                                                      gen, comp, det, fail, rec))
    else:
        print("uaccess-lint mutation run: %d files, %d mutants" % (len(paths), len(results)))
        for e in setup_errors:
            print("setup error: " + e)
        hdr = "%-18s %9s %9s %9s %9s %8s" % ("kind", "generated", "compiled", "detected", "failed", "recall")
        print(hdr)
        print("-" * len(hdr))
    for kind, _ in kinds:
        gen, comp, det, fail, rec = counts([m for m in results if m["kind"] == kind])
        if not unbatch:
            print("%-18s %9d %9d %9d %9d %8s" % (kind, gen, comp, det, fail, rec))
        tot["gen"] += gen
        tot["comp"] += comp
        tot["det"] += det
        tot["fail"] += fail
    print("-" * len(hdr))
    recall = tot["det"] / tot["comp"] if tot["comp"] else 0.0
    print("overall: %d/%d detected (%.1f%%), %d generated, %d discarded (did not compile), %d tool failures"
          % (tot["det"], tot["comp"], 100.0 * recall, tot["gen"],
             tot["gen"] - tot["comp"], tot["fail"]))
    if unbatch:
        # Detection is the score; the rewrite batchable offers is checked
        # against the window the kernel actually has (same user pointer).
        det = [m for m in results if m["status"] == "ok" and m["hits"]]
        for m in det:
            m["rewrite"] = rewrite_begin(m["hits"])
        fixed = [m for m in det if m["rewrite"]]
        other_ptr = [m for m in fixed if not m["begin"] or m["rewrite"][1] != m["begin"][1]]
        print("rewrites offered: %d/%d detected, %d open the window's own pointer, %d another"
              % (len(fixed), len(det), len(fixed) - len(other_ptr), len(other_ptr)))
        if opts.list_misses:
            for m in other_ptr:
                print("    %s:%d %s: window %s, rewrite %s"
                      % (m["file"], m["line"], m["function"], show_begin(m["begin"]),
                         show_begin(m["rewrite"])))
        if opts.verify_fixes:
            bad = [m for m in fixed if m["fix"] and m["fix"][0] != "ok"]
            print("rewrites applied: %d compile with balanced windows, %d do not"
                  % (len(fixed) - len(bad), len(bad)))
            if opts.list_misses:
                for m in bad:
                    verdict, new = m["fix"]
                    print("    %s:%d %s: %s%s" % (m["file"], m["line"], m["function"], verdict,
                          "".join("; line %s: %s" % (f.get("line"), f.get("message"))
                                  for f in new)))
    nskip = sum(n for r in skips.values() for n in r.values())
    print("not applicable (skipped %s): %d" % ("windows" if unbatch else "sites", nskip))
    for kind, _ in kinds:
        for r, n in sorted(skips.get(kind, {}).items()):
            print("  %-18s %4d  %s" % (kind, n, r))
    if unbatch and opts.list_misses:
        for x in skipped:
            print("    %s:%d:%d %s in %s: %s" % (x["file"], x["line"], x["col"], x["name"],
                                               x["function"], x["reason"]))

    print("baseline findings on unmutated files: %d" % len(baseline))
    for f in sorted(baseline, key=lambda f: (f.get("file", ""), f.get("line", 0))):
        print("  %s:%s:%s: [%s] in %s: %s" % (relname(f.get("file", "?")), f.get("line"),
              f.get("column"), f.get("check"), f.get("function"), f.get("message")))

    misses = [m for m in results if m["status"] != "noncompile"
              and not (m["status"] == "ok" and m["hits"])]
    if opts.list_misses:
        print("misses: %d" % len(misses))
        for m in misses:
            got = ", ".join(sorted({"%s:%s" % (f["check"], f.get("line")) for f in m["in_fn"]})) or "nothing"
            extra = "" if m["status"] == "ok" else " (tool %s: %s)" % (m["status"], m["err"].strip()[-300:])
            if unbatch and m["status"] == "ok":
                extra = " (%d ops): %s" % (m["ops"], unbatch_miss_reason(m))
            print("  %s:%d:%d %s of %s in %s: expected %s, got %s%s"
                  % (m["file"], m["line"], m["col"], m["kind"], m["name"],
                     m["function"], EXPECTED[m["kind"]], got, extra))
    if opts.keep_misses:
        os.makedirs(opts.keep_misses, exist_ok=True)
        for i, m in enumerate(misses):
            d = os.path.join(opts.keep_misses, mutant_name(i, m))
            os.makedirs(d, exist_ok=True)
            run_tool(tool, by_path[m["path"]], kernel, m["text"],
                     os.path.basename(m["path"]), opts.timeout, keep_dir=d,
                     checks=opts.checks)
            write_diff(os.path.join(d, "mutant.diff"), files[m["path"]]["text"], m)
    print("time: %.1fs" % (time.time() - t0))
    if setup_errors:
        return 2
    return 0 if recall >= opts.min_recall else 1


if __name__ == "__main__":
    sys.exit(main())
