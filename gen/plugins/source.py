"""The source section's plugin (spec/source.yaml: intervals, descriptions, tables): the
profile-source tables of Windows' KPROFILE_SOURCE and the HAL's Emon/Amd64 interfaces, laid out
as relocation-free rows, a string pool, value and select indexes and a perfect hash of the
names, for gen/templates/domains/source.j2. What the tables are called and which fields a
select has is this plugin's knowledge; the generator's core knows none of it."""
import fnmatch
import re

from kprofgen import Map, Pool, SpecError, build_array, build_rows, check, entries, fail, ident, name_index, snake

SECTION = "source"
KEYS = {"intervals", "descriptions", "tables"}
# The tables every HAL model needs, and the one whose sources a cpuid 0x0A ebx bit gates.
REQUIRED_TABLES = ("generic", "default", "emon", "amd64")
EBX_GATED_TABLE = "emon"
# The interval classes: the timer's (source 0, ProfileTime) and every other source's.
REQUIRED_INTERVALS = ("timer", "hardware")
# The select fields the HAL's tables may and may not set (see decode_select_check).
SELECT_OFF = ("en", "intr")
SELECT_PRIVILEGE = ("usr", "os")
# The enumeration whose value strings are cpuid leaf 0's vendor strings (a table's `vendor`).
VENDOR_ENUM = "cpuid_vendor"
FILTERS = {}


def build(ctx):
    """The model's `sources`: every table checked and laid out."""
    docs = ctx["docs"]
    if not docs:
        raise SpecError(f"{ctx['spec_dir']}: source.yaml is required")
    sources = build_sources(docs[0], ctx["registers"], ctx["msrs"])
    vendors = next(e for d in ctx["domains"].values() for e in d["enums"] if e["name"] == VENDOR_ENUM)
    by_string = {v.get("string"): vendors["prefix"] + v["name"] for v in vendors["values"]}
    unknown = vendors["prefix"] + vendors["values"][0]["name"]
    for t in sources["tables"]:
        # The vendor whose select layout the table's selects use: the table's own, when it has
        # selects at all.
        if t["vendor"] and t["vendor"] not in by_string:
            raise SpecError(f"table '{t['id']}': vendor {t['vendor']!r} is no string of kprof_{VENDOR_ENUM}")
        t["select_vendor"] = by_string[t["vendor"]] if t["select_register"] and t["vendor"] else unknown
    return {"sources": sources}


def c_upper(name):
    """CamelCase HAL name -> UPPER_SNAKE enumerator part (ProfileLLCMisses -> LLC_MISSES)."""
    return snake(strip_profile(name) if name.startswith("Profile") else name).upper()


def strip_profile(name):
    return name[7:] if len(name) > 7 and name[:7].lower() == "profile" else name


def decode_select_check(node, ent, select, reg):
    """A table's select value must decode as the HAL loads it: USR and/or OS, no EN/INT."""
    f = {x["name"]: x for x in reg["fields"]}
    bit = lambda n: (select >> f[n]["lo"]) & f[n]["max"]  # noqa: E731
    if select < 0 or select & ~reg["defined_mask"]:
        fail(node, ent, f"select {select:#010x} sets reserved bits {select & ~reg['defined_mask']:#x} of {reg['name']}", "select")
    if any(bit(n) for n in SELECT_OFF):
        fail(node, ent, f"select {select:#010x} has EN or INT set; the tables carry USR/OS only (EN and INT are added when a counter starts)", "select")
    if not any(bit(n) for n in SELECT_PRIVILEGE):
        fail(node, ent, f"select {select:#010x} sets neither USR nor OS, so it would count nothing", "select")


def check_libpfm4_reason(node, ent, reason, pmus):
    """`libpfm4: "<pmu>[, <pmu>]: why"` records a known difference from libpfm4; the test
    needs to know which PMUs it concerns, so the reason must name them first: PMUs of the
    table's `libpfm4_pmus`, or shell patterns matching some (amd64_k8_rev*)."""
    if reason is None:
        return
    if not pmus:
        fail(node, ent, "libpfm4 reasons belong only on tables with libpfm4_pmus", "libpfm4")
    m = re.match(r"^([a-z0-9_*?\[\]-]+(?:, [a-z0-9_*?\[\]-]+)*): \S", reason)
    if not m or any(not fnmatch.filter(pmus, p) for p in m.group(1).split(", ")):
        fail(node, ent, f"libpfm4 reason must start with the PMU(s) it concerns ({', '.join(pmus)}) and a colon, got {reason!r}", "libpfm4")


