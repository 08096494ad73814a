#!/usr/bin/env python3
"""kprofgen: render spec/*.yaml and gen/c/* into the single header kprof.h.

    kprofgen.py [--spec DIR] [--out FILE] [--check] [--docs DIR]

Reads every spec file, validates it (errors name file, line and entry), renders
gen/templates/kprof.h.j2 with the hand-written C from gen/c/ (copied verbatim: a
section's hand-written types and inline routines in <section>.api.h, its definitions in
<section>.c; each public function's declaration is made from its spec entry and its
definition's signature, and the two must agree), adds the API index, formats the result
with clang-format and writes it atomically. Nothing is written when anything fails.
With --check, compares instead of writing and exits 1 on a difference.
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

import jinja2
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Run as a script, this module is still the one the plugins import (`from kprofgen import ...`).
sys.modules.setdefault("kprofgen", sys.modules[__name__])

# Spec files that are no section of their own: their entries go to the first section.
# The sections themselves, in order, are listed in spec/project.yaml.
SHARED_SPECS = ["project"]


class SpecError(Exception):
    pass


# --------------------------------------------------------------------------- YAML with lines
class Map(dict):
    """A YAML mapping that remembers where it was, and where each of its keys is."""
    file = "?"
    line = 0
    key_lines = {}


class Seq(list):
    file = "?"
    line = 0
    item_lines = []


def load_yaml(path):
    rel = os.path.relpath(path, ROOT)

    class Loader(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        m = Map()
        m.file, m.line = rel, node.start_mark.line + 1
        m.key_lines = {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            if key in m:
                raise SpecError(f"{rel}:{knode.start_mark.line + 1}: duplicate key '{key}'")
            m[key] = loader.construct_object(vnode, deep=True)
            m.key_lines[key] = knode.start_mark.line + 1
        return m

    def sequence(loader, node):
        s = Seq(loader.construct_object(c, deep=True) for c in node.value)
        s.file, s.line = rel, node.start_mark.line + 1
        s.item_lines = [c.start_mark.line + 1 for c in node.value]
        return s

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, sequence)
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.load(f, Loader=Loader)  # noqa: S506 (SafeLoader subclass)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"{rel}:{mark.line + 1}" if mark else rel
        raise SpecError(f"{where}: YAML syntax error: {getattr(e, 'problem', e)}")
    if data is None:
        data = Map()
        data.file, data.line = rel, 1
    if not isinstance(data, Map):
        raise SpecError(f"{rel}:1: top level must be a mapping")
    return data


def where(node, entry=None, key=None):
    line = getattr(node, "key_lines", {}).get(key, getattr(node, "line", 0))
    s = f"{getattr(node, 'file', '?')}:{line}"
    return f"{s}: {entry}" if entry else s


def fail(node, entry, msg, key=None):
    """Raise a spec error at node (at the line of node's key, when given)."""
    raise SpecError(f"{where(node, entry, key)}: {msg}")


def entries(seq, what, parent=None):
    """The items of a YAML list of mappings; a spec error at the item's own line when an
    item is not a mapping (a bare scalar carries no line of its own)."""
    if seq is None:
        return
    if not isinstance(seq, Seq):
        fail(parent if parent is not None else seq, what, f"expected a list, got {type(seq).__name__} {seq!r}", what)
    for i, x in enumerate(seq):
        if not isinstance(x, Map):
            raise SpecError(f"{seq.file}:{seq.item_lines[i]}: {what}: expected a mapping, got {type(x).__name__} {x!r}")
        yield x


# Schema: key -> (type or tuple of types, required). "?" suffix = optional.
def check(node, schema, entry):
    if not isinstance(node, Map):
        fail(node, entry, f"expected a mapping, got {type(node).__name__}")
    keys = {}
    for k, t in schema.items():
        opt = k.endswith("?")
        keys[k.rstrip("?")] = (t, opt)
    for k in node:
        if k not in keys:
            fail(node, entry, f"unknown key '{k}' (allowed: {', '.join(sorted(keys))})", k)
    for k, (t, opt) in keys.items():
        if k not in node:
            if not opt:
                fail(node, entry, f"missing field '{k}'")
            continue
        v = node[k]
        if v is None and opt:
            continue
        if t is not None and not isinstance(v, t):
            tn = t.__name__ if isinstance(t, type) else "/".join(x.__name__ for x in t)
            fail(node, entry, f"field '{k}' must be {tn}, got {type(v).__name__} {v!r}", k)
        if t is int and isinstance(v, bool):
            fail(node, entry, f"field '{k}' must be an integer, got a boolean", k)
        if k in ("doc", "provenance") and isinstance(v, str):
            try:
                public_citation(v)
            except SpecError as e:
                fail(node, entry, str(e), k)


IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def ident(node, entry, key, value):
    if not IDENT.match(str(value)):
        fail(node, entry, f"'{key}' must be a C identifier, got {value!r}")
    return value


# --------------------------------------------------------------------------- generic sections
# The Linux kernel name a fact shares (tests/test_linux_headers.py compares them): `linux`
# the macro or union.member, `linux_since` a kernel whose headers (and later ones) must have it,
# `linux_differs` why kprof's value knowingly differs; on a struct's array field `linux_count`
# the macro its element count equals. The generator only carries them.
LINUX_KEYS = {"linux?": str, "linux_since?": str, "linux_differs?": str}


def parse_bits(node, entry, bits, width):
    if isinstance(bits, bool):
        fail(node, entry, "bits must be a bit number or a quoted \"hi:lo\"")
    if isinstance(bits, int):
        hi = lo = bits
    elif isinstance(bits, str) and re.match(r"^\d+(:\d+)?$", bits):
        p = bits.split(":")
        hi, lo = int(p[0]), int(p[-1])
    else:
        fail(node, entry, f"bits must be a bit number or \"hi:lo\", got {bits!r}")
    if hi < lo:
        fail(node, entry, f"bits {bits!r}: high bit below low bit")
    if hi >= width:
        hint = " (quote ranges: YAML reads an unquoted 7:0 as a base-60 number)" if isinstance(bits, int) else ""
        fail(node, entry, f"bit {hi} out of range for a {width}-bit register{hint}")
    return hi, lo


def field_meaning(f, fe, cname, width):
    """A field whose codes stand for amounts (`unit:` and `values:` [{value, means, doc}]): the
    table <cname>_<unit>[code] of what each code means in the unit, 0 for a code not listed
    (reserved); None for a field without values."""
    if f.get("values") is None and f.get("unit") is None:
        return None
    if f.get("values") is None or f.get("unit") is None:
        fail(f, fe, "a field's values need its unit and a unit its values", "values" if f.get("values") is None else "unit")
    ident(f, fe, "unit", f["unit"])
    if width > 8:
        fail(f, fe, f"values: a {width}-bit field has too many codes for a table (at most 8 bits)", "values")
    means = [None] * (1 << width)
    for v in entries(f["values"], f"{fe} values"):
        ve = f"{fe} value {v.get('value', '?')!r}" if isinstance(v, Map) else fe
        check(v, {"value": int, "means": int, "doc": str}, ve)
        if not 0 <= v["value"] < len(means):
            fail(v, ve, f"value {v['value']} does not fit the field's {width} bits", "value")
        if means[v["value"]] is not None:
            fail(v, ve, "duplicate value", "value")
        if not 0 < v["means"] <= 0xFFFFFFFF:
            fail(v, ve, f"means {v['means']} must be 1..0xFFFFFFFF (0 marks a reserved code)", "means")
        means[v["value"]] = v
    table = build_array(f"{cname}_{f['unit'].lower()}",
                        f"What each code of the field means, in {f['unit']}: {f['doc']} (0: reserved).", "uint32_t",
                        [([str(x["means"] if x else 0) + "u"], f"{i}: {x['doc']}" if x else f"{i}: reserved")
                         for i, x in enumerate(means)], per_line=1)
    table["codes"] = ", ".join(f"{i} {x['doc']}" for i, x in enumerate(means) if x)
    return table


def build_register(r, prefix_entry="register"):
    check(r, {"name": str, "width": int, "doc": str, "provenance": str, "fields": list,
              "cpuid?": str, "reserved?": str, "field_names?": str}, f"{prefix_entry} {r.get('name', '?')!r}")
    name = ident(r, "register", "name", r["name"]).lower()
    ent = f"register '{name}'"
    if r["width"] not in (8, 16, 32, 64):
        fail(r, ent, f"width must be 8, 16, 32 or 64, got {r['width']}")
    fields, used, seen = [], 0, set()
    for f in entries(r["fields"], f"{ent} fields"):
        fe = f"{ent} field {f.get('name', '?')!r}" if isinstance(f, Map) else ent
        check(f, {"name": str, "bits": (int, str), "doc": str, "overlaps?": str, "unit?": str, "values?": list,
                  **LINUX_KEYS}, fe)
        fname = ident(f, fe, "name", f["name"]).lower()
        if fname in seen:
            fail(f, fe, "duplicate field name")
        seen.add(fname)
        hi, lo = parse_bits(f, fe, f["bits"], r["width"])
        mask = ((1 << (hi - lo + 1)) - 1) << lo
        # Bits that mean different things on different processors are two fields; the second
        # says which earlier field it reads differently (`overlaps:`) and stays inside it.
        other = next((x for x in fields if x["name"] == str(f.get("overlaps", "")).lower()), None)
        if f.get("overlaps") is not None and (other is None or mask & ~other["mask"]):
            fail(f, fe, f"overlaps '{f['overlaps']}': not an earlier field of this register holding bits {f['bits']}",
                 "overlaps")
        if used & mask & ~(other["mask"] if other else 0):
            fail(f, fe, f"bits {f['bits']} overlap another field")
        used |= mask
        fields.append({"name": fname, "hi": hi, "lo": lo, "width": hi - lo + 1,
                       "mask": mask, "max": (1 << (hi - lo + 1)) - 1, "doc": f["doc"],
                       "meaning": field_meaning(f, fe, f"kprof_impl_{name}_{fname}", hi - lo + 1)})
    ctype = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}[r["width"]]
    return {"name": name, "NAME": name.upper(), "width": r["width"], "ctype": ctype,
            "doc": r["doc"], "provenance": r["provenance"], "fields": fields,
            "defined_mask": used, "cpuid": r.get("cpuid"), "reserved": r.get("reserved")}


def field_enum(node, reg):
    """A register's `field_names: <enum>`: an enumeration of its one-bit fields, each valued its
    bit number and named as the spec names it, so that kprof_<enum>_name(bit) names a set bit."""
    def at(m):
        m.file, m.line, m.key_lines = node.file, node.line, node.key_lines
        return m
    if any(f["width"] != 1 for f in reg["fields"]):
        fail(node, f"register '{reg['name']}'", "field_names needs one-bit fields (a field's bit number is its value)",
             "field_names")
    values = Seq(at(Map(name=f["name"].upper(), value=f["lo"], string=f["name"], doc=f["doc"])) for f in reg["fields"])
    values.file, values.line, values.item_lines = node.file, node.line, [node.line] * len(values)
    return at(Map(name=node["field_names"], values=values, provenance=reg["provenance"],
                  doc=f"The one-bit fields of {reg['name']} by bit number (masks: KPROF_{reg['NAME']}_<FIELD>_MASK); "
                      f"kprof_{node['field_names'].lower()}_name(bit) names the field at that bit."))


