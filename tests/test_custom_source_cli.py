#!/usr/bin/env python3
"""kprof custom-source and listing-check --custom-sources (issue 35), through the command.

Every output is read back by a reader of this file's own, never by kprof's:
  - reg: a reader of the registry-file format (header, [key] lines, "Name"=dword:XXXXXXXX,
    ; comments, CR LF), checked against the processor's family and model taken from the dump
    file's name (InstLatx64/AIDA64 name their dumps by the leaf-1 signature) and the vendor
    code Windows compares (x64: 1 AMD, 2 Intel; Chappell's CPU_VENDORS);
  - wprp: xml.etree, checked for the WPR profile structure (Profiles, HardwareCounter with
    SampledCounters/Counters, Profile Id = Name.DetailLevel.LoggingMode, every id referred to
    declared);
  - bin: the add records decoded twice, by an independent decoder of the offsets the public
    sources give (selene's symbol-derived layout: class +0, Version +4, the union +8,
    CpuInfoHierarchy +0x10, InitialInterval +0x1C, Persist +0x20, Description +0x22, 0x124
    bytes; phnt's V3 AMD union: USHORT event, then unit, cmask, cinv, edge, host/guest, PMU
    type) and by the library (tests/custom_source_records.c), both compared with the fields
    the command line asked for;
  - json: the schema docs/schema/custom-source.json, and the same fields as the reg.
Each refusal the issue names is tried through the command: exit 2, a sentence naming the
problem, nothing on standard output. listing-check predicts the listing after the restart
from the .reg and the JSON: a listing with the sources agrees; one without a source, or with
another interval, differs; a group for another processor loads nothing.
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done, fits_terminal  # noqa: E402
import hostfacts  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KPROF = os.environ.get("KPROF", os.path.join(ROOT, "build", "kprof"))
RECORDS = os.environ.get("RECORDS", os.path.join(ROOT, "build", "tests", "custom_source_records"))
SHARED = os.environ.get("KPROF_SHARED", os.path.join(ROOT, "..", "shared"))
DUMPS = os.path.join(SHARED, "cpuid-dumps")
SKL = os.path.join(DUMPS, "instlatx64", "GenuineIntel00506E3_SkyLake_01_CPUID.txt")
ICL = os.path.join(DUMPS, "instlatx64", "GenuineIntel00706E5_IceLakeY_CPUID.txt")
ZEN2 = os.path.join(DUMPS, "current", "AuthenticAMD0830F10_K17_Rome_CPUID.txt")
ZEN3 = os.path.join(DUMPS, "current", "AuthenticAMD0A20F10_K19_Vermeer_CPUID1.txt")
CENTAUR = os.path.join(DUMPS, "variants", "CentaurHauls0000660_C5A_Samuel_CPUID.txt")
K8 = os.path.join(DUMPS, "instlatx64", "AuthenticAMD0020FB1_K8_Manchester_CPUID.txt")
ZEN2_LISTING = os.path.join(SHARED, "reference", "listings-amd", "amd-zen2-3900x-wpr.txt")
REG_ROOT = r"HKEY_LOCAL_MACHINE\SYSTEM\CurrentControlSet\Control\WMI\ProfileSource"
ARCH = {"GenuineIntel": 2, "AuthenticAMD": 1}  # x64 CPU_VENDORS (Chappell)
ARCH_X86 = {"GenuineIntel": 1, "AuthenticAMD": 2}  # i386 CPU_VENDORS (Chappell)
ADD_SIZE = 0x124

def run(*args, binary=False):
    r = subprocess.run([KPROF, *args], capture_output=True, timeout=120)
    out = r.stdout if binary else r.stdout.decode("utf-8", "replace")
    # custom-source writes files (reg, wprp, bin, json), not text for a terminal.
    if r.returncode == 0 and not binary and args and args[0] != "custom-source":
        fits_terminal(args, out)
    return r.returncode, out, r.stderr.decode("utf-8", "replace")


EXT_LEAF = re.compile(r"^CPUID (8000000[01]):? ([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})", re.M)


def ext_leaves(path):
    """Leaves 0x80000000 and 0x80000001 of a dump's first CPU (AIDA64 and InstLatx64 write
    "CPUID 80000001: a-b-c-d", older InstLatx64 dumps leave the colon out), as hostfacts
    takes a block."""
    block = {}
    with open(path, encoding="latin-1") as fh:
        for m in EXT_LEAF.finditer(fh.read()):
            block.setdefault((int(m[1], 16), 0), tuple(int(m[i], 16) for i in range(2, 6)))
    return block


def signature(path):
    """Vendor, family and model from an InstLatx64/AIDA64 dump's name (leaf 1 eax)."""
    m = re.match(r"(GenuineIntel|AuthenticAMD)([0-9A-F]{7})_", os.path.basename(path))
    if not m:
        return None
    eax = int(m.group(2), 16)
    fam, mod = (eax >> 8) & 0xF, (eax >> 4) & 0xF
    if fam == 0xF:
        fam += (eax >> 20) & 0xFF
    if fam in (6, 0xF) or fam > 0xF:
        mod |= ((eax >> 16) & 0xF) << 4
    return m.group(1), fam, mod


