#!/usr/bin/env python3
"""The kprof command's structure (issue 32 item 7), read from cli/'s sources.

- No circle between cli/'s files. A file depends on another when it includes a header that
  declares a function the other defines, or when it calls such a function; the graph of those
  edges must have no cycle (a cycle is printed file by file).
- No header of cli/ includes a header that (directly or not) includes it.
- Options are looked up by compile-time id: no `kprof_cli_get(a, "--json")` string lookup
  remains, and the option layer has no abort().
- Dump loading lives in cli/dump.c alone.
- No private name table: no string table (an array initializer, or a switch's `case X: return
  "..."`) in cli/ holds two or more of the names or descriptions the library gives
  (kprof_<enum>_name(), kprof_<enum>_description_get(), read from the spec with plain YAML by
  tests/spec_rows.py --names, compared ignoring '-' versus '_' only: a column heading
  "Name" is not the name "name"; the headings of a table's columns, kprof_cli_column arrays,
  are labels, not names: "Event" heads the event column whatever the registry calls its
  value; so are arrays of a typedef struct holding a kprof_cli_column): the command calls
  the library instead. A planted table is reported (the check's own test).
- No table written as code: no function returns string literals from a chain of two or more
  `if (v == X) return "...";` (a table of rows instead, or the library's _name()). A planted
  chain is reported.
- One array per table's columns: no two kprof_cli_column arrays in cli/ have the same headings
  in the same order (columns that differ only by their drop ranks are one array with a rank
  per use). A planted pair is reported.

Usage: test_cli_layers.py [CLI_DIR]. Ends with 'N passed, N failed'.
"""
import glob
import os
import re
import subprocess
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


def library_names():
    """Every string a kprof_<enum>_name() or _description_get() gives, from the spec."""
    spec = sorted(glob.glob(os.path.join(ROOT, "spec", "*.yaml")))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "spec_rows.py"), "--names"] + spec,
                         check=True, capture_output=True, text=True).stdout
    names = {line.split("\t")[2] for line in out.splitlines() if line.count("\t") == 2}
    import yaml
    for path in spec:
        with open(path, encoding="utf-8") as f:
            for e in (yaml.safe_load(f) or {}).get("enums") or []:
                names.update(v["description"] for v in e["values"] if v.get("description"))
    return {fold(n) for n in names if len(n) > 1}


def fold(s):
    return s.replace("-", "_")


STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
TABLE = re.compile(r"\[[^\]\n]*\]\s*=\s*\{")  # any array's initializer
CASE_RETURN = re.compile(r'\bcase\s+\w+\s*:\s*return\s+"((?:[^"\\\n]|\\.)*)"')


def initializer(text, start):
    """The text of the brace-enclosed initializer whose '{' ends at start."""
    depth, i = 1, start
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[start:i]


def functions(text):
    """text cut at each function's closing brace (a '}' alone on a line)."""
    return re.split(r"\n\}\n", text)


def name_tables(text, names):
    """(line, names) of each string table in text that holds two or more library names."""
    found = []
    for m in TABLE.finditer(text):
        decl = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if re.search(r"\b(?:%s)\b" % "|".join(column_types(text)), decl):  # column headings: labels, not names
            continue
        hits = [x for x in STRING.findall(initializer(text, m.end())) if fold(x) in names]
        if len(hits) >= 2:
            found.append((text.count("\n", 0, m.start()) + 1, hits))
    for fn in functions(text):
        hits = [x for x in CASE_RETURN.findall(fn) if fold(x) in names]
        if len(hits) >= 2:
            found.append((text.count("\n", 0, text.index(fn)) + 1, hits))
    return found


IF_RETURN = re.compile(r'\bif\s*\(\s*\w+\s*==\s*\w+\s*\)\s*return\s+"((?:[^"\\\n]|\\.)*)"')