def build_msrs(lst, registers, parent=None):
    out = []
    for m in entries(lst, "msrs", parent):
        ent = f"msr {m.get('name', '?')!r}" if isinstance(m, Map) else "msr"
        check(m, {"name": str, "number": int, "count?": int, "stride?": int, "register?": str,
                  "doc": str, "provenance": str, **LINUX_KEYS}, ent)
        ident(m, ent, "name", m["name"])
        if not 0 <= m["number"] <= 0xFFFFFFFF:
            fail(m, ent, "number must fit 32 bits")
        reg = m.get("register")
        if reg and reg not in registers:
            fail(m, ent, f"register '{reg}' is not described in any spec file")
        out.append({"name": m["name"].upper(), "number": m["number"], "count": m.get("count"),
                    "stride": m.get("stride") or 1, "register": reg, "doc": m["doc"],
                    "provenance": m["provenance"]})
    return out


SCALARS = {"u8": ("uint8_t", 1), "u16": ("uint16_t", 2), "u32": ("uint32_t", 4),
           "u64": ("uint64_t", 8)}


def build_struct(s, structs, registers):
    ent = f"struct {s.get('name', '?')!r}" if isinstance(s, Map) else "struct"
    check(s, {"name": str, "size": int, "doc": str, "provenance": str, "fields": list,
              "c_name?": str, "codec?": bool, "field_macros?": str, "widens?": str,
              "extends?": str, "sources?": list, **LINUX_KEYS}, ent)
    # field_macros: snake spells CamelCase field names (Windows' own) as UPPER_SNAKE in the
    # KPROF_<S>_<F>_OFFSET macros; the default upper-cases the name as it stands.
    style = s.get("field_macros") or "upper"
    if style not in ("upper", "snake"):
        fail(s, ent, f"field_macros must be 'upper' or 'snake', got {style!r}")
    name = ident(s, ent, "name", s["name"]).lower()
    ent = f"struct '{name}'"
    # sources: the 32-bit words (e.g. a cpuid leaf's eax..edx) that a field's `from` reads.
    sources = [str(x) for x in (s.get("sources") or [])]
    fields, end, seen, maps = [], 0, set(), {}
    # extends: B - the struct starts with B's fields (their register layouts and maps stay B's);
    # its own fields follow B's size.
    base = s.get("extends")
    if base is not None:
        if base not in structs:
            fail(s, ent, f"extends '{base}': no struct of that name is defined earlier", "extends")
        fields = [dict(x, register=None, inherited=base, **{"from": {}}) for x in structs[base]["fields"]]
        seen, end = {x["name"] for x in fields}, structs[base]["tail_at"]
    for f in entries(s["fields"], f"{ent} fields"):
        fe = f"{ent} field {f.get('name', '?')!r}" if isinstance(f, Map) else ent
        check(f, {"name": str, "offset": int, "type": str, "count?": int, "doc": str,
                  "register?": Map, "as?": str, "from?": Map, "linux_count?": str, "enum?": str, **LINUX_KEYS}, fe)
        fname = ident(f, fe, "name", f["name"])
        if fname in seen:
            fail(f, fe, f"duplicate field name (kprof_{base}, which it extends, has one)"
                 if any(x["name"] == fname and x.get("inherited") for x in fields) else "duplicate field name")
        seen.add(fname)
        t, count = f["type"], f.get("count") or 0
        if t in SCALARS:
            ctype, size = SCALARS[t]
            align, nested = size, None
        elif t in structs:
            nested = structs[t]
            ctype, size, align = f"kprof_{t}", nested["size"], nested["align"]
        else:
            fail(f, fe, f"type must be one of {', '.join(SCALARS)} or a struct defined earlier, got {t!r}")
        total = size * (count or 1)
        off = f["offset"]
        if base is not None and off < structs[base]["size"]:
            fail(f, fe, f"offset 0x{off:X} lies inside kprof_{base}, which it extends (0x{structs[base]['size']:X} bytes)")
        if off < end:
            fail(f, fe, f"offset 0x{off:X} overlaps the previous field (which ends at 0x{end:X})")
        if off % align:
            fail(f, fe, f"offset 0x{off:X} is not aligned to {align} bytes for a C mirror")
        reg = None
        if "register" in f:
            if nested or count:
                fail(f, fe, "only scalar fields may carry a register layout")
            rnode = f["register"]
            rnode.setdefault("name", f"{name}_{fname}")
            rnode.setdefault("width", size * 8)
            rnode.setdefault("doc", f["doc"])
            rnode.setdefault("provenance", s["provenance"])
            reg = build_register(rnode, f"{ent} field '{fname}' register")
        for mname, spelled in (f.get("from") or {}).items():
            ident(f, fe, "from", mname)
            m = re.match(r"^(\w+) (\w+)\.(\w+)$", str(spelled))
            if not m or m.group(1) not in sources:
                fail(f, fe, f"from {mname}: {spelled!r} must be 'word register.field', the word one of "
                     f"the struct's sources ({', '.join(sources) or 'none given'})", "from")
            src = registers.get(m.group(2))
            bits = next((x for x in src["fields"] if x["name"] == m.group(3)), None) if src else None
            if not bits or src["width"] != 32:
                fail(f, fe, f"from {mname}: no field {m.group(3)!r} of a 32-bit register {m.group(2)!r} "
                     f"in any spec file", "from")
            if t not in ("u8", "u16", "u32") or count or bits["width"] > size * 8 or off > 0xFFFF:
                fail(f, fe, f"from {mname}: a {bits['width']}-bit field fills only a u8, u16 or u32 "
                     f"member at least as wide, in the first 64 KiB", "from")
            maps.setdefault(mname, []).append(
                ([fit(off, "uint16_t", where(f), 3), str(size), str(sources.index(m.group(1))), str(bits["lo"]),
                  str(bits["width"])], f"{fname} <- {spelled}"))
        macro = (snake(fname) if style == "snake" else fname).upper()
        fields.append({"name": fname, "macro": macro, "offset": off, "type": t, "ctype": ctype, "size": size,
                       "count": count, "total": total, "nested": nested, "doc": f["doc"],
                       "register": reg, "gap": off - end, "gap_at": end, "as": f.get("as"),
                       "from": {k: str(v) for k, v in (f.get("from") or {}).items()},
                       "node": f, "enum": f.get("enum")})
        # enum: E - the member holds kprof_E's values; the layout keeps its bytes, so it gets an
        # accessor kprof_<struct>_<field>_get giving it as a kprof_E (checked against the spec's
        # enums once every section is read).
        if f.get("enum") is not None and (t not in ("u8", "u16", "u32") or count):
            fail(f, fe, "enum: only a u8, u16 or u32 member (not an array) holds an enumeration's value", "enum")
        end = off + total
    if s["size"] < end:
        fail(s, ent, f"size 0x{s['size']:X} is smaller than the fields (which end at 0x{end:X})")
    if base is not None and s["size"] < structs[base]["size"]:
        fail(s, ent, f"size 0x{s['size']:X} is smaller than kprof_{base}, which it extends", "size")
    align = max([1] + [x["nested"]["align"] if x["nested"] else x["size"] for x in fields])
    if s["size"] % align:
        fail(s, ent, f"size 0x{s['size']:X} is not a multiple of the struct's alignment {align}")
    widen = build_widen(s, ent, fields, structs) if s.get("widens") else None
    runs = scalar_runs(fields)
    if s["size"] > 0xFFFF:
        fail(s, ent, "a struct with a codec must be smaller than 64 KiB")
    return {"name": name, "NAME": name.upper(), "size": s["size"], "align": align, "extends": base,
            "doc": s["doc"], "provenance": s["provenance"], "fields": fields,
            "tail": s["size"] - end, "tail_at": end, "codec": s.get("codec", True), "widen": widen,
            "runs": [([fit(o, "uint16_t", where(s), 3), str(n), str(w)], f"{name}.{a}" + (f" .. {b}" if b != a else ""))
                     for o, n, w, a, b in runs], "sources": sources,
            "maps": [{"name": k, "NAME": k.upper(), "rows": v} for k, v in maps.items()]}


def scalar_runs(fields, base=0, path=""):
    """The multi-byte scalars of a layout (nested structures flattened) as runs of equal
    width: [offset, count, width, first member, last member]. Bytes need no conversion, so
    they are not listed."""
    runs = []
    for f in fields:
        for i in range(f["count"] or 1):
            at = base + f["offset"] + i * f["size"]
            label = path + f["name"] + (f"[{i}]" if f["count"] else "")
            if f["nested"]:
                items = scalar_runs(f["nested"]["fields"], at, label + ".")
            else:
                items = [[at, 1, f["size"], label, label]] if f["size"] > 1 else []
            for r in items:
                last = runs[-1] if runs else None
                if last and last[2] == r[2] and last[0] + last[1] * last[2] == r[0] and last[1] + r[1] <= 255:
                    last[1] += r[1]
                    last[4] = r[4]
                else:
                    runs.append(list(r))
    return runs


def build_widen(s, ent, fields, structs):
    """`widens: T` on a struct: every field lands in T's field of the same name (CamelCase
    spelled snake_case) or in the one its `as:` names ("field" or "field[i]"), never in a
    narrower one. The generator emits kprof_<s>_widen(in, out), so layouts that are one shape
    in different widths (the DS save areas) are mapped once, from the spec."""
    tname = s["widens"]
    if tname not in structs:
        fail(s, ent, f"widens '{tname}': no struct of that name is defined earlier")
    target = {f["name"]: f for f in structs[tname]["fields"]}
    moves = []
    for f in fields:
        fe = f"{ent} field '{f['name']}'"
        spec = f["as"] or snake(f["name"]).lower()
        m = re.match(r"^([A-Za-z_]\w*)(?:\[(\d+)\])?$", spec)
        if not m or m.group(1) not in target:
            fail(f["node"], fe, f"widens into '{tname}' field '{spec}', which it does not have (say which with as:)")
        t, idx = target[m.group(1)], m.group(2)
        if f["nested"] or t["nested"]:
            fail(f["node"], fe, "nested structures do not widen field by field")
        if t["size"] < f["size"]:
            fail(f["node"], fe, f"'{tname}.{t['name']}' is narrower ({t['size']} bytes) than this field ({f['size']})")
        if idx is not None:
            if f["count"] or not t["count"] or int(idx) >= t["count"]:
                fail(f["node"], fe, f"as '{spec}': needs a scalar field and an index below {t['count'] or 0}")
            so, do, n = f["offset"], t["offset"] + int(idx) * t["size"], 1
        elif bool(f["count"]) != bool(t["count"]) or f["count"] > t["count"]:
            fail(f["node"], fe, f"'{tname}.{t['name']}' cannot hold this field's {f['count'] or 1} element(s)")
        else:
            so, do, n = f["offset"], t["offset"], f["count"] or 1
        if max(so, do) > 0xFFFF or n > 0xFF:
            fail(f["node"], fe, "an offset past 64 KiB or more than 255 elements: kprof_impl_struct_widen cannot move it")
        dest = t["name"] + (f"[{idx}]" if idx is not None else "")
        moves.append(([fit(so, "uint16_t", where(f["node"]), 3), fit(do, "uint16_t", where(f["node"]), 3), str(n),
                       str(f["size"]), str(t["size"])], f"{s['name']}.{f['name']} -> {tname}.{dest}"))
    return {"target": tname, "moves": moves}


