#!/usr/bin/env python3
"""The microarchitecture table (spec/uarch.yaml) against Linux, and kprof's lookups and brand
string against the spec and against real dumps.

    test_uarch.py UARCH_QUERY

UARCH_QUERY is tests/uarch_query.c built: it prints what the library answers (the table, a
lookup of every signature, each dump block's identity, row and brand string, the core each CPU
group is named by). The expectations come from elsewhere:

  - Linux: every installed Debian linux-headers intel-family.h (found under /usr/src), and the
    newest kernel's names, recorded in the spec's `facts` (linux_intel_family) because the
    installed headers are older; the recorded facts are themselves checked against every
    installed header on the names both have. A row's `linux:` name ("A|B": renamed; the first a
    source has counts) must have the row's family and model there, and its names must be
    Linux's: the row's name, core or atom core matches a run of the macro's words or its
    comment, every name in the comment is the row's or quoted in its provenance, and a hybrid
    row's "core / atom" is the comment's. A difference needs `linux_differs: why`, and a
    recorded difference that no source shows any longer fails. `linux_since` says from which
    kernel a source must have the name. Every model Linux names has a row, every name a row
    carries it, every stepping a Linux comment names is in the row carrying that name.
  - AMD and Zhaoxin: Linux's amd.c and events/zhaoxin/core.c, recorded in the spec's facts
    (linux_amd_families, linux_zhaoxin_pmu): the rows in each range carry its names, ranges
    marked `cover` have a row for every model, and every family 17h and later AMD row lies in
    a range Linux gives.
  - The lookups: this file's own matcher over the spec's rows, for every model and stepping of
    every family the spec has (and their neighbours) under every vendor the spec has (and one it
    has not).
  - Dumps: every dump in ../shared/cpuid-dumps, read by tests/test_dump_formats.py's reader
    (shares no code with kprof.h): the identity, the row, the brand string (the raw leaves'
    bytes to the first NUL, spaces trimmed at both ends, when leaves 0x80000002-4 are within the
    max extended leaf) and the core each CPU group is named by (its leaf 0x1A core type and
    leaf 7's hybrid bit).
  - A second opinion: Debian's cpuid tool on every row's first and last signature; each
    disagreement is recorded in the spec's facts (debian_cpuid_synth) with why.
  - This machine: the live snapshot's identity, row and brand string against the host's leaves
    (tests/hostfacts.py: Debian's `cpuid -r -1`).

Ends with 'N passed, N failed'.
"""
import glob
import os
import re
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from ktest import check, done, host  # noqa: E402
from test_dump_formats import Bad, read_dump  # noqa: E402
import hostfacts  # noqa: E402

ROOT = os.path.dirname(HERE)
NEWEST = (999, 0)  # the recorded facts stand for the newest kernel


def norm(s):
    return re.sub(r"[^A-Z0-9]", "", str(s).upper())


def rng(v):
    return (v, v) if isinstance(v, int) else (v[0], v[-1])


def steppings_of(text):
    """'7', '11,12', '10-13', '0-10,12-13' -> a set."""
    out = set()
    for part in str(text).replace(" ", "").split(","):
        lo, _, hi = part.partition("-")
        out |= set(range(int(lo, 0), int(hi or lo, 0) + 1))
    return out


def version_of(text):
    m = re.match(r"(\d+)\.(\d+)", str(text))
    return (int(m[1]), int(m[2])) if m else (0, 0)


