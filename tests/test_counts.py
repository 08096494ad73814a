#!/usr/bin/env python3
"""What the HAL's selects count per processor class (spec/counts.yaml), checked three ways:

  A. every row of a class that has a libpfm4 table against that table, listed through
     libpfm4's API by tests/pfm_list (pfm_get_pmu_info, pfm_get_event_info,
     pfm_get_event_attr_info): `absent` (and `unknown`) only where the table has no event
     with the code; `same`/`different`/`partial` where it has one (or, where the table is a
     known subset, a Linux pmu-events name that the class's provenance and basis source), with the vendor name
     equal to libpfm4's event name and unit-mask names, the unit-mask bits checked against the
     attributes (`same` needs every HAL bit defined, `partial` some undefined bit or a note
     saying which bit means something else);
  B. rows libpfm4 cannot check (classes without a libpfm4 table) name a public source;
  C. the header and the command against the spec: `kprof sources --family F --model M` for
     each class (the class's first family/model/stepping) gives each source its row's verdict;
     bad or unknown family/model give `unknown` and exit 0;
  D. every dump in ../shared/cpuid-dumps: `kprof info --json` carries a verdict for every
     source, the summary equals the count of the supported sources' verdicts, the class is the
     one the spec's match rules give (evaluated here), and on K8 every source whose select
     libpfm4's K8 table encodes exactly is `same`;
  E. the README's headline numbers equal the spec's per-class counts of `same`.

The spec is read with plain yaml.safe_load, independently of the generator. Expectations come
from libpfm4, the spec and the dumps' raw leaves, never from kprof's output. Ends with
'N passed, N failed'.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KPROF = os.path.abspath(os.environ.get("KPROF", os.path.join(ROOT, "build/kprof")))
PFM_LIST = os.path.abspath(os.environ.get("PFM_LIST", os.path.join(ROOT, "build/tests/pfm_list")))
SHARED = os.environ.get("KPROF_SHARED", os.path.join(ROOT, "../shared"))
SPEC = os.environ.get("COUNTS_SPEC", os.path.join(ROOT, "spec/counts.yaml"))
README = os.environ.get("COUNTS_README", os.path.join(ROOT, "README.md"))

counts = yaml.safe_load(open(SPEC, encoding="utf-8"))["counts"]
sources = yaml.safe_load(open(os.path.join(ROOT, "spec/source.yaml"), encoding="utf-8"))
tables = {t["id"]: t for t in sources["tables"]}
classes = counts["classes"]
order = [c["id"] for c in classes]
by_id = {c["id"]: c for c in classes}


def key(select):
    return select & 0xFF, (select >> 8) & 0xFF


# Expand the rows: (event, umask, class id) -> (status, name, note).
verdict = {}
for r in counts["rows"]:
    ev, um, rng, st, name = r[:5]
    lo, _, hi = rng.partition("..")
    for cid in order[order.index(lo):order.index(hi or lo) + 1]:
        verdict[(ev, um, cid)] = (st, name, r[5] if len(r) > 5 else None)


CAVEATS = counts.get("caveats") or []


def caveat_of(ev, cid):
    """The spec's words for why event ev counts nothing (right) on class cid, or None."""
    for cv in CAVEATS:
        lo, _, hi = cv["classes"].partition("..")
        if cv["events"][0] <= ev <= cv["events"][1] and order.index(lo) <= order.index(cid) <= order.index(hi or lo):
            return " ".join(cv["says"].split())
    return None


def pfm_table(pmu, cache={}):
    """{code: [(name, [(umask code, umask name)])]} of one libpfm4 PMU, None when unreadable."""
    if pmu not in cache:
        p = subprocess.run([PFM_LIST, pmu], capture_output=True, text=True)
        if not check(p.returncode == 0, f"libpfm4 lists {pmu} ({p.stderr.strip()})"):
            cache[pmu] = None
            return None
        t, ev = collections.defaultdict(list), None
        for line in p.stdout.splitlines():
            kind, code, name = line.split("\t")
            if kind == "E":
                ev = (name, [])
                t[int(code, 16)].append(ev)
            else:
                ev[1].append((int(code, 16), name))
        cache[pmu] = t
    return cache[pmu]