def build_enum(e):
    ent = f"enum {e.get('name', '?')!r}" if isinstance(e, Map) else "enum"
    check(e, {"name": str, "doc": str, "provenance": str, "values": list, "strings?": bool}, ent)
    name = ident(e, ent, "name", e["name"]).lower()
    # The naming rule: enumerators are KPROF_<TYPE>_<VALUE> (kprof_status's are written out whole).
    prefix = f"KPROF_{name.upper()}_"
    values, names, nums = [], set(), set()
    for v in entries(e["values"], f"enum '{name}' values"):
        ve = f"enum '{name}' value {v.get('name', '?')!r}" if isinstance(v, Map) else ent
        check(v, {"name": str, "value": int, "doc?": str, "string?": str, "description?": str}, ve)
        ident(v, ve, "name", v["name"])
        if v["name"] in names:
            fail(v, ve, "duplicate name")
        if v["value"] in nums:
            fail(v, ve, f"duplicate value {v['value']:#x}")
        names.add(v["name"])
        nums.add(v["value"])
        values.append({"name": v["name"], "value": v["value"], "doc": v.get("doc") or v.get("description"),
                       "string": v.get("string") or v["name"], "description": v.get("description"), "node": v})
    # Descriptions (the value in plain words, for people; the name stays the stable spelling):
    # every value has one or none has, and they need the names.
    described = [v for v in values if v["description"]]
    if described and (len(described) != len(values) or not e.get("strings", True)):
        fail(e, ent, "a description for every value or for none, and only with names (strings: true)")
    cvals = [dict(v, c=v["name"] if v["name"].startswith("KPROF_") else prefix + v["name"]) for v in values]
    return {"name": name, "prefix": prefix, "doc": e["doc"], "provenance": e["provenance"],
            "values": values, "strings": e.get("strings", True), "node": e,
            "names": name_index(cvals, e, ent, name),
            "descriptions": name_index([dict(v, string=v["description"]) for v in cvals], e, ent,
                                       name + "_description", "the descriptions") if described else None}


def build_constants(c):
    ent = f"constants {c.get('group', '?')!r}" if isinstance(c, Map) else "constants"
    check(c, {"group": str, "doc": str, "provenance": str, "values": list}, ent)
    vals = []
    for v in entries(c["values"], f"{ent} values"):
        ve = f"{ent} {v.get('name', '?')!r}" if isinstance(v, Map) else ent
        check(v, {"name": str, "value": int, "doc?": str}, ve)
        ident(v, ve, "name", v["name"])
        vals.append({"name": v["name"].upper(), "value": v["value"], "doc": v.get("doc")})
    return {"group": c["group"], "doc": c["doc"], "provenance": c["provenance"], "values": vals}


# A record table: rows of typed fields rendered as a const array of a generated struct, an
# id enumeration, strings in one pool (offsets, no pointers) and a lookup by a key field.
# A field's type may also be an enum of the section or an earlier records table of the section or
# of a section above it (the cell holds that table's row id; ~ is 0, "none", so such a table starts at first_id 1).
# A string cell may be ~ (no string: the text lookup gives NULL). `disjoint: [fields]` makes
# rows that agree on those fields' values (ranges: overlap) a spec error, so a lookup by them
# finds at most one row. Rows may carry LINUX_KEYS for tests, as registers do; nothing emits them.
RECORD_TYPES = {"string": "uint16_t", "bool": "uint8_t", "u8": "uint8_t", "u16": "uint16_t",
                "u32": "uint32_t", "range": "uint16_t"}
RECORD_MAX = {"bool": 1, "u8": 0xFF, "u16": 0xFFFF, "u32": 0xFFFFFFFF, "range": 0xFFFF}


def build_records(r, enums, tables=None):
    ent = f"records {r.get('name', '?')!r}" if isinstance(r, Map) else "records"
    check(r, {"name": str, "id_enum?": str, "first_id?": int, "key?": str, "disjoint?": list, "doc": str,
              "provenance": str, "fields": list, "rows": list}, ent)
    name = ident(r, ent, "name", r["name"]).lower()
    ent = f"records '{name}'"
    # The rows' ids: an enumeration named id_enum (default <name>_id), KPROF_<ID_ENUM>_<ID>.
    id_enum = ident(r, ent, "id_enum", r.get("id_enum") or f"{name}_id").lower()
    id_prefix = f"KPROF_{id_enum.upper()}_"
    first = r.get("first_id") or 0
    tables = tables or {}
    fields, seen = [], {"id", "provenance"}
    for f in entries(r["fields"], f"{ent} fields"):
        fe = f"{ent} field {f.get('name', '?')!r}"
        check(f, {"name": str, "type": str, "doc": str}, fe)
        fname = ident(f, fe, "name", f["name"])
        if fname in seen:
            fail(f, fe, "duplicate field name (id and provenance are every row's own)")
        seen.add(fname)
        t = f["type"]
        if t not in RECORD_TYPES and t not in enums and t not in tables:
            fail(f, fe, f"type must be one of {', '.join(RECORD_TYPES)}, an enum or an earlier records "
                 f"table of this section or of a section above it, got {t!r}", "type")
        ref = tables.get(t) if t not in RECORD_TYPES and t not in enums else None
        if ref and ref["first"] < 1:
            fail(f, fe, f"records '{t}' must start at first_id 1 or above: a reference to it holds 0 for none", "type")
        fields.append({"name": fname, "type": t, "doc": f["doc"], "enum": enums.get(t), "ref": ref,
                       "ctype": RECORD_TYPES.get(t, "uint8_t")})
    key = r.get("key")
    if key is not None and not any(f["name"] == key and f["type"] == "string" for f in fields):
        fail(r, ent, f"key '{key}' must name a string field", "key")
    disjoint = [str(x) for x in (r.get("disjoint") or [])]
    for d in disjoint:
        if not any(f["name"] == d for f in fields):
            fail(r, ent, f"disjoint names '{d}', which is no field", "disjoint")
    pool, rows, ids, keys = Pool(name, f"the strings of kprof_{name}"), [], set(), set()

    for row in entries(r["rows"], f"{ent} rows"):
        re_ = f"{ent} row {row.get('id', '?')!r}"
        check(row, dict({"id": str, "provenance": str}, **LINUX_KEYS,
                        **{f["name"]: None for f in fields}), re_)
        rid = str(row["id"]).upper()
        if not re.match(r"^[A-Z0-9_]+$", rid):
            fail(row, re_, f"id must be letters, digits and _ (quote ids that start with a digit), got {row['id']!r}", "id")
        if rid in ids:
            fail(row, re_, "duplicate id", "id")
        ids.add(rid)
        vals, cells, key_text = [], [first + len(rows)], None
        for f in fields:
            v, t = row[f["name"]], f["type"]
            bad = lambda why: fail(row, re_, f"field '{f['name']}' {why}, got {v!r}", f["name"])  # noqa: E731
            if t == "string" and v is None and f["name"] != key:
                vals.append({"c": f"0x{NO_STRING:X}", "text": None})
                cells.append(None)
            elif t == "string":
                if not isinstance(v, (str, int, float)) or isinstance(v, bool):
                    bad("must be a string (or ~ for none)")
                v = str(v)
                if f["name"] == key:
                    if v.lower() in keys:
                        bad("repeats another row's key (keys are matched ignoring case)")
                    keys.add(v.lower())
                    key_text = v
                vals.append({"c": str(pool.intern(v, f"{where(row, re_, f['name'])}: {f['name']}")), "text": v})
                cells.append(v)
            elif t == "bool":
                if not isinstance(v, bool):
                    bad("must be true or false")
                vals.append({"c": str(int(v)), "text": "yes" if v else "no"})
                cells.append(int(v))
            elif t == "range":
                lo_hi = v if isinstance(v, list) else [v]
                if len(lo_hi) not in (1, 2) or any(not isinstance(x, int) or isinstance(x, bool) for x in lo_hi):
                    bad("must be a number or [min, max]")
                lo, hi = lo_hi[0], lo_hi[-1]
                if not 0 <= lo <= hi <= RECORD_MAX[t]:
                    bad(f"needs 0 <= min <= max <= {RECORD_MAX[t]:#x}")
                vals.append({"c": f"0x{lo:X}, 0x{hi:X}", "text": f"{lo:#x}" if lo == hi else f"{lo:#x}..{hi:#x}"})
                cells += [lo, hi]
            elif f["ref"]:
                rids = {x["id"]: f["ref"]["first"] + i for i, x in enumerate(f["ref"]["rows"])}
                if v is None:
                    vals.append({"c": "0", "text": None})
                    cells.append(0)
                    continue
                if not isinstance(v, str) or v.upper() not in rids:
                    bad(f"must be the id of a row of records '{f['type']}' (or ~ for none)")
                vals.append({"c": f"{f['ref']['prefix']}{v.upper()}", "text": v.upper()})
                cells.append(rids[v.upper()])
            elif f["enum"]:
                names = {x["name"]: x["value"] for x in f["enum"]["values"]}
                if not isinstance(v, str) or v not in names:
                    bad(f"must be one of {', '.join(names)} (a bare yes/no is a YAML boolean)")
                vals.append({"c": f["enum"]["prefix"] + v,
                             "text": next(x["string"] for x in f["enum"]["values"] if x["name"] == v)})
                cells.append(names[v])
            else:
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= RECORD_MAX[t]:
                    bad(f"must be a number 0..{RECORD_MAX[t]:#x}")
                vals.append({"c": f"{v}", "text": f"{v}"})
                cells.append(v)
        rows.append({"id": rid, "values": vals, "provenance": row["provenance"], "key_text": key_text,
                     "cells": cells, "where": where(row, re_), "node": row})
    if not rows:
        fail(r, ent, "has no rows")
    if disjoint:
        # Each row's extent per disjoint field: (low, high); strings and the rest are points.
        def extent(row):
            out, at = [], 1
            for f in fields:
                width = 2 if f["type"] == "range" else 1
                if f["name"] in disjoint:
                    c = ["" if x is None else x for x in row["cells"][at:at + width]]
                    out.append((c[0], c[-1]))
                at += width
            return out
        seen_rows = []
        for row in rows:
            e = extent(row)
            for other, oe in seen_rows:
                if all(a[0] <= b[1] and b[0] <= a[1] for a, b in zip(e, oe)):
                    fail(row["node"], f"{ent} row {row['id']!r}", f"overlaps row {other['id']!r} "
                         f"({other['where'].split(': ')[0]}) in {', '.join(disjoint)}: a lookup by them would "
                         f"find both", "id")
            seen_rows.append((row, e))
    if first + len(rows) > 0xFF:
        fail(r, ent, "ids must fit 8 bits")
    table = build_rows(f"kprof_impl_{name}_rows", f"The rows of kprof_{name}, in id order.", f"kprof_{name}",
                       [([id_prefix + x["id"]] + [v["c"] for v in x["values"]],
                         x["key_text"] and f'"{x["key_text"]}"') for x in rows])
    # A cell that holds an enumeration's value (the id, an enum field, a row reference) stays a
    # byte, so the table stays small; its accessor gives it with the enumeration's type.
    accessors = [{"name": "id", "type": f"kprof_{id_enum}", "doc": None}]
    accessors += [{"name": f["name"], "type": f"kprof_{f['enum']['name'] if f['enum'] else f['ref']['id_enum']}",
                   "doc": comment_text(f["doc"]) + (" (0 for none)" if f["ref"] else "")}
                  for f in fields if f["enum"] or f["ref"]]
    return {"name": name, "NAME": name.upper(), "prefix": id_prefix, "id_enum": id_enum, "first": first,
            "key": key, "doc": r["doc"], "provenance": r["provenance"], "fields": fields,
            "rows": rows, "pool": pool.model(r, ent), "table": table, "accessors": accessors}


def check_facts(fa):
    """`facts:`: what an outside source says, recorded (with its provenance) for a test to check
    the spec against where the source itself is not at hand. Only the shape is checked: named
    columns and rows of that many cells. Nothing is emitted."""
    ent = f"facts {fa.get('name', '?')!r}"
    check(fa, {"name": str, "doc": str, "provenance": str, "columns": list, "rows": list}, ent)
    ident(fa, ent, "name", fa["name"])
    for c in fa["columns"]:
        if not isinstance(c, str) or not IDENT.match(c):
            fail(fa, ent, f"columns must be names, got {c!r}", "columns")
    for i, row in enumerate(fa["rows"]):
        line = fa["rows"].item_lines[i] if isinstance(fa["rows"], Seq) else fa.line
        if not isinstance(row, list) or len(row) != len(fa["columns"]):
            raise SpecError(f"{fa.file}:{line}: {ent}: a row is [{', '.join(fa['columns'])}], got {row!r}")