# ---- the registry file, read as regedit would ----
def read_reg(text):
    """{key: {value: int}} of a .reg text; raises ValueError on anything else."""
    lines = text.split("\r\n")
    if lines[-1] == "":
        lines.pop()
    if any("\n" in l or "\r" in l for l in lines):
        raise ValueError("a line not ended by CR LF")
    if lines[0] != "Windows Registry Editor Version 5.00":
        raise ValueError("no header")
    keys, cur = {}, None
    for l in lines[1:]:
        if not l or l.startswith(";"):
            continue
        if l.startswith("[") and l.endswith("]"):
            cur = l[1:-1]
            if cur in keys:
                raise ValueError("key twice: " + cur)
            keys[cur] = {}
            continue
        m = re.fullmatch(r'"([^"\\]+)"=dword:([0-9a-f]{8})', l)
        if not m or cur is None:
            raise ValueError("not a dword value line: " + l)
        if m.group(1) in keys[cur]:
            raise ValueError("value twice: " + l)
        keys[cur][m.group(1)] = int(m.group(2), 16)
    return keys


# ---- the add records, by the public offsets ----
def read_records(data, vendor):
    if len(data) % ADD_SIZE:
        raise ValueError(f"{len(data)} bytes: not whole records")
    out = []
    for at in range(0, len(data), ADD_SIZE):
        r = data[at:at + ADD_SIZE]
        cls, version = struct.unpack_from("<IB", r, 0)
        u = r[8:16]
        h = struct.unpack_from("<3I", r, 0x10)
        interval, persist = struct.unpack_from("<IB", r, 0x1C)
        desc = r[0x22:0x22 + 2 * 127].decode("utf-16-le")
        name = desc.split("\0", 1)[0]
        rec = {"class": cls, "version": version, "hierarchy": h, "interval": interval, "persist": persist,
               "name": name, "zero_pad": r[0x22 + 2 * len(name):] == bytes(ADD_SIZE - 0x22 - 2 * len(name)),
               "header_pad": r[5:8] == b"\0\0\0" and r[0x21] == 0}
        if vendor == "GenuineIntel":
            rec.update(event=u[0], umask=u[1], cmask=u[2], inv=u[3], any=u[4], edge=u[5], host_guest=0, pmu=0)
        elif version == 2:
            rec.update(event=u[0], umask=u[1], cmask=0, inv=0, any=0, edge=0, host_guest=0, pmu=0)
        else:
            rec.update(event=struct.unpack_from("<H", u, 0)[0], umask=u[2], cmask=u[3], inv=u[4], edge=u[5],
                       host_guest=u[6], pmu=u[7], any=0)
        out.append(rec)
    return out


def want_fields(event_text):
    """The fields an EVENT argument asks for (the command line is the expectation)."""
    f = {"event": 0, "umask": 0, "cmask": 0, "inv": 0, "edge": 0, "any": 0, "host": 0, "guest": 0, "interval": 65536}
    if re.fullmatch(r"r[0-9a-fA-F]+", event_text):
        v = int(event_text[1:], 16)
        f.update(event=(v & 0xFF) | (((v >> 32) & 0xF) << 8), umask=(v >> 8) & 0xFF, edge=(v >> 18) & 1,
                 inv=(v >> 23) & 1, cmask=(v >> 24) & 0xFF, any=(v >> 21) & 1, guest=(v >> 40) & 1, host=(v >> 41) & 1)
        return f
    for item in event_text.split(","):
        k, _, v = item.partition("=")
        f[k] = int(v, 0) if v else 1
    return f


def schema_check(doc, name):
    try:
        import jsonschema
        from referencing import Registry, Resource
    except ImportError:
        return check(False, "python3-jsonschema is installed (make deps)")
    d = os.path.join(ROOT, "docs", "schema")
    schemas = {f: json.load(open(os.path.join(d, f))) for f in os.listdir(d) if f.endswith(".json")}
    reg = Registry().with_resources((n, Resource.from_contents(s)) for n, s in schemas.items())
    v = jsonschema.Draft202012Validator(schemas[name], registry=reg)
    errs = [e.message for e in v.iter_errors(doc)]
    return check(not errs, f"{name}: {errs[:3]}")


