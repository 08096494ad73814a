"""The counts section's plugin (a `counts:` spec): what each profile source's select counts
per processor class, laid out as relocation-free tables for gen/templates/domains/counts.j2.
The verdicts' names and a select's event fields are this plugin's knowledge; the generator's
core knows none of it."""
import re

from kprofgen import Pool, Seq, SpecError, build_rows, check, entries, fail, fit, ident, name_index, where

SECTION = "counts"
KEYS = {"counts"}
# The verdict a lookup without a row gives (it must be the first), and the verdicts whose rows
# name nothing (the event does not exist, or nobody knows).
UNKNOWN = "unknown"
NAMELESS = ("absent", "unknown")
# A select's fields that make its (event, unit mask): the event, its high bits (AMD), the mask.
EVENT, EVENT_HI, UMASK = "event", "event_hi", "umask"
FILTERS = {}


def build(ctx):
    """The model's `counts`: the section's one `counts:` entry, checked against the sources."""
    specs = [d for d in ctx["docs"] if "counts" in d]
    if len(specs) > 1:
        fail(specs[1], "counts", "one counts entry per header")
    return {"counts": build_counts(specs[0]["counts"], ctx["model"]["sources"], ctx["registers"]) if specs else None}


COUNTS_RANGE = re.compile(r"^([a-z0-9_]+)(?:\.\.([a-z0-9_]+))?$")


def select_key(select, reg):
    """(event, unit mask) of a select value, from its register's `event`/`umask` fields."""
    f = {x["name"]: x for x in reg["fields"]}
    get = lambda n: (select >> f[n]["lo"]) & f[n]["max"] if n in f else 0  # noqa: E731
    return get(EVENT) | get(EVENT_HI) << 8, get(UMASK)