# ---------------------------------------------------------------------------------- the spec
class Spec:
    def __init__(self, path):
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        recs = {r["name"]: r for r in doc["records"]}
        types = {v["name"]: v["value"] for e in yaml.safe_load(open(os.path.join(ROOT, "spec", "cpuid.yaml")))["enums"]
                 if e["name"] == "cpuid_core_type" for v in e["values"]}
        core_rec, uarch_rec = recs["cpuid_core"], recs["cpuid_uarch"]
        self.cores = {}
        for i, c in enumerate(core_rec["rows"]):
            self.cores[str(c["id"]).upper()] = dict(c, num=core_rec.get("first_id", 0) + i, type_value=types[c["type"]])
        self.rows = []
        for i, r in enumerate(uarch_rec["rows"]):
            r = dict(r, num=uarch_rec.get("first_id", 0) + i, model=rng(r["model"]), stepping=rng(r["stepping"]))
            r["core_row"] = self.cores.get(str(r["core"]).upper()) if r["core"] else None
            r["atom_row"] = self.cores.get(str(r["atom"]).upper()) if r["atom"] else None
            self.rows.append(r)
        self.facts = {f["name"]: f for f in doc.get("facts", [])}
        self.types = types

    def match(self, vendor, family, model, stepping):
        """Every row covering the signature (this file's own matcher)."""
        return [r for r in self.rows if r["vendor"] == vendor and r["family"] == family
                and r["model"][0] <= model <= r["model"][1] and r["stepping"][0] <= stepping <= r["stepping"][1]]

    def lookup(self, vendor, family, model, stepping):
        m = self.match(vendor, family, model, stepping)
        return m[0] if len(m) == 1 else None

    def names(self, r):
        """The row's names as this test compares them: name (and its ' / ' alternatives), cores."""
        out = [x for x in str(r["name"]).split(" / ")]
        for k in ("core_row", "atom_row"):
            if r[k]:
                out.append(r[k]["name"])
        return {norm(x) for x in out} | {norm(re.sub(r"-\w+$", "", x)) for x in out}

    def core_by_type(self, r, hybrid, core_type):
        """The documented rule of kprof_cpuid_core_by_type, restated."""
        if r is None:
            return None
        core, atom = r["core_row"], r["atom_row"]
        if core_type == 0:
            return None if atom and hybrid else core
        for c in (core, atom):
            if c and c["type_value"] == core_type:
                return c
        return None


def check_spec(spec):
    for r in spec.rows:
        check(len(r["vendor"]) == 12, f"row {r['id']}: vendor {r['vendor']!r} is a 12-byte leaf 0 string")
        check(r["core_row"] is not None, f"row {r['id']}: names a core")
        if r["atom_row"]:
            check(r["core_row"]["type_value"] == spec.types["CORE"] and r["atom_row"]["type_value"] == spec.types["ATOM"],
                  f"row {r['id']}: a hybrid row's core is a Core-line core and its atom an Atom-line core")
    used = {str(r["core"]).upper() for r in spec.rows} | {str(r["atom"]).upper() for r in spec.rows if r["atom"]}
    check(not set(spec.cores) - used, f"every core is some row's: unused {sorted(set(spec.cores) - used)}")


# ---------------------------------------------------------------------------------- Linux
DEFINE = re.compile(r"^#define\s+(INTEL_\w+)\s+(?:IFM\(\s*(\d+)\s*,\s*(0x[0-9A-Fa-f]+|\d+)\s*\)|(0x[0-9A-Fa-f]+|\d+))"
                    r"\s*(?:/\*\s*(.*?)\s*\*/)?\s*$")
STEPPING_NOTE = re.compile(r"^/\*\s+([A-Z][A-Z0-9_]*)\s+(0x[0-9A-Fa-f]+)\s+(.*?)\s*--\s*s:\s*([0-9][0-9,\- ]*?)\s*\*/")


def parse_intel_family(text):
    """name -> (family, model, steppings or None, comment or None). Old spellings
    (INTEL_FAM6_X 0x55, INTEL_FAM5_X 0x09) become INTEL_X with family 6 or 5."""
    out = {}
    for line in text.splitlines():
        m = DEFINE.match(line.strip())
        if m:
            name = m[1]
            if m[4] is not None:
                fm = re.match(r"INTEL_FAM(\d+)_(\w+)$", name)
                if not fm:
                    continue
                family, name, model = int(fm[1]), "INTEL_" + fm[2], int(m[4], 0)
            else:
                family, model = int(m[2]), int(m[3], 0)
            if name.endswith("_LAST") or name.endswith("_ANY") or name == "INTEL_ANY":
                continue
            out[name] = (family, model, None, m[5] or None)
            continue
        s = STEPPING_NOTE.match(line.strip())
        if s:
            out[s[1]] = (6, int(s[2], 0), steppings_of(s[4]), s[3])
    return out