# ---- one set of sources through every format ----
SETS = {
    "GenuineIntel": ["BR_MISP_RETIRED.ALL_BRANCHES=event=0xc5,umask=0x04", "L2-Lines.In=event=0xf1,umask=0x07,interval=100003",
                     "Stall.Cycles=event=0xa3,umask=0x04,cmask=4,inv,edge", "RawLLC=r412e"],
    "AuthenticAMD": ["L2.Miss=event=0x64,umask=0x09", "Ret-Ops=event=0xc1,interval=200003",
                     "Ev1C0=event=0x1c0,umask=1,cmask=2", "HostOnly=event=0x76,host", "Raw.Op=r0300c1"],
}


def check_formats(dump, words, tmp):
    vendor, fam, mod = signature(dump)
    label = os.path.basename(dump)
    names = [w.split("=", 1)[0] for w in words]
    rc, reg_text, err = run("custom-source", "--cpuid-file", dump, *words)
    if not check(rc == 0, f"{label}: custom-source exit {rc}: {err}"):
        return None
    # reg
    try:
        keys = read_reg(reg_text)
    except ValueError as e:
        return check(False, f"{label}: .reg unreadable: {e}")
    group = f"{REG_ROOT}\\kprof-Family-{fam}-Model-{mod}"
    check(keys.get(group) == {"Architecture": ARCH[vendor], "Family": fam, "Model": mod},
          f"{label}: group {keys.get(group)} (want {ARCH[vendor]}, {fam}, {mod})")
    check(set(keys) == {group} | {group + "\\" + n for n in names}, f"{label}: keys {sorted(keys)}")
    for w, n in zip(words, names):
        f = want_fields(w.split("=", 1)[1])
        want = {"Event": f["event"], "Unit": f["umask"], "Interval": f["interval"]}
        for reg_name, key in (("CMask", "cmask"), ("CMaskInvert", "inv"), ("EdgeDetect", "edge"), ("AnyThread", "any")):
            if f[key]:
                want[reg_name] = f[key]
        if f["host"] or f["guest"]:
            want["HostGuest"] = f["guest"] | f["host"] << 1
        check(keys.get(group + "\\" + n) == want, f"{label}: {n}: {keys.get(group + chr(92) + n)} want {want}")
    # bin: two decoders
    rc, data, err = run("custom-source", "--cpuid-file", dump, "--format", "bin", *words, binary=True)
    check(rc == 0 and len(data) == ADD_SIZE * len(words), f"{label}: bin exit {rc}, {len(data)} bytes")
    path = os.path.join(tmp, label + ".bin")
    with open(path, "wb") as fh:
        fh.write(data)
    lib = subprocess.run([RECORDS, "intel" if vendor == "GenuineIntel" else "amd", path], capture_output=True, text=True)
    check(lib.returncode == 0, f"{label}: library decoder: {lib.stderr}")
    lib_rows = [l.split() for l in lib.stdout.splitlines()]
    recs = read_records(data, vendor)
    for i, (w, n) in enumerate(zip(words, names)):
        f = want_fields(w.split("=", 1)[1])
        r = recs[i] if i < len(recs) else {}
        v3 = vendor == "AuthenticAMD" and (f["event"] > 0xFF or f["cmask"] or f["inv"] or f["edge"] or f["host"] or f["guest"])
        check(r.get("class") == 0x15 and r.get("version") == (3 if v3 else 2) and r.get("header_pad") and r.get("zero_pad"),
              f"{label}: {n}: class/version/padding {r}")
        check(r.get("name") == n and r.get("hierarchy") == (fam, mod, 0xFFFFFFFF) and r.get("interval") == f["interval"] and
              r.get("persist") == 0, f"{label}: {n}: header fields {r}")
        got = tuple(r.get(k) for k in ("event", "umask", "cmask", "inv", "edge", "any", "host_guest"))
        check(got == (f["event"], f["umask"], f["cmask"], f["inv"], f["edge"], f["any"], f["guest"] | f["host"] << 1),
              f"{label}: {n}: union fields {got} want {f}")
        row = lib_rows[i] if i < len(lib_rows) else []
        check(row == [n, str(f["event"]), str(f["umask"]), str(f["cmask"]), str(f["inv"]), str(f["edge"]), str(f["any"]),
                      str(f["host"]), str(f["guest"]), str(f["interval"]), str(fam), str(mod), str(0xFFFFFFFF), "0", "0"],
              f"{label}: {n}: library decode {row}")
    # wprp
    rc, wprp, err = run("custom-source", "--cpuid-file", dump, "--format", "wprp", *words)
    try:
        root = ET.fromstring(wprp.encode())
    except ET.ParseError as e:
        return check(False, f"{label}: wprp not XML: {e}")
    check(rc == 0 and root.tag == "WindowsPerformanceRecorder" and root.get("Version") == "1.0", f"{label}: wprp root")
    prof = root.find("Profiles")
    ids = {e.get("Id") for e in prof if e.get("Id")}
    sampled = prof.findall("HardwareCounter/SampledCounters/SampledCounter")
    counted = prof.findall("HardwareCounter/Counters/Counter")
    check([(s.get("Value"), int(s.get("Interval"))) for s in sampled] ==
          [(n, want_fields(w.split("=", 1)[1])["interval"]) for w, n in zip(words, names)], f"{label}: wprp sampled counters")
    check([c.get("Value") for c in counted] == names, f"{label}: wprp counters")
    check([e.get("Value") for e in prof.findall("HardwareCounter/Events/Event")] == ["CSwitch"], f"{label}: wprp CSwitch")
    check([h.get("Strict") for h in prof.findall("HardwareCounter")] == ["true", "true"], f"{label}: wprp counters are Strict")
    check(any(k.get("Value") == "PmcProfile" for k in prof.findall("SystemProvider/Keywords/Keyword")) and
          any(s.get("Value") == "PmcInterrupt" for s in prof.findall("SystemProvider/Stacks/Stack")), f"{label}: wprp PmcProfile")
    profiles = prof.findall("Profile")
    check({p.get("Name") for p in profiles} == {"kprof-sample", "kprof-cswitch"}, f"{label}: wprp profile names")
    for p in profiles:
        check(p.get("Id") == f"{p.get('Name')}.{p.get('DetailLevel')}.{p.get('LoggingMode')}" and
              (p.get("Base") is None or p.get("Base") in ids), f"{label}: profile id {p.get('Id')}")
        for ref in p.iter():
            if ref.tag.endswith("Id") and ref.tag != "Profile":
                check(ref.get("Value") in ids, f"{label}: {ref.tag} {ref.get('Value')} declared")
    check(all(":" not in i and " " not in i for i in ids), f"{label}: ids without ':' or spaces")
    # json
    rc, out, err = run("custom-source", "--cpuid-file", dump, "--format", "json", *words)
    try:
        j = json.loads(out)
    except ValueError as e:
        return check(False, f"{label}: json: {e}")
    schema_check(j, "custom-source.json")
    check([s["name"] for s in j["sources"]] == names and j["group"]["values"] == keys[group], f"{label}: json names and group")
    for s, n in zip(j["sources"], names):
        check(s["registry"] == keys[group + "\\" + n], f"{label}: json registry of {n}")
        check(bytes.fromhex(s["record"]) == data[names.index(n) * ADD_SIZE:(names.index(n) + 1) * ADD_SIZE],
              f"{label}: json record of {n}")
    return reg_text


