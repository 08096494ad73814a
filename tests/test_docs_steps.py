#!/usr/bin/env python3
"""docs/testing.md's table of steps is the list `make test` runs: every step of TEST_STEPS (given
in the environment as STEPS by mk/docs.mk) has a row saying what it proves, and every row names
a step that exists. A step added without its row, or a row left behind by a removed step, fails.

Usage: STEPS="step ..." test_docs_steps.py [TESTING_MD]. Ends with 'N passed, N failed'.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402


def table_steps(text):
    """The step names of the table headed '| step | what it proves |' (a row may name several,
    separated by commas)."""
    names, inside = [], False
    for line in text.splitlines():
        if re.match(r"^\|\s*step\s*\|\s*what it proves\s*\|", line):
            inside = True
            continue
        if inside:
            if not line.startswith("|"):
                break
            cell = line.split("|")[1].strip()
            if set(cell) <= set("-: "):
                continue
            names += [n.strip() for n in cell.split(",") if n.strip()]
    return names


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "testing.md")
    steps = os.environ.get("STEPS", "").split()
    check(len(steps) >= 20, f"the steps of make test given ({len(steps)})")
    rows = table_steps(open(path, encoding="utf-8").read())
    check(len(rows) >= 20, f"{os.path.basename(path)}'s table of steps read ({len(rows)} rows)")
    for s in steps:
        check(s in rows, f"{os.path.basename(path)} has a row for step {s}")
    for r in rows:
        check(r in steps, f"{os.path.basename(path)}'s row {r} is a step of make test")
    check(len(rows) == len(set(rows)), "no step has two rows: " + ", ".join(sorted({r for r in rows if rows.count(r) > 1})))
    return done()


if __name__ == "__main__":
    sys.exit(main())