def libpfm4_encodes(pmu, ev, um):
    """libpfm4's table has an event with this code whose unit masks give exactly um (um 0:
    an event without unit masks)."""
    for name, attrs in (pfm_table(pmu) or {}).get(ev, []):
        cover = 0
        for c, _ in attrs:
            if c & um == c:
                cover |= c
        if (um == 0 and not attrs) or (um and cover == um):
            return True
    return False


# ------------------------------------------------------------------------------------- A
def check_row_against_libpfm4(cid, pmu, ev, um, st, name, note):
    t = pfm_table(pmu)
    if t is None:
        return
    what = f"{cid} event 0x{ev:02X} umask 0x{um:02X} ({st} {name})"
    # libpfm4's Intel tables fold the unit mask into the code (LLC_MISSES is 0x412E).
    folded = [e for e in t.get(ev | um << 8, []) if not e[1]] if um else []
    if folded:
        check(st not in ("absent", "unknown") and name == folded[0][0],
              f"{what}: libpfm4 {pmu} encodes it as {folded[0][0]}")
        return
    events = t.get(ev, [])
    if st in ("absent", "unknown"):
        check(not events, f"{what}: libpfm4 {pmu} has {[e[0] for e in events]} for this code")
        if st == "unknown":
            check(bool(note), f"{what}: an unknown row says where we looked")
        return
    if not events:
        # libpfm4's table is a subset of the vendor's list (Zen 2-4): a row for a code it lacks
        # must carry a Linux pmu-events name (event.umask:umask...) and its class's provenance
        # must name the Linux pmu-events directory that lists it.
        linux_dir = re.search(r"pmu-events/arch/x86/(amdzen\d)/", by_id[cid]["provenance"])
        check(bool(linux_dir) and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+(:[a-z0-9_]+)*)?", name or "") is not None
              and linux_dir[1] in by_id[cid]["basis"],
              f"{what}: libpfm4 {pmu} has no event with this code and the row names no Linux pmu-events source")
        return
    parts = name.split(":")
    match = [e for e in events if e[0] == parts[0]]
    if not check(bool(match), f"{what}: libpfm4 {pmu} calls code 0x{ev:02X} {[e[0] for e in events]}"):
        return
    attrs = dict((n, c) for c, n in match[0][1])
    cover = 0
    for c in attrs.values():
        cover |= c
    listed = 0
    for u in parts[1:]:
        if check(u in attrs, f"{what}: {pmu} {parts[0]} has no unit mask {u}"):
            check(attrs[u] & ~um == 0, f"{what}: unit mask {u} (0x{attrs[u]:02X}) has bits the HAL does not set")
            listed |= attrs[u]
    if um == 0:
        check(len(parts) == 1, f"{what}: unit mask 0 names no unit mask")
        if attrs:
            check(st != "same" and bool(note), f"{what}: unit mask 0 on an event with unit masks is not 'same' and says so")
        return
    check(listed == um & cover, f"{what}: the names give unit mask 0x{listed:02X}, libpfm4 defines 0x{um & cover:02X} of 0x{um:02X}")
    if st == "same":
        check(um & ~cover == 0, f"{what}: 'same' but unit-mask bits 0x{um & ~cover:02X} are undefined in {pmu}")
    if st == "partial":
        check(um & ~cover != 0 or bool(note), f"{what}: 'partial' needs an undefined bit or a note")


for c in classes:
    if c.get("libpfm4"):
        for (ev, um, cid), (st, name, note) in sorted(verdict.items()):
            if cid == c["id"]:
                check_row_against_libpfm4(cid, c["libpfm4"], ev, um, st, name, note)

def class_of(vendor, family, model, stepping):
    """The spec's match rules, evaluated here: the first class that matches."""
    def inside(v, x):
        return v == x if isinstance(v, int) else v[0] <= x <= v[1]

    for c in classes:
        if c["vendor"] != vendor:
            continue
        for m in c["match"]:
            if (inside(m["family"], family) and inside(m.get("model", [0, 255]), model)
                    and inside(m.get("stepping", [0, 15]), stepping)):
                return c
    return None