# ---- refusals ----
def check_refusals(tmp):
    long_name = "N" * 128
    cases = [
        (SKL, ["Big=event=0x100"], "past GenuineIntel's event select"),
        (ZEN3, ["Big=event=0x1000"], "past AuthenticAMD's event select"),
        (SKL, ["Wide=event=0x24,umask=0x100"], "unit mask 0x100 is past 8 bits"),
        (ZEN3, ["Wide=event=0x64,umask=0x1ff"], "unit mask 0x1ff is past 8 bits"),
        (SKL, ["L2/Miss=event=0x24"], "character other than"),
        (SKL, ["L2 Miss=event=0x24"], "character other than"),
        (SKL, ["=event=0x24"], "the name is empty"),
        (SKL, [long_name + "=event=0x24"], "longer than the description field"),
        (SKL, ["BranchMispredictions=event=0xc5"], "already a source the HAL offers"),
        (SKL, ["ProfileBranchMispredictions=event=0xc5"], "already a source the HAL offers"),  # kprof's name form too
        (ZEN3, ["DcacheMisses=event=0x41"], "already a source the HAL offers"),
        (ZEN3, ["AnyT=event=0x76,any"], "any (AnyThread) is an Intel option"),
        (SKL, ["Host=event=0x3c,host"], "host and guest are AMD options"),
        (SKL, ["Guest=event=0x3c,guest"], "host and guest are AMD options"),
        (ICL, ["AnyT=event=0x3c,any"], "AnyThread is not honoured"),
        (SKL, ["Cm=event=0xa3,umask=4,cmask=16"], "counter mask is over 15"),
        (SKL, ["Cm=event=0xa3,umask=4,cmask=256"], "counter mask 256 is past 8 bits"),
        (SKL, ["Fixed=event=0,umask=3"], "fixed counter"),
        (SKL, ["Slow=event=0x3c,interval=100"], "interval is outside 4096..2147483647"),
        (K8, ["Hi=event=0x1c0"], "family 0Fh"),
        (SKL, ["A=event=0x3c", "a=event=0xc0"], "given twice"),
        (SKL, ["Reserved=r100000000"], "no field of GenuineIntel's PerfEvtSel"),
        (SKL, ["Bad=event=0x3c,foo"], "'foo' is not an event field"),
        (SKL, ["Bad=umask=3"], "needs event=N"),
        (SKL, ["Bad=event=0x3c,,"], "comma-separated"),
        (SKL, ["Bad=event=0x3c,edge=1"], "flag and takes no value"),
        (SKL, ["NoEquals"], "a source is NAME=EVENT"),
    ]
    for dump, words, phrase in cases:
        for fmt in ("reg", "bin"):
            rc, out, err = run("custom-source", "--cpuid-file", dump, "--format", fmt, *words)
            if phrase is None:
                check(rc == 0, f"{words}: accepted ({err})")
                continue
            check(rc == 2 and out == "" and phrase in err and err.startswith("kprof: custom-source: '"),
                  f"{os.path.basename(dump)} {words} --format {fmt}: exit {rc}, stdout {len(out)} bytes, {err!r} (want {phrase!r})")
    for args, phrase in (
            (["--cpuid-file", SKL, "--windows", "10-1709", "E=event=0x3c"], "no custom profile sources"),
            (["--cpuid-file", SKL, "--group", "my group", "E=event=0x3c"], "--group 'my group'"),
            (["--cpu", "1", "E=event=0x3c"], "--cpu needs --cpuid-file"),
            (["--cpuid-file", SKL], "missing NAME=EVENT"),
            (["--cpuid-file", SKL, "--windows", "nope", "E=event=0x3c"], "no such release")):
        rc, out, err = run("custom-source", *args)
        check(rc == 2 and out == "" and phrase in err, f"{args}: exit {rc}, {err!r} (want {phrase!r})")
    # What kprof knows the event counts: a custom source with a HAL source's select reports that
    # source's verdict, as `kprof sources` does for the same processor; absent ones warn.
    rc, out, err = run("sources", "--interface", "amd64", "--cpuid-file", ZEN2, "--json")
    rows = [s for s in json.loads(out)["sources"] if s.get("select")] if rc == 0 else []
    warned = 0
    for s in rows[:60]:
        sel = s["select"] & ~0x530000  # without USR/OS/INT/EN
        rc, out, err = run("custom-source", "--cpuid-file", ZEN2, "--format", "json", f"Mine=r{sel:x}")
        if not check(rc == 0, f"r{sel:x}: {err}"):
            continue
        j = json.loads(out)["sources"][0]
        check(j["counts"] == s["counts"] and j["same_as"] is not None, f"r{sel:x}: counts {j['counts']} vs sources {s['counts']}")
        absent = s["counts"]["status"] == "absent"
        warned += absent
        check(("kprof judges this event absent" in err) == absent, f"r{sel:x}: absent warning ({s['counts']['status']}): {err!r}")
    check(warned > 0, "some Amd64 select is judged absent on Zen 2 (and warned about)")