def sources(spec):
    """[(label, version, entries)]: each installed intel-family.h, then the recorded facts."""
    out = []
    for path in sorted(glob.glob("/usr/src/linux-headers-*/arch/x86/include/asm/intel-family.h")):
        m = re.search(r"linux-headers-(\d+)\.(\d+)", path)
        out.append((path, (int(m[1]), int(m[2])), parse_intel_family(open(path, encoding="utf-8", errors="replace").read())))
    facts = spec.facts["linux_intel_family"]
    entries = {}
    for name, family, model, st, comment in facts["rows"]:
        entries[name] = (family, model, steppings_of(st) if st is not None else None, comment)
    out.append(("recorded facts (spec/uarch.yaml linux_intel_family)", NEWEST, entries))
    return out


def macro_runs(name):
    """Every run of consecutive words of a Linux name, joined (INTEL_ATOM_GOLDMONT_D ->
    ATOM, GOLDMONT, D, ATOMGOLDMONT, GOLDMONTD, ATOMGOLDMONTD)."""
    words = re.sub(r"^INTEL_", "", name).split("_")
    return {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}


def comment_parts(comment):
    return [p.strip() for p in re.split(r" / |, | -- ", comment or "") if p.strip()]


def identity_problem(spec, r, name, comment):
    """Why a row and a Linux line do not name the same thing, or None: the row's name (or one
    of its ' / ' alternatives) is a run of the macro's words or a name in its comment; a core
    the comment names is the row's core (or atom core); any other name in the comment (a
    platform) is the row's or quoted in its provenance; a hybrid row's "core / atom" is the
    comment's."""
    own = {norm(x) for x in str(r["name"]).split(" / ")} | {norm(re.sub(r"-\w+$", "", x)) for x in str(r["name"]).split(" / ")}
    cores = {norm(c["name"]) for c in (r["core_row"], r["atom_row"]) if c}
    parts = comment_parts(comment)
    if not own & ({norm(x) for x in macro_runs(name)} | {norm(p) for p in parts}):
        return f"the row's name {r['name']!r} is not Linux's {name} nor in its comment {comment!r}"
    known_cores = {norm(c["name"]) for c in spec.cores.values()}
    prov = norm(r["provenance"])
    for p in parts:
        if norm(p) in known_cores:
            if norm(p) not in cores:
                return f"Linux's {name} names the core {p!r}; the row's cores are {sorted(cores)}"
        elif norm(p) not in own | cores and norm(p) not in prov:
            return f"Linux's comment on {name} names {p!r}, which the row neither names nor quotes"
    if r["atom_row"] and comment and " / " in comment:
        want = [norm(x) for x in comment.split(" / ")]
        got = [norm(r["core_row"]["name"]), norm(r["atom_row"]["name"])]
        if want != got:
            return f"hybrid cores {r['core_row']['name']} / {r['atom_row']['name']}, Linux's {name}: {comment!r}"
    return None


