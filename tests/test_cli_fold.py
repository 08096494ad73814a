#!/usr/bin/env python3
"""The text fold keeps a label and its number on one line (issue 32).

A folded line never ends with a word whose number starts the next line ("counter" /
"0xC0010004", "leaf" / "0x0A's count"): the rule, not a list of labels, is checked: a line
that ends with a letter, followed by a continuation line (indented) whose text starts with a
digit (indented 4 or more: the fold indents a continuation under its label, or by 4; a table
row's right-aligned Id has fewer). Run on `kprof info` and `kprof sources --cpuid-file` for every dump file under
../shared/cpuid-dumps, and the first screen (`kprof`) and `kprof info` of this machine (its output depends on the host; the
check is the same). The command fits text to KPROF_CLI_COLUMNS (80, cli/util.h), its only
width: the fold is checked there. A planted split is reported (the check's own test).

Usage: test_cli_fold.py [KPROF]. Ends with 'N passed, N failed'.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402

KPROF = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "kprof")
DUMPS = os.path.join(os.path.dirname(ROOT), "shared", "cpuid-dumps")

LABEL_END = re.compile(r"[A-Za-z]$")
NUMBER_START = re.compile(r"^ {4,}[0-9]")  # a fold's continuation: indented 4 or more (a table row's
#                                          right-aligned Id is not)


def splits(text):
    """(line number, line, next line) of each label split from the number that follows it."""
    lines = text.split("\n")
    return [(i + 1, a, b) for i, (a, b) in enumerate(zip(lines, lines[1:]))
            if LABEL_END.search(a) and NUMBER_START.match(b)]


def main():
    planted = "counters    4 general-purpose, select 0xC0010000 counter\n            0xC0010004 (stride 1)\n"
    check(len(splits(planted)) == 1, f"a planted split is reported: {splits(planted)}")
    check(not splits("counter 0xC0010004\n    6 general-purpose\nleaf\nnext 0x1\nName\n 2  TotalIssues\n"),
          "a line starting with a number after one ending in a number, or an unindented line, is no split")
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(DUMPS) for f in fs)
    runs = [[], ["info"]] + [[cmd, "--cpuid-file", f] for f in files for cmd in ("info", "sources")]
    read = 0
    for args in runs:
        p = subprocess.run([KPROF] + args, capture_output=True, text=True, errors="replace")
        if p.returncode != 0:
            check(p.returncode == 2 and p.stderr.strip(), f"kprof {' '.join(args)}: exit {p.returncode} "
                  f"without a message (2 with one is a dump kprof refuses)")
            continue
        read += 1
        for line, a, b in splits(p.stdout):
            check(False, f"kprof {' '.join(args)}: line {line} ends with a label whose number starts "
                  f"the next line: {a.strip()[-30:]!r} / {b.strip()[:30]!r}")
    check(read > len(runs) // 2, f"kprof read most inputs ({read} of {len(runs)})")
    print(f"{len(files)} dump files, {read} of {len(runs)} runs read")
    return done()


if __name__ == "__main__":
    sys.exit(main())