# ---- listing-check round trips ----
def check_listing(tmp, reg_text):
    words = ["L2.Miss=event=0x64,umask=0x09", "Ret-Ops=event=0xc1,interval=200003"]
    files = {}
    for fmt in ("reg", "json"):
        rc, out, err = run("custom-source", "--cpuid-file", ZEN2, "--format", fmt, *words)
        files[fmt] = os.path.join(tmp, "zen2." + fmt)
        with open(files[fmt], "w", newline="") as fh:
            fh.write(out)
    # regedit exports UTF-16 with a byte-order mark: the same file in that encoding
    files["reg16"] = os.path.join(tmp, "zen2-utf16.reg")
    with open(files["reg16"], "wb") as fh:
        fh.write(b"\xff\xfe" + open(files["reg"], newline="").read().encode("utf-16-le"))
    base = open(ZEN2_LISTING).read()

    def listing(rows, name):
        p = os.path.join(tmp, name)
        with open(p, "w") as fh:
            fh.write(base + "".join(f"{i:3d} {n:<30} {iv:>8}  4096  2147483647\n" for i, n, iv in rows))
        return p

    full = listing([(200, "L2.Miss", 65536), (201, "Ret-Ops", 200003)], "full.txt")
    lacking = listing([(201, "Ret-Ops", 200003)], "lacking.txt")
    other = listing([(200, "L2.Miss", 65536), (201, "Ret-Ops", 65536)], "interval.txt")
    for kind in ("reg", "reg16", "json"):
        f = files[kind]
        rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", f, "--windows", "11-23h2")
        check(rc == 0 and "result     agree" in out and "2 sources, 2 load" in out, f"{kind}: full listing agrees: {rc} {out[-300:]} {err}")
        rc, out, err = run("listing-check", lacking, "--cpuid-file", ZEN2, "--custom-sources", f, "--windows", "11-23h2")
        check(rc == 1 and re.search(r"custom +- L2\.Miss: .* line \d+ adds it", out) and "1 difference" in out,
              f"{kind}: the listing lacks L2.Miss: {rc} {out[-300:]}")
        rc, out, err = run("listing-check", other, "--cpuid-file", ZEN2, "--custom-sources", f, "--windows", "11-23h2", "--json")
        j = json.loads(out) if rc == 1 else {}
        if j:
            schema_check(j, "listing-check.json")
        d = j.get("differences", [])
        check(len(d) == 1 and d[0]["kind"] == "custom_interval" and d[0]["id"] == 201 and d[0]["kprof"]["interval"] == 200003 and
              d[0]["listing"]["interval"] == 65536, f"{kind}: another interval: {rc} {d}")
    # Without the file, the sources are unknown rows; before 1803 there are no custom sources,
    # so the fits begin with 1803.
    rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--windows", "11-23h2")
    check(rc == 1 and "unknown    200 L2.Miss" in out, f"without --custom-sources: unknown rows: {out[-300:]}")
    rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", files["reg"])
    check(rc == 0 and re.search(r"fits +x64: 10-1803\.\.", out), f"custom sources fit from 10-1803: {out[-400:]}")
    # A group for another processor (Zen 3's family and model) loads nothing on Zen 2.
    rc, out, err = run("custom-source", "--cpuid-file", ZEN3, *words)
    p = os.path.join(tmp, "zen3.reg")
    open(p, "w", newline="").write(out)
    rc, out, err = run("listing-check", ZEN2_LISTING, "--cpuid-file", ZEN2, "--custom-sources", p, "--windows", "11-23h2")
    check(rc == 0 and "2 sources, 0 load" in out, f"another processor's group loads nothing: {out[-300:]}")
    rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", p, "--windows", "11-23h2")
    check(rc == 1 and "unknown    200 L2.Miss" in out, f"... so its sources listed are unknown: {out[-300:]}")
    # A group with a Model but no Family: Windows would stop comparing at the missing Family and
    # load it on every processor; refused naming file and line (spec: windows_profile_group_value).
    text = open(files["reg"], newline="").read()
    p = os.path.join(tmp, "nofamily.reg")
    open(p, "w", newline="").write("".join(l for l in text.splitlines(True) if not l.startswith('"Family"=')))
    check(text.count('"Family"=') == 1 and '"Model"=' in text, f"the written group has one Family and a Model: {text[:300]!r}")
    rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", p, "--windows", "11-23h2")
    check(rc == 2 and out == "" and re.search(r"nofamily\.reg:\d+:", err) and "has a Model but no Family" in err and
          "has a Model but no Family" in open(os.path.join(ROOT, "docs", "custom-sources.md")).read().replace("\n", " "),
          f"a Model without a Family: refused, not loaded everywhere: {rc} {out[-200:]} {err!r}")
    # A processor of another vendor (Centaur): no public source gives its registry Architecture
    # value, so whether a group loads is not known: refused with a sentence, nothing written.
    rc, out, err = run("listing-check", full, "--cpuid-file", CENTAUR, "--custom-sources", files["reg"], "--windows", "11-23h2")
    check(rc == 2 and out == "" and "no registry Architecture value" in err and "CentaurHauls" in err,
          f"another vendor's processor: whether a group loads is refused, not guessed: {rc} {out[-200:]} {err}")
    rc, out, err = run("custom-source", "--cpuid-file", CENTAUR, "X=event=0x76")
    check(rc == 2 and out == "" and "no registry Architecture value" in err,
          f"custom-source on another vendor's processor: refused: {rc} {err}")
    # Bad files: exit 2 naming file and line.
    for body, line, phrase in (
            ("REGEDIT5\r\n", 1, "was expected: not a registry file"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G]\r\n\"Architecture\"=dword:1x\r\n", 3, "hex digits"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G]\r\n\"Architecture\"=dword:123456789\r\n", 3, "hex digits"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G]\r\n[" + REG_ROOT + "\\G\\a/b]\r\n", 3, "source key name"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G\\S]\r\n\"Unit\"=dword:00000001\r\n", 2, "has no Event"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G\\S]\r\n\"Event\"=\"x\"\r\n", 3, "Event must be a dword"),
            ("Windows Registry Editor Version 5.00\r\n[" + REG_ROOT + "\\G\\S]\r\ngarbage\r\n", 3, "was expected"),
            ('{"sources": [{"registry": {"Event": 1}}]}', 1, "a source without a name"),
            ('{"sources": [{"name": "a b"}]}', 1, "a source name Windows can list"),
            ('{"sources": [', 1, "a value was expected"),
            ('{"sources": [{"name": "S", "registry": {"Event": 1, "Unit": 2}}, {"name": "s", "registry": {"Event": 1, "Unit": 2}}]}', 1, "given twice")):
        p = os.path.join(tmp, "bad.reg")
        open(p, "w", newline="").write(body)
        rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", p)
        check(rc == 2 and out == "" and f"bad.reg:{line}:" in err and phrase in err, f"bad file {body[-40:]!r}: {rc} {err!r}")
    rc, out, err = run("listing-check", os.path.join(tmp, "absent.txt"), "--cpuid-file", ZEN2, "--custom-sources", files["reg"])
    check(rc == 2 and out == "" and "absent.txt" in err, f"a missing listing with --custom-sources: {rc} {err!r}")
    rc, out, err = run("listing-check", full, "--custom-sources", files["reg"])
    check(rc == 2 and "needs --cpuid-file" in err, f"--custom-sources without a dump: {err!r}")

    # Hostile files: random byte edits of a good .reg and JSON (seeded, so a failure repeats)
    # are read or refused with exit 2, never a crash or a sanitizer report.
    import random
    rnd = random.Random(35)
    for kind in ("reg", "json"):
        good = open(files[kind], "rb").read()
        for i in range(150):
            b = bytearray(good)
            for _ in range(rnd.randint(1, 8)):
                op = rnd.randrange(3)
                at = rnd.randrange(len(b))
                if op == 0:
                    b[at] = rnd.randrange(256)
                elif op == 1:
                    del b[at:at + rnd.randint(1, 40)]
                else:
                    b[at:at] = bytes(rnd.choice(b'{}[]",:\\=\r\n;-0123456789abcdef') for _ in range(rnd.randint(1, 6)))
            p = os.path.join(tmp, f"hostile.{kind}")
            open(p, "wb").write(bytes(b))
            rc, out, err = run("listing-check", full, "--cpuid-file", ZEN2, "--custom-sources", p, "--windows", "11-23h2")
            if not check(rc in (0, 1, 2) and "Sanitizer" not in err and "runtime error" not in err and
                         (rc != 2 or (out == "" and err.startswith("kprof: "))), f"hostile {kind} {i}: exit {rc} {err[-300:]}"):
                break