def build_sources(spec, registers, msrs):
    node = spec
    check(node, {"intervals": Map, "descriptions": Map, "tables": list, "functions?": list}, "sources")
    iv = node["intervals"]
    intervals = {}
    for k, v in iv.items():
        check(v, {"default": int, "min": int, "max": int, "unit": str, "provenance": str}, f"interval '{k}'")
        if not v["min"] <= v["default"] <= v["max"]:
            fail(v, f"interval '{k}'", "default must lie within [min, max]")
        intervals[k] = v
    for need in REQUIRED_INTERVALS:
        if need not in intervals:
            fail(iv, "intervals", f"missing interval class '{need}'")
    check(node["descriptions"], {"overrides": list}, "descriptions")
    overrides = {}
    for o in entries(node["descriptions"]["overrides"], "description overrides"):
        check(o, {"value": int, "description": str, "provenance": str}, "description override")
        overrides[o["value"]] = o["description"]

    msr_by_name = {m["name"]: m for m in msrs}
    tables, ids, enum_names = [], set(), set()
    for t in entries(node["tables"], "tables"):
        te = f"table {t.get('id', '?')!r}" if isinstance(t, Map) else "table"
        check(t, {"id": str, "title": str, "doc": str, "provenance": str, "enum_type": str,
                  "enum_prefix": str, "sources": list, "hal_interface?": bool, "vendor?": str,
                  "select_register?": str, "counters?": (int, str), "counter_width?": (int, str),
                  "perfevtsel_msr?": str, "counter_msr?": str, "libpfm4_pmus?": list}, te)
        tid = ident(t, te, "id", t["id"]).lower()
        if tid in ids:
            fail(t, te, "duplicate table id")
        ids.add(tid)
        te = f"table '{tid}'"
        reg = None
        if t.get("select_register"):
            if t["select_register"] not in registers:
                fail(t, te, f"select_register '{t['select_register']}' is not described in spec/", "select_register")
            reg = registers[t["select_register"]]
        for k in ("perfevtsel_msr", "counter_msr"):
            if t.get(k) and t[k] not in msr_by_name:
                fail(t, te, f"{k} '{t[k]}' is not in any spec file's msrs", k)
        for k in ("counters", "counter_width"):
            if isinstance(t.get(k), str) and t[k] != "cpuid":
                fail(t, te, f"{k} must be a number or 'cpuid', got {t[k]!r}", k)
        rows, values, names = [], set(), {}
        for s in entries(t["sources"], f"{te} sources"):
            se = f"{te} entry {s.get('name', '?')}" if isinstance(s, Map) else te
            check(s, {"value": int, "name": str, "select?": int, "ebx_bit?": int, "aliases?": list,
                      "interval?": str, "libpfm4?": str}, se)
            v, n = s["value"], s["name"]
            se = f"{te} entry {v:#04x} {n}"
            ident(s, se, "name", n)
            if not 0 <= v <= 0xFFFF:
                fail(s, se, "value must fit 16 bits", "value")
            if v in values:
                fail(s, se, f"duplicate value {v:#04x} in table '{tid}'", "value")
            values.add(v)
            for a in s.get("aliases") or []:
                ident(s, se, "aliases", a)
            for nm in [n] + list(s.get("aliases") or []):
                k = strip_profile(nm).lower()
                if k in names and names[k] != v:
                    fail(s, se, f"name {nm!r} duplicates the name of entry {names[k]:#04x} in table '{tid}'",
                         "name" if nm == n else "aliases")
                names[k] = v
            sel = s.get("select")
            if sel is not None:
                if reg is None:
                    fail(s, se, f"table '{tid}' has no select_register, so entries take no select", "select")
                decode_select_check(s, se, sel, reg)
            elif reg is not None:
                fail(s, se, "missing field 'select'")
            eb = s.get("ebx_bit")
            if eb is not None and not 0 <= eb <= 31:
                fail(s, se, f"ebx_bit {eb} out of range 0..31", "ebx_bit")
            if eb is not None and tid != EBX_GATED_TABLE:
                fail(s, se, "only Emon sources are gated by a cpuid 0x0A ebx bit", "ebx_bit")
            check_libpfm4_reason(s, se, s.get("libpfm4"), t.get("libpfm4_pmus") if reg else None)
            ivc = s.get("interval") or REQUIRED_INTERVALS[0 if v == 0 else 1]
            if ivc not in intervals:
                fail(s, se, f"interval class {ivc!r} is not defined under intervals", "interval")
            rows.append({"value": v, "name": n, "select": sel, "ebx_bit": eb,
                         "aliases": list(s.get("aliases") or []), "interval": ivc,
                         "interval_index": list(intervals).index(ivc),
                         "description": overrides.get(v) if v in overrides else strip_profile(n),
                         "enum": t["enum_prefix"] + c_upper(n), "libpfm4": s.get("libpfm4")})
        for r in rows:
            for nm in [r["enum"]] + [t["enum_prefix"] + c_upper(a) for a in r["aliases"]]:
                if nm in enum_names:
                    fail(t, te, f"enumerator {nm} is generated twice")
                enum_names.add(nm)
        tables.append({"id": tid, "ID": tid.upper(), "title": t["title"], "doc": t["doc"],
                       "provenance": t["provenance"], "enum_type": t["enum_type"],
                       "enum_prefix": t["enum_prefix"], "rows": rows,
                       "hal": t.get("hal_interface", False), "vendor": t.get("vendor"),
                       "select_register": reg["name"] if reg else None,
                       "counters": t.get("counters"), "counter_width": t.get("counter_width"),
                       "perfevtsel_msr": t.get("perfevtsel_msr"), "counter_msr": t.get("counter_msr")})
    for need in REQUIRED_TABLES:
        if need not in ids:
            fail(node["tables"], "tables", f"missing table '{need}'")
    return layout_sources(tables, intervals)