def check_linux_intel(spec):
    srcs = sources(spec)
    check(len(srcs) >= 2, f"an installed Debian linux-headers intel-family.h ({len(srcs) - 1} found) besides the recorded facts")
    facts = srcs[-1][2]
    # The recorded facts agree with every installed header on the names both have.
    for label, ver, entries in srcs[:-1]:
        both = [n for n in entries if n in facts]
        bad = [n for n in both if entries[n][:3] != facts[n][:3]]
        check(both and not bad, f"{label}: {len(both)} names the recorded facts also have, with the same family, "
              f"model and steppings (differ: {bad})")
    carried = {}
    for r in spec.rows:
        for n in str(r.get("linux") or "").split("|"):
            if n:
                carried.setdefault(n, []).append(r)
    intel = [r for r in spec.rows if r["vendor"] == "GenuineIntel"]
    for label, ver, entries in srcs:
        missing_row = [n for n, (f, m, st, c) in entries.items()
                       if not any(r["family"] == f and r["model"][0] <= m <= r["model"][1] for r in intel)]
        check(not missing_row, f"{label}: every model it names has a row (not: {missing_row})")
        uncarried = [n for n in entries if n not in carried]
        check(not uncarried, f"{label}: every name it has is some row's `linux:` (not: {uncarried})")
        for n, (f, m, st, c) in entries.items():
            for s in sorted(st or ()):
                got = spec.match("GenuineIntel", f, m, s)
                ok = len(got) == 1 and n in str(got[0].get("linux")).split("|")
                check(ok, f"{label}: {n} names stepping {s} of {f:#x}_{m:02X}; the row there carries it "
                      f"({[g['id'] for g in got]})")
    for r in spec.rows:
        if not r.get("linux"):
            continue
        alts = str(r["linux"]).split("|")
        since = version_of(r.get("linux_since", "0.0"))
        problems = []
        for label, ver, entries in srcs:
            name = next((a for a in alts if a in entries), None)
            if name is None:
                check(ver < since, f"row {r['id']}: {label} (Linux {ver[0]}.{ver[1]}) has {'|'.join(alts)} "
                      f"(linux_since {r.get('linux_since', 'any')})")
                continue
            f, m, st, comment = entries[name]
            check(r["family"] == f and r["model"] == (m, m),
                  f"row {r['id']}: family {r['family']:#x} model {r['model']} are {label}'s {name} ({f:#x}, {m:#04x})")
            if st is not None:
                check(set(range(r["stepping"][0], r["stepping"][1] + 1)) & st,
                      f"row {r['id']}: its steppings {r['stepping']} meet {label}'s {name} (s: {sorted(st)})")
            p = identity_problem(spec, r, name, comment)
            if p:
                problems.append(f"{label}: {p}")
        if r.get("linux_differs"):
            check(problems, f"row {r['id']}: the difference it records (linux_differs) still holds in some source")
        else:
            check(not problems, f"row {r['id']}: names what Linux names" + ("".join("\n    " + p for p in problems)))


# ---------------------------------------------------------------------------------- AMD, Zhaoxin
def check_linux_amd(spec):
    facts = spec.facts["linux_amd_families"]
    amd = [r for r in spec.rows if r["vendor"] == "AuthenticAMD"]
    ranges = []
    for family, lo, hi, names, cover in facts["rows"]:
        allowed = {norm(x) for x in str(names).split("|")}
        ranges.append((family, lo, hi, allowed))
        inside = [r for r in amd if r["family"] == family and r["model"][0] <= hi and lo <= r["model"][1]]
        for r in inside:
            check(lo <= r["model"][0] and r["model"][1] <= hi,
                  f"row {r['id']}: models {r['model']} lie within Linux's {family:#x} {lo:#04x}-{hi:#04x}")
            check(spec.names(r) & allowed, f"row {r['id']}: is {names} as Linux's amd.c says of family {family:#x} "
                  f"models {lo:#04x}-{hi:#04x}")
        if cover:
            holes = [m for m in range(lo, hi + 1)
                     if not any(r["model"][0] <= m <= r["model"][1] and r["stepping"] == (0, 15) for r in inside)]
            check(not holes, f"Linux's amd.c family {family:#x} models {lo:#04x}-{hi:#04x} ({names}): every model "
                  f"has a row (not: {[hex(h) for h in holes[:8]]})")
    for r in amd:
        if r["family"] >= 0x17:
            check(any(f == r["family"] and lo <= r["model"][0] and r["model"][1] <= hi and spec.names(r) & allowed
                      for f, lo, hi, allowed in ranges),
                  f"row {r['id']}: a family {r['family']:#x} row lies in a range Linux's amd.c gives its name")


def check_linux_zhaoxin(spec):
    for vendors, family, model, st, names in spec.facts["linux_zhaoxin_pmu"]["rows"]:
        for v in str(vendors).split("|"):
            for s in sorted(steppings_of(st)):
                r = spec.lookup(v, family, model, s)
                check(r is not None and norm(names) in spec.names(r),
                      f"{v!r} {family:#x}_{model:02X} stepping {s}: a row named {names} (Linux events/zhaoxin/core.c)")