# ------------------------------------------------------------------------------------- B
for c in classes:
    if not c.get("libpfm4"):
        check("libpfm4" not in c["basis"] and re.search(r"Linux|SDM|AMD|Intel", c["basis"] + c["provenance"]),
              f"class {c['id']} (no libpfm4 table) names its public source")
        # An AMD class libpfm4 cannot check rests on Linux pmu-events facts recorded in the spec.
        if c["table"] == "amd64":
            check(c.get("linux") in {le["id"] for le in counts.get("linux_events") or []},
                  f"class {c['id']} (no libpfm4 table) names the Linux pmu-events facts it rests on (linux:)")

LINUX = {le["id"]: le for le in counts.get("linux_events") or []}


def check_row_against_linux(cid, le, ev, um, st, name, note):
    """A row of a class without a libpfm4 table against the Linux pmu-events facts the spec
    records for it (linux_events): the same rules as against libpfm4, on Linux's names
    (event.umask), plus: a select whose Linux names give exactly its encoding is `same`, or
    the row says what differs (a recorded difference, never a silent one)."""
    what = f"{cid} event 0x{ev:02X} umask 0x{um:02X} ({st} {name})"
    evs = [(u, n) for c, u, n in le["events"] if c == ev]
    if st in ("absent", "unknown"):
        check(not evs, f"{what}: Linux {le['id']} lists {[n for _, n in evs]} for this code")
        if st == "unknown":
            check(bool(note), f"{what}: an unknown row says where we looked")
        return
    if not check(bool(evs), f"{what}: Linux {le['id']} lists no event with code 0x{ev:02X}"):
        return
    parts = name.split(":")
    base, _, first = parts[0].partition(".")
    picked = ([first] if first else []) + parts[1:]
    mine = {n: u for u, n in evs if n == base or n.startswith(base + ".")}
    if not check(bool(mine), f"{what}: Linux {le['id']} calls code 0x{ev:02X} {sorted({n.split('.')[0] for _, n in evs})}"):
        return
    defined = 0
    for u in mine.values():
        defined |= u or 0
    listed = 0
    for x in picked:
        u = mine.get(f"{base}.{x}")
        if check(u is not None, f"{what}: Linux {le['id']} has no {base}.{x}"):
            check(u & ~um == 0, f"{what}: unit mask {x} (0x{u:02X}) has bits the HAL does not set")
            listed |= u
    if um == 0:
        check(not picked, f"{what}: unit mask 0 names no unit mask")
        exact = mine.get(base, 0) is None  # an event without unit masks
        if not exact:
            check(st != "same" and bool(note), f"{what}: unit mask 0 on an event with unit masks is not 'same' and says so")
    else:
        check(listed == um & defined, f"{what}: the names give unit mask 0x{listed:02X}, Linux defines 0x{um & defined:02X} of 0x{um:02X}")
        exact = listed == um
    if st == "same":
        check(exact, f"{what}: 'same' but Linux's names give 0x{listed:02X} of the select's unit mask 0x{um:02X}")
    if st == "partial":
        check(um & ~defined != 0 or bool(note), f"{what}: 'partial' needs an undefined bit or a note")
    if st == "different" and exact:
        check(bool(note), f"{what}: Linux's {name} is exactly this encoding: 'different' needs a note saying what it "
                          "counts instead (or the verdict is 'same')")


for c in classes:
    if c.get("linux") in LINUX:
        for (ev, um, cid), (st, name, note) in sorted(verdict.items()):
            if cid == c["id"]:
                check_row_against_linux(cid, LINUX[c["linux"]], ev, um, st, name, note)


def mapfile_regex(le):
    """perf's mapfile line as a Python expression (POSIX classes spelled out)."""
    return re.compile(le["mapfile"].replace("[[:xdigit:]]", "[0-9A-Fa-f]"))


# The family/model ranges of the classes with Linux facts against the mapfile lines they cite:
# perf matches "vendor-<family, decimal>-<model, hex without leading zero>" against each line in
# file order (the spec lists them in that order) and takes the first that covers it.
for fam in sorted({m["family"] for c in classes if c.get("linux") for m in c["match"]}):
    vendors = {c["vendor"] for c in classes if c.get("linux")}
    for vendor in sorted(vendors):
        lines = [le for le in LINUX.values() if le["mapfile"].startswith(f"{vendor}-{fam}-")]
        for model in range(256):
            cpuid_key = f"{vendor}-{fam}-{model:X}"
            want = next((le["id"] for le in lines if mapfile_regex(le).fullmatch(cpuid_key)), None)
            cls = class_of(vendor, fam, model, 0)
            got = cls.get("linux") if cls else None
            check(got == want, f"{cpuid_key}: the spec's class {cls and cls['id']} uses {got}, Linux's mapfile says {want}")