def layout_sources(tables, intervals):
    """Lay the tables out as relocation-free arrays: one string pool, rows with offsets,
    per-table value indexes, a select index and a name hash."""
    # Names longest first, so that descriptions (suffixes of names) land inside them; seven
    # spare bytes at the end let the name lookup read whole words.
    pool = Pool("source", "the source names and descriptions (a description is often the tail of a name)",
                share_suffixes=True, pad=7)
    for x in sorted({n for t in tables for r in t["rows"] for n in [r["name"]] + r["aliases"]},
                    key=lambda x: (-len(x), x)):
        pool.intern(x)
    rows, row_cells, value_index, select_index, keys, starts = [], [], [], [], [], []
    for ti, t in enumerate(tables):
        t["index"] = ti
        t["start"] = len(rows)
        t["count"] = len(t["rows"])
        if t["count"] > 255:
            raise SpecError(f"table '{t['id']}' has more than 255 rows")
        t["max_value"] = max(r["value"] for r in t["rows"])
        t["value_index_at"] = sum(len(v) for v, _ in value_index)
        vi = [0] * (t["max_value"] + 1)
        row_cells.append((None, f"{t['title']}: {t['count']} rows from {t['start']}"))
        for i, r in enumerate(t["rows"]):
            vi[r["value"]] = i + 1
            r["row"] = len(rows)
            r["table"] = ti
            r["name_off"] = pool.intern(r["name"])
            r["desc_off"] = pool.intern(r["description"])
            rows.append(r)
            row_cells.append(([f"0x{r['select'] or 0:08X}", f"0x{r['value']:02X}", str(r["name_off"]), str(r["desc_off"]),
                               f"KPROF_SOURCE_TABLE_{t['ID']}", str(-1 if r["ebx_bit"] is None else r["ebx_bit"]),
                               f"KPROF_SOURCE_INTERVAL_{r['interval'].upper()}", "{ 0 }"],
                              r["name"] + (f' ("{r["description"]}")' if r["description"] != strip_profile(r["name"]) else "")))
        value_index.append((vi, f"{t['id']}: 1 + row for values 0..{t['max_value']:#x}"))
        t["select_index_at"] = sum(len(v) for v, _ in select_index)
        order = sorted(range(t["count"]), key=lambda i: (t["rows"][i]["select"] or 0, t["rows"][i]["value"]))
        select_index += [([i], f"{t['id']} 0x{t['rows'][i]['select'] or 0:08X} {t['rows'][i]['name']}") for i in order]
        starts.append(([str(t["start"]), str(t["value_index_at"]), str(t["select_index_at"])], t["id"]))
        for r in t["rows"]:
            seen = set()
            for k in [r["name"]] + r["aliases"] + ([r["description"]] if r["description"] != strip_profile(r["name"]) else []):
                key = strip_profile(k)
                if key.lower() in seen:
                    continue  # an alias that differs only in case: the lookup ignores case anyway
                seen.add(key.lower())
                keys.append((ti, key, pool.intern(k) + (len(k) - len(key)), r["row"]))
    hash_ = perfect_hash(keys, tables)
    names = name_index([{"value": t["index"], "string": t["id"].replace("_", "-"), "c": f"KPROF_SOURCE_TABLE_{t['ID']}"}
                        for t in tables], None, "tables", "interface")
    return {"tables": tables, "rows": rows, "intervals": intervals, "name_hash": hash_, "interface_names": names,
            "pool": pool.model(None, "sources"),
            "rows_table": build_rows("kprof_impl_source_rows", "Every table's rows, in the order of the tables "
                                     "and of their values: select, value, name and description (string offsets), "
                                     "table, cpuid 0x0A ebx bit (-1: none), interval class, reserved.",
                                     "kprof_source", row_cells),
            "starts_table": build_rows("kprof_impl_source_tables", "Per table: its first row, where its value index "
                                       "and its select index start.", "kprof_impl_source_table", starts,
                                       [("uint16_t", "first_row", "its first row in kprof_impl_source_rows"),
                                        ("uint16_t", "value_index", "where its run of kprof_impl_source_value_index starts"),
                                        ("uint16_t", "select_index", "where its run of kprof_impl_source_select_index starts")]),
            "value_index": build_array("kprof_impl_source_value_index", "value -> 1 + row within its table "
                                       "(0: no such source), one run per table.", "uint8_t", value_index),
            "select_index": build_array("kprof_impl_source_select_index", "Rows within each table sorted by select "
                                        "(then value), one run per table.", "uint8_t", select_index)}# The name lookup hashes the key (a name without "Profile") eight bytes at a time with 0x20