# ---------------------------------------------------------------------------------- the library
def query(tool, *args, stdin=None):
    p = subprocess.run([tool, *args], input=stdin, capture_output=True, text=True)
    check(p.returncode == 0, f"uarch_query {' '.join(args[:1])} runs [{p.stderr.strip()[:200]}]")
    return [line.split("\t") for line in p.stdout.splitlines()]


def check_table(spec, tool):
    got = {int(f[1]): f for f in query(tool, "table") if f[0] == "ROW"}
    check(len(got) == len(spec.rows), f"kprof.h has {len(got)} rows, the spec {len(spec.rows)}")
    for r in spec.rows:
        g = got.get(r["num"])
        if not check(g is not None, f"row {r['id']} is in kprof.h as id {r['num']}"):
            continue
        cr, ar = r["core_row"], r["atom_row"]
        want = [bytes(r["vendor"], "latin-1").hex(), str(r["family"]), str(r["model"][0]), str(r["model"][1]),
                str(r["stepping"][0]), str(r["stepping"][1]), r["name"],
                cr["name"] if cr else "-", str(cr["type_value"]) if cr else "255",
                ar["name"] if ar else "-", str(ar["type_value"]) if ar else "255"]
        check(g[2:] == want, f"row {r['id']}: kprof.h's row equals the spec's ({g[2:]} vs {want})")