# ---- docs/custom-sources.md: what it quotes is what the command prints ----
def check_doc():
    doc = open(os.path.join(ROOT, "docs", "custom-sources.md")).read()
    rc, out, err = run("custom-source", "--cpuid-file", ZEN3, "--windows", "11-23h2",
                       "L2_CACHE_MISS.FROM_DC=event=0x64,umask=0x08", "Ret.Ops=event=0xc1")
    block = re.search(r"```text\n(Windows Registry Editor.*?)```", doc, re.S)
    check(rc == 0 and block and block.group(1).rstrip("\n") == out.replace("\r\n", "\n").rstrip("\n"),
          "docs/custom-sources.md quotes the Zen 3 registry file as the command writes it")
    for dump, words, phrase in (
            (SKL, ["Big=event=0x124"], "event 0x124 is past GenuineIntel's event select, which holds 0..0xff"),
            (SKL, ["W=event=0x24,umask=0x100"], "unit mask 0x100 is past 8 bits (0..0xff)"),
            (SKL, ["L2/Miss=event=0x24"], "the name holds a character other than A-Z, a-z, 0-9, underscore, dot and hyphen (a registry key or a listing cannot carry it)"),
            (SKL, ["LLCMisses=event=0x2e,umask=0x41"], "the name is already a source the HAL offers on this processor and release (LLCMisses, source 29)"),
            (ZEN3, ["A=event=0x76,any"], "any (AnyThread) is an Intel option: AMD's PerfEvtSel has no such bit"),
            (ICL, ["A=event=0x3c,any"], "AnyThread is not honoured by this processor (perfmon version below 3, or cpuid 0x0A says it is deprecated)"),
            (SKL, ["C=event=0xa3,umask=4,cmask=16"], "the counter mask is over 15: Windows keeps only its low 4 bits"),
            (SKL, ["F=event=0,umask=3"], "names a fixed counter"),
            (SKL, ["--windows", "10-1709", "E=event=0x3c"], "this Windows release has no custom profile sources (they begin with Windows 10 1803)"),
            (SKL, ["Mine=event=0x2e,umask=0x41"], "the HAL already offers this event as a built-in source: "),
            (ZEN2, ["Mine=event=0x20,umask=0x7f"], "kprof judges this event absent on this processor class: it would count nothing")):
        rc, out, err = run("custom-source", "--cpuid-file", dump, *words)
        check(phrase in doc.replace("\n", " ") and phrase in err, f"doc and command say {phrase!r}: {err!r}")
    # a processor the HAL gives only the Timer: a Microsoft hypervisor without
    # PerformanceMonitorsAvailable (leaf 0x40000003 edx bit 2 clear)
    hv = os.path.join(tempfile.gettempdir(), f"kprof-hv-{os.getpid()}.txt")
    with open(hv, "w") as f:
        f.write("CPU 0:\n"
                "   0x00000000 0x00: eax=0x00000016 ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
                "   0x00000001 0x00: eax=0x00050654 ebx=0x00000000 ecx=0x80000000 edx=0x00000000\n"
                "   0x0000000a 0x00: eax=0x07300404 ebx=0x00000000 ecx=0x00000000 edx=0x00000603\n"
                "   0x40000000 0x00: eax=0x40000006 ebx=0x7263694d ecx=0x666f736f edx=0x76482074\n"
                "   0x40000001 0x00: eax=0x31237648 ebx=0x00000000 ecx=0x00000000 edx=0x00000000\n"
                "   0x40000003 0x00: eax=0x00000000 ebx=0x00000000 ecx=0x00000000 edx=0x00000000\n")
    rc, out, err = run("custom-source", "--cpuid-file", hv, "E=event=0x3c")
    rc2, info, _ = run("info", "--cpuid-file", hv, "--json")
    os.unlink(hv)
    phrase = "Windows gives this processor no hardware profile interface (only the timer), so no custom source can count"
    check(rc == 2 and phrase in err and phrase in doc.replace("\n", " ") and rc2 == 0 and json.loads(info)["interface"] == "default",
          f"Hyper-V without PerformanceMonitorsAvailable: Default, refused: {rc} {err!r}")