def build_list(t, symbols, enums=None):
    """A list of rows with named integer columns: an enumeration of its rows (names and
    kprof_<name>_name()) and a table of row structs (kprof_<name>_info_by_id()). A cell may name
    an enumerator or constant of the spec (symbols: name -> value), e.g. KPROF_CPUID_REG_EBX."""
    ent = f"list {t.get('name', '?')!r}" if isinstance(t, Map) else "list"
    check(t, {"name": str, "doc": str, "provenance": str, "columns": list, "rows": list}, ent)
    name = ident(t, ent, "name", t["name"]).lower()
    cols = []
    for c in entries(t["columns"], f"{ent} columns"):
        check(c, {"name": str, "type": str, "doc": str}, f"{ent} column")
        ident(c, f"{ent} column", "name", c["name"])
        # A column of an enumeration's values is a byte with an accessor (as a record's enum field).
        enum = (enums or {}).get(c["type"])
        if c["type"] not in ("uint8_t", "uint16_t", "uint32_t", "uint64_t") and not enum:
            fail(c, f"{ent} column {c['name']!r}", "type must be uint8_t, uint16_t, uint32_t, uint64_t or an enum of the spec")
        cols.append({"name": c["name"], "type": "uint8_t" if enum else c["type"], "doc": c["doc"],
                     "enum": f"kprof_{enum['name']}" if enum else None})
    rows, names = [], set()
    schema = {"name": str, "doc?": str}
    schema.update({c["name"]: (int, str) for c in cols})
    for i, r in enumerate(entries(t["rows"], f"{ent} rows")):
        re_ = f"{ent} row {r.get('name', '?')!r}" if isinstance(r, Map) else ent
        check(r, schema, re_)
        ident(r, re_, "name", r["name"])
        if r["name"] in names:
            fail(r, re_, "duplicate name")
        names.add(r["name"])
        vals, cells = [], []
        for c in cols:
            v = text = r[c["name"]]
            if isinstance(v, str):
                if v not in symbols:
                    fail(r, re_, f"{c['name']} {v!r} is no enumerator or constant of the spec", c["name"])
                v = symbols[v]
            bits = int(c["type"][4:-2])
            if v < 0 or v >> bits:
                fail(r, re_, f"{c['name']} {v:#x} does not fit {c['type']}", c["name"])
            vals.append(v)
            cells.append(text if isinstance(text, str) else fit(v, c["type"], where(r, re_), bits // 4 if bits >= 32 else 0))
        rows.append({"name": r["name"].upper(), "value": i, "doc": r.get("doc"), "c": f"KPROF_{name.upper()}_{r['name'].upper()}",
                     "string": r["name"].lower(), "cells": vals, "c_cells": cells, "where": where(r, re_)})
    if not rows:
        fail(t, ent, "a list needs rows")
    enum = {"name": name, "prefix": f"KPROF_{name.upper()}_", "doc": t["doc"],
            "provenance": t["provenance"], "values": rows, "strings": True, "descriptions": None,
            "names": name_index(rows, t, ent, name)}
    table = build_rows(f"kprof_impl_{name}_rows", f"The rows of kprof_{name}_info_by_id, in enumeration order.",
                       f"kprof_{name}_info", [(x["c_cells"], x["c"]) for x in rows])
    accessors = [{"name": c["name"], "type": c["enum"], "doc": comment_text(c["doc"])} for c in cols if c["enum"]]
    return {"name": name, "columns": cols, "rows": rows, "enum": enum, "table": table, "accessors": accessors}


# --------------------------------------------------------------------------- names
def snake(name):
    """CamelCase -> snake_case: BufferHeadOffset -> Buffer_Head_Offset, LLCMisses -> LLC_Misses."""
    n = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", n)


# --------------------------------------------------------------------------- tables
# Every table the generator emits is written for a reviewer (Linux jevents.py style): a
# static const array of row structs, one row per line with a comment naming it, cells as
# numbers or enumerator names; strings in pools, one string per line after its offset. No
# table holds a pointer, so none needs a relocation: a row holds a string's offset.
NO_STRING = 0xFFFF
# A pool literal stays within 4000 bytes: C99 promises 4095 (gcc -Wpedantic), sparse warns past
# 8191. A longer pool is one object of several such parts, addressed by one offset.
POOL_PART = 4000
C_TYPES = {"u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t", "i8": "int8_t",
           "i32": "int32_t", "str": "uint16_t"}
C_RANGES = {"uint8_t": (0, 0xFF), "uint16_t": (0, 0xFFFF), "uint32_t": (0, 0xFFFFFFFF),
            "uint64_t": (0, (1 << 64) - 1), "int8_t": (-0x80, 0x7F), "int32_t": (-(1 << 31), (1 << 31) - 1)}


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fit(value, ctype, where_, hex_digits=0):
    """value as the C text of a cell of type ctype (decimal, or hex of at least hex_digits
    digits); a spec error at where_ when it does not fit."""
    lo, hi = C_RANGES[ctype]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SpecError(f"{where_}: {value!r} does not fit {ctype}")
    return f"0x{value:0{hex_digits}X}" if hex_digits else str(value)


class Pool:
    """Strings, each once and NUL-terminated, addressed by byte offset. With share_suffixes a
    string that ends another one already in the pool is that one's tail (intern the longest
    first); pad: spare zero bytes after the last string (a reader of whole words)."""

    def __init__(self, name, doc, share_suffixes=False, pad=0):
        self.name, self.doc, self.share, self.pad = name, doc, share_suffixes, pad
        self.strings, self.at, self.size = [], {}, 0

    def intern(self, text, at=None):
        """text's offset; at: where the string comes from, named when the pool overflows."""
        if text not in self.at:
            if self.share:
                for full in self.strings:
                    if full.endswith(text):
                        self.at[text] = self.at[full] + len(full.encode()) - len(text.encode())
                        return self.at[text]
            self.at[text] = self.size
            self.strings.append(text)
            self.size += len(text.encode()) + 1
            if at and self.size + self.pad > NO_STRING:
                raise SpecError(f"{at}: the {self.name} string pool exceeds 64 KiB")
        return self.at[text]

    def model(self, node, entry):
        if self.size + self.pad > NO_STRING:
            fail(node, entry, f"the {self.name} string pool exceeds 64 KiB")
        parts, at = [], 0
        for x in self.strings:
            n = len(x.encode()) + 1
            if not parts or parts[-1]["size"] + n > POOL_PART:
                parts.append({"size": 0, "lines": []})
            parts[-1]["lines"].append([at, c_string(x)[:-1] + '\\0"'])
            parts[-1]["size"] += n
            at += n
        for p in parts:  # the literal's own NUL ends each part's last string
            p["lines"][-1][1] = p["lines"][-1][1][:-3] + '"'
        width = len(str(self.size))
        for p in parts:
            p["lines"] = [f"/* {o:{width}} */ {c}" for o, c in p["lines"]]
        return {"name": self.name, "NAME": self.name.upper(), "doc": self.doc, "size": self.size,
                "pad": self.pad, "none": NO_STRING, "parts": parts}


def row_lines(rows):
    """Rows of C cells as aligned initializer lines: rows = [(cells or None, comment)], a row
    without cells being a comment line of its own (a heading)."""
    cells = [c for c, _ in rows if c is not None]
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(max(map(len, cells), default=0))]
    out = []
    for c, comment in rows:
        if c is None:
            out.append(f"/* {comment_text(comment)} */")
            continue
        # numbers to the right, names to the left, as a reviewer reads columns
        text = " ".join((x + ",").rjust(widths[i] + 1) if x[:1].isdigit() or x[:1] == "-" else (x + ",").ljust(widths[i] + 1)
                        for i, x in enumerate(c[:-1]))
        last = c[-1].rjust(widths[len(c) - 1]) if c[-1][:1].isdigit() or c[-1][:1] == "-" else c[-1].ljust(widths[len(c) - 1])
        text = "{ " + (text + " " if text else "") + last + " },"
        out.append(text + (f" /* {comment_text(comment)} */" if comment else ""))
    return out


def build_rows(name, doc, row_type, rows, fields=None):
    """One table: a static const array `name` of row_type, one row per line. fields: for a row
    type of the table's own, [(C type, member, doc)] to define it by; rows: [(cells, comment)]
    with the cells as C text (fit() them), or (None, heading)."""
    return {"name": name, "doc": doc, "type": row_type, "fields": fields,
            "count": sum(1 for c, _ in rows if c is not None), "lines": row_lines(rows)}


def build_array(name, doc, ctype, groups, per_line=16):
    """A static const array of integers: groups = [(values, comment)], each group on lines of
    per_line values, the comment on its first line."""
    lines = []
    for values, comment in groups:
        for i in range(0, max(len(values), 1), per_line):
            text = " ".join(f"{v}," for v in values[i:i + per_line])
            lines.append(text + (f" /* {comment_text(comment)} */" if comment and i == 0 else ""))
    return {"name": name, "doc": doc, "type": ctype, "fields": None,
            "count": sum(len(v) for v, _ in groups), "lines": lines}


def name_index(values, node, entry, cname, what="the names"):
    """A kprof_<enum>_name() function's data: its names' pool and (value, offset) rows. cname:
    the C name of the rows (their pool is <cname>_pool)."""
    pool = Pool(cname + "_name", what)
    rows = []
    for v in values:
        if not -(1 << 31) <= v["value"] < 1 << 31:
            fail(v.get("node", node), entry, f"value {v['value']:#x} of {v['string']} does not fit 32 bits")
        rows.append(([v.get("c") or str(v["value"]), str(pool.intern(v["string"]))], f'"{v["string"]}"'))
    return {"pool": pool.model(node, entry), "count": len(rows),
            "table": build_rows(f"kprof_impl_{cname}_names", None, "kprof_impl_name_row", rows)}


# --------------------------------------------------------------------------- functions
# Every public function is described once: its spec entry (name, one-line purpose, doc, and the
# sections or features it needs beyond its own section's) and its definition in
# gen/c/<section>.c, whose signature the declaration repeats. The two must agree.
def build_function(f):
    ent = f"function {f.get('name', '?')!r}" if isinstance(f, Map) else "function"
    check(f, {"name": str, "purpose": str, "doc": str, "needs?": list}, ent)
    ident(f, ent, "name", f["name"])
    if "\n" in f["purpose"] or len(f["purpose"]) > 80:
        fail(f, ent, "purpose must be one line of at most 80 characters (the API index's)", "purpose")
    return {"name": f["name"], "purpose": f["purpose"], "doc": f["doc"],
            "needs": [str(x) for x in (f.get("needs") or [])], "node": f}


def verb_of(name, prefix, verbs):
    """The verb that ends name (after prefix kprof_<section>_), or None."""
    rest = name[len(prefix):]
    for v in verbs:
        w = v["verb"]
        if "<" in w:
            stem = w[:w.index("<")]
            if re.search(r"(^|_)" + re.escape(stem) + r"[a-z0-9]+(_[a-z0-9]+)*$", rest) and \
                    not (stem == "by_" and re.search(r"(^|_)all_by_", rest)):
                return v
        elif rest == w or rest.endswith("_" + w):
            return v
    return None


def name_problem(name, section, verbs, macro=False):
    """Why a function name breaks the naming rule (DESIGN 3), or None."""
    prefix = f"kprof_{section}_"
    if not name.startswith(prefix):
        return f"does not start with {prefix} (functions are kprof_<section>_<object>_<verb>, the section they are in)"
    v = verb_of(name, prefix, verbs)
    if not v:
        return ("does not end in a verb of spec/project.yaml's verbs (" +
                ", ".join(x["verb"] for x in verbs) + ")")
    if v["sections"] and section not in v["sections"]:
        return f"ends in '{v['verb']}', a verb of section(s) {', '.join(v['sections'])} only"
    if v["macro"] and not macro:
        return f"ends in '{v['verb']}', which only the generated struct macros use"
    return None


def type_name_check(node, ent, name, section, key="name"):
    """Types are kprof_<section> or kprof_<section>_<object> (DESIGN 3): a spec entry that names
    one is checked where it is written."""
    if name != section and not name.startswith(section + "_"):
        fail(node, ent, f"breaks the naming rule: types are kprof_<section>[_<object>], here "
             f"kprof_{section} or kprof_{section}_...", key)


def parse_definitions(text, path, storage="KPROF_API"):
    """The public function definitions of a gen/c file: name -> {signature, line, macros (the
    opt-out/feature macros of the #if blocks around it)}, in order. storage is what starts a
    definition: KPROF_API in <section>.c, KPROF_IMPL_INLINE for the routines <section>.api.h
    defines because they must be inline in every unit. Internal kprof_impl_* are not public."""
    out, stack = {}, []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        pp = re.match(r"^#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        if pp:
            kw, cond = pp.groups()
            if kw in ("if", "ifdef", "ifndef"):
                stack.append(set(re.findall(r"\b(KPROF_NO_\w+|KPROF_LWP_MODEL)\b", cond)))
            elif kw == "elif":
                stack[-1] |= set(re.findall(r"\b(KPROF_NO_\w+|KPROF_LWP_MODEL)\b", cond))
            elif kw == "endif" and stack:
                stack.pop()
        elif line.startswith(storage):
            j = i
            while j < len(lines) and not lines[j].rstrip().endswith(")"):
                j += 1
            sig = " ".join(x.strip() for x in lines[i:j + 1])
            m = re.search(r"\b(kprof_\w+)\s*\(", sig)
            if m and not m.group(1).startswith("kprof_impl_") and j + 1 < len(lines) and lines[j + 1].strip() == "{":
                if m.group(1) in out:
                    raise SpecError(f"{path}:{i + 1}: function '{m.group(1)}' is defined twice")
                out[m.group(1)] = {"signature": sig, "line": i + 1,
                                   "macros": set().union(*stack) if stack else set()}
            i = j
        i += 1
    return out


def needs_macros(fn, domains, d):
    """The macros a function's needs add to its section's guard: a needed section's opt-out or
    opt-in macros, and KPROF_NO_NAMES for `names`."""
    out = set()
    for n in fn["needs"]:
        if n == "names":
            out.add("KPROF_NO_NAMES")
        elif n in domains:
            out |= set(domains[n]["optouts"] + domains[n]["optins"])
        else:
            fail(fn["node"], f"function '{fn['name']}'", f"needs '{n}', which is no section and not 'names'", "needs")
    return out - set(d["optouts"] + d["optins"])


def check_functions(domains, verbs):
    """Spec and definitions agree, every name follows the rule; sets each function's declaration."""
    where_defined = {}
    defs = {}
    for name, d in domains.items():
        path = f"gen/c/{name}.c"
        defs[name] = parse_definitions(d["c"]["impl"], path) if d["c"]["impl"] else {}
        inline = parse_definitions(d["c"]["api"], f"gen/c/{name}.api.h", "KPROF_IMPL_INLINE")
        for f, dd in inline.items():
            if f in defs[name]:
                raise SpecError(f"gen/c/{name}.api.h:{dd['line']}: function '{f}' is defined here and in {path}")
            defs[name][f] = dict(dd, inline=True, path=f"gen/c/{name}.api.h")
        for f in defs[name]:
            where_defined[f] = name
    for name, d in domains.items():
        listed, inline_docs = set(), []
        for fn in d["functions"]:
            ent = f"function '{fn['name']}'"
            if fn["name"] in listed:
                fail(fn["node"], ent, "listed twice", "name")
            listed.add(fn["name"])
            why = name_problem(fn["name"], name, verbs)
            if why:
                fail(fn["node"], ent, f"breaks the naming rule: {why}", "name")
            dd = defs[name].get(fn["name"])
            if not dd:
                other = where_defined.get(fn["name"])
                fail(fn["node"], ent, f"has no definition in gen/c/{name}.c" +
                     (f" (gen/c/{other}.c defines it: list it in that section's spec)" if other else ""), "name")
            want = needs_macros(fn, domains, d)
            got = dd["macros"] - set(d["optouts"] + d["optins"])
            if want != got:
                fail(fn["node"], ent, f"its needs make it compiled without {sorted(want) or 'no macro'}, but "
                     f"{dd.get('path', f'gen/c/{name}.c')}:{dd['line']} defines it under {sorted(got) or 'no macro'}", "needs" if fn["needs"] else "name")
            fn["signature"] = dd["signature"]
            fn["guard"] = guard_expr(sorted(want), [])
            fn["doc_c"] = function_doc(fn["doc"])
            fn["inline"] = dd.get("inline", False)
            if fn["inline"]:
                inline_docs.append((dd["line"], fn["doc_c"]))
        # A routine defined in the API part (it must be inline in every unit) has its doc right
        # above its definition, and no declaration repeats it.
        api = d["c"]["api"].split("\n")
        for line, doc in sorted(inline_docs, reverse=True):
            api.insert(line - 1, doc)
        d["c"]["api"] = "\n".join(api)
        for f, dd in defs[name].items():
            if f not in listed:
                raise SpecError(f"{dd.get('path', f'gen/c/{name}.c')}:{dd['line']}: function '{f}' is defined here but no "
                                f"spec file of section {name} describes it (list it under functions:)")


def function_doc(text):
    """A function's doc as a block comment, its lines kept (the spec writes them as they read)."""
    lines = [public_citation(x).replace("*/", "* /").replace("/*", "/ *").rstrip() for x in str(text).split("\n")]
    if len(lines) == 1 and len(lines[0]) <= 90:
        return f"/* {lines[0]} */"
    return "/* " + "\n * ".join(lines) + " */"


# --------------------------------------------------------------------------- hand-written C
def load_c(domain):
    """A section's hand-written C, copied verbatim: <domain>.api.h (hand-written types and the
    routines that must be inline) and <domain>.c (the definitions of its functions)."""
    def read(ext):
        path = os.path.join(HERE, "c", domain + ext)
        return open(path, encoding="utf-8").read().strip("\n") if os.path.exists(path) else ""
    return {"api": read(".api.h"), "impl": read(".c")}


# --------------------------------------------------------------------------- sections
def build_sections(project):
    """spec/project.yaml's layers and sections. Each section gets its guard: the condition under
    which it is compiled, from its own opt-out (or opt-in) macro and those of every section it
    needs, transitively."""
    layers = []
    for x in entries(project.get("layers"), "layers", project):
        check(x, {"id": int, "name": str, "summary": str}, f"layer {x.get('id', '?')!r}")
        if any(y["id"] == x["id"] for y in layers):
            fail(x, f"layer {x['id']}", "listed twice")
        layers.append(dict(x))
    if not layers:
        fail(project, "layers", "project.yaml must list the header's layers")
    sections = []
    for s in entries(project.get("sections"), "sections", project):
        ent = f"section {s.get('name', '?')!r}"
        check(s, {"name": str, "layer": int, "summary": str, "optout?": str, "optin?": str, "needs?": list}, ent)
        ident(s, "section", "name", s["name"])
        if s["name"] in [x["name"] for x in sections]:
            fail(s, ent, "listed twice")
        if not any(x["id"] == s["layer"] for x in layers):
            fail(s, ent, f"layer {s['layer']} is not listed under layers", "layer")
        if s.get("optout") and s.get("optin"):
            fail(s, ent, "a section is either opted out or opted in, not both", "optin")
        for m in ("optout", "optin"):
            if s.get(m) is not None and not re.match(r"^KPROF_[A-Z0-9_]+$", s[m]):
                fail(s, ent, f"{m} must be a KPROF_ macro, got {s[m]!r}", m)
        needs = [str(x) for x in (s.get("needs") or [])]
        for n in needs:
            if n not in [x["name"] for x in sections]:
                fail(s, ent, f"needs '{n}', which is not a section listed before it", "needs")
        layer = next(x for x in layers if x["id"] == s["layer"])
        sections.append({"name": s["name"], "summary": s["summary"], "layer": layer, "needs": needs,
                         "optout": s.get("optout"), "optin": s.get("optin"), "node": s})
    if not sections:
        fail(project, "sections", "project.yaml must list the header's sections")
    by_name = {s["name"]: s for s in sections}
    for s in sections:
        outs, ins, todo, seen = [], [], [s["name"]], set()
        while todo:
            x = by_name[todo.pop(0)]
            if x["name"] in seen:
                continue
            seen.add(x["name"])
            if x["optout"] and x["optout"] not in outs:
                outs.append(x["optout"])
            if x["optin"] and x["optin"] not in ins:
                ins.append(x["optin"])
            todo += x["needs"]
        s["optouts"], s["optins"] = outs, ins
        s["guard"] = guard_expr(outs, ins)
    return sections, layers


def build_verbs(project, sections):
    """spec/project.yaml's verbs: the words a function name may end in."""
    out = []
    for v in entries(project.get("verbs"), "verbs", project):
        ent = f"verb {v.get('verb', '?')!r}"
        check(v, {"verb": str, "kind": str, "result": str, "sections?": list, "macro?": bool}, ent)
        if not re.match(r"^[a-z]+(_[a-z]+)*(_<[a-z]+>)?$", v["verb"]):
            fail(v, ent, "a verb is lower-case words, optionally ending in _<placeholder>", "verb")
        for s in v.get("sections") or []:
            if s not in sections:
                fail(v, ent, f"'{s}' is no section", "sections")
        if any(x["verb"] == v["verb"] for x in out):
            fail(v, ent, "listed twice", "verb")
        out.append({"verb": v["verb"], "kind": v["kind"], "result": v["result"],
                    "sections": list(v.get("sections") or []), "macro": v.get("macro", False)})
    if not out:
        fail(project, "verbs", "project.yaml must list the verbs of function names")
    return out


def verbs_text(verbs):
    """The top comment's VERBS lines: each verb, what it does and what it returns, wrapped."""
    import textwrap
    lines = []
    for v in verbs:
        only = (f" ({', '.join(v['sections'])} only)" if v["sections"] else "") + (" (struct macros only)" if v["macro"] else "")
        text = f"{comment_text(v['kind'])}{only} -> {comment_text(v['result'])}"
        body = textwrap.wrap(text, 96 - 20, break_on_hyphens=False)
        lines.append(f" *   {v['verb']:<14} {body[0]}")
        lines += [" *" + " " * 18 + x for x in body[1:]]
    return "\n".join(lines)


def guard_expr(outs, ins):
    """The #if condition for code that opt-out macros outs remove and opt-in macros ins need."""
    return " && ".join([f"!defined({m})" for m in outs] + [f"defined({m})" for m in ins])


def widen_guards(domains):
    """A widen macro whose target struct lives in a section its own does not need goes with that
    section too: its extra guard."""
    structs = {s["name"]: s for d in domains.values() for s in d["structs"]}
    for d in domains.values():
        for s in d["structs"]:
            if s["widen"]:
                t = domains[structs[s["widen"]["target"]]["section"]]
                s["widen"]["guard"] = guard_expr([m for m in t["optouts"] if m not in d["optouts"]],
                                                 [m for m in t["optins"] if m not in d["optins"]])


def optout_summary(sections, domains):
    """Per opt-out (or opt-in) macro: the sections it removes (or brings), by the guards, and
    what of other sections goes with them (guarded in their hand-written C, or a widen macro
    into a removed section's struct), or works with less (a body that tests the macro)."""
    out = {}
    for s in sections:
        for m in s["optouts"] + s["optins"]:
            e = out.setdefault(m, {"macro": m, "optin": m in s["optins"], "sections": [], "elsewhere": [],
                                   "degrades": [], "requires": []})
            e["sections"].append(s["name"])
    for s in sections:
        for m in s["optins"]:
            out[m]["requires"] = [x for x in s["optouts"] if x != m]
    for d in domains.values():
        for s in d["structs"]:
            if s["widen"] and s["widen"]["guard"]:
                for m in re.findall(r"defined\((\w+)\)", s["widen"]["guard"]):
                    out[m]["elsewhere"].append((d["name"], f"kprof_{s['name']}_widen"))
        removed, degraded = guarded_c(d, set(out))
        for m, names in removed.items():
            out[m]["elsewhere"] += [(d["name"], n) for n in names]
        for m, names in degraded.items():
            out[m]["degrades"] += [(d["name"], n) for n in names]
    return list(out.values())


def optout_text(optouts, domains):
    """The configuration block's part on sections: per opt-out (opt-in) macro what it removes
    (brings), and the #error lines for combinations that cannot work."""
    import textwrap
    layer_of = {d["name"]: d["layer"] for d in domains}
    lines = ["/* ---- configuration: sections " + "-" * 59,
             " * A translation unit that does not use a section may leave it out (it then compiles faster);",
             " * one section is compiled only when asked for. Each macro removes exactly what is listed with",
             " * it: its sections, the sections that need them, and what other sections build on them.",
             " *"]

    def wrapped(head, items):
        text = head + ", ".join(items)
        return [" *       " + x for x in textwrap.wrap(text, 86)]
    for o in optouts:
        secs = o["sections"]
        layers = {layer_of[s]["id"] for s in secs}
        whole = [l for l in layers if all(layer_of[x["name"]]["id"] != l or x["name"] in secs for x in domains)]
        what = (f"layer {whole[0]} ({layer_of[secs[0]]['name']}): " if len(whole) == 1 and len(layers) == 1 else "")
        lines.append(f" *   {o['macro']}{' (opt-in)' if o['optin'] else ''}")
        lines += wrapped(("adds " if o["optin"] else "removes ") + what + ("section " if len(secs) == 1 else "sections "), secs)
        by_sec = {}
        for s, n in o["elsewhere"]:
            by_sec.setdefault(s, []).append(n)
        for s, names in by_sec.items():
            lines += wrapped(f"and from section {s}: ", names)
        deg = {}
        for s, n in o["degrades"]:
            deg.setdefault(s, []).append(n)
        for s, names in deg.items():
            lines += wrapped(f"leaves in section {s}, doing less (their documentation says what): ", names)
        for r in o["requires"]:
            lines += wrapped("", [f"needs what {r} removes: #error with {r}"])
    lines.append(" */")
    for o in optouts:
        for r in o["requires"]:
            lines += [f"#if defined({o['macro']}) && defined({r})",
                      f'#error "kprof.h: {o["macro"]} brings section {", ".join(o["sections"])}, which needs what {r} removes"',
                      "#endif"]
    return "\n".join(lines)


def guarded_c(d, macros):
    """What a section's hand-written C compiles only under another section's opt-out or opt-in
    macro (one of macros, not the section's own): {macro: [public names]}; and the public
    functions whose bodies (or the internal functions they call) test such a macro."""
    own = set(d["optouts"] + d["optins"])
    removed, degraded, internal = {}, {}, {}
    for text in (d["c"]["api"], d["c"]["impl"]):
        stack, fn, body = [], None, []
        for line in text.split("\n"):
            pp = re.match(r"^#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
            if pp:
                kw, cond = pp.groups()
                if kw in ("if", "ifdef", "ifndef"):
                    stack.append(set(re.findall(r"\b(KPROF_\w+)", cond)) & macros - own)
                elif kw == "elif":
                    stack[-1] |= set(re.findall(r"\b(KPROF_\w+)", cond)) & macros - own
                elif kw == "endif":
                    stack.pop()
                if fn and stack:
                    body.append(set().union(*stack))
                continue
            active = set().union(*stack) if stack else set()
            if fn:
                if line == "}":
                    hit = set().union(*body) if body else set()
                    if hit:
                        internal[fn[0]] = (fn[1], hit)
                    fn = None
                continue
            m = re.match(r"^KPROF_(API|INTERNAL|COLD)\b[^(]*?\b(kprof_\w+)\(", line)
            if m and not line.rstrip().endswith(";") and text is d["c"]["impl"]:
                fn, body = (m.group(2), m.group(1) == "API"), []
            names = []
            if m and m.group(1) == "API":
                names.append(m.group(2))
            names += re.findall(r"^\}\s*(kprof_\w+);", line) + re.findall(r"^typedef [^;(]*\b(kprof_\w+);", line)
            names += re.findall(r"^#define ((?:KPROF|kprof)_\w+)", line)
            for macro in active:
                for n in names:
                    if not n.lower().startswith("kprof_impl_") and n not in removed.setdefault(macro, []):
                        removed[macro].append(n)
    # A public function that calls an internal one whose body tests a macro degrades with it.
    impl = d["c"]["impl"]
    for name, (public, hit) in list(internal.items()):
        for macro in hit:
            if public:
                degraded.setdefault(macro, []).append(name)
            else:
                for caller in re.findall(r"^KPROF_API\b[^(]*?\b(kprof_\w+)\([^{]*\{(?:(?!^\}).)*?\b" + name + r"\(",
                                         impl, re.M | re.S):
                    if caller not in degraded.setdefault(macro, []):
                        degraded[macro].append(caller)
    return removed, degraded


# --------------------------------------------------------------------------- main
def build_model(spec_dir):
    files = sorted(f for f in os.listdir(spec_dir) if f.endswith(".yaml"))
    specs = {f[:-5]: load_yaml(os.path.join(spec_dir, f)) for f in files}
    if "project" not in specs:
        raise SpecError(f"{spec_dir}: project.yaml is required")
    sections, layers = build_sections(specs["project"])
    DOMAINS = [s["name"] for s in sections]
    allowed_top = {"provenance", "registers", "msrs", "structs", "enums", "constants", "records", "facts",
                   "lists", "section", "functions"}
    plugins = load_plugins(DOMAINS)
    core_keys = {"project": {"project", "layers", "sections", "verbs"}}
    for name, doc in specs.items():
        own = plugins.get(doc.get("section", name) if isinstance(doc.get("section", name), str) else name)
        ok = allowed_top | core_keys.get(name, set()) | (own.KEYS if own else set())
        for k in doc:
            if k not in ok:
                fail(doc, f"top-level key '{k}'", f"unknown section (allowed here: {', '.join(sorted(ok))})", k)
        # `section: D` puts a file's contents into header section D (default: the file's name).
        if "section" in doc and doc["section"] not in DOMAINS:
            fail(doc, "section", f"'{doc['section']}' is no header section ({', '.join(DOMAINS)})", "section")
        if doc.get("section", name) not in DOMAINS and name not in SHARED_SPECS:
            fail(doc, None, f"spec file '{name}.yaml' matches no header section ({', '.join(DOMAINS)})")
    registers = {}
    domains = {s["name"]: {**s, "registers": [], "msrs": [], "functions": [],
                           "structs": [], "enums": [], "constants": [], "records": [],
                           "lists": []} for s in sections}
    for name, doc in specs.items():
        d = domains.get(doc.get("section", name), domains[DOMAINS[0]])
        for r in entries(doc.get("registers"), "registers", doc):
            reg = build_register(r)
            if reg["name"] in registers:
                fail(r, f"register '{reg['name']}'", "described twice")
            registers[reg["name"]] = reg
            d["registers"].append(reg)
            if r.get("field_names"):
                doc.setdefault("enums", Seq()).append(field_enum(r, reg))
    msrs = []
    structs = {}
    lists = []
    record_docs = []
    for name, doc in specs.items():
        d = domains.get(doc.get("section", name), domains[DOMAINS[0]])
        new_msrs = build_msrs(doc.get("msrs"), registers, doc)
        d["msrs"] += new_msrs
        msrs += new_msrs
        for s in entries(doc.get("structs"), "structs", doc):
            st = build_struct(s, structs, registers)
            type_name_check(s, f"struct '{st['name']}'", st["name"], d["name"])
            if st["name"] in structs:
                fail(s, f"struct '{st['name']}'", "described twice")
            for f in st["fields"]:
                if f["register"]:
                    if f["register"]["name"] in registers:
                        fail(s, f"struct '{st['name']}'", f"register {f['register']['name']} described twice")
                    registers[f["register"]["name"]] = f["register"]
            st["section"] = d["name"]
            structs[st["name"]] = st
            d["structs"].append(st)
        for e in entries(doc.get("enums"), "enums", doc):
            d["enums"].append(build_enum(e))
            type_name_check(e, f"enum '{d['enums'][-1]['name']}'", d["enums"][-1]["name"], d["name"])
        for c in entries(doc.get("constants"), "constants", doc):
            d["constants"].append(build_constants(c))
            for v, node in zip(d["constants"][-1]["values"], entries(c["values"], "values", c)):
                full = v["name"] if v["name"].startswith("KPROF_") else "KPROF_" + v["name"]
                if not full.startswith(f"KPROF_{d['name'].upper()}_"):
                    fail(node, f"constant {full}", f"breaks the naming rule: constants are KPROF_<SECTION>_<NAME>, "
                         f"here KPROF_{d['name'].upper()}_...", "name")
        record_docs.append((d, doc))
        for fa in entries(doc.get("facts"), "facts", doc):
            check_facts(fa)
        lists += [(d, t) for t in entries(doc.get("lists"), "lists", doc)]
        d["functions"] += [build_function(f) for f in entries(doc.get("functions"), "functions", doc)]
    # Records after every file's enums, section by section in header order, so that a field may
    # name a records table of its own section or of a section above it (cpuid's rows from pebs).
    for d, doc in sorted(record_docs, key=lambda x: DOMAINS.index(x[0]["name"])):
        visible = {x["name"]: x for s in DOMAINS[:DOMAINS.index(d["name"])] for x in domains[s]["records"]}
        visible.update({x["name"]: x for x in d["records"]})
        for r in entries(doc.get("records"), "records", doc):
            d["records"].append(build_records(r, {e["name"]: e for e in d["enums"]}, visible))
            visible[d["records"][-1]["name"]] = d["records"][-1]
            type_name_check(r, f"records '{d['records'][-1]['name']}'", d["records"][-1]["name"], d["name"])
            type_name_check(r, f"records '{d['records'][-1]['name']}'", d["records"][-1]["id_enum"], d["name"], "id_enum")
    symbols = {}
    for d in domains.values():
        for e in d["enums"]:
            symbols.update({v["name"] if v["name"].startswith("KPROF_") else e["prefix"] + v["name"]: v["value"]
                            for v in e["values"]})
        for c in d["constants"]:
            symbols.update({v["name"] if v["name"].startswith("KPROF_") else "KPROF_" + v["name"]: v["value"]
                            for v in c["values"]})
    all_enums = {e["name"]: e for d in domains.values() for e in d["enums"]}
    for d in domains.values():
        for st in d["structs"]:
            st["accessors"] = []
            for f in st["fields"]:
                if f.get("enum") is None:
                    continue
                if f["enum"] not in all_enums:
                    fail(f["node"], f"struct '{st['name']}' field '{f['name']}'",
                         f"enum: no enumeration {f['enum']!r} in any spec file", "enum")
                st["accessors"].append({"name": f["name"], "fn": f["macro"].lower(), "type": f"kprof_{f['enum']}",
                                        "doc": re.sub(r"^kprof_\w+:\s*", "", comment_text(f["doc"]))})
                # The member's comment names its enumeration first and its accessor last (the rule).
                said = re.sub(r"^kprof_" + f["enum"] + r"\b:?\s*", "", f["doc"])
                f["doc"] = (f"kprof_{f['enum']}" + (f": {said}" if said else "") +
                            f": kprof_{st['name']}_{f['macro'].lower()}_get(p)")
    for d, t in lists:
        d["lists"].append(build_list(t, symbols, all_enums))
        type_name_check(t, f"list '{d['lists'][-1]['name']}'", d["lists"][-1]["name"], d["name"])
    seen_msr = {}
    for m in msrs:
        if m["name"] in seen_msr:
            raise SpecError(f"msr {m['name']} described twice")
        seen_msr[m["name"]] = m
    p = specs["project"]["project"]
    check(p, {"name": str, "version": Map, "license": str, "provenance": str, "date": str, "enum_members": str}, "project")
    check(p["version"], {"major": int, "minor": int, "patch": int}, "project version")
    # Each section with data of its own shape has a plugin (gen/plugins/<section>.py) that
    # builds it, in section order, from its section's spec files; what it returns is the
    # model its template (gen/templates/domains/<section>.j2) and the docs render.
    own = {}
    for name in DOMAINS:
        if name in plugins:
            docs = [doc for f, doc in specs.items() if doc.get("section", f) == name]
            own.update(plugins[name].build({"spec_dir": spec_dir, "docs": docs, "registers": registers,
                                            "msrs": msrs, "domains": domains, "model": own}))
    for d in DOMAINS:
        domains[d]["c"] = load_c(d)
        files = [f"spec/{n}.yaml" for n in specs if specs[n].get("section", n) == d]
        files += [f"gen/c/{d}{x}" for x in (".api.h", ".c") if os.path.exists(os.path.join(HERE, "c", d + x))]
        domains[d]["files"] = files
    widen_guards(domains)
    verbs = build_verbs(specs["project"], DOMAINS)
    check_functions(domains, verbs)
    optouts = optout_summary(sections, domains)
    return {"project": p, "layers": layers, "optouts": optouts, "verbs": verbs, "verbs_text": verbs_text(verbs),
            "config_sections": optout_text(optouts, [domains[d] for d in DOMAINS]),
            "domains": [domains[d] for d in DOMAINS],
            "config": open(os.path.join(HERE, "c", "config.h"), encoding="utf-8").read().strip("\n"),
            "registers": registers, "msrs": seen_msr, "structs": structs, "struct_tables": struct_tables(structs),
            "filters": {k: v for x in plugins.values() for k, v in x.FILTERS.items()}, **own}


def load_plugins(sections):
    """gen/plugins/<section>.py, one per section with data of its own shape: SECTION (its
    section), KEYS (the top-level spec keys it reads), FILTERS (template filters it adds) and
    build(ctx) (its part of the model)."""
    import importlib.util
    out, folder = {}, os.path.join(HERE, "plugins")
    for f in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not f.endswith(".py") or f.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"kprofgen_plugins.{f[:-3]}", os.path.join(folder, f))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # importable by its name, e.g. kprofgen_plugins.source
        spec.loader.exec_module(mod)
        if mod.SECTION not in sections or mod.SECTION in out:
            raise SpecError(f"gen/plugins/{f}: SECTION {mod.SECTION!r} is no section of spec/project.yaml, or has a plugin already")
        out[mod.SECTION] = mod
    return out


def struct_tables(structs):
    """The struct codecs' data, one table each for every struct: the runs of multi-byte scalars
    (decode/encode) and the moves of the widenings; a struct's macros hand the walker its first
    row and row count. Each field map (used by its section's own code) is a table of its own."""
    runs, moves = [], []
    for st in structs.values():
        st["runs_at"], st["runs_count"] = len(runs), len(st["runs"])
        runs += st["runs"]
        if st["widen"]:
            st["widen"]["at"], st["widen"]["count"] = len(moves), len(st["widen"]["moves"])
            moves += st["widen"]["moves"]
        for mp in st["maps"]:
            mp["table"] = build_rows(f"kprof_impl_{st['name']}_from_{mp['name']}",
                                     f"The members of kprof_{st['name']} its {mp['name']} map fills from the words "
                                     f"({', '.join(st['sources'])}), for kprof_impl_fields_get (spec: from): member "
                                     f"offset and size in bytes, the word's index, the field's shift and width.",
                                     "kprof_impl_struct_field", mp["rows"])
    return [
        build_rows("kprof_impl_struct_runs", "Per struct with a codec, its multi-byte scalars as runs of one "
                   "width (kprof_impl_struct_convert): offset, count, width in bytes.", "kprof_impl_struct_run", runs,
                   [("uint16_t", "offset", ""), ("uint8_t", "count", ""), ("uint8_t", "width", "")]),
        build_rows("kprof_impl_struct_moves", "Per widening struct, its fields' moves into the wider struct "
                   "(kprof_impl_struct_widen): from and to offsets, element count, from and to widths in bytes.",
                   "kprof_impl_struct_move", moves,
                   [("uint16_t", "from", ""), ("uint16_t", "to", ""), ("uint8_t", "count", ""),
                    ("uint8_t", "from_width", ""), ("uint8_t", "to_width", "")]),
    ]


# Emitted comments cite public documents, never the working notes the spec's provenance may
# name: each note or seed file maps to what a reader of kprof.h alone can find.
PUBLIC_SOURCES = [
    (r"seed 000(_[0-9a-f]+\.txt)?", "Geoff Chappell, \"The Emon Profile Interface\""),
    (r"seed 001(_[0-9a-f]+\.txt)?", "Geoff Chappell, \"The Amd64 Profile Interface\""),
    (r"seed 002(_[0-9a-f]+\.txt)?", "Geoff Chappell, \"KPROFILE_SOURCE\""),
    (r"seed 003(_[0-9a-f]+\.txt)?", "AMD, \"Lightweight Profiling Proposal\" (2007)"),
    (r"seed 004(_[0-9a-f]+\.txt)?", "Geoff Chappell, \"PROCESSOR_PROFILE_CONTROL_AREA\""),
    (r"reference/hal-profile-interfaces\.md", "Geoff Chappell's Windows HAL pages"),
    (r"reference/intel-ds-perfmon\.md", "Intel SDM vol. 3 ch. 18-20; Linux arch/x86/include/asm/msr-index.h, perf_event.h, intel_ds.h"),
    (r"reference/lwp-shipped\.md", "AMD pub. 43724 (Lightweight Profiling Specification)"),
    (r"reference/windows-structures\.md", "Windows SDK evntrace.h; phnt ntexapi.h; mingw-w64 ddk/wdm.h"),
    (r"(\.\./shared/)?cpuid-dumps/instlatx64", "InstLatx64's public cpuid dumps"),
    (r"reference/listings/intel-wpr-learn\.txt", "Microsoft Learn, \"WPR Command-Line Options\" (wpr -pmcsources)"),
    (r"reference/listings/intel-tracelog-2019\.txt", "tracelog -profilesources output (dendibakh.github.io, 2019)"),
    (r"reference/listings/intel-tracelog-2020\.txt", "tracelog -profilesources output (AndyAyersMS/InstructionsRetiredExplorer, 2020)"),
    (r"reference/listings/", "published wpr/tracelog -profilesources listings"),
]


# A working file's name in text a reader of kprof.h sees: ../shared, the reference notes, the
# seeds by number or by file name (000_<hash>.txt).
WORKING_FILE = re.compile(r"\.\./shared|reference/\S+\.md|seed \d{3}|\bseeds/|\b\d{3}_[0-9a-f]{8,}\.txt\b")


def public_citation(text):
    for pat, public in PUBLIC_SOURCES:
        text = re.sub(pat, public, text)
    if WORKING_FILE.search(text):
        raise SpecError(f"a comment cites a working file no reader of kprof.h can find: {text[:120]!r}")
    return text


def check_rendered_citations(text, name="kprof.h"):
    """The citation check on the rendered file, hand-written C and templates included: no
    working file's name reaches it (the spec's text is mapped to public documents before)."""
    for i, line in enumerate(text.split("\n"), 1):
        m = WORKING_FILE.search(line)
        if m:
            raise SpecError(f"{name}:{i}: cites a working file no reader of kprof.h can find "
                            f"({m.group(0)!r}); cite the public document (gen/kprofgen.py PUBLIC_SOURCES)")


def comment_text(s):
    return public_citation(" ".join(str(s).split()).replace("*/", "* /").replace("/*", "/ *"))


def doc_comment(text, prov=None, indent="", width=96):
    """A block comment wrapped to the header's width, with the provenance on its own lines."""
    import textwrap
    lines = textwrap.wrap(comment_text(text), width - len(indent) - 3) or [""]
    if prov:
        lines += textwrap.wrap("Source: " + comment_text(prov), width - len(indent) - 3)
    body = ("\n" + indent + " * ").join(lines)
    return f"{indent}/* {body} */"


class EnumRun:
    """One enumeration's initializers, written as C is written by hand: a value only where it
    is not the previous enumerator's plus one (the first, aliases, gaps). An initializer costs
    a compiler more than an implicit value (docs/performance.md, include cost)."""

    def __init__(self):
        self.prev = None

    def init(self, value, text=None):
        implicit = self.prev is not None and value == self.prev + 1
        self.prev = value
        return "" if implicit else f" = {value if text is None else text}"


def groupby_run(items, key):
    """Consecutive items with the same key, as [{key: value, "items": [...]}] (jinja's groupby
    sorts; declarations keep their spec order)."""
    out = []
    for x in items:
        if out and out[-1][key] == x[key]:
            out[-1]["items"].append(x)
        else:
            out.append({key: x[key], "items": [x]})
    return out


def render(model, template="kprof.h.j2"):
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(HERE, "templates")),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.filters.update(model["filters"])
    env.filters["hex"] = lambda v, w=0: f"0x{v:0{w}X}"
    env.filters["cstr"] = lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    env.filters["doc"] = doc_comment
    env.filters["cbody"] = lambda s: s.encode("ascii").decode().replace("\\", "\\\\").replace('"', '\\"')
    env.filters["comment"] = comment_text
    env.globals["u64"] = lambda v: f"UINT64_C(0x{v:X})"
    env.globals["enum_run"] = EnumRun
    env.filters["groupby_run"] = groupby_run
    env.filters["index_tag"] = index_tag
    # A section with data of its own shape renders it with gen/templates/domains/<name>.j2
    # (macros api() and impl()); every other section is rendered from the generic parts only.
    for d in model["domains"]:
        path = os.path.join(HERE, "templates", "domains", d["name"] + ".j2")
        module = env.get_template(f"domains/{d['name']}.j2").make_module(model) if os.path.exists(path) else None
        d["own_api"] = str(module.api()) if module else ""
        d["own_impl"] = str(module.impl()) if module else ""
    return env.get_template(template).render(**model)


def clang_format(text):
    exe = os.environ.get("CLANG_FORMAT", "clang-format")
    try:
        r = subprocess.run([exe, "--style=file", "--assume-filename=" + os.path.join(ROOT, "kprof.h")],
                           input=text.encode(), capture_output=True, cwd=ROOT, check=False)
    except FileNotFoundError:
        raise SpecError(f"{exe} not found (install Debian clang-format)")
    if r.returncode:
        raise SpecError(f"clang-format failed: {r.stderr.decode()[:400]}")
    return r.stdout.decode()


def write_atomic(path, text):
    d = os.path.dirname(os.path.abspath(path))
    # mkstemp creates 0600; the header keeps its mode (a new one gets 0666 less the umask).
    if os.path.exists(path):
        mode = os.stat(path).st_mode & 0o7777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".kprofgen.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# --------------------------------------------------------------------------- API index
INDEX_MARK = "@@KPROF_API_INDEX@@"


def generated_purposes(model):
    """The one-line purposes of what the generic kinds generate, from the spec data."""
    out = {}
    for d in model["domains"]:
        for e in d["enums"] + [x["enum"] for x in d["lists"]]:
            out[f"kprof_{e['name']}_name"] = f"the name of a kprof_{e['name']} value"
            if e.get("descriptions"):
                out[f"kprof_{e['name']}_description_get"] = f"a kprof_{e['name']} value in plain words"
        for x in d["lists"]:
            out[f"kprof_{x['name']}_info_by_id"] = f"the row of a kprof_{x['name']} value"
            for a in x["accessors"]:
                out[f"kprof_{x['name']}_info_{a['name']}_get"] = f"the row's {a['name']} as a {a['type']} ({a['doc']})"
        for r in d["records"]:
            out[f"kprof_{r['name']}_by_id"] = f"the row with a kprof_{r['id_enum']} id"
            if r["key"]:
                out[f"kprof_{r['name']}_by_{r['key']}"] = f"the row whose {r['key']} is a given string, any case"
            for f in r["fields"]:
                if f["type"] == "string":
                    out[f"kprof_{r['name']}_{f['name']}_get"] = f"a row's {f['name']}: {comment_text(f['doc'])}"
            for a in r["accessors"]:
                out[f"kprof_{r['name']}_{a['name']}_get"] = f"the row's {a['name']} as a {a['type']}" + (f" ({a['doc']})" if a["doc"] else "")
        for s in d["structs"]:
            for a in s.get("accessors", []):
                out[f"kprof_{s['name']}_{a['fn']}_get"] = f"the member {a['name']} as a {a['type']} ({a['doc']})"
            if s["codec"]:
                out[f"kprof_{s['name']}_decode"] = "the struct from its little-endian bytes"
                out[f"kprof_{s['name']}_encode"] = "the struct into its little-endian bytes"
            if s["widen"]:
                out[f"kprof_{s['name']}_widen"] = f"the struct in kprof_{s['widen']['target']}'s shape"
        for m in d["msrs"]:
            if m["count"]:
                out[f"KPROF_MSR_{m['name']}"] = f"the number of MSR {m['name']} i (of {m['count']})"
    return out


def first_sentence(text):
    flat = " ".join(text.split())
    m = re.match(r"(.+?[.;])(\s|$)", flat)
    return (m.group(1) if m else flat).rstrip(".;")


def scan_api(text, model):
    """Every public function and function-like macro of the rendered header's API part, in
    order: (section or None for the configuration, name, purpose, conditions, is_macro)."""
    spec = {f["name"]: f["purpose"] for d in model["domains"] for f in d["functions"]}
    gen = generated_purposes(model)
    guards = {d["name"]: d["guard"] for d in model["domains"]}
    section, stack, comment, out, seen = None, [], None, [], set()
    lines = text.split("\n")
    # The section of each line (banners are comments), up to the implementation part.
    at, sec_of = None, []
    for line in lines:
        m = re.match(r"^ \*  layer \d+ \([^)]*\), section (\w+):", line)
        at = m.group(1) if m else ("" if re.match(r"^ \*  IMPLEMENTATION", line) else at)
        sec_of.append(at)
    i = 0
    while i < len(lines):
        line = lines[i]
        section = sec_of[i]
        if section == "":
            break
        pp = re.match(r"^#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        if pp:
            kw, cond = pp.groups()
            cond = cond.strip()
            if kw in ("if", "ifdef", "ifndef"):
                stack.append(("!defined(%s)" % cond if kw == "ifndef" else "defined(%s)" % cond if kw == "ifdef" else cond))
            elif kw in ("elif", "else") and stack:
                stack[-1] = "not (" + stack[-1] + ")" + (" and " + cond if kw == "elif" else "")
            elif kw == "endif" and stack:
                stack.pop()
            i += 1
            continue
        if line.lstrip().startswith("/*"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            comment = (j, " ".join(re.sub(r"^\s*(/\*+|\*)\s?", "", x) for x in lines[i:j + 1]).replace("*/", ""))
            i = j + 1
            continue
        name, macro = None, False
        if line.startswith("KPROF_API") or line.startswith("KPROF_IMPL_INLINE"):
            j = i
            while not re.search(r"[;{]\s*$", lines[j]):
                j += 1
            m = re.search(r"\b(kprof_\w+)\s*\(", " ".join(lines[i:j + 1]))
            name = m.group(1) if m and not m.group(1).startswith("kprof_impl_") else None
        else:
            m = re.match(r"^#define ((?:kprof|KPROF)_\w+)\(", line)
            if m and not m.group(1).lower().startswith("kprof_impl_"):
                name, macro = m.group(1), True
        if name and name not in seen:
            seen.add(name)
            purpose = spec.get(name) or gen.get(name)
            if not purpose and comment and comment[0] in (i - 1, i - 2):
                purpose = first_sentence(comment[1])
                if re.match(r"^(?:[A-Z][a-z]|An? )", purpose):  # a sentence's capital, not an acronym's
                    purpose = purpose[0].lower() + purpose[1:]
            if not purpose:
                raise SpecError(f"kprof.h: section {section}: public {'macro' if macro else 'function'} {name} has "
                                f"no purpose: describe it in the spec, or put a one-line comment right above it")
            own = guards.get(section) or ""
            conds = [c for c in stack if c != own and "KPROF_" in c and not c.startswith("!defined(KPROF_H")]
            out.append((section, name, purpose, conds, macro))
        while i < len(lines) and lines[i].endswith("\\"):
            i += 1
        i += 1
    return out


def index_tag(conds):
    """A condition as the index shows it: the configuration macros that take the entry away."""
    gone = sorted(set(re.findall(r"!defined\((KPROF_\w+)\)", " ".join(conds))))
    need = sorted(set(re.findall(r"(?<!!)defined\((KPROF_\w+)\)", " ".join(c for c in conds if not c.startswith("not")))))
    parts = [f"not with {', '.join(gone)}"] if gone else []
    parts += [f"with {', '.join(need)}"] if need else []
    return f" [{'; '.join(parts)}]" if parts else ""


def api_index(entries, model):
    """The top comment's API INDEX lines."""
    import textwrap
    lines = []
    by_section = {}
    for e in entries:
        by_section.setdefault(e[0], []).append(e)
    col = 44

    def add(name, text):
        body = textwrap.wrap(text, 96 - 3 - col, break_on_hyphens=False, break_long_words=False) or [""]
        if len(name) + 6 > col:
            lines.append(f" *     {name}")
            lines.extend(" *" + " " * col + x for x in body)
        else:
            lines.append(f" *     {name:<{col - 5}}{body[0]}")
            lines.extend(" *" + " " * col + x for x in body[1:])
    if None in by_section:
        lines.append(" *   header-wide (the configuration block)")
        for _, name, purpose, conds, _m in by_section[None]:
            add(name, comment_text(purpose) + index_tag(conds))
    for layer in model["layers"]:
        lines.append(f" *   layer {layer['id']}, {layer['name']}")
        for d in model["domains"]:
            if d["layer"]["id"] != layer["id"]:
                continue
            lines.append(f" *    {d['name']}{index_tag([d['guard']]) if d['guard'] else ''}")
            for _, name, purpose, conds, _m in by_section.get(d["name"], []):
                add(name, comment_text(purpose) + index_tag(conds))
    return "\n".join(lines)


def check_generated_names(entries, model):
    """The naming rule holds for the functions the templates make too (DESIGN 3)."""
    for section, name, _, _, macro in entries:
        if section is None or not name.startswith("kprof_"):
            continue
        why = name_problem(name, section, model["verbs"], macro)
        if why:
            raise SpecError(f"kprof.h: section {section}: {'macro' if macro else 'function'} {name} "
                            f"breaks the naming rule: {why}")


def render_header(model):
    """kprof.h: rendered once with a mark where the API index goes, which is then made from
    what the rendering declares (so it lists everything, generated or hand-written)."""
    text = render(model)
    entries = scan_api(text, model)
    check_generated_names(entries, model)
    model["api_entries"] = entries
    return text.replace(INDEX_MARK, api_index(entries, model))


def outputs(model):
    """Every file the generator owns: the header and the generated docs."""
    out = {"kprof.h": clang_format(render_header(model))}
    check_rendered_citations(out["kprof.h"])
    docs = os.path.join(HERE, "templates", "docs")
    if os.path.isdir(docs):
        for t in sorted(os.listdir(docs)):
            if t.endswith(".part.j2"):
                rel = os.path.join("docs", t[:-len(".part.j2")])
                out[rel] = replace_region(rel, "gen/templates/docs/" + t, render(model, "docs/" + t))
            elif t.endswith(".j2"):
                out[os.path.join("docs", t[:-3])] = render(model, "docs/" + t)
    return out


def replace_region(rel, template, text):
    """A hand-written doc with one generated part: the text between its two marker lines is
    the template's (docs/api.md's reference)."""
    begin = f"<!-- BEGIN generated by gen/kprofgen.py from {template}; do not edit -->"
    end = "<!-- END generated -->"
    path = os.path.join(ROOT, rel)
    old = open(path, encoding="utf-8").read()
    if old.count(begin) != 1 or old.count(end) != 1 or old.index(begin) > old.index(end):
        raise SpecError(f"{rel}: needs one line '{begin}' and, after it, one '{end}'")
    a, b = old.index(begin) + len(begin), old.index(end)
    return old[:a] + "\n" + text.strip("\n") + "\n" + old[b:]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", default=os.path.join(ROOT, "spec"))
    ap.add_argument("--out", default=ROOT, help="directory to write kprof.h and docs/ into")
    ap.add_argument("--check", action="store_true", help="compare with the files on disk")
    ap.add_argument("--api", action="store_true",
                    help="print the API index as JSON ({section: [public functions and function-like macros]}; "
                         "\"\" for the configuration block) and write nothing: the names tools (fuzz/) refer to")
    a = ap.parse_args(argv)
    if a.api:
        try:
            model = build_model(a.spec)
            render_header(model)
        except SpecError as e:
            print(f"kprofgen: error: {e}", file=sys.stderr)
            return 2
        api = {}
        for section, name, _, _, _ in model["api_entries"]:
            api.setdefault(section or "", []).append(name)
        print(json.dumps(api, indent=1))
        return 0
    try:
        files = outputs(build_model(a.spec))
    except SpecError as e:
        print(f"kprofgen: error: {e}", file=sys.stderr)
        print("kprofgen: nothing was written", file=sys.stderr)
        return 2
    if a.check:
        bad = 0
        for rel, text in files.items():
            path = os.path.join(a.out, rel)
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if old != text:
                bad += 1
                diff = difflib.unified_diff(old.splitlines(), text.splitlines(), rel + " (committed)",
                                            rel + " (fresh)", lineterm="", n=1)
                print("\n".join(list(diff)[:40]))
        if bad:
            print(f"kprofgen: {bad} generated file(s) differ; run 'make gen'", file=sys.stderr)
            return 1
        return 0
    for rel, text in files.items():
        path = os.path.join(a.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