def check_sweep(spec, tool):
    vendors = sorted({r["vendor"] for r in spec.rows}) + ["GenuineIotel"]
    families = sorted({f for r in spec.rows for f in (r["family"] - 1, r["family"], r["family"] + 1)} | {0, 0x10E})
    text = "".join(f"{bytes(v, 'latin-1').hex()} {f}\n" for v in vendors for f in families)
    p = subprocess.run([tool, "sweep"], input=text, capture_output=True, text=True)
    lines = p.stdout.splitlines()
    check(len(lines) == len(vendors) * len(families), f"sweep: {len(lines)} answers")
    found = 0
    for line in lines:
        vh, fam, ids = line.split(" ")
        vendor, fam = bytes.fromhex(vh).decode("latin-1"), int(fam)
        want, bad = [], []
        for m in range(256):
            for s in range(16):
                hits = spec.match(vendor, fam, m, s)
                if len(hits) > 1:
                    bad.append(f"{m:#04x}/{s}: {[h['id'] for h in hits]} overlap")
                want.append(hits[0]["num"] if hits else 0)
        got = [int(ids[i:i + 2], 16) for i in range(0, len(ids), 2)]
        diff = [(i >> 4, i & 15, got[i], want[i]) for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
        found += sum(1 for x in want if x)
        check(not bad and not diff, f"by_signature({vendor!r}, {fam:#x}, every model and stepping) answers as the "
              f"spec's rows do {bad[:3]} {diff[:3]}")
    check(found == sum((r["model"][1] - r["model"][0] + 1) * (r["stepping"][1] - r["stepping"][0] + 1) for r in spec.rows),
          f"the sweep met every signature of every row ({found})")


# ---------------------------------------------------------------------------------- dumps
def leaves_of(recs, cpu):
    out = {}
    for r in recs:
        if r[0] == cpu:
            out.setdefault((r[2], r[3]), list(r[4:8]))
    return out


def expected_cpu(spec, lv):
    """(vendor hex or '-', family, model, stepping, row or None, brand bytes or None), from raw
    leaves by the rules tests/hostfacts.py restates once (kprof's snapshot trust: a leaf counts
    within its range's max leaf; family, extended family and model as Intel, AMD and Linux
    apply them), the brand string being leaves 0x80000002-4's bytes to the first NUL, spaces
    trimmed at both ends."""
    vendor = hostfacts.vendor_string(lv)
    family, model, stepping = hostfacts.family_model_stepping(lv)
    row = spec.lookup(vendor, family, model, stepping) if vendor is not None and hostfacts.trusted(lv, 1) else None
    brand = None
    if all(hostfacts.trusted(lv, leaf) for leaf in (0x80000002, 0x80000003, 0x80000004)):
        raw = b"".join(hostfacts.sig(*lv[(leaf, 0)]) for leaf in (0x80000002, 0x80000003, 0x80000004))
        brand = raw.split(b"\0")[0].strip(b" ")
    return (vendor.encode("latin-1").hex() if vendor is not None else "-", family, model, stepping, row, brand)


def dump_paths(base):
    files, dirs = [], []
    for d, sub, names in sorted(os.walk(base)):
        sub.sort()
        pus = [n for n in names if re.fullmatch(r"pu\d+", n)]
        if pus:
            dirs.append((d, sorted(pus, key=lambda n: int(n[2:]))))
        files += [os.path.join(d, n) for n in sorted(names) if not re.fullmatch(r"pu\d+", n) and n != "hwloc-cpuid-info"]
    return files, dirs


def check_dumps(spec, tool):
    shared = os.environ.get("KPROF_SHARED") or os.path.join(ROOT, "..", "shared")
    base = os.path.join(shared, "cpuid-dumps")
    if not check(os.path.isdir(base), f"{base} exists"):
        return
    files, dirs = dump_paths(base)
    pu_files = [os.path.join(d, n) for d, names in dirs for n in names]
    check(len(files) + len(dirs) >= 39, f"{len(files)} dump files and {len(dirs)} hwloc directories")
    got = {}
    for f in query(tool, "dump", *(files + pu_files)):
        if f[0] == "CPU":
            got[(f[1], int(f[2]))] = f
        else:
            check(False, f"uarch_query: {f}")
    groups = {}
    for f in query(tool, "groups", *(files + [d for d, _ in dirs])):
        if f[0] == "GROUP":
            groups.setdefault(f[1], []).append((int(f[2]), int(f[3]), int(f[4]), int(f[5]), int(f[6])))
    known, unknown, cpus = [], [], 0
    for path in files + pu_files:
        name = os.path.relpath(path, base)
        try:
            recs, blocks, _ = read_dump(open(path, "rb").read())
        except Bad as e:
            check(False, f"{name}: the test's reader reads it ({e.status} line {e.line})")
            continue
        first = None
        for cpu in range(blocks):
            lv = leaves_of(recs, cpu)
            vh, fam, model, st, row, brand = expected_cpu(spec, lv)
            g = got.get((path, cpu))
            cpus += 1
            if not check(g is not None, f"{name} CPU {cpu}: kprof reads the block"):
                continue
            check(g[3:7] == [vh, str(fam), str(model), str(st)],
                  f"{name} CPU {cpu}: identity {g[3:7]} is the raw leaves' {[vh, fam, model, st]}")
            check(int(g[7]) == (row["num"] if row else 0),
                  f"{name} CPU {cpu}: row {g[7]} is the spec's for {fam:#x}_{model:02X} stepping {st} "
                  f"({row['id'] if row else 'none: unknown'})")
            want_brand = ("KPROF_OK", brand.hex() or "-") if brand is not None else ("KPROF_E_NOT_FOUND", "-")
            check(g[8:10] == list(want_brand), f"{name} CPU {cpu}: brand string {g[8:10]} is the raw leaves' "
                  f"{want_brand} ({brand!r})")
            if first is None:
                first = (fam, model, st, row, brand, bytes.fromhex(vh).decode("latin-1") if vh != "-" else "-")
        if first and not (re.fullmatch(r"pu\d+", os.path.basename(path)) and os.path.basename(path) != "pu0"):
            fam, model, st, row, brand, vendor = first
            if re.fullmatch(r"pu\d+", os.path.basename(path)):
                name = os.path.dirname(name)
            label = f"{name}: {vendor} {fam:#x}_{model:02X} stepping {st} ({(brand or b'').decode('latin-1')!r})"
            (known if row else unknown).append(label + (f" -> {row['name']}" if row else " -> unknown"))
    # The core each group of CPUs is named by: its first CPU's leaf 0x1A core type.
    hybrids = []
    for path, members in [(f, None) for f in files] + [(d, names) for d, names in dirs]:
        if path not in groups:
            check(False, f"{os.path.relpath(path, base)}: kprof groups its CPUs")
            continue
        if members is None:
            recs, blocks, _ = read_dump(open(path, "rb").read())
            cpu_leaves = [leaves_of(recs, c) for c in range(blocks)]
        else:
            cpu_leaves = [leaves_of(read_dump(open(os.path.join(path, n), "rb").read())[0], 0) for n in members]
        named = []
        for first_cpu, count, core_type, hybrid, core_id in groups[path]:
            lv = cpu_leaves[first_cpu]
            want_type = lv[(0x1A, 0)][0] >> 24 if (0x1A, 0) in lv and lv[(0, 0)][0] >= 0x1A else 0
            want_hybrid = int((7, 0) in lv and lv[(0, 0)][0] >= 7 and bool(lv[(7, 0)][3] >> 15 & 1))
            row = expected_cpu(spec, lv)[4]
            want = spec.core_by_type(row, want_hybrid, want_type)
            check((core_type, hybrid) == (want_type, want_hybrid) and core_id == (want["num"] if want else 0),
                  f"{os.path.relpath(path, base)}: the group of CPU {first_cpu} (core type {want_type:#x}, hybrid "
                  f"{want_hybrid}) is named {want['name'] if want else 'by no core'} ({core_type:#x}, {hybrid}, {core_id})")
            named.append(f"{want['name'] if want else '?'} x{count}")
        if len(named) > 1:
            hybrids.append(f"{os.path.relpath(path, base)}: {', '.join(named)}")
    print(f"dumps: {cpus} CPU blocks; {len(known)} dumps resolve to a row, {len(unknown)} are unknown")
    for line in known:
        print("  resolves: " + line)
    for line in unknown:
        print("  unknown: " + line)
    for line in hybrids:
        print("  groups: " + line)
    check(len(known) >= len(known + unknown) * 3 // 4, f"most dumps resolve ({len(known)} of {len(known + unknown)})")


CPUID_SYNTH = re.compile(r"\(uarch synth\) = (.*)")
SYNTH_PARTS = re.compile(r"(Intel|AMD|VIA|Hygon|Zhaoxin|IDT)?\s*(.*?)(?:\s*\{(.*?)\})?(?:,.*)?$")


def leaf1_eax(family, model, stepping):
    base = 15 if family >= 15 else family
    eax = (base << 8) | ((family - base) << 20) | ((model & 0xF) << 4) | stepping
    return eax | ((model >> 4) << 16 if base >= 6 else 0)


def check_cpuid_tool(spec):
    """A second opinion: Debian's cpuid tool (Todd Allen's database) on each row's first and
    last signature, as `cpuid -r` text with leaves 0 and 1 only. Its "(uarch synth)" agrees when
    its microarchitecture is one of the row's names or cores or a prefix of one (a core the row
    does not have is a disagreement), or its family in braces holds the row's core; every disagreement is
    recorded, with why kprof differs, in the spec's facts (debian_cpuid_synth), and a recorded
    one that no longer occurs fails. Signatures it does not know are counted, not checked."""
    recorded = {(r, a): why for r, a, why in spec.facts["debian_cpuid_synth"]["rows"]}
    known_cores = {norm(c["name"]) for c in spec.cores.values()}
    sigs, text = [], ""
    for r in spec.rows:
        for m, s in sorted({(r["model"][0], r["stepping"][0]), (r["model"][1], r["stepping"][1])}):
            if r["family"] < 6 and m > 0xF:
                continue
            v = [int.from_bytes(r["vendor"].encode("latin-1")[k:k + 4], "little") for k in (0, 4, 8)]
            text += (f"CPU {len(sigs)}:\n   0x00000000 0x00: eax=0x00000001 ebx=0x{v[0]:08x} ecx=0x{v[2]:08x} edx=0x{v[1]:08x}\n"
                     f"   0x00000001 0x00: eax=0x{leaf1_eax(r['family'], m, s):08x} ebx=0x00000000 ecx=0x00000000 edx=0x00000000\n")
            sigs.append((r, m, s))
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"kprof-uarch-{os.getpid()}.raw")
    open(path, "w").write(text)
    p = subprocess.run(["cpuid", "-f", path], capture_output=True, text=True)
    os.unlink(path)
    if not check(p.returncode == 0, f"Debian's cpuid -f reads the rows' signatures [{p.stderr.strip()[:200]}]"):
        return
    parts = re.split(r"^CPU (\d+):", p.stdout, flags=re.M)[1:]
    answers = {int(parts[i]): CPUID_SYNTH.search(parts[i + 1]) for i in range(0, len(parts), 2)}
    seen, agree, unknown = set(), 0, 0
    for i, (r, m, s) in enumerate(sigs):
        a = answers.get(i)
        if not a or not a.group(1).strip():
            unknown += 1
            continue
        answer = a.group(1).strip()
        ven, u, fam = SYNTH_PARTS.match(answer).groups()
        names = spec.names(r)
        cores = {norm(c["name"]) for c in (r["core_row"], r["atom_row"]) if c}
        cands = {norm(u), norm((ven or "") + u)} - {""}
        if cands & known_cores and not any(n.startswith(c) for c in cands for n in names):
            ok = False  # it names another core (not the family of the row's: K6 for the K6-2)
        else:
            ok = bool(cands & names) or any(len(c) >= 3 and (n.startswith(c) or c.startswith(n)) for c in cands for n in names) \
                or bool(fam) and any(c in norm(fam) for c in cores)
        if ok:
            agree += 1
            continue
        seen.add((r["id"], answer))
        check((r["id"], answer) in recorded, f"row {r['id']} ({r['family']:#x}_{m:02X} stepping {s}): Debian cpuid says "
              f"{answer!r}, kprof {r['name']!r} ({r['core_row']['name']}): not a recorded disagreement")
    for key in recorded:
        check(key in seen, f"the recorded disagreement with Debian cpuid {key} still occurs")
    print(f"Debian cpuid: {agree} signatures agree, {len(seen)} recorded disagreements, {unknown} it does not name")
    check(agree >= len(sigs) // 2, f"Debian cpuid agrees on most signatures ({agree} of {len(sigs)})")


def check_live(spec, tool):
    got = query(tool, "live")
    if got and got[0][0] == "ERR":
        print("live: this build has no cpuid instruction (not x86); nothing to compare")
        check(not re.match(r"(x86_64|i.86|amd64)", os.uname().machine), "no live cpuid only off x86")
        return
    h = host()  # this machine's leaves, from Debian's cpuid -r -1 (tests/hostfacts.py)
    if h is None:
        return
    vh, fam, model, st, row, brand = expected_cpu(spec, h.leaves)
    g = got[0]
    check(g[3:7] == [vh, str(fam), str(model), str(st)], f"live: identity {g[3:7]} is the host's (cpuid -r -1)")
    check(int(g[7]) == (row["num"] if row else 0), f"live: row {g[7]} is the spec's ({row['name'] if row else 'unknown'})")
    want_brand = ("KPROF_OK", brand.hex() or "-") if brand is not None else ("KPROF_E_NOT_FOUND", "-")
    check(g[8:10] == list(want_brand), f"live: brand string is the host's ({brand!r})")
    print(f"live: {bytes.fromhex(vh).decode('latin-1')} {fam:#x}_{model:02X} stepping {st} "
          f"({(brand or b'').decode('latin-1')!r}) -> {row['name'] if row else 'unknown'}")


def main():
    tool = sys.argv[1]
    spec = Spec(os.path.join(ROOT, "spec", "uarch.yaml"))
    check_spec(spec)
    check_linux_intel(spec)
    check_linux_amd(spec)
    check_linux_zhaoxin(spec)
    check_table(spec, tool)
    check_sweep(spec, tool)
    check_dumps(spec, tool)
    check_cpuid_tool(spec)
    check_live(spec, tool)
    return done()


if __name__ == "__main__":
    sys.exit(main())
