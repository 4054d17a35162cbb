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

The extra kinds run only when --kinds names them (--kinds extra: all six;
--kinds all: every kind), so that the other arches' runs keep the five
above:
  early-exit        `if (uaccess_mutant_flag) FAIL` before a window's first
                    op, FAIL the checked begin's own failure statement (a
                    return, or a goto past the window); the flag is an
                    extern int the mutant declares at the start of line 1  (window-unbalanced)
  delete-begin      drop the `if (!user_*_access_begin(...)) FAIL;` of a
                    window with one (checked) begin and unsafe ops   (window-unsafe-outside)
  accessor-in-window
                    `if (ACC(args)) goto LABEL;` before an op, ACC the
                    op's self-contained accessor, checked and __ ones
                    alternately (put_user/__put_user for unsafe_put_user,
                    copy_to_user/__copy_to_user ...)         (window-call)
  op-family         unsafe_get_user -> unsafe_put_user in a read window,
                    unsafe_put_user -> unsafe_get_user in a write one (window-mismatch)
  past-range        in a window opened for sizeof(*p), an op's &p->f
                    becomes &p[1].f (the filldir shape)      (access-ok-far)
  shrunk-range      the checked begin's length becomes 1: the window's
                    ops of more than one byte at its start go past it
                                                             (access-ok-far)
  other-pointer     the checked begin names another __user pointer than
                    the ops use: a parameter, or a local declared before
                    it, not assigned from the begin's     (access-ok-far)
A finding of the expected check at a call of the mutated function counts
too (`call to 'f', which performs unsafe user accesses, outside a user
access window`): a function whose begin is deleted still works in its
callers' window when one of them opens windows, and is reported there.
With an access-ok-far kind selected, --checks defaults to
window-*,access-ok-far.

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