def if_chains(text):
    """(line, words) of each function of text that returns two or more string literals from
    `if (v == X) return "...";` tests: a table written as code."""
    found = []
    for fn in functions(text):
        hits = list(IF_RETURN.finditer(fn))
        if len(hits) >= 2:
            at = text.index(fn) + hits[0].start()
            found.append((text.count("\n", 0, at) + 1, [m.group(1) for m in hits]))
    return found


def column_types(text):
    """kprof_cli_column and text's typedef structs that hold one (a column with more ranks)."""
    return ["kprof_cli_column"] + re.findall(r"typedef\s+struct\s+\w*\s*\{[^}]*\bkprof_cli_column\b[^}]*\}\s*(\w+)\s*;", text)


def column_arrays(text):
    """{headings: [(line, array name)]} of text's arrays of table columns."""
    found = {}
    columns = re.compile(r"\b(?:%s)\s+(\w+)\s*\[[^\]\n]*\]\s*=\s*\{" % "|".join(column_types(text)))
    for m in columns.finditer(text):
        heads = tuple(re.findall(r'\{\s*"((?:[^"\\\n]|\\.)*)"', initializer(text, m.end())))
        found.setdefault(heads, []).append((text.count("\n", 0, m.start()) + 1, m.group(1)))
    return found


PLANTED_COLUMNS = """
static const kprof_cli_column planted_a[] = {{"Id", 0, 0}, {"Name", 0, 2}};
static const kprof_cli_column planted_b[] = {{"Id", 0, 0}, {"Name", 0, 1}};
static const kprof_cli_column planted_c[] = {{"Id", 0, 0}, {"Value", 0, 1}};
"""

PLANTED_CHAIN = """
static const char *planted_chain(int i)
{
	if (i == FORMAT_A)
		return "a";
	if (i == FORMAT_B)
		return "b";
	return 0;
}
"""

PLANTED = """
static const struct { unsigned bit; const char *name; } planted[] = {
        {KPROF_HAL_UNCERTAIN_X86_RULES, "x86_rules"}, {KPROF_HAL_UNCERTAIN_TABLES, "tables"}};
static const char *planted_switch(int v)
{
	switch (v) {
	case KPROF_LWP_FEATURE_PTSC: return "ptsc";
	case KPROF_LWP_FEATURE_INT: return "int";
	}
	return 0;
}
"""


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

    # No private name tables: the library's _name() / _description_get() instead.
    names = library_names()
    check({"x86_rules", "ptsc", "GenuineIntel"} <= names, f"the library's names read from the spec ({len(names)})")
    check(len(name_tables(PLANTED, names)) == 2, f"a planted table and switch are reported: {name_tables(PLANTED, names)}")
    for f in files:
        for line, hits in name_tables(text[f], names):
            check(False, f"cli/{f}:{line}: a private table of names the library gives: {', '.join(hits[:6])}")
    planted = [v for v in column_arrays(PLANTED_COLUMNS).values() if len(v) > 1]
    check(planted == [[(2, "planted_a"), (3, "planted_b")]], f"a planted pair of column arrays is reported: {planted}")
    arrays = {}
    for f in files:
        for heads, where in column_arrays(text[f]).items():
            arrays.setdefault(heads, []).extend((f, line, name) for line, name in where)
    check(sum(len(v) for v in arrays.values()) >= 1, f"found the command's column arrays ({sum(len(v) for v in arrays.values())})")
    for heads, where in arrays.items():
        check(len(where) == 1, "column arrays with the same headings (" + ", ".join(heads[:4]) + "...): " +
              "; ".join(f"cli/{f}:{line} {name}" for f, line, name in where))
    check(len(if_chains(PLANTED_CHAIN)) == 1, f"a planted if-chain is reported: {if_chains(PLANTED_CHAIN)}")
    for f in files:
        for line, hits in if_chains(text[f]):
            check(False, f"cli/{f}:{line}: a table written as an if-chain: {', '.join(hits[:6])}")
    return done()


if __name__ == "__main__":
    sys.exit(main())
