#!/usr/bin/env python3
"""The generator's shape (issue 32, DESIGN-1.0 section 6), checked on its source:

- gen/kprofgen.py, the core, names nothing of the spec: no section, table, register or field,
  enumeration, record, list, struct, leaf, interval, counts verdict or class appears in it as a
  string. What a section knows of its own data lives in its plugin, gen/plugins/<section>.py
  (SECTION, KEYS, FILTERS, build), and its template gen/templates/domains/<section>.j2.
- No template decides by a spec name: no comparison with one (`t.select_register ==
  'ia32_perfevtsel'`), no enumerator of the spec written as a string (a vendor the spec
  states is looked up by the plugin).
- Every plugin is for a section of spec/project.yaml and has the four names the core uses.
- One string pool implementation: one pool class in the generator (Pool, in the core), one
  pool emitter in the templates (macro `pool` of macros.j2), and every pool kprof.h defines
  comes from it.
- gen/c holds no enumeration: every enumeration is in spec/ and gets its kprof_<enum>_name().

Each check prints the offending file and line. Ends with 'N passed, N failed'.
"""
import ast
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = os.path.join(ROOT, "gen", "kprofgen.py")
# Words of the core's own vocabulary that a spec also happens to use as a name: the generic
# kind `msrs` (its entries are labelled "msr ..."), a function's `signature` and the `model`
# the core hands the templates and plugins.
CORE_WORDS = {"msr", "signature", "model"}
# The spec's rows (not its shape) that no plugin may name either.
PLUGIN_ROW_KINDS = {"source table", "counts class"}


def spec_names():
    """Every name the spec gives its data, lower-case -> what it names."""
    names, enumerators = {}, set()

    def add(kind, n):
        if isinstance(n, str):
            names.setdefault(n.lower(), kind)
    spec = os.path.join(ROOT, "spec")
    for f in sorted(os.listdir(spec)):
        if not f.endswith(".yaml"):
            continue
        doc = yaml.safe_load(open(os.path.join(spec, f), encoding="utf-8")) or {}
        for s in doc.get("sections") or []:
            add("section", s.get("name"))
        for t in doc.get("tables") or []:
            add("source table", t.get("id"))
        for r in doc.get("registers") or []:
            add("register", r.get("name"))
            for fl in r.get("fields") or []:
                add(f"field of register {r.get('name')}", fl.get("name"))
        counts = doc.get("counts") or {}
        for st in counts.get("statuses") or []:
            add("counts verdict", st.get("name"))
        for c in counts.get("classes") or []:
            add("counts class", c.get("id"))
        for k in ("enums", "records", "lists", "structs"):
            for e in doc.get(k) or []:
                add(k[:-1], e.get("name"))
        for e in doc.get("enums") or []:
            for v in e.get("values") or []:
                n = str(v.get("name"))
                enumerators.add(n if n.startswith("KPROF_") else f"KPROF_{e['name'].upper()}_{n}")
        for leaf in doc.get("leaves") or []:
            add("cpuid leaf", leaf.get("name"))
        for k in doc.get("intervals") or {}:
            add("interval class", k)
    return names, enumerators