--mode unchecked is issue 12's harness for the access_ok checks: in each
window, the checked begin statement (`if (!user_*_access_begin(p, n))
fail;`) becomes x86's `__uaccess_begin_nospec();` or `__uaccess_begin();`
(alternately), which check no range, and the window's ends become
`__uaccess_end()`. The window checks stay quiet on such a mutant; it is
detected when access-ok-far reports, in the function, a finding that the
unmutated file does not have (the unsafe ops' pointer has no access_ok()).

--mode dropped is the harness for the defect access-ok-far exists for
(CVE-2018-20669, i915's missing access_ok()): each access_ok() call of the
file's own functions that comes before an access that may rely on it in the
same function (an unchecked accessor such as __get_user(), an unsafe op, an
unchecked begin; their pointers are not compared with the check's) becomes
`1`, a check that always passes. It is detected
when access-ok-far reports, anywhere in the TU, a finding that the
unmutated file does not have. An access_ok() whose function has no such
access (it guards a callee's, or only checked accessors) is skipped and
counted with its reason.

--mode dropped also makes each checked accessor (get_user(), put_user(),
copy_from_user(), copy_to_user(), clear_user()) with no access_ok(), begin
or checked accessor before it in its function unchecked (`__get_user()`
and so on): kind unguarded-accessor, detected the same way. Its misses are
mostly accesses a check wrapper of the same pointer guards already (a
call the dump does not show), which are no defect: read them.

And it shrinks each access_ok() that kind dropped-access-ok drops to one
byte (`access_ok(p, 1)`): kind shrunk-access-ok, detected the same way.
An access after it of more than one byte, or one byte past p, then goes
past the range; its misses are accesses through another pointer (a copy,
a field the check does not name) or of a length that is not a constant.
Kind other-pointer-access-ok makes that access_ok() check another __user
pointer of the function (a parameter, or a local declared before it, not
derived from the checked one), as other-pointer does to a begin. Kind
ignored-access-ok keeps the check but makes its failure go on where an
extern flag is set (`access_ok(p, n)` becomes `(access_ok(p, n) ||
uaccess_mutant_flag)`): the access after it, or in the callee it guards,
then runs where the check failed (failure-ignored, caller-failure-ignored).

--mode masked is issue 31's harness for masked begins: each
`p = masked_user_*_access_begin(p);` of the file's own functions loses
its result. Kind discarded-masked drops the assignment
(`masked_user_access_begin(p);`); kind masked-elsewhere keeps the result
in a new variable the ops do not use (`{ __auto_type __mut_masked =
masked_user_access_begin(p); (void)__mut_masked; }`). Either way the
window's ops, and the helpers it passes `p` to, go through the raw
pointer on the masked path. It is detected when access-ok-far reports, in
the function, a finding that the unmutated file does not have.

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
# Run only when --kinds names them (or --kinds extra / all): the other
# arches' tests keep the five kinds above.
EXTRA_KINDS = [
    ("early-exit", "window-unbalanced"),
    ("delete-begin", "window-unsafe-outside"),
    ("accessor-in-window", "window-call"),
    ("op-family", "window-mismatch"),
    ("past-range", "access-ok-far"),
    ("other-pointer", "access-ok-far"),
    ("shrunk-range", "access-ok-far"),
]
EXPECTED = dict(KINDS + EXTRA_KINDS)

USES_WINDOWS = re.compile(
    r"\b(?:user_\w*access_begin|masked_user_\w*access_begin|unsafe_\w+)\s*\(")
USES_ACCESS_OK = re.compile(r"\b(?:(?:__)?access_ok|get_user|put_user|"
                            r"copy_(?:from|to)_user|clear_user)\s*\(")
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
    """The mask of Source: text with comments, the contents of string/char
    literals and preprocessor lines blanked, newlines kept."""
    out = list(text)
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in " \t":
            i += 1
            continue
        if at_line_start and c == "#":
            i = blank_directive(text, out, i)
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
            i = blank_block_comment(text, out, i)
        elif c in "\"'":
            i = blank_literal(text, out, i)
        else:
            i += 1
    return "".join(out)


def blank_directive(text, out, i):
    """Blank the preprocessor directive at i, with its backslash
    continuations and the comments inside it; returns the offset of the
    newline that ends it (or the end of text)."""
    n = len(text)
    while i < n and text[i] != "\n":
        if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
            out[i] = " "
            i += 2
            continue
        if text.startswith("/*", i):
            i = blank_block_comment(text, out, i)
            continue
        out[i] = " "
        i += 1
    return i


def blank_block_comment(text, out, i):
    """Blank the /* */ comment at i but keep its newlines, so that line
    numbers still match; returns the offset after it."""
    j = text.find("*/", i + 2)
    j = len(text) if j < 0 else j + 2
    for k in range(i, j):
        if out[k] != "\n":
            out[k] = " "
    return j


def blank_literal(text, out, i):
    """Blank the contents of the string or char literal at i but keep its
    quotes; returns the offset after it."""
    n, quote = len(text), text[i]
    j = i + 1
    while j < n and text[j] != quote and text[j] != "\n":
        j += 2 if text[j] == "\\" else 1
    j = min(j + 1, n)
    for k in range(i + 1, j - 1):
        out[k] = " "
    return j


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


# The extra kinds (--kinds).  early-exit's condition is a variable the
# mutant declares at the start of its first line (so no line moves): the
# tool cannot tell its value, and both branches stay.
MUT_FLAG = "uaccess_mutant_flag"
ACCESSORS = {
    "unsafe_put_user": ("put_user", "__put_user"),
    "unsafe_get_user": ("get_user", "__get_user"),
    "unsafe_copy_to_user": ("copy_to_user", "__copy_to_user"),
    "unsafe_copy_from_user": ("copy_from_user", "__copy_from_user"),
}
OTHER_DIRECTION = {
    "read": ("unsafe_get_user", "unsafe_put_user"),
    "write": ("unsafe_put_user", "unsafe_get_user"),
}


def insert_before_op(src, op, stmt):
    """text with stmt inserted on its own line before op's statement
    (braced together with it when the op is an unbraced body)."""
    off, stop, _, _ = op_statement(src, op)
    if not src.starts_line(off):
        raise Skip("op does not start its line")
    ind = indent_of(src, op["line"])
    ls, _ = src.line_span(op["line"])
    if src.is_unbraced_body(off):
        text = edit(src.text, stop, stop, " }")
        return edit(text, ls, ls, ind + "{ " + stmt + "\n")
    return edit(src.text, ls, ls, ind + stmt + "\n")


def checked_begin(group):
    for b in group["begins"]:
        if b["kind"] == "checked-begin":
            return b
    raise Skip("no checked begin")


def mut_early_exit(src, fn, group, op):
    """`if (flag) FAIL` before op, FAIL being what the checked begin does
    when it fails (a return or a goto past the window)."""
    if src.text.startswith("#"):
        raise Skip("file starts with a directive")
    _, fail, stop = begin_if(src, checked_begin(group))
    stmt = "if (%s) %s" % (MUT_FLAG, " ".join(src.text[fail:stop].split()))
    return "extern int %s; " % MUT_FLAG + insert_before_op(src, op, stmt)


def mut_delete_begin(src, fn, group):
    if len(group["begins"]) != 1:
        raise Skip("several begins (masked and checked)")
    if not group["ops"]:
        raise Skip("window without unsafe ops")
    return edit(src.text, *begin_deletion(src, checked_begin(group)))


def mut_accessor(src, fn, group, op, index):
    """`if (ACCESSOR(op's arguments but the label)) goto label;` before op,
    the checked and the unchecked accessor alternately."""
    off, _, name, args = op_statement(src, op)
    if name not in ACCESSORS or name != op["name"]:
        raise Skip("no accessor for %s" % name)
    acc = ACCESSORS[name][index % 2]
    label = src.text[args[-1][0]:args[-1][1]].strip()
    call = "%s(%s)" % (acc, " ".join(src.text[args[0][0]:args[-2][1]].split()))
    return insert_before_op(src, op, "if (%s) goto %s;" % (call, label))


def mut_op_family(src, fn, group, op):
    """An op of the other direction in a read or write window."""
    fams = {b["family"] for b in group["begins"]}
    if len(fams) != 1 or not OTHER_DIRECTION.get(next(iter(fams))):
        raise Skip("window is not read-only or write-only")
    same, other = OTHER_DIRECTION[next(iter(fams))]
    off, _, name, _ = op_statement(src, op)
    if name != same or op["name"] != same:
        raise Skip("op is not %s" % same)
    return edit(src.text, off, off + len(name), other)


def begin_call(src, group):
    b = checked_begin(group)
    call = src.call_at(src.offset(b["line"], b["col"]))
    if not call or call[0] != b["name"] or len(call[3]) != 2:
        raise Skip("begin is not a two-argument call at its position")
    return call


def mut_past_range(src, fn, group, op):
    """In a window opened for sizeof(*p), op's &p->f becomes &p[1].f: the
    element after the one the begin checked (the filldir shape)."""
    (p0, p1), (l0, l1) = begin_call(src, group)[3]
    base = "".join(src.text[p0:p1].split())
    if not re.match(r"^[A-Za-z_]\w*$", base):
        raise Skip("begin's pointer is not a variable")
    if "".join(src.text[l0:l1].split()) != "sizeof(*%s)" % base:
        raise Skip("begin's range is not sizeof(*pointer)")
    _, _, name, args = op_statement(src, op)
    ptr = 0 if name in ("unsafe_copy_to_user", "unsafe_try_cmpxchg_user") else 1
    a0, a1 = args[ptr]
    m = re.match(r"(\s*&\s*)%s\s*->" % re.escape(base), src.text[a0:a1])
    if not m:
        raise Skip("op's pointer is not &pointer->field")
    return edit(src.text, a0 + m.start(), a0 + m.end(), m.group(1) + base + "[1].")


def mut_shrunk_range(src, fn, group):
    """The checked begin's length becomes 1 byte."""
    _, (l0, l1) = begin_call(src, group)[3]
    if "".join(src.text[l0:l1].split()) == "1":
        raise Skip("begin's range is 1 already")
    return edit(src.text, l0, l1, " 1" if src.text[l0:l0 + 1] == " " else "1")


def user_params(src, fn):
    """Names of the __user pointer parameters of fn, from its definition."""
    start = src.line_starts[fn["line"] - 1]
    brace = src.mask.find("{", start)
    open_ = src.mask.find("(", start, brace)
    if brace < 0 or open_ < 0:
        raise Skip("function definition not found")
    call = src.call_at(open_ - len(src.word_before(src.prev_sig(open_))))
    if not call:
        raise Skip("function parameters not parsed")
    names = []
    for a, b in call[3]:
        decl = src.mask[a:b]
        m = re.search(r"__user\b[^,]*\*\s*(\w+)\s*$", decl)
        if m:
            names.append(m.group(1))
    return names


def mut_other_pointer(src, fn, group):
    """The checked begin names another __user pointer: a parameter, or a
    local declared before it, that is not derived from the begin's."""
    (p0, p1), _ = begin_call(src, group)[3]
    at = src.offset(*pos(checked_begin(group)))
    return edit(src.text, p0, p1, other_user_pointer(src, fn, p0, p1, at))


def other_user_pointer(src, fn, p0, p1, at):
    """A __user pointer other than the one src[p0:p1] names, for a check at
    offset at of fn: a parameter, or a local declared before it, that is
    not derived from that one."""
    own = re.findall(r"[A-Za-z_]\w*", src.mask[p0:p1])
    start = src.line_starts[fn["line"] - 1]
    before = src.mask[start:at]
    # `uiov = (struct compat_iovec __user *)uvec`: the same pointer.
    # The parameters, then the locals declared before the begin.
    names = user_params(src, fn)
    names += [n for n in re.findall(r"__user\s*\*\s*(\w+)\s*[;=,]", before)
              if n not in names]
    derived = {n for n in names for o in own
               if re.search(r"\b%s\s*=[^;=]*\b%s\b" % (o, n), before)
               or re.search(r"\b%s\s*=[^;=]*\b%s\b" % (n, o), before)}
    others = [n for n in names if n not in own and n not in derived]
    if not others:
        raise Skip("no other __user pointer")
    return others[0]


def generate_extra(add, src, fn, g, ops, index):
    """The EXTRA_KINDS mutants of window g (ops: its op statements)."""
    b = g["begins"][0]
    add("delete-begin", fn, b, lambda: mut_delete_begin(src, fn, g))
    add("other-pointer", fn, b, lambda: mut_other_pointer(src, fn, g))
    if ops:
        add("shrunk-range", fn, b, lambda: mut_shrunk_range(src, fn, g))
    if ops:
        first = ops[0]
        add("early-exit", fn, first, lambda: mut_early_exit(src, fn, g, first))
    for op in ops:
        add("accessor-in-window", fn, op,
            lambda: mut_accessor(src, fn, g, op, index[0]))
        index[0] += 1
        add("op-family", fn, op, lambda: mut_op_family(src, fn, g, op))
        add("past-range", fn, op, lambda: mut_past_range(src, fn, g, op))


def generate(rel, src, funcs, main_path):
    """All candidate mutants of one file: list of dicts; plus skip counts."""
    muts, skips, index = [], {}, [0]

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
            generate_extra(add, src, fn, g, ops, index)
    return muts, skips


# ------------------------------------------- masked results lost (issue 31)

MASKED_KINDS = [("discarded-masked", "access-ok-far"),
                ("masked-elsewhere", "access-ok-far")]
EXPECTED.update(dict(MASKED_KINDS))


def masked_assignment(src, b):
    """(start of `p = `, end after `;`, the call's text) of the statement
    `p = masked_...(p);` whose begin is dump entry b."""
    off = src.offset(b["line"], b["col"])
    st = src.statement_at(off)
    if not st or st[0] != b["name"]:
        raise Skip("begin is not a call statement at its position")
    eq = src.prev_sig(off)
    if eq < 0 or src.mask[eq] != "=" or src.mask[eq - 1] in "=!<>":
        raise Skip("begin's result is not assigned")
    lhs_end = src.prev_sig(eq)
    lhs = src.word_before(lhs_end)
    if not lhs:
        raise Skip("begin's result is not stored in a variable")
    start = lhs_end + 1 - len(lhs)
    call = src.call_at(off)
    return start, st[1], src.text[off:call[2] + 1]


def mut_masked(src, kind, b):
    start, end, call = masked_assignment(src, b)
    if kind == "discarded-masked":
        return edit(src.text, start, end, call + ";")
    return edit(src.text, start, end, "{ __auto_type __mut_masked = %s; "
                "(void)__mut_masked; }" % call)


def generate_masked(rel, src, funcs, main_path):
    """Two mutants per masked begin of the file's own functions."""
    muts, skips = [], {}
    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        for b in fn["entries"]:
            if b["kind"] != "masked-begin":
                continue
            for kind, _ in MASKED_KINDS:
                try:
                    text = mut_masked(src, kind, b)
                except Skip as e:
                    r = skips.setdefault(kind, {})
                    r[str(e)] = r.get(str(e), 0) + 1
                    continue
                muts.append({"kind": kind, "file": rel, "function": fn["name"],
                             "line": b["line"], "col": b["col"],
                             "name": b["name"], "text": text})
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
UNCHECKED_KIND = ("unchecked-begin", "access-ok-far")
EXPECTED[UNCHECKED_KIND[0]] = UNCHECKED_KIND[1]
UNCHECKED_BEGINS = ("__uaccess_begin_nospec", "__uaccess_begin")


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


def begin_if(src, b):
    """The statement `if (!BEGIN(...)) FAIL;` (also `if (unlikely(!...))`)
    of begin entry b: (offset of the if, offset of FAIL, offset after FAIL)."""
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
    fail = src.skip_ws(p)
    stop = statement_end(src, fail)
    if stop is None:
        raise Skip("unparsable failure statement after the begin")
    return m.start(), fail, stop


def begin_deletion(src, b):
    """The edit deleting `if (!BEGIN(...)) FAIL;` (also `if (unlikely(!...))`)."""
    start, _, stop = begin_if(src, b)
    if src.ident_at(src.skip_ws(stop)) == "else":
        raise Skip("the begin's if has an else")
    if src.is_unbraced_body(start):
        return start, stop, ";"
    s, e = whole_lines(src, start, stop)
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


def check_unbatch_entries(src, fn, group):
    """Raise Skip unless the window's entries are ones unbatch can undo: one
    checked begin, not masked; only unsafe_put_user/unsafe_get_user, each
    its own statement; user_*_access_end() ends."""
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


def check_unbatch_text(src, fn, group):
    """Raise Skip when the window's source needs the window for more than
    its ops: a window-only macro other than the ops (unsafe_put_sigcontext32,
    ...), or a fault label block that closes another window."""
    b = group["begins"][0]
    lo = src.offset(b["line"], b["col"])
    hi = max(src.offset(e["line"], e["col"]) for e in group["ends"])
    op_offs = {src.offset(*pos(op)) for op in group["ops"]}
    for m in UNSAFE_CALL.finditer(src.mask, lo, hi):
        if m.start() not in op_offs:
            raise Skip("op spelled through a wrapper macro (%s)" % m.group(0))
    ends_at = {pos(e) for e in group["ends"]}
    for op in group["ops"]:
        if op["label_line"] is None:
            raise Skip("op without resolved label")
        for e in fn["entries"]:
            if e["kind"] == "end" and op["label_line"] <= e["line"] <= op["label_line"] + 2 \
                    and pos(e) not in ends_at:
                raise Skip("fault label block ends another window")


def mut_unbatch(src, fn, group):
    check_unbatch_entries(src, fn, group)
    check_unbatch_text(src, fn, group)
    edits = [begin_deletion(src, group["begins"][0])]
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


# ------------------------------------------- unchecked begins (issue 12)

def mut_unchecked(src, fn, group, begin, index):
    """The window of group with its checked begin replaced by an x86 begin
    that checks no range, and its ends by __uaccess_end()."""
    start, stop, repl = begin_deletion(src, begin)
    name = UNCHECKED_BEGINS[index % len(UNCHECKED_BEGINS)]
    if repl == ";":
        new = name + "();"
    else:
        new = indent_of(src, begin["line"]) + name + "();\n"
    edits = [(start, stop, new)]
    for end in group["ends"]:
        off = src.offset(end["line"], end["col"])
        if END_NAME.match(end["name"]) and src.ident_at(off) == end["name"]:
            edits.append((off, off + len(end["name"]), "__uaccess_end"))
    text = src.text
    for a, b, r in sorted(edits, reverse=True):
        text = edit(text, a, b, r)
    return text


# access-ok-far's default ArchInternalFiles: the arch's own uaccess code,
# where a window that checks no range is the callers' business.
ARCH_INTERNAL = re.compile(r"(^|/)(arch/[^/]+/lib/|lib/(usercopy|strncpy_from_user"
                           r"|strnlen_user)\.c$|asm(-generic)?/uaccess[^/]*\.h$)")


def generate_unchecked(rel, src, funcs, main_path):
    """One mutant per checked begin of the file's own functions."""
    muts, skips, index = [], {}, 0
    if ARCH_INTERNAL.search(rel):
        n = sum(1 for fn in funcs for g in window_groups(fn["entries"])
                for b in g["begins"] if b["kind"] == "checked-begin")
        return [], {UNCHECKED_KIND[0]: {"the arch's own uaccess code": n}} if n else {}
    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        for g in window_groups(fn["entries"]):
            for b in g["begins"]:
                if b["kind"] != "checked-begin":
                    continue
                try:
                    text = mut_unchecked(src, fn, g, b, index)
                except Skip as e:
                    r = skips.setdefault(UNCHECKED_KIND[0], {})
                    r[str(e)] = r.get(str(e), 0) + 1
                    continue
                index += 1
                muts.append({"kind": UNCHECKED_KIND[0], "file": rel,
                             "function": fn["name"], "line": b["line"],
                             "col": b["col"], "name": b["name"], "text": text})
    return muts, skips


# ------------------------------------------- dropped access_ok() (issue 12)

DROPPED_KIND = ("dropped-access-ok", "access-ok-far")
EXPECTED[DROPPED_KIND[0]] = DROPPED_KIND[1]
# The entries of --dump-uaccess whose access trusts an earlier access_ok().
RELIES_ON_CHECK = ("unchecked-accessor", "unsafe-op", "unchecked-begin")


def dropped_reason(src, fn, e, all_sites):
    """Why the access_ok() entry e of fn makes no mutant, or None."""
    after = [x for x in fn["entries"] if x["kind"] in RELIES_ON_CHECK
             and (x["line"], x["col"]) > (e["line"], e["col"])]
    if not after and not all_sites:
        return "no access after it in its function relies on it"
    call = src.call_at(src.offset(e["line"], e["col"]))
    if not call or call[0] not in ("access_ok", "__access_ok"):
        return "not an access_ok() call spelled in the function"
    return None


def generate_dropped(rel, src, funcs, main_path, all_sites=False):
    """One mutant per access_ok() call of the file's own functions that an
    access after it relies on (all_sites: every one): the call becomes `1`."""
    muts, skips = [], {}
    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        for e in fn["entries"]:
            if e["kind"] != "access-ok":
                continue
            reason = dropped_reason(src, fn, e, all_sites)
            if reason:
                r = skips.setdefault(DROPPED_KIND[0], {})
                r[reason] = r.get(reason, 0) + 1
                continue
            off = src.offset(e["line"], e["col"])
            _, _, close, args = src.call_at(off)
            at = {"file": rel, "function": fn["name"], "line": e["line"],
                  "col": e["col"], "name": e["name"]}
            muts.append(dict(at, kind=DROPPED_KIND[0],
                             text=edit(src.text, off, close + 1, "1")))
            if not src.text.startswith("#"):
                # Its failure no more stops what follows where the flag is
                # set: failure-ignored, or caller-failure-ignored in a
                # callee that relied on it.
                muts.append(dict(at, kind=IGNORED_AO_KIND[0], text=(
                    "extern int %s; " % MUT_FLAG + edit(
                        src.text, off, close + 1,
                        "(%s || %s)" % (src.text[off:close + 1], MUT_FLAG)))))
            if len(args) == 2 and "".join(src.text[slice(*args[1])].split()) != "1":
                l0, l1 = args[1]
                lead = " " if src.text[l0:l0 + 1] == " " else ""
                muts.append(dict(at, kind=SHRUNK_AO_KIND[0],
                                 text=edit(src.text, l0, l1, lead + "1")))
            if len(args) == 2:
                p0, p1 = args[0]
                try:
                    other = other_user_pointer(src, fn, p0, p1, off)
                except Skip as e:
                    r = skips.setdefault(OTHER_AO_KIND[0], {})
                    r[str(e)] = r.get(str(e), 0) + 1
                    continue
                muts.append(dict(at, kind=OTHER_AO_KIND[0],
                                 text=edit(src.text, p0, p1, other)))
    return muts, skips


UNGUARDED_KIND = ("unguarded-accessor", "access-ok-far")
EXPECTED[UNGUARDED_KIND[0]] = UNGUARDED_KIND[1]
SHRUNK_AO_KIND = ("shrunk-access-ok", "access-ok-far")
EXPECTED[SHRUNK_AO_KIND[0]] = SHRUNK_AO_KIND[1]
OTHER_AO_KIND = ("other-pointer-access-ok", "access-ok-far")
EXPECTED[OTHER_AO_KIND[0]] = OTHER_AO_KIND[1]
IGNORED_AO_KIND = ("ignored-access-ok", "access-ok-far")
EXPECTED[IGNORED_AO_KIND[0]] = IGNORED_AO_KIND[1]
DROPPED_KINDS = [DROPPED_KIND, UNGUARDED_KIND, SHRUNK_AO_KIND, OTHER_AO_KIND,
                 IGNORED_AO_KIND]
UNGUARDED_OF = {"get_user", "put_user", "copy_from_user", "copy_to_user",
                "clear_user"}


def generate_unguarded(rel, src, funcs, main_path):
    """One mutant per checked accessor of the file's own functions with no
    check before it in its function: get_user() becomes __get_user(), and
    so on, an access that trusts a check nobody made."""
    muts, skips = [], {}

    def skip(reason):
        r = skips.setdefault(UNGUARDED_KIND[0], {})
        r[reason] = r.get(reason, 0) + 1

    for fn in funcs:
        if os.path.realpath(fn["path"]) != main_path:
            continue
        for e in fn["entries"]:
            if e["kind"] != "checked-accessor" or e["name"] not in UNGUARDED_OF:
                continue
            # An access_ok(), a begin or a checked accessor before it may
            # check its pointer already (`put_user(a, &p->x)` then
            # `put_user(b, &p->y)`): then the mutant is no defect.
            if any(x["kind"] in ("access-ok", "checked-begin", "masked-begin",
                                 "checked-accessor")
                   and (x["line"], x["col"]) < (e["line"], e["col"])
                   for x in fn["entries"]):
                skip("a check before it in its function may guard it")
                continue
            off = src.offset(e["line"], e["col"])
            if src.ident_at(off) != e["name"]:
                skip("not spelled in the function")
                continue
            muts.append({"kind": UNGUARDED_KIND[0], "file": rel,
                         "function": fn["name"], "line": e["line"],
                         "col": e["col"], "name": e["name"],
                         "text": edit(src.text, off, off, "__")})
    return muts, skips


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
        if checks == "batchable":
            # Detection is the score: candidates without a rewrite count too
            # (by default batchable reports only those with one).
            cmd.insert(-1, "--check-option=batchable.ReportAll=true")
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


# ------------------------------------------------------------------- the run

class SetupError(Exception):
    """A bad argument or an unusable kernel tree, found before any file is
    analyzed: the message goes to stderr and the exit status is 2."""


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", required=True, help="kernel tree with compile_commands.json")
    ap.add_argument("--tool", required=True, help="uaccess-lint binary")
    ap.add_argument("--files", nargs="+", help="sources (relative to --kernel); "
                    "default: every database entry using user-access windows")
    ap.add_argument("--mode", choices=("window", "unbatch", "unchecked", "dropped",
                                       "masked"),
                    default="window",
                    help="window: inject window defects (the kinds below); unbatch: "
                    "turn each window back into per-access __put_user/__get_user "
                    "calls, expecting batchable to find it again; unchecked: "
                    "replace each checked begin by one that checks no range, "
                    "expecting access-ok-far; dropped: make each access_ok() "
                    "an access relies on always pass, expecting access-ok-far")
    ap.add_argument("--all-sites", action="store_true",
                    help="dropped: every access_ok() call, also those whose "
                    "function has no access relying on it (a callee's may; "
                    "others are redundant, and their misses are no defect)")
    ap.add_argument("--database", metavar="JSON",
                    help="the compilation database (default: compile_commands.json "
                    "in --kernel, e.g. whole/compile_commands.json)")
    ap.add_argument("--verify-fixes", action="store_true",
                    help="unbatch: apply batchable's fix-its to each detected mutant "
                    "and check that the result compiles and adds no window-* "
                    "finding to the function")
    ap.add_argument("--min-recall", type=float, default=0.95)
    ap.add_argument("--list-misses", action="store_true")
    ap.add_argument("--max-per-kind", type=int, default=0,
                    help="at most N mutants per kind, spread evenly (0: all)")
    ap.add_argument("--kinds", nargs="+",
                    choices=[k for k, _ in KINDS + EXTRA_KINDS]
                    + [k for k, _ in DROPPED_KINDS] + ["extra", "all"],
                    help="these mutation kinds (default: the first five; extra: "
                    "the others; all: every kind)")
    ap.add_argument("--keep-misses", metavar="DIR",
                    help="write each missed mutant and the tool's findings under DIR")
    ap.add_argument("--save-diffs", metavar="DIR",
                    help="write a unified diff of every mutant under DIR")
    ap.add_argument("--checks",
                    help="checks the tool runs (its --checks globs); default: the "
                    "checks the mode targets (window-* or batchable)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per tool run")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    return ap.parse_args()


def check_mode_options(opts):
    """Reject the options the mode has no use for; --checks defaults to
    the checks the mode targets."""
    unbatch = opts.mode == "unbatch"
    if opts.mode not in ("window", "dropped") and opts.kinds:
        raise SetupError("--kinds applies to --mode window and dropped only")
    if opts.all_sites and opts.mode != "dropped":
        raise SetupError("--all-sites applies to --mode dropped only")
    if opts.verify_fixes and not unbatch:
        raise SetupError("--verify-fixes applies to --mode unbatch only")
    offered = {n for n, _ in (DROPPED_KINDS if opts.mode == "dropped"
                              else KINDS + EXTRA_KINDS)}
    kinds = set()
    for k in opts.kinds or []:
        kinds |= {"extra": {n for n, _ in EXTRA_KINDS},
                  "all": offered}.get(k, {k})
    if kinds - offered:
        raise SetupError("--mode %s has no kind %s"
                         % (opts.mode, ", ".join(sorted(kinds - offered))))
    opts.kinds = kinds
    if opts.checks is None:
        opts.checks = {"unbatch": "batchable",
                       "unchecked": "access-ok-far",
                       "masked": "access-ok-far",
                       "dropped": "access-ok-far"}.get(opts.mode, "window-*")
        if "access-ok-far" not in opts.checks and \
                any(EXPECTED[k] == "access-ok-far" for k in kinds):
            opts.checks += ",access-ok-far"


def read_database(dbpath):
    """The compilation database's entries by the real path of their source
    (the path the dump and --files are matched against)."""
    try:
        with open(dbpath) as f:
            db = json.load(f)
    except (OSError, ValueError) as e:
        raise SetupError("cannot read %s: %s" % (dbpath, e))
    by_path = {}
    for e in db:
        p = e["file"] if os.path.isabs(e["file"]) else os.path.join(e["directory"], e["file"])
        by_path[os.path.realpath(p)] = e
    return by_path


class Run:
    """What every step of a run shares: the options, the tool, the kernel
    tree and its compilation database.  Read-only once made, so that the
    worker threads can share it."""

    def __init__(self, opts):
        self.opts = opts
        self.unbatch = opts.mode == "unbatch"
        self.kinds = {"unbatch": [UNBATCH_KIND],
                      "unchecked": [UNCHECKED_KIND],
                      "masked": MASKED_KINDS,
                      "dropped": [DROPPED_KIND, UNGUARDED_KIND]}.get(opts.mode, KINDS)
        if opts.kinds:
            offered = DROPPED_KINDS if opts.mode == "dropped" \
                else KINDS + EXTRA_KINDS
            self.kinds = [k for k in offered if k[0] in opts.kinds]
        self.kernel = os.path.realpath(opts.kernel)
        self.tool = os.path.abspath(opts.tool)
        self.dbpath = os.path.abspath(opts.database) if opts.database else \
            os.path.join(self.kernel, "compile_commands.json")
        self.by_path = read_database(self.dbpath)

    def relname(self, p):
        """p relative to the kernel tree; as is when it lies outside."""
        r = os.path.relpath(p, self.kernel)
        return p if r.startswith("..") else r

    def analyze(self, p, text, checks, keep_dir=None):
        """run_tool on text in place of the source at real path p."""
        return run_tool(self.tool, self.by_path[p], self.kernel, text,
                        os.path.basename(p), self.opts.timeout, keep_dir=keep_dir,
                        checks=checks)


def source_paths(run):
    """Real paths of the sources to mutate: --files, or every database
    entry whose text uses user-access windows (--mode dropped: access_ok())."""
    paths = []
    if run.opts.files:
        for f in run.opts.files:
            p = os.path.realpath(f if os.path.isabs(f) else os.path.join(run.kernel, f))
            if p not in run.by_path:
                raise SetupError("%s is not in %s" % (f, run.dbpath))
            paths.append(p)
    else:
        uses = USES_ACCESS_OK if run.opts.mode == "dropped" else USES_WINDOWS
        for p in sorted(run.by_path):
            try:
                with open(p, encoding="latin-1") as f:
                    if uses.search(f.read()):
                        paths.append(p)
            except OSError:
                pass
    if not paths:
        raise SetupError("no files to mutate")
    return paths


# ------------------------------------------------- 1. the unmutated files

def dump_windows(run, p):
    """The functions and window entries --dump-uaccess finds in p (None
    when the dump fails), and the dump's stderr."""
    try:
        d = subprocess.run([run.tool, "-p", run.dbpath, "--dump-uaccess", "-j", "1",
                            "--timeout=%d" % run.opts.timeout, p],
                           capture_output=True, text=True, errors="replace")
    except OSError as e:
        return None, "could not run %s: %s" % (run.tool, e)
    return (parse_dump(d.stdout) if d.returncode == 0 else None), d.stderr


def prepare_file(run, p):
    """Windows (dump) and baseline findings of one unmutated file.  The
    baseline runs on an unmutated scratch copy: it also proves that the
    scratch setup compiles the file."""
    with open(p, encoding="latin-1", newline="") as f:
        text = f.read()
    funcs, derr = dump_windows(run, p)
    status, findings, err, spath = run.analyze(p, text, run.opts.checks)
    for f in findings:
        if f.get("file") == spath:
            f["file"] = p
    # --verify-fixes counts only the window-* findings a fix adds.
    wkeys = set()
    if run.opts.verify_fixes:
        _, wf, _, _ = run.analyze(p, text, "window-*")
        wkeys = {key(f) for f in wf}
    return {"text": text, "funcs": funcs, "status": status,
            "findings": findings, "dump_err": derr, "err": err,
            "base_keys": {key(f) for f in findings}, "window_keys": wkeys}


def prepare_files(run, paths):
    """prepare_file for each path, in parallel: {path: what it found}."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, run.opts.j)) as ex:
        return dict(zip(paths, ex.map(lambda p: prepare_file(run, p), paths)))


def check_prepared(run, paths, files):
    """The files that can be mutated, their baseline findings, and one
    setup error for each of the others."""
    usable, baseline, setup_errors = [], [], []
    for p in paths:
        info = files[p]
        if info["funcs"] is None:
            setup_errors.append("%s: --dump-uaccess failed: %s"
                                % (run.relname(p), info["dump_err"].strip()[-500:]))
        elif info["status"] != "ok":
            setup_errors.append("%s: unmutated scratch copy not analyzed (%s): %s"
                                % (run.relname(p), info["status"], info["err"].strip()[-500:]))
        else:
            usable.append(p)
            baseline += info["findings"]
    return usable, baseline, setup_errors


# ------------------------------------------------------- 2. the mutants

def unbatch_skips(skipped):
    """The skipped windows counted like generate's skips: {kind: {reason: n}}."""
    sk = {}
    for w in skipped:
        sk.setdefault(UNBATCH_KIND[0], {}).setdefault(w["reason"], 0)
        sk[UNBATCH_KIND[0]][w["reason"]] += 1
    return sk


def add_skips(total, sk):
    for k, reasons in sk.items():
        for r, n in reasons.items():
            total.setdefault(k, {}).setdefault(r, 0)
            total[k][r] += n


def generate_mutants(run, paths, files):
    """The mutants of every file (each with the real path of its source),
    the skip counts {kind: {reason: n}}, and (unbatch) the skipped windows."""
    mutants, skips, skipped = [], {}, []
    for p in paths:
        info = files[p]
        src = Source(info["text"])
        if run.unbatch:
            muts, skw = generate_unbatch(run.relname(p), src, info["funcs"], p)
            skipped += skw
            sk = unbatch_skips(skw)
        elif run.opts.mode == "unchecked":
            muts, sk = generate_unchecked(run.relname(p), src, info["funcs"], p)
        elif run.opts.mode == "masked":
            muts, sk = generate_masked(run.relname(p), src, info["funcs"], p)
        elif run.opts.mode == "dropped":
            muts, sk = generate_dropped(run.relname(p), src, info["funcs"], p,
                                        run.opts.all_sites)
            more, sk2 = generate_unguarded(run.relname(p), src, info["funcs"], p)
            muts += more
            add_skips(sk, sk2)
        else:
            muts, sk = generate(run.relname(p), src, info["funcs"], p)
        for m in muts:
            m["path"] = p
        mutants += muts
        add_skips(skips, sk)
    return mutants, skips, skipped


def windows_per_file(mutants, skipped):
    """Windows per file (unbatch: one mutant or one skip each); counted
    before --max-per-kind samples the mutants."""
    windows = {}
    for w in mutants + skipped:
        windows[w["file"]] = windows.get(w["file"], 0) + 1
    return windows


def select_mutants(run, mutants):
    """The mutants of --kinds, at most --max-per-kind of each kind, spread
    evenly over the kind's mutants."""
    opts = run.opts
    mutants = [m for m in mutants if m["kind"] in dict(run.kinds)]
    if opts.max_per_kind > 0:
        picked = []
        for kind, _ in run.kinds:
            ms = [m for m in mutants if m["kind"] == kind]
            if len(ms) > opts.max_per_kind:
                n = opts.max_per_kind
                ms = [ms[(i * len(ms)) // n] for i in range(n)]
            picked += ms
        mutants = picked
    return mutants


def save_diffs(d, mutants, files):
    os.makedirs(d, exist_ok=True)
    for i, m in enumerate(mutants):
        write_diff(os.path.join(d, mutant_name(i, m) + ".diff"),
                   files[m["path"]]["text"], m)


# ------------------------------------------------ 3. the tool on the mutants

def analyze_mutant(run, files, m):
    """One tool run on mutant m: (status, hits, findings in its function,
    stderr, hits in other functions, fix verdict).  A hit is a finding of
    the expected check that the unmutated file does not have."""
    status, findings, err, _ = run.analyze(m["path"], m["text"], run.opts.checks)
    expected = EXPECTED[m["kind"]]
    base_keys = files[m["path"]]["base_keys"]
    in_fn = [f for f in findings if f.get("function") == m["function"]]
    # A function that lost its begin may still be a helper some caller
    # opens a window for: the finding is then at the caller's call of it.
    at_call = [f for f in findings if f.get("function") != m["function"]
               and "call to '%s'" % m["function"] in f.get("message", "")]
    hits = [f for f in in_fn + at_call if f.get("check") == expected
            and key(f) not in base_keys]
    elsewhere = [f for f in findings if f.get("function") != m["function"]
                 and f.get("check") == expected and key(f) not in base_keys]
    if m["kind"] in [k for k, _ in DROPPED_KINDS]:
        # The access that lost its check may be a callee's.
        hits = [f for f in in_fn if f.get("check") == expected
                and key(f) not in base_keys] + elsewhere
    fix = None
    if run.opts.verify_fixes and status == "ok" and hits and rewrite_begin(hits):
        fix = verify_fix(run.tool, run.by_path[m["path"]], run.kernel, m["text"],
                         os.path.basename(m["path"]), run.opts.timeout, m["function"],
                         files[m["path"]]["window_keys"])
    return status, hits, in_fn, err, elsewhere, fix


def analyze_mutants(run, files, mutants):
    """analyze_mutant for each mutant, in parallel; the outcome goes into
    the mutant's status, hits, in_fn, err, elsewhere and fix."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, run.opts.j)) as ex:
        for m, r in zip(mutants, ex.map(lambda m: analyze_mutant(run, files, m), mutants)):
            m["status"], m["hits"], m["in_fn"], m["err"], m["elsewhere"], m["fix"] = r


def is_miss(m):
    """A mutant that compiles and that the tool did not report."""
    return m["status"] != "noncompile" and not (m["status"] == "ok" and m["hits"])


# ------------------------------------------------------------- 4. the report

def counts(ms):
    """(generated, compiled, detected, tool failures, recall column) of
    mutants ms; recall counts only the mutants that compile."""
    comp = [m for m in ms if m["status"] != "noncompile"]
    det = [m for m in comp if m["status"] == "ok" and m["hits"]]
    fail = [m for m in comp if m["status"] == "failed"]
    rec = "%7.1f%%" % (100.0 * len(det) / len(comp)) if comp else "     n/a"
    return len(ms), len(comp), len(det), len(fail), rec


def print_file_table(run, paths, results, windows, skipped, setup_errors):
    """Unbatch: the run's headline and one row per file; returns the header
    (the rules under it and above the totals are as long)."""
    print("uaccess-lint unbatch run: %d files, %d windows, %d mutants"
          % (len(paths), sum(windows.values()), len(results)))
    for e in setup_errors:
        print("setup error: " + e)
    w = max([len("file")] + [len(run.relname(p)) for p in paths])
    hdr = "%-*s %7s %7s %9s %9s %8s %6s %8s" % (
        w, "file", "windows", "skipped", "generated", "compiled", "detected", "failed", "recall")
    print(hdr)
    print("-" * len(hdr))
    for p in paths:
        ms = [m for m in results if m["path"] == p]
        nsk = len([x for x in skipped if x["file"] == run.relname(p)])
        gen, comp, det, fail, rec = counts(ms)
        print("%-*s %7d %7d %9d %9d %8d %6d %8s" % (w, run.relname(p), windows.get(run.relname(p), 0), nsk,
                                                  gen, comp, det, fail, rec))
    return hdr


def print_kind_table(run, paths, results, setup_errors):
    """Window mode: the run's headline and one row per mutation kind;
    returns the header."""
    print("uaccess-lint mutation run: %d files, %d mutants" % (len(paths), len(results)))
    for e in setup_errors:
        print("setup error: " + e)
    hdr = "%-18s %9s %9s %9s %9s %8s" % ("kind", "generated", "compiled", "detected", "failed", "recall")
    print(hdr)
    print("-" * len(hdr))
    for kind, _ in run.kinds:
        gen, comp, det, fail, rec = counts([m for m in results if m["kind"] == kind])
        print("%-18s %9d %9d %9d %9d %8s" % (kind, gen, comp, det, fail, rec))
    return hdr


def print_overall(results, hdr):
    """The totals line; returns the overall recall (which decides the exit
    status).  Every mutant is of one of the run's kinds, so the totals over
    all results are the sums of the per-kind rows."""
    gen, comp, det, fail, _ = counts(results)
    print("-" * len(hdr))
    recall = det / comp if comp else 0.0
    print("overall: %d/%d detected (%.1f%%), %d generated, %d discarded (did not compile), %d tool failures"
          % (det, comp, 100.0 * recall, gen, gen - comp, fail))
    return recall


def print_rewrites(opts, results):
    """Unbatch: detection is the score; the rewrite batchable offers is
    checked against the window the kernel actually has (same user
    pointer), and with --verify-fixes whether it compiles once applied."""
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


def print_skips(run, skips, skipped):
    nskip = sum(n for k, r in skips.items() if k in dict(run.kinds)
                for n in r.values())
    print("not applicable (skipped %s): %d" % ("windows" if run.unbatch else "sites", nskip))
    for kind, _ in run.kinds:
        for r, n in sorted(skips.get(kind, {}).items()):
            print("  %-18s %4d  %s" % (kind, n, r))
    if run.unbatch and run.opts.list_misses:
        for x in skipped:
            print("    %s:%d:%d %s in %s: %s" % (x["file"], x["line"], x["col"], x["name"],
                                               x["function"], x["reason"]))


def print_baseline(run, baseline):
    print("baseline findings on unmutated files: %d" % len(baseline))
    for f in sorted(baseline, key=lambda f: (f.get("file", ""), f.get("line", 0))):
        print("  %s:%s:%s: [%s] in %s: %s" % (run.relname(f.get("file", "?")), f.get("line"),
              f.get("column"), f.get("check"), f.get("function"), f.get("message")))


def print_misses(run, misses):
    print("misses: %d" % len(misses))
    for m in misses:
        got = ", ".join(sorted({"%s:%s" % (f["check"], f.get("line")) for f in m["in_fn"]})) or "nothing"
        extra = "" if m["status"] == "ok" else " (tool %s: %s)" % (m["status"], m["err"].strip()[-300:])
        if run.unbatch and m["status"] == "ok":
            extra = " (%d ops): %s" % (m["ops"], unbatch_miss_reason(m))
        print("  %s:%d:%d %s of %s in %s: expected %s, got %s%s"
              % (m["file"], m["line"], m["col"], m["kind"], m["name"],
                 m["function"], EXPECTED[m["kind"]], got, extra))


def keep_misses(run, files, misses):
    """Each missed mutant's scratch directory (source, database) and its
    diff under --keep-misses, to rerun the tool on by hand."""
    os.makedirs(run.opts.keep_misses, exist_ok=True)
    for i, m in enumerate(misses):
        d = os.path.join(run.opts.keep_misses, mutant_name(i, m))
        os.makedirs(d, exist_ok=True)
        run.analyze(m["path"], m["text"], run.opts.checks, keep_dir=d)
        write_diff(os.path.join(d, "mutant.diff"), files[m["path"]]["text"], m)


# ------------------------------------------------------------------------ main

def main():
    opts = parse_args()
    t0 = time.time()
    try:
        check_mode_options(opts)
        run = Run(opts)
        paths = source_paths(run)
    except SetupError as e:
        print("mutate: %s" % e, file=sys.stderr)
        return 2

    files = prepare_files(run, paths)
    usable, baseline, setup_errors = check_prepared(run, paths, files)
    mutants, skips, skipped = generate_mutants(run, usable, files)
    windows = windows_per_file(mutants, skipped)
    mutants = select_mutants(run, mutants)
    if opts.save_diffs:
        save_diffs(opts.save_diffs, mutants, files)
    analyze_mutants(run, files, mutants)

    if run.unbatch:
        hdr = print_file_table(run, paths, mutants, windows, skipped, setup_errors)
    else:
        hdr = print_kind_table(run, paths, mutants, setup_errors)
    recall = print_overall(mutants, hdr)
    if run.unbatch:
        print_rewrites(opts, mutants)
    print_skips(run, skips, skipped)
    print_baseline(run, baseline)
    misses = [m for m in mutants if is_miss(m)]
    if opts.list_misses:
        print_misses(run, misses)
    if opts.keep_misses:
        keep_misses(run, files, misses)
    print("time: %.1fs" % (time.time() - t0))
    if setup_errors:
        return 2
    return 0 if recall >= opts.min_recall else 1


if __name__ == "__main__":
    sys.exit(main())
