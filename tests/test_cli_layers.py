#!/usr/bin/env python3
"""The kprof command's structure (issue 32 item 7), read from cli/'s sources.

- No circle between cli/'s files. A file depends on another when it includes a header that
  declares a function the other defines, or when it calls such a function; the graph of those
  edges must have no cycle (a cycle is printed file by file).
- No header of cli/ includes a header that (directly or not) includes it.
- Options are looked up by compile-time id: no `kprof_cli_get(a, "--json")` string lookup
  remains, and the option layer has no abort().
- Dump loading lives in cli/dump.c alone.

Usage: test_cli_layers.py [CLI_DIR]. Ends with 'N passed, N failed'.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402

CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "cli")

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# A function definition at file scope: a line starting in column 0, not static, ending in ")"
# and followed by a line that is "{".
DEFINITION = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(kprof_\w+)\s*\([^;{]*?\)\s*\n\{", re.M)
DECLARATION = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(kprof_\w+)\s*\([^;{]*?\)[^;{]*;", re.M)
IDENT = re.compile(r"\bkprof_(?:cli|cmd)_\w+")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return strip_comments(f.read())


def find_cycle(graph):
    """A cycle of graph (node -> set of nodes) as a list, or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    color = {n: WHITE for n in graph}
    stack = []

    def visit(n):
        color[n] = GREY
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if color.get(m, WHITE) == GREY:
                return stack[stack.index(m):] + [m]
            if color.get(m, WHITE) == WHITE:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        color[n] = BLACK
        return None

    for n in sorted(graph):
        if color[n] == WHITE:
            c = visit(n)
            if c:
                return c
    return None


def main():
    files = sorted(f for f in os.listdir(CLI) if f.endswith((".c", ".h")))
    text = {f: read(os.path.join(CLI, f)) for f in files}
    includes = {f: set(i for i in INCLUDE.findall(text[f]) if i in text) for f in files}

    # Headers: no include cycle.
    hdr_graph = {f: includes[f] for f in files if f.endswith(".h")}
    cyc = find_cycle(hdr_graph)
    check(cyc is None, "cli/ headers include each other in a circle: " + " -> ".join(cyc or []))

    def closure(f, seen=None):
        seen = set() if seen is None else seen
        for h in includes.get(f, ()):
            if h not in seen:
                seen.add(h)
                closure(h, seen)
        return seen

    defined_in = {}
    for f in files:
        if f.endswith(".c"):
            for name in DEFINITION.findall(text[f]):
                defined_in.setdefault(name, set()).add(f)
    check(len(defined_in) > 10, f"found the command's functions ({len(defined_in)})")
    declared_in = {}
    for f in files:
        if f.endswith(".h"):
            for name in DECLARATION.findall(text[f]):
                declared_in.setdefault(f, set()).add(name)

    graph = {f: set() for f in files if f.endswith(".c")}
    why = {}
    for f in graph:
        for h in closure(f):
            for name in declared_in.get(h, ()):
                for g in defined_in.get(name, ()):
                    if g != f:
                        graph[f].add(g)
                        why.setdefault((f, g), f"includes {h} (declares {name})")
        for name in set(IDENT.findall(text[f])):
            for g in defined_in.get(name, ()):
                if g != f:
                    graph[f].add(g)
                    why.setdefault((f, g), f"calls {name}")
    cyc = find_cycle(graph)
    detail = ""
    if cyc:
        detail = "; ".join(f"{a} -> {b} ({why[(a, b)]})" for a, b in zip(cyc, cyc[1:]))
    check(cyc is None, "the files of cli/ depend on each other in a circle: " + detail)

    # Options by compile-time id: no lookup by spelling, no abort() on a misspelling.
    for f in files:
        for m in re.finditer(r'kprof_cli_get\s*\(\s*\w+\s*,\s*"', text[f]):
            line = text[f].count("\n", 0, m.start()) + 1
            check(False, f"cli/{f}:{line}: an option looked up by its spelling")
    check(not any("abort()" in text[f] for f in files), "no abort() in cli/ (a misspelled option "
          "id does not compile)")

    # Dump loading in a file of its own: the dump functions are defined in dump.c alone.
    loaders = {n: fs for n, fs in defined_in.items() if n.startswith("kprof_cli_dump_")}
    check(loaders and all(fs == {"dump.c"} for fs in loaders.values()),
          f"dump loading lives in cli/dump.c alone: {sorted((n, sorted(fs)) for n, fs in loaders.items())}")
    return done()


if __name__ == "__main__":
    sys.exit(main())