def build_counts(node, sources, registers):
    """`counts:`: per processor class and per (event, unit mask), the vendor's name for what a
    table's select counts and a status. Laid out like the source tables: one string pool,
    integer rows sorted by (event, unit mask, first class), class ranges instead of copies."""
    check(node, {"doc": str, "provenance": str, "statuses": list, "classes": list, "rows": list,
                 "linux_events?": list, "caveats?": list, "fixed?": list}, "counts")
    # Linux pmu-events facts for classes libpfm4 has no table for: carried for the tests
    # (tests/test_counts.py checks the rows against them), shape checked here.
    linux_ids = set()
    for le in entries(node.get("linux_events"), "counts linux_events", node):
        lee = f"counts linux_events {le.get('id', '?')!r}"
        check(le, {"id": str, "mapfile": str, "provenance": str, "events": list}, lee)
        ident(le, lee, "id", le["id"])
        linux_ids.add(le["id"])
        for i, ev in enumerate(le["events"]):
            if not (isinstance(ev, list) and len(ev) == 3 and isinstance(ev[0], int) and 0 <= ev[0] <= 0xFFF
                    and (ev[1] is None or (isinstance(ev[1], int) and 0 <= ev[1] <= 0xFF))
                    and isinstance(ev[2], str) and ev[2].isprintable()):
                line = le["events"].item_lines[i] if isinstance(le["events"], Seq) else 0
                raise SpecError(f"{node.file}:{line}: {lee}: an event is [code 0..0xFFF, unit mask 0..0xFF or ~, "
                                f"name], got {ev!r}")
    statuses = []
    for st in entries(node["statuses"], "counts statuses", node):
        check(st, {"name": str, "doc": str}, f"counts status {st.get('name', '?')!r}")
        ident(st, "counts status", "name", st["name"])
        statuses.append({"name": st["name"], "NAME": st["name"].upper(), "doc": st["doc"]})
    status_of = {x["name"]: i for i, x in enumerate(statuses)}
    if status_of.get(UNKNOWN) != 0:
        fail(node, "counts statuses", "the first status must be 'unknown' (what a lookup without a row gives)", "statuses")
    tables = {t["id"]: t for t in sources["tables"]}
    classes, vendors = [], []
    for c in entries(node["classes"], "counts classes", node):
        ce = f"counts class {c.get('id', '?')!r}"
        check(c, {"id": str, "title": str, "vendor": str, "match": list, "basis": str, "provenance": str,
                  "table": str, "libpfm4?": str, "linux?": str}, ce)
        if c.get("linux") is not None and c["linux"] not in linux_ids:
            fail(c, ce, f"linux '{c['linux']}' is not an id under linux_events", "linux")
        if c["table"] not in tables or not tables[c["table"]]["select_register"]:
            fail(c, ce, f"table '{c['table']}' is not a source table with selects", "table")
        ident(c, ce, "id", c["id"])
        if any(x["id"] == c["id"] for x in classes):
            fail(c, ce, "duplicate class id", "id")
        if len(c["vendor"]) != 12:
            fail(c, ce, f"vendor must be the 12-character cpuid leaf 0 string, got {c['vendor']!r}", "vendor")
        if c["vendor"] not in vendors:
            vendors.append(c["vendor"])
        matches = []
        for m in entries(c["match"], f"{ce} match", c):
            check(m, {"family": (int, list), "model?": (int, list), "stepping?": (int, list)}, f"{ce} match")
            rng = []
            for k, top in (("family", 0x10E), ("model", 0xFF), ("stepping", 0xF)):
                v = m.get(k, [0, top])
                lo, hi = (v, v) if isinstance(v, int) else (tuple(v) if len(v) == 2 else (-1, -1))
                if not (isinstance(lo, int) and isinstance(hi, int) and 0 <= lo <= hi <= top):
                    fail(m, f"{ce} match", f"{k} must be a number or [low, high] within 0..{top:#x}, got {v!r}", k)
                rng += [lo, hi]
            matches.append(rng)
        classes.append({"id": c["id"], "title": c["title"], "vendor": vendors.index(c["vendor"]),
                        "vendor_string": c["vendor"], "match": matches, "basis": c["basis"],
                        "provenance": c["provenance"], "libpfm4": c.get("libpfm4"),
                        "table": tables[c["table"]], "node": c})
    if len(classes) > 254:
        fail(node, "counts classes", "at most 254 classes", "classes")
    index = {c["id"]: i for i, c in enumerate(classes)}
    rows, covered = [], {}
    for i, r in enumerate(node["rows"]):
        line = node["rows"].item_lines[i] if isinstance(node["rows"], Seq) else 0
        at = f"{node.file}:{line}: counts row {r!r}"
        if not isinstance(r, list) or len(r) not in (5, 6):
            raise SpecError(f"{at}: a row is [event, unit mask, classes, status, name, note?]")
        ev, um, cls, st, name = r[:5]
        if not (isinstance(ev, int) and 0 <= ev <= 0xFFF and isinstance(um, int) and 0 <= um <= 0xFF):
            raise SpecError(f"{at}: event must be 0..0xFFF and unit mask 0..0xFF")
        m = COUNTS_RANGE.match(str(cls))
        if not m or m.group(1) not in index or (m.group(2) or m.group(1)) not in index:
            raise SpecError(f"{at}: classes must be a class id or first..last of ids defined under classes")
        lo, hi = index[m.group(1)], index[m.group(2) or m.group(1)]
        if lo > hi:
            raise SpecError(f"{at}: class range runs backwards")
        if st not in status_of:
            raise SpecError(f"{at}: status must be one of {', '.join(status_of)}")
        if (name is None) != (st in NAMELESS):
            raise SpecError(f"{at}: absent and unknown rows have no vendor name (~); the others need one")
        if name is not None and (not isinstance(name, str) or not name.isprintable()):
            raise SpecError(f"{at}: the vendor name must be printable text")
        for k in range(lo, hi + 1):
            if (ev, um, k) in covered:
                raise SpecError(f"{at}: class {classes[k]['id']} already has a row for this select (line {covered[(ev, um, k)]})")
            covered[(ev, um, k)] = line
        rows.append({"event": ev, "umask": um, "lo": lo, "hi": hi, "status": status_of[st], "name": name,
                     "note": r[5] if len(r) == 6 else None, "line": line})
    # Every select of a class's table has a verdict on that class, so a lookup never falls
    # through to `unknown` for lack of a row.
    for k, c in enumerate(classes):
        t = c["table"]
        reg = registers[t["select_register"]]
        for s in t["rows"]:
            ev, um = select_key(s["select"], reg)
            if (ev, um, k) not in covered:
                fail(node, "counts rows", f"no row for {t['id']} select {s['select']:#010x} "
                     f"({s['name']}: event {ev:#04x}, unit mask {um:#04x}) on class {c['id']}", "rows")
    rows.sort(key=lambda x: (x["event"], x["umask"], x["lo"]))
    # The spec keeps a row per note; the table needs one per run of neighbouring classes with
    # the same verdict and vendor name (the lookup reads nothing else).
    merged = []
    for r in rows:
        p = merged[-1] if merged else None
        if p and (p["event"], p["umask"], p["hi"] + 1, p["status"], p["name"]) == \
                (r["event"], r["umask"], r["lo"], r["status"], r["name"]):
            p["hi"] = r["hi"]
        else:
            merged.append(dict(r))
    # Caveats: why a run of events counts nothing or nothing right on a run of classes, in the
    # words the command prints; each must cover some verdict row.
    caveats = []
    for cv in entries(node.get("caveats"), "counts caveats", node):
        cve = f"counts caveat {cv.get('id', '?')!r}"
        check(cv, {"id": str, "events": list, "classes": str, "says": str, "provenance": str}, cve)
        ident(cv, cve, "id", cv["id"])
        ev = cv["events"]
        if not (len(ev) == 2 and all(isinstance(x, int) for x in ev) and 0 <= ev[0] <= ev[1] <= 0xFFF):
            fail(cv, cve, f"events must be [first, last] within 0..0xFFF, got {ev!r}", "events")
        m = COUNTS_RANGE.match(cv["classes"])
        if not m or m.group(1) not in index or (m.group(2) or m.group(1)) not in index or \
                index[m.group(1)] > index[m.group(2) or m.group(1)]:
            fail(cv, cve, "classes must be a class id or first..last of ids defined under classes", "classes")
        lo, hi = index[m.group(1)], index[m.group(2) or m.group(1)]
        if not any(ev[0] <= e <= ev[1] and lo <= k <= hi for (e, _u, k) in covered):
            fail(cv, cve, "covers no verdict row", "events")
        if not cv["says"].isprintable():
            fail(cv, cve, "says must be printable text", "says")
        caveats.append({"id": cv["id"], "ev": ev, "lo": lo, "hi": hi, "says": cv["says"], "node": cv})
    # Sources without a select counted on a fixed-function counter: one verdict per source and
    # class run, every row of a table that has no selects.
    fixed = []
    for i, r in enumerate(node.get("fixed") or []):
        line = node["fixed"].item_lines[i] if isinstance(node["fixed"], Seq) else 0
        at_f = f"{node.file}:{line}: counts fixed {r!r}"
        if not isinstance(r, list) or len(r) != 7:
            raise SpecError(f"{at_f}: a row is [table, source value, fixed counter or ~, classes, status, name or ~, why]")
        tid, val, ctr, cls, st, name, why = r
        t = tables.get(tid)
        if not t or t["select_register"] or not any(x["value"] == val for x in t["rows"]):
            raise SpecError(f"{at_f}: the source must be a row of a table without selects")
        if not (ctr is None or (isinstance(ctr, int) and 0 <= ctr <= 31)):
            raise SpecError(f"{at_f}: the fixed counter is 0..31 or ~")
        m = COUNTS_RANGE.match(str(cls))
        if not m or m.group(1) not in index or (m.group(2) or m.group(1)) not in index:
            raise SpecError(f"{at_f}: classes must be a class id or first..last of ids defined under classes")
        if st not in status_of or (name is None) != (st in NAMELESS) or (ctr is None) != (st in NAMELESS):
            raise SpecError(f"{at_f}: a known verdict names its counter and event; unknown and absent name neither")
        if not (isinstance(why, str) and why.isprintable()):
            raise SpecError(f"{at_f}: why must be printable text")
        fixed.append({"table": t, "value": val, "counter": -1 if ctr is None else ctr, "lo": index[m.group(1)],
                      "hi": index[m.group(2) or m.group(1)], "status": status_of[st], "name": name, "why": why,
                      "line": line})
    pool = Pool("counts", "the counts section's strings: vendor event names, class titles, bases and vendors")
    ids = lambda r: classes[r["lo"]]["id"] + (".." + classes[r["hi"]]["id"] if r["hi"] > r["lo"] else "")  # noqa: E731
    klass = lambda k: f"KPROF_COUNTS_CLASS_{classes[k]['id'].upper()}"  # noqa: E731
    at = lambda r: f"{node.file}:{r['line']}: counts row"  # noqa: E731
    tables = [
        build_rows("kprof_impl_counts_rows", "The verdicts: a select's (event, unit mask) on the classes "
                   "class_lo..class_hi, sorted by (event, unit mask, class_lo).", "kprof_impl_counts_row",
                   [([fit(r["event"], "uint16_t", at(r), 3), fit(r["umask"], "uint8_t", at(r), 2), klass(r["lo"]),
                      klass(r["hi"]), f"KPROF_COUNTS_VERDICT_{statuses[r['status']]['NAME']}",
                      "KPROF_IMPL_COUNTS_NONE" if r["name"] is None else str(pool.intern(r["name"], at(r)))],
                     f"{ids(r)}" + (f': "{r["name"]}"' if r["name"] else ""))
                    for r in merged],
                   [("uint16_t", "event", "the select's event (bits 7:0, and 35:32 for AMD as bits 11:8)"),
                    ("uint8_t", "umask", "its unit mask"), ("uint8_t", "class_lo", "the first class (kprof_counts_class)"),
                    ("uint8_t", "class_hi", "the last class"), ("uint8_t", "status", "kprof_counts_verdict"),
                    ("uint16_t", "name", "the vendor's name for it in the pool, KPROF_IMPL_COUNTS_NONE: none")]),
    ]
    tables.append(build_rows("kprof_impl_counts_fixed", "Sources without a select that a fixed-function "
                             "counter counts (counter -1: none known), their verdict on the classes class_lo..class_hi "
                             "and why.", "kprof_impl_counts_fixed_row",
                             [([f"KPROF_SOURCE_TABLE_{f['table']['ID']}", fit(f["value"], "uint16_t", at(f), 2),
                                fit(f["counter"], "int8_t", at(f)), klass(f["lo"]), klass(f["hi"]),
                                f"KPROF_COUNTS_VERDICT_{statuses[f['status']]['NAME']}",
                                "KPROF_IMPL_COUNTS_NONE" if f["name"] is None else str(pool.intern(f["name"], at(f))),
                                str(pool.intern(f["why"], at(f)))],
                               f"{f['table']['id']} {f['value']:#04x}" + (f': "{f["name"]}"' if f["name"] else ""))
                              for f in fixed],
                             [("uint8_t", "table", "the source's table (kprof_source_table)"),
                              ("uint16_t", "value", "the source's value"),
                              ("int8_t", "counter", "the fixed counter, -1 when none is known"),
                              ("uint8_t", "class_lo", "the first class (kprof_counts_class)"),
                              ("uint8_t", "class_hi", "the last class"), ("uint8_t", "status", "kprof_counts_verdict"),
                              ("uint16_t", "name", "the vendor's name for it in the pool, KPROF_IMPL_COUNTS_NONE: none"),
                              ("uint16_t", "why", "where the verdict comes from, in the pool")]))
    tables.append(build_rows("kprof_impl_counts_caveats", "Why events event_lo..event_hi count nothing, or nothing "
                             "right, on the classes class_lo..class_hi: the words the command prints.",
                             "kprof_impl_counts_caveat",
                             [([fit(cv["ev"][0], "uint16_t", where(cv["node"]), 3), fit(cv["ev"][1], "uint16_t", where(cv["node"]), 3),
                                klass(cv["lo"]), klass(cv["hi"]),
                                str(pool.intern(cv["says"], f"{where(cv['node'], 'counts caveat ' + repr(cv['id']))}: says"))],
                               cv["id"]) for cv in caveats],
                             [("uint16_t", "event_lo", "the first event"), ("uint16_t", "event_hi", "the last event"),
                              ("uint8_t", "class_lo", "the first class (kprof_counts_class)"),
                              ("uint8_t", "class_hi", "the last class"), ("uint16_t", "says", "the words, in the pool")]))
    match_rows, class_rows = [], []
    for c in classes:
        loc = where(c["node"], f"counts class {c['id']!r}")
        class_rows.append(([str(pool.intern(c[k], f"{loc}: {k}")) for k in ("title", "basis", "vendor_string")] + [
                            fit(len(match_rows), "uint8_t", loc), fit(len(c["match"]), "uint8_t", loc),
                            f"KPROF_SOURCE_TABLE_{c['table']['ID']}"], klass(len(class_rows))))
        match_rows += [([fit(v, "uint16_t" if i < 2 else "uint8_t", loc, 2) for i, v in enumerate(m)], c["id"])
                       for m in c["match"]]
    tables.append(build_rows("kprof_impl_counts_matches", "The family/model/stepping ranges of the classes.",
                             "kprof_impl_counts_match", match_rows,
                             [("uint16_t", "family_lo", "family (base + extended)"), ("uint16_t", "family_hi", ""),
                              ("uint8_t", "model_lo", "model (with the extended model)"), ("uint8_t", "model_hi", ""),
                              ("uint8_t", "stepping_lo", "stepping"), ("uint8_t", "stepping_hi", "")]))
    tables.append(build_rows("kprof_impl_counts_classes", "The processor classes: what each is called, where its "
                             "verdicts come from, its vendor string and match rows, the table whose selects it judges.",
                             "kprof_impl_counts_class", class_rows,
                             [("uint16_t", "title", "its title in the pool"), ("uint16_t", "basis", "where its verdicts come from"),
                              ("uint16_t", "vendor", "its cpuid vendor string"),
                              ("uint8_t", "first_match", "its first row of kprof_impl_counts_matches"),
                              ("uint8_t", "match_count", "its rows there"), ("uint8_t", "table", "the table it judges (kprof_source_table)")]))
    # For the docs: each class's table, source by source, and the count of each status.
    cell = {}
    for r in rows:
        for k in range(r["lo"], r["hi"] + 1):
            cell[(r["event"], r["umask"], k)] = r
    matrix = []
    for t in sources["tables"]:
        cols = [k for k, c in enumerate(classes) if c["table"] is t]
        if not cols:
            continue
        reg = registers[t["select_register"]]
        lines = [{"source": s, "cells": [cell[(*select_key(s["select"], reg), k)] for k in cols]} for s in t["rows"]]
        tally = [[sum(1 for ln in lines if ln["cells"][j]["status"] == i) for i in range(len(statuses))]
                 for j in range(len(cols))]
        matrix.append({"table": t, "classes": [classes[k] for k in cols], "lines": lines, "tally": tally})
    return {"doc": node["doc"], "provenance": node["provenance"], "statuses": statuses,
            "classes": classes, "vendors": vendors, "rows": rows, "tables": tables, "caveats": caveats,
            "fixed": fixed,
            "pool": pool.model(node, "counts"), "matrix": matrix,
            "status_names": name_index([{"value": i, "string": x["name"], "c": f"KPROF_COUNTS_VERDICT_{x['NAME']}"}
                                        for i, x in enumerate(statuses)], node, "counts statuses", "counts_status")}