# set in every byte (capitals hash as small letters): acc = len | itf << 16, then
# acc = rotl(acc, 5) ^ (word | 0x2020...) for each little-endian word (the last zero-padded),
# h = acc * multiplier. The top bits of h pick a bucket whose
# displacement, xored into bits 16.., gives the slot: a perfect hash, one probe, found here.
M64 = (1 << 64) - 1
NAME_HASH_ROTATE = 5


def name_prehash(itf, key):
    b = key.encode("ascii")
    acc = len(b) | itf << 16
    for i in range(0, len(b), 8):
        w = int.from_bytes(b[i:i + 8].ljust(8, b"\0"), "little") | 0x2020202020202020
        acc = ((acc << NAME_HASH_ROTATE | acc >> (64 - NAME_HASH_ROTATE)) & M64) ^ w
    return acc


def perfect_hash(keys, tables):
    """Slots for every (table, key): a multiplier and per-bucket displacements such that no two
    keys share a slot. Deterministic: multipliers are tried in a fixed order."""
    pre = {}
    for ti, key, off, row in keys:
        h = name_prehash(ti, key)
        if h in pre:
            raise SpecError(f"name hash: keys {key!r} and {pre[h]!r} collide before the multiplier")
        pre[h] = key
    if max(len(k[1]) for k in keys) > 255:
        raise SpecError("name hash: a key longer than 255 characters")
    size = 1
    while size < len(keys):
        size *= 2
    buckets = max(1, size // 2)
    bucket_bits = buckets.bit_length() - 1
    mult = 0x9E3779B97F4A7C15
    for attempt in range(10000):
        by_bucket = {}
        for k in keys:
            h = (name_prehash(k[0], k[1]) * mult) & M64
            by_bucket.setdefault(h >> (64 - bucket_bits) if bucket_bits else 0, []).append((h >> 16, k))
        slots, disp, ok = [None] * size, [0] * buckets, True
        for bkt in sorted(by_bucket, key=lambda x: (-len(by_bucket[x]), x)):
            for d in range(size):
                want = [(h ^ d) & (size - 1) for h, _ in by_bucket[bkt]]
                if len(set(want)) == len(want) and all(slots[s] is None for s in want):
                    for s, (_, k) in zip(want, by_bucket[bkt]):
                        slots[s] = k
                    disp[bkt] = d
                    break
            else:
                ok = False
                break
        if ok:
            return {"size": size, "bucket_bits": bucket_bits, "multiplier": mult,
                    "rotate": NAME_HASH_ROTATE, "key_count": len(keys), "max_key": max(len(k[1]) for k in keys),
                    "slots": build_rows("kprof_impl_source_name_slots", None, "kprof_impl_name_slot", [
                        ([str(s[2]), str(s[3]), str(len(s[1])), f"KPROF_SOURCE_TABLE_{tables[s[0]]['ID']}"],
                         f"{i}: {s[1]}") if s else (["0", "0", "0", "0"], f"{i}: empty") for i, s in enumerate(slots)],
                        [("uint16_t", "key", "the key's offset in the string pool"),
                         ("uint16_t", "row", "its row in kprof_impl_source_rows"),
                         ("uint8_t", "length", "the key's length, 0 for an empty slot"),
                         ("uint8_t", "table", "its table (kprof_source_table)")]),
                    "displacement": build_array("kprof_impl_source_name_displacement", None, "uint16_t",
                                                [(disp[i:i + 16], f"buckets {i}..{min(i + 16, buckets) - 1}")
                                                 for i in range(0, buckets, 16)])}
        mult = (mult * 0x5851F42D4C957F2D + 0x14057B7EF767814F) & M64 | 1
    raise SpecError("name hash: no perfect hash found")


FILTERS["c_upper"] = c_upper