# ---- this machine: the processor custom-source reads is the one `kprof info` reports ----
def check_live():
    rc, out, err = run("info", "--windows", "11-24h2", "--json")
    if not check(rc == 0, f"kprof info: {err}"):
        return
    info = json.loads(out)
    word = "Kprof.Live=event=0x3c" if info["vendor"] == "GenuineIntel" else "Kprof.Live=event=0x76"
    rc, out, err = run("custom-source", "--format", "json", word)
    if info["vendor"] not in ARCH:
        check(rc == 2 and "Intel and AMD event selects only" in err, f"live, vendor {info['vendor']}: {err!r}")
    elif info["interface"] == "default":
        check(rc == 2 and "no hardware profile interface" in err, f"live, Default ({info['reason']}): {err!r}")
    else:
        j = json.loads(out) if rc == 0 else {}
        check(j.get("processor") == {k: info[k] for k in ("vendor", "family", "model", "stepping", "interface")} and
              j.get("windows") == "11-24h2", f"live: {j.get('processor')} vs info {info['vendor']} {info['interface']}: {err}")
    print(f"live: {info['vendor']} family {info['family']:#x} model {info['model']:#x}, interface {info['interface']}")


def main():
    with tempfile.TemporaryDirectory(prefix="kprof-custom-") as tmp:
        for dump, vendor in ((SKL, "GenuineIntel"), (ZEN2, "AuthenticAMD"), (ZEN3, "AuthenticAMD")):
            check_formats(dump, SETS[vendor], tmp)
        # Every dump of ../shared whose name gives its signature: the group names that
        # processor, or the command says why Windows cannot count there.
        n = 0
        for sub in ("current", "instlatx64", "variants"):
            for f in sorted(os.listdir(os.path.join(DUMPS, sub))):
                path = os.path.join(DUMPS, sub, f)
                sig = signature(path)
                if not sig:
                    continue
                vendor, fam, mod = sig
                # The default HAL every command shares: 32-bit where the dump says the processor
                # has no long mode (hostfacts' rule), whose kernel numbers the vendors the other
                # way round.
                hal = "x86" if hostfacts.no_long_mode(ext_leaves(path)) else "x64"
                arch = (ARCH_X86 if hal == "x86" else ARCH)[vendor]
                rc, out, err = run("info", "--cpuid-file", path, "--hal", hal, "--json")
                itf = json.loads(out)["interface"] if rc == 0 else "?"
                word = "Kprof.Test-1=event=0x3c" if vendor == "GenuineIntel" else "Kprof.Test-1=event=0x76"
                rc, out, err = run("custom-source", "--cpuid-file", path, word)
                if itf == "default":
                    check(rc == 2 and "no hardware profile interface" in err and out == "", f"{f}: Default refused: {err}")
                    continue
                keys = read_reg(out) if rc == 0 else {}
                g = f"{REG_ROOT}\\kprof-Family-{fam}-Model-{mod}"
                check(keys.get(g) == {"Architecture": arch, "Family": fam, "Model": mod} and
                      keys.get(g + "\\Kprof.Test-1", {}).get("Event") == int(word.split("0x")[1], 16), f"{f}: {rc} {err} {keys}")
                n += 1
        check(n >= 20, f"{n} dumps tried")
        reg = check_refusals(tmp)
        check_listing(tmp, reg)
        check_doc()
        check_live()
    sys.exit(done())


if __name__ == "__main__":
    main()