# The Zen 6 class against the generations Linux amd.c names (spec/uarch.yaml's
# linux_amd_families facts): every model amd.c calls Zen 5 or Zen 6 is in the class of that
# name; a model the class covers that amd.c names no generation for is allowed only when the
# class's title says so (perf's catch-all mapfile line gives it the events, not a name).
_uarch = yaml.safe_load(open(os.path.join(ROOT, "spec/uarch.yaml"), encoding="utf-8"))
_amd = next(f for f in _uarch["facts"] if f["name"] == "linux_amd_families")
for fam, zen in ((0x1A, "Zen 5"), (0x1A, "Zen 6")):
    named = {m for r in _amd["rows"] if r[0] == fam and r[3] == zen for m in range(r[1], r[2] + 1)}
    any_named = {m for r in _amd["rows"] if r[0] == fam for m in range(r[1], r[2] + 1)}
    cid = "zen" + zen.split()[1]
    c = next(c for c in classes if c["id"] == cid)
    covered = {m for m in range(256) if class_of("AuthenticAMD", fam, m, 0) is c}
    check(named <= covered, f"{cid}: models amd.c calls {zen} outside the class: {sorted(named - covered)}")
    unnamed = covered - any_named
    check(not unnamed or "names no generation" in c["title"],
          f"{cid}: models {[hex(m) for m in sorted(unnamed)]} amd.c names no generation for, and the title does not say so")
# Every select of a class's table has a row on that class.
for c in classes:
    for s in tables[c["table"]]["sources"]:
        check((*key(s["select"]), c["id"]) in verdict, f"{c['id']}: a verdict for {s['name']}")


# ------------------------------------------------------------------------------------- C
SCHEMA_DIR = os.path.join(ROOT, "docs", "schema")
_validators = {}


def schema_ok(cmd, text):
    """Whether one --json output matches docs/schema/<cmd>.json (Debian's python3-jsonschema)."""
    if cmd not in _validators:
        import jsonschema
        from referencing import Registry, Resource
        schemas = {f: json.load(open(os.path.join(SCHEMA_DIR, f), encoding="utf-8"))
                   for f in os.listdir(SCHEMA_DIR) if f.endswith(".json")}
        registry = Registry().with_resources((n, Resource.from_contents(x)) for n, x in schemas.items())
        _validators[cmd] = jsonschema.Draft202012Validator(schemas[cmd + ".json"], registry=registry)
    errors = [e.message for e in _validators[cmd].iter_errors(json.loads(text))]
    return check(not errors, f"kprof {cmd} --json matches docs/schema/{cmd}.json: {errors[:2]}")


def run(*args):
    p = subprocess.run([KPROF, *args], capture_output=True, text=True)
    if p.returncode == 0 and "--json" in args and args[0] in ("info", "sources"):
        schema_ok(args[0], p.stdout)
    return p.returncode, p.stdout, p.stderr


def first_cpu(c):
    m = c["match"][0]
    lo = lambda v: v if isinstance(v, int) else v[0]  # noqa: E731
    return c["vendor"], lo(m["family"]), lo(m.get("model", 0)), lo(m.get("stepping", 0))


for c in classes:
    vendor, fam, mod, step = first_cpu(c)
    check(class_of(vendor, fam, mod, step) is c, f"{c['id']}: its first family/model/stepping selects it")
    rc, out, err = run("sources", "--interface", c["table"], "--json", "--vendor", vendor, "--family", hex(fam),
                       "--model", hex(mod), "--stepping", hex(step))
    if not check(rc == 0, f"kprof sources for {c['id']}: {err}"):
        continue
    for s in json.loads(out):
        want = verdict[(*key(s["select"]), c["id"])]
        check((s["counts"]["status"], s["counts"]["event"]) == want[:2],
              f"{c['id']} {s['name']}: kprof says {s['counts']}, the spec {want[:2]}")
        check(s["counts"]["basis"] == c["basis"], f"{c['id']} {s['name']}: basis {s['counts']['basis']!r}")
        check(s["counts"].get("caveat") == caveat_of(key(s["select"])[0], c["id"]),
              f"{c['id']} {s['name']}: caveat {s['counts'].get('caveat')!r}")