def core_names(names, path=CORE, kinds=None):
    """(line, string, what it names) for each string of the core (or of the generator file
    path) that is a spec name (of one of kinds, when given)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    schema = set()  # the spec's keys, which the core reads by name: not data
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "check":
            for a in n.args:
                if isinstance(a, ast.Dict):
                    schema |= {k.value.rstrip("?") for k in a.keys if isinstance(k, ast.Constant)}
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings:
            v = n.value
            if v.lower() in names and v not in schema and v not in CORE_WORDS and \
                    (kinds is None or names[v.lower()] in kinds):
                out.append((n.lineno, v, names[v.lower()]))
    return sorted(out)


def template_decisions(names, enumerators):
    """(file, line, text) for each template expression that compares with a spec name or
    writes a spec enumerator as a string."""
    out = []
    tdir = os.path.join(ROOT, "gen", "templates")
    for base, _, files in os.walk(tdir):
        for f in sorted(files):
            if not f.endswith(".j2"):
                continue
            path = os.path.join(base, f)
            for i, line in enumerate(open(path, encoding="utf-8"), 1):
                for expr in re.findall(r"\{\{.*?\}\}|\{%.*?%\}", line):
                    for op, lit in re.findall(r"(==|!=|\bin\b)?\s*['\"]([A-Za-z0-9_]+)['\"]", expr):
                        if (op and lit.lower() in names) or lit in enumerators:
                            out.append((os.path.relpath(path, ROOT), i, expr.strip()))
    return out


def main():
    names, enumerators = spec_names()
    check(len(names) > 100 and len(enumerators) > 100, f"the spec's names were read ({len(names)}, {len(enumerators)})")
    for line, v, what in core_names(names):
        check(False, f"gen/kprofgen.py:{line}: the core names the spec's {what} {v!r}: that belongs in a plugin")
    check(not core_names(names), "gen/kprofgen.py names nothing of the spec")
    for path, line, expr in template_decisions(names, enumerators):
        check(False, f"{path}:{line}: the template decides by a spec name: {expr}")
    check(not template_decisions(names, enumerators), "no template decides by a spec name")

    sections = [s["name"] for s in yaml.safe_load(open(os.path.join(ROOT, "spec", "project.yaml")))["sections"]]
    pdir = os.path.join(ROOT, "gen", "plugins")
    plugins = sorted(f for f in os.listdir(pdir) if f.endswith(".py") and not f.startswith("_")) if os.path.isdir(pdir) else []
    check(plugins, "gen/plugins has the sections' plugins")
    for f in plugins:
        tree = ast.parse(open(os.path.join(pdir, f), encoding="utf-8").read())
        top = {t.id: n for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        top.update({n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)})
        for need in ("SECTION", "KEYS", "FILTERS", "build"):
            check(need in top, f"gen/plugins/{f} defines {need}")
        sec = top.get("SECTION")
        check(sec is not None and isinstance(sec.value, ast.Constant) and sec.value.value == f[:-3] and f[:-3] in sections,
              f"gen/plugins/{f}: SECTION is its own name, a section of spec/project.yaml")
        # A plugin knows its section's shape (keys, fields), never one of its rows: what sets a
        # table or class apart is an attribute of it in the spec.
        rows = core_names(names, os.path.join(pdir, f), PLUGIN_ROW_KINDS)
        for line, v, what in rows:
            check(False, f"gen/plugins/{f}:{line}: the plugin names the spec's {what} {v!r}: make it an attribute in the spec")
        check(not rows, f"gen/plugins/{f} names no source table or counts class")

    # One string pool implementation.
    gen_files = [CORE] + [os.path.join(pdir, f) for f in plugins]
    pools = [(p, n.name) for p in gen_files for n in ast.walk(ast.parse(open(p, encoding="utf-8").read()))
             if isinstance(n, ast.ClassDef) and "pool" in n.name.lower()]
    check([n for _, n in pools] == ["Pool"] and pools[0][0] == CORE,
          f"one pool class in the generator, the core's Pool (found {[(os.path.relpath(p, ROOT), n) for p, n in pools]})")
    emitters, defs = [], []
    tdir = os.path.join(ROOT, "gen", "templates")
    for base, _, files in os.walk(tdir):
        for f in files:
            text = open(os.path.join(base, f), encoding="utf-8").read()
            emitters += [(f, m) for m in re.findall(r"\{% macro (\w*pool\w*)\(", text)]
            defs += [(f, m) for m in re.findall(r"static const [^\n]*_pool\b", text)]
    check(sorted(emitters) == [("macros.j2", "pool"), ("macros.j2", "pool_text")] and
          all(f == "macros.j2" for f, _ in defs), f"one pool emitter, macros.j2's (found {emitters}, {defs})")
    header = open(os.path.join(ROOT, "kprof.h"), encoding="utf-8").read()
    defined = re.findall(r"^static const (?:char (kprof_impl_\w+_pool)\[|struct \{\n(?:\tchar part\d+\[[^\n]*\n)+\} (kprof_impl_\w+_pool))",
                         header, re.M)
    made = re.findall(r"/\* The pool of [^\n]*(?:\n \*[^\n]*)*\*/\n/\* clang-format off \*/\nstatic const (?:char (kprof_impl_\w+_pool)|struct)",
                      header)
    every = re.findall(r"^(?:static const char (kprof_impl_\w+_pool)\[|\} (kprof_impl_\w+_pool) =)", header, re.M)
    check(defined and len(every) == len(defined) == len(made),
          f"every pool kprof.h defines comes from the pool emitter ({len(every)} pools, {len(made)} emitted)")

    # No hand-written enumeration in gen/c.
    cdir = os.path.join(ROOT, "gen", "c")
    searched = [f for f in sorted(os.listdir(cdir)) if f.endswith((".c", ".h"))]
    for f in searched:
        for i, line in enumerate(open(os.path.join(cdir, f), encoding="utf-8"), 1):
            if re.match(r"^\s*(typedef\s+)?enum\b", line):
                check(False, f"gen/c/{f}:{i}: an enumeration written by hand: put it in spec/ (it gets its _name())")
    check(len(searched) > 0, f"gen/c was searched for enumerations ({len(searched)} files)")
    return done()


if __name__ == "__main__":
    sys.exit(main())
