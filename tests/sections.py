#!/usr/bin/env python3
"""Each section opt-out (and the opt-in) removes (brings) exactly what kprof.h's configuration
block says it does, and nothing else.

    sections.py BUILD_DIR

The configuration block ("configuration: sections") lists, per macro, the sections it removes
and the names of other sections that go with them. For each macro this test preprocesses
kprof.h with and without it (gcc -E -dD, every public name kprof_*/KPROF_* that is not
kprof_impl_*/KPROF_IMPL_*), finds which names disappeared (appeared, for the opt-in), and
checks that they are exactly the names first seen in the listed sections' banners plus the
names listed for other sections. It also checks that the combinations the block refuses end in
the #error it promises. The expectation is read from the header's own text, so a macro that
removes more or less than its documentation says fails here.

Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402

HEADER = os.path.join(ROOT, "kprof.h")
NAME = re.compile(r"\b(?:kprof|KPROF)_\w+\b")


def public(n):
    return not n.lower().startswith("kprof_impl_")


def config_block(text):
    """{macro: {"optin": bool, "sections": [...], "elsewhere": [names], "errors": [macros]}}"""
    m = re.search(r"/\* ---- configuration: sections -+\n(.*?)\*/", text, re.S)
    check(m is not None, "kprof.h has a 'configuration: sections' block")
    if not m:
        return {}
    out, cur = {}, None
    body = " ".join(l.strip().lstrip("*").strip() for l in m.group(1).splitlines())
    # Entries start at a KPROF_ macro on a line of its own (indented by 3 in the block).
    for line in m.group(1).splitlines():
        e = re.match(r"^ \*   (KPROF_\w+)( \(opt-in\))?$", line)
        if e:
            cur = out.setdefault(e.group(1), {"optin": bool(e.group(2)), "text": ""})
        elif cur is not None and line.startswith(" *       "):
            cur["text"] += " " + line[9:].strip()
    del body
    for macro, e in out.items():
        t = e["text"]
        s = re.search(r"(?:removes|adds) (?:layer \d+ \([^)]*\): )?sections? ([a-z0-9_, ]+?)(?: and from| leaves in| needs|$)", t)
        e["sections"] = [x.strip() for x in s.group(1).split(",")] if s else []
        e["elsewhere"] = []
        for part in re.findall(r"and from section \w+: (.*?)(?= and from section| leaves in section| needs what|$)", t):
            e["elsewhere"] += [x.strip() for x in part.split(",")]
        e["errors"] = re.findall(r"#error with (KPROF_\w+)", t)
    return out


def banners(text):
    """[(first line, section)] of every section banner, API and implementation parts."""
    out = []
    for i, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^ \*  layer \d+ \([^)]*\), section (\w+):", line) or \
            re.match(r"^/\* ---- layer \d+, section (\w+) - from", line)
        if m:
            out.append((i, m.group(1)))
    return out


def section_at(marks, line):
    sec = None
    for first, s in marks:
        if first > line:
            break
        sec = s
    return sec


def preprocess(defines):
    """{public name: first line of kprof.h it appears on} after preprocessing with defines."""
    src = '#include "kprof.h"\n'
    r = subprocess.run(["gcc", "-E", "-dD", "-std=c99", "-I" + ROOT] + [f"-D{d}" for d in defines] + ["-x", "c", "-"],
                       input=src, capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr
    names, line, infile = {}, 0, False
    for raw in r.stdout.splitlines():
        mark = re.match(r'^# (\d+) "([^"]*)"', raw)
        if mark:
            line, infile = int(mark.group(1)), os.path.basename(mark.group(2)) == "kprof.h"
            continue
        if infile:
            if not raw.startswith("#undef"):
                for n in NAME.findall(raw):
                    if public(n):
                        names.setdefault(n, line)
            line += 1
    return names, ""


def main():
    text = open(HEADER, encoding="utf-8").read()
    block = config_block(text)
    marks = banners(text)
    check(len(block) >= 8, f"the configuration block lists the section macros (found {sorted(block)})")
    base, err = preprocess([])
    check(base is not None, f"kprof.h preprocesses: {err[:300]}")
    if base is None:
        return done()
    for macro, e in block.items():
        secs = set(e["sections"])
        check(secs and secs <= {s for _, s in marks}, f"{macro}: its sections {sorted(secs)} are banners of kprof.h")
        other = [x for x in e["errors"]]
        got, err = preprocess([macro])
        check(got is not None, f"{macro}: kprof.h preprocesses with it: {err[:300]}")
        if got is None:
            continue
        # An opt-in macro only adds names, an opt-out one only removes them.
        more, fewer, verb = (got, base, "removes") if e["optin"] else (base, got, "adds")
        changed = {n: l for n, l in more.items() if n not in fewer}
        wrong = sorted(n for n in fewer if n not in more)
        check(not wrong, f"{macro} {verb} names: {wrong[:10]}")
        where = more
        # What the macro changes must be exactly its sections' names and the names it lists.
        in_secs = {n for n, l in where.items() if section_at(marks, l) in secs}
        extra = sorted(n for n in changed if n not in in_secs and n not in e["elsewhere"])
        kept = sorted(n for n in in_secs if n not in changed)
        unlisted = sorted(n for n in e["elsewhere"] if n not in changed)
        verb = "brings" if e["optin"] else "removes"
        check(not extra, f"{macro} {verb} {len(extra)} name(s) its documentation does not list: {extra[:12]}")
        check(not kept, f"{macro} does not {verb[:-1]} {len(kept)} name(s) of its sections: {kept[:12]}")
        check(not unlisted, f"{macro}: listed names it does not {verb[:-1]}: {unlisted[:12]}")
        check(len(changed) > 0, f"{macro} {verb} something")
        print(f"{macro}: {verb} {len(changed)} names ({len(in_secs)} in sections {', '.join(e['sections'])}, "
              f"{len(changed) - len(in_secs & set(changed))} listed elsewhere)")
        for o in other:
            r = subprocess.run(["gcc", "-std=c99", "-fsyntax-only", "-I" + ROOT, f"-D{macro}", f"-D{o}", "-x", "c", "-"],
                               input='#include "kprof.h"\n', capture_output=True, text=True)
            check(r.returncode != 0 and "#error" in r.stderr and macro in r.stderr,
                  f"{macro} with {o} stops at the #error the block promises: {r.stderr[:200]}")
    # The refusal config.h makes itself.
    r = subprocess.run(["gcc", "-std=c99", "-fsyntax-only", "-I" + ROOT, "-DKPROF_WINDOWS_NAMES",
                        "-DKPROF_NO_WINDOWS_MODEL", "-x", "c", "-"], input='#include "kprof.h"\n',
                       capture_output=True, text=True)
    check(r.returncode != 0 and "#error" in r.stderr and "KPROF_WINDOWS_NAMES" in r.stderr,
          f"KPROF_WINDOWS_NAMES with KPROF_NO_WINDOWS_MODEL stops at an #error: {r.stderr[:200]}")
    return done()


if __name__ == "__main__":
    sys.exit(main())