# Unknown or absurd processors: `unknown` for every source, never an error exit.
# (--vendor named: without it the vendor is this machine's.)
for args in (["--vendor", "amd", "--family", "0xF", "--model", "0x95"], ["--vendor", "amd", "--family", "0x99"],
             ["--vendor", "amd", "--family", "0x10E", "--model", "0xFF"],
             ["--vendor", "CentaurHauls", "--family", "6"], ["--vendor", "hygon", "--family", "0x17"]):
    rc, out, err = run("sources", "--interface", "amd64", "--json", *args)
    if check(rc == 0, f"sources {' '.join(args)} exits 0 ({err})"):
        got = {s["counts"]["status"] for s in json.loads(out)}
        check(got == {"unknown"}, f"sources {' '.join(args)}: all unknown, got {got}")
for args in (["--family", "zz"], ["--family", "0x10F"], ["--model", "3"], ["--vendor", "amd64"]):
    rc, out, err = run("sources", *args)
    check(rc == 2 and "kprof sources:" in err, f"sources {' '.join(args)} is a usage error (exit {rc})")

# A dump without leaf 1: no class, every verdict unknown, exit 0.
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("CPU 0:\n   0x00000000 0x00: eax=0x00000000 ebx=0x68747541 ecx=0x444d4163 edx=0x69746e65\n")
rc, out, err = run("info", "--json", "--cpuid-file", f.name)
os.unlink(f.name)
if check(rc == 0, f"info on a dump without leaf 1 exits 0 ({err})"):
    d = json.loads(out)
    check(d["counts_class"] is None and {s["counts"]["status"] for s in d["sources"]} == {"unknown"},
          "a dump without leaf 1 gets no class and unknown verdicts")


# ------------------------------------------------------------------------------------- D
def dump_files():
    top = os.path.join(SHARED, "cpuid-dumps")
    for d, _, files in sorted(os.walk(top)):
        for f in sorted(files):
            yield os.path.join(d, f)


statuses = [s["name"] for s in counts["statuses"]]
n_dumps = n_k8 = 0
for path in dump_files():
    rc, out, err = run("info", "--json", "--cpuid-file", path)
    if rc != 0:
        continue  # not a dump kprof reads (the dump tests own that); nothing to judge
    n_dumps += 1
    d = json.loads(out)
    name = os.path.relpath(path, SHARED)
    per = collections.Counter()
    ok = True
    for s in d["sources"]:
        c = s.get("counts")
        ok &= check(c is not None and c["status"] in statuses and isinstance(c["basis"], str)
                    and (c["event"] is None or isinstance(c["event"], str)), f"{name} {s['name']}: a verdict")
        if c is not None and s["supported"]:
            per[c["status"]] += 1
    check(d.get("counts_summary") == {k: per.get(k, 0) for k in d.get("counts_summary", {})}
          and set(d.get("counts_summary", {})) == set(statuses), f"{name}: summary {d.get('counts_summary')} = {dict(per)}")
    cls = class_of(d["vendor"], d["family"], d["model"], d["stepping"])
    check(d["counts_class"] == (cls["title"] if cls else None), f"{name}: class {d['counts_class']!r}")
    if cls and cls["id"].startswith("k8_") and d["interface"] == "amd64":
        n_k8 += 1
        for s in d["sources"]:
            ev, um = key(s["select"])
            if libpfm4_encodes(cls["libpfm4"], ev, um):
                # 'same', unless the spec records why not (a unit-mask bit the HAL's name
                # misreads): a recorded difference, never a silent one.
                st, _, note = verdict[(ev, um, cls["id"])]
                check(st == "same" or bool(note),
                      f"{name} {s['name']}: libpfm4 {cls['libpfm4']} encodes it, so 'same' or a recorded reason")
check(n_dumps >= 10, f"read {n_dumps} dumps from {SHARED}/cpuid-dumps")
check(n_k8 >= 1, f"{n_k8} K8 dumps among them")


# ------------------------------------------------------------------------------------- F
def nothing_blocks(text):
    """kprof info's text after the table: {"nothing"|"wrong": {reason: [names]}}."""
    out, kind, reason = {"nothing": {}, "wrong": {}}, None, None
    for line in text.splitlines():
        if line.startswith("counts nothing on this processor"):
            kind = "nothing"
        elif line.startswith("counts wrong values on this processor"):
            kind = "wrong"
        elif kind and line.startswith("  - ") and line.endswith(":"):
            reason = line[4:-1]
            out[kind][reason] = []
        elif kind and reason is not None and line.startswith("    "):
            out[kind][reason] += [x for x in line.strip().rstrip(",").split(", ") if x]
        else:
            kind = reason = None
    return out


def description(s):
    return "Timer" if s["value"] == 0 else s["name"][len("Profile"):]


# The sources Windows offers that count nothing here, or nothing right, grouped by why: from the
# spec's verdicts and caveats on the dump's class (evaluated here), on every AMD dump and the
# Zen 2 one above all (the northbridge and PMCx080/081 groups must show there).
seen_groups = set()
for path in dump_files():
    # The names as the Windows 10 original release spells them (the seed's); `info` alone
    # answers for the newest release, whose Amd64 HAL spells ten of them otherwise.
    rc, out, err = run("info", "--json", "--cpuid-file", path, "--windows", "10-1507")
    if rc != 0:
        continue
    d = json.loads(out)
    cls = class_of(d["vendor"], d["family"], d["model"], d["stepping"])
    if not cls or cls["table"] != "amd64" or d["interface"] != "amd64":
        continue
    name = os.path.relpath(path, SHARED)
    want = {"nothing": {}, "wrong": {}}
    for s in tables["amd64"]["sources"]:
        ev, um = key(s["select"])
        st, _, _ = verdict[(ev, um, cls["id"])]
        cav = caveat_of(ev, cls["id"])
        if st == "absent":
            reason = cav or f"no core event with its select on {cls['title']}"
            want["nothing"].setdefault(reason, []).append(description(s))
        elif cav:
            want["wrong"].setdefault(cav, []).append(description(s))
    # --wide: the lines as kprof writes them, not folded to 80 columns.
    rc, text, err = run("info", "--cpuid-file", path, "--windows", "10-1507", "--wide")
    got = nothing_blocks(text)
    check({k: {r: sorted(v) for r, v in g.items()} for k, g in got.items()} ==
          {k: {r: sorted(v) for r, v in g.items()} for k, g in want.items()},
          f"{name}: what counts nothing ({sorted(got['nothing'])}, wrong {sorted(got['wrong'])})")
    seen_groups |= {(cls["id"], k, r) for k, g in got.items() for r in g}
for cv in CAVEATS:
    check(any(r == " ".join(cv["says"].split()) for _, _, r in seen_groups), f"caveat {cv['id']} shown on some dump")
# sources keeps its standard output to the table: the summary is on standard error.
rc, out, text = run("sources", "--interface", "amd64", "--vendor", "amd", "--family", "0x17", "--model", "0x31")
got = nothing_blocks(text)
check(any("northbridge" in r for r in got["nothing"]) and any("PMCx080" in r for r in got["wrong"]),
      f"sources on Zen 2: the northbridge and PMCx080/081 groups ({sorted(got['nothing'])}, {sorted(got['wrong'])})")

# ------------------------------------------------------------------------------------- E
tally = collections.Counter((cid, v[0]) for (ev, um, cid), v in verdict.items() for s in tables["amd64"]["sources"]
                            if key(s["select"]) == (ev, um))
text = " ".join(open(README, encoding="utf-8").read().split())
m = re.search(r"[Oo]f the (\d+) Amd64 sources, (\d+) count what their names say on (K8 rev F), (\d+) on "
              r"(Family 17h Zen 1) and (\d+) on (Family 1Ah Zen 5) \(where (\d+) are absent and (\d+) unknown\)", text)
if check(m is not None, "README.md has the headline sentence"):
    check(int(m[1]) == len(tables["amd64"]["sources"]), f"README: {m[1]} Amd64 sources")
    title = {c["title"]: c["id"] for c in classes}
    for n, t, st in ((m[2], m[3], "same"), (m[4], m[5], "same"), (m[6], m[7], "same"), (m[8], m[7], "absent"),
                     (m[9], m[7], "unknown")):
        got = tally[(title[t], st)]
        check(int(n) == got, f"README: {n} {st} on {t}, the spec gives {got}")

sys.exit(done())
