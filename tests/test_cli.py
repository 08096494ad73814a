#!/usr/bin/env python3
"""Tests of the kprof command (build/kprof).

Every expectation is derived here from the raw cpuid lines by the rules of
../shared/reference/hal-profile-interfaces.md, lwp-shipped.md and intel-ds-perfmon.md, from the
seeds' tables, or from Debian's `cpuid` tool decoding the same raw input - never from kprof's
own output. Ends with 'N passed, N failed'.
"""
import collections
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done, host, fits_terminal, WIDTH_CHECKED  # noqa: E402
import hostfacts  # noqa: E402
from hostfacts import bit, parse_cpuid_raw as parse_raw  # noqa: E402  (one reader of `cpuid -r`)
import tempfile

KPROF = os.path.abspath(os.environ.get("KPROF", "build/kprof"))
# The hostile-input tests run a sanitizer build (ASan/UBSan) when make gives one.
KPROF_SAN = os.path.abspath(os.environ.get("KPROF_SAN", KPROF))
BIN = [KPROF]
SHARED = os.environ.get("KPROF_SHARED", "../shared")
DUMPS = os.path.join(SHARED, "cpuid-dumps", "instlatx64")
CI = os.environ.get("CI", "").lower() == "true"



def check_eq(got, want, what):
    return check(got == want, f"{what}: got {got!r}, want {want!r}")


# The decision tests below model the Windows 10 original release, the one whose HAL rules are
# published (Geoff Chappell); `info` without --windows answers for the newest release kprof
# models, which test_first_screen checks.
RULES = ("--windows", "10-1507")


def without_input(out):
    """info's output without the line naming the input (text `input ...`, JSON "input"), which
    differs, rightly, between two ways of giving it the same leaves."""
    if isinstance(out, bytes):
        return b"\n".join(l for l in out.split(b"\n") if not l.startswith((b"input       ", b'  "input": ')))
    return "\n".join(l for l in out.split("\n") if not l.startswith(("input       ", '  "input": ')))


# Every --json output of this suite is validated against its schema in docs/schema/ (Debian's
# python3-jsonschema); VALIDATED counts the documents per command, and main() checks that each
# JSON-printing command was validated.
SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "schema")
JSON_COMMANDS = ("info", "sources", "decode-select", "lwp-decode", "ds-decode", "sources-decode", "plan",
                 "perf", "cpuid-dump")
VALIDATED = {}
_validators = {}


def schema_validator(cmd):
    if cmd not in _validators:
        import jsonschema
        from referencing import Registry, Resource
        schemas = {}
        for f in os.listdir(SCHEMA_DIR):
            if f.endswith(".json"):
                with open(os.path.join(SCHEMA_DIR, f), encoding="utf-8") as fh:
                    schemas[f] = json.load(fh)
        registry = Registry().with_resources((n, Resource.from_contents(s)) for n, s in schemas.items())
        schema = schemas[cmd + ".json"]
        jsonschema.Draft202012Validator.check_schema(schema)
        _validators[cmd] = jsonschema.Draft202012Validator(schema, registry=registry)
    return _validators[cmd]


def schema_errors(cmd, text):
    """The schema violations of one command's --json output (lwp-decode: JSON Lines)."""
    v = schema_validator(cmd)
    docs = [json.loads(l) for l in text.splitlines()] if cmd == "lwp-decode" else [json.loads(text)]
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for d in docs for e in v.iter_errors(d)]
    return errors, len(docs)


def run(*args, stdin=None, timeout=None):
    p = subprocess.run([BIN[0], *args], capture_output=True, input=stdin, timeout=timeout)
    out = p.stdout.decode("utf-8", "strict")
    check("\x1b" not in out and b"\x1b" not in p.stderr, f"kprof {' '.join(args)[:60]}: no terminal escapes (no colour)")
    if p.returncode in (0, 1):
        fits_terminal(args, out)
    if p.returncode == 0 and "--json" in args and args and args[0] in JSON_COMMANDS:
        try:
            errors, n = schema_errors(args[0], out)
        except ValueError as ex:
            errors, n = [f"not JSON: {ex}"], 0
        except KeyError:
            errors, n = [f"no docs/schema/{args[0]}.json"], 0
        check(not errors, f"kprof {' '.join(args)[:80]}: output valid against docs/schema/{args[0]}.json {errors[:3]}")
        VALIDATED[args[0]] = VALIDATED.get(args[0], 0) + n
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------------
# Dump formats, parsed here independently of kprof.
# ---------------------------------------------------------------------------------------------
AIDA_BLOCK = re.compile(r"^(?:-+\[ (?:CPUID Registers / )?Logical CPU #(\d+) \]-+|CPU#(\d+) AffMask:.*)\s*$")
AIDA_LEAF = re.compile(r"^CPUID ([0-9A-F]{8}): ([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})"
                       r"(?:\s+\[SL ([0-9A-F]{2})\])?")
def parse_aida(text):
    """Blocks of {(leaf, subleaf): (eax, ebx, ecx, edx)}. AIDA64 tags sub-leaves with [SL nn];
    older dumps list a leaf's sub-leaves untagged, one line after another: count them."""
    blocks, cur, nth = [], None, {}
    for line in text.splitlines():
        if AIDA_BLOCK.match(line):
            cur, nth = {}, {}
            blocks.append(cur)
            continue
        m = AIDA_LEAF.match(line)
        if m and cur is not None:
            leaf = int(m[1], 16)
            sub = int(m[6], 16) if m[6] else nth.get(leaf, 0)
            nth[leaf] = sub + 1
            cur.setdefault((leaf, sub), tuple(int(m[i], 16) for i in range(2, 6)))
    return blocks


def to_raw(blocks):
    out = []
    for n, b in enumerate(blocks):
        out.append(f"CPU {n}:")
        for (leaf, sub), r in b.items():
            out.append(f"   0x{leaf:08x} 0x{sub:02x}: eax=0x{r[0]:08x} ebx=0x{r[1]:08x} "
                       f"ecx=0x{r[2]:08x} edx=0x{r[3]:08x}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The seeds' tables.
# ---------------------------------------------------------------------------------------------
def seed_rows(name, fields):
    rows = []
    for line in open(os.path.join(SHARED, "seeds", name), encoding="utf-8"):
        m = re.match(r"^0x([0-9A-F]{2}) (Profile\S+)(.*)$", line.rstrip("\n"))
        if m:
            rest = m[3].split()
            row = {"value": int(m[1], 16), "name": m[2], "select": None, "ebx_bit": None}
            if fields == "emon":  # Value Name [EBX Bit] Select
                row["select"] = int(rest[-1], 16)
                row["ebx_bit"] = int(rest[0]) if len(rest) == 2 else None
            elif fields == "amd64":  # Value Name Select
                row["select"] = int(rest[0], 16)
            rows.append(row)
    return rows


def tables():
    ref = open(os.path.join(SHARED, "reference", "hal-profile-interfaces.md"), encoding="utf-8").read()
    later = [{"value": int(v, 16), "name": "Profile" + n, "select": None, "ebx_bit": None}
             for v, n in re.findall(r"(0x2[0-4]) `([A-Za-z]+)`", ref)]
    generic = seed_rows("002_59b80ae1c21453a6.txt", "generic")
    return {
        "generic": generic,
        # Default supports ProfileTime only (reference rule 4): the generic row 0.
        "default": [r for r in generic if r["value"] == 0],
        "emon": seed_rows("000_fd4165050e72f093.txt", "emon"),
        "amd64": seed_rows("001_8559cefb719d1095.txt", "amd64"),
        "intel-later": later,
    }


# ---------------------------------------------------------------------------------------------
# What kprof info must say about a block, by the rules.
# ---------------------------------------------------------------------------------------------
LWP_FEATURES = [(0, "avail"), (1, "val"), (2, "ire"), (3, "bre"), (4, "dme"), (5, "cnh"), (6, "rnh"),
                (29, "cont"), (30, "ptsc"), (31, "int")]  # reference/lwp-shipped.md


def expect(block, tabs, hal=None):
    """What `kprof info --json` must say about one CPU's leaves: vendor, processor,
    hypervisor, perfmon, interface and reason from tests/hostfacts.py (the HAL's rules, stated
    there once for the dumps and the live host), the rest by the rules below."""
    def has(leaf):
        return hostfacts.trusted(block, leaf)

    def reg(leaf, i):
        return hostfacts.reg(block, leaf, i)

    if hal is None:  # the HAL `info` picks without --hal: 64-bit, 32-bit without long mode
        hal = "x86" if hostfacts.no_long_mode(block) else "x64"
    e = hostfacts.expect_info(block, hal)
    vendor = hostfacts.vendor_kind(block)
    pm = e["perfmon"] or {"counters": 0, "width": 0, "ebx_length": 0, "ebx": 0}
    counters, width, length, pb = pm["counters"], pm["width"], pm["ebx_length"], pm["ebx"]
    e["pmu"] = expect_pmu(block, vendor, has)
    itf = e["interface"]
    # What the interface uses: Emon the leaf 0x0A counters, at most the eight
    # IA32_PERFEVTSELx (Intel SDM vol. 4 table 2-2); Amd64 the four legacy 48-bit counters.
    e["interface_counters"] = {
        "emon": {"counters": min(counters, 8), "width": width, "perfevtsel_msr": 0x186,
                 "counter_msr": 0xC1, "msr_stride": 1},
        "amd64": {"counters": 4, "width": 48, "perfevtsel_msr": 0xC0010000, "counter_msr": 0xC0010004,
                  "msr_stride": 1},
    }.get(itf, {"counters": 0, "width": 0, "perfevtsel_msr": 0, "counter_msr": 0, "msr_stride": 0})

    srcs = []
    for r in tabs[itf]:
        if itf == "emon" and r["ebx_bit"] is not None:
            sup = r["ebx_bit"] < length and not bit(pb, r["ebx_bit"])
        else:
            sup = True
        srcs.append(dict(r, supported=sup))
    e["sources"] = srcs

    if not bit(reg(0x80000001, 2), 15):
        e["lwp"] = None
    else:
        la, lb, lc, ld = (reg(0x8000001C, i) for i in range(4))
        e["lwp"] = {
            "version": (lc >> 9) & 0x7F,
            "cb_size": (lb & 0xFF) * 8,
            "event_size": (lb >> 8) & 0xFF,
            "max_events": (lb >> 16) & 0xFF,
            "event_offset": lb >> 24,
            "min_buffer_records": ((lc >> 16) & 0xFF) * 32,
            "supported": [n for b, n in LWP_FEATURES if bit(ld, b)],
            "enabled": [n for b, n in LWP_FEATURES if bit(la, b)],
            "latency_max": lc & 0x1F,
            "data_address": bit(lc, 5),
        }
    c1, d1 = reg(1, 2), reg(1, 3)
    # IBS: AMD APM vol. 3 Fn8000_0001_ECX bit 10, Fn8000_001B_EAX; Linux events/amd/ibs.c
    # __get_ibs_caps (leaf missing or bit 0 clear: IBS_CAPS_DEFAULT 7).
    if not bit(reg(0x80000001, 2), 10):
        e["ibs"] = None
    else:
        ia = reg(0x8000001B, 0)
        caps = ia if bit(ia, 0) else 7
        names = {1: "fetch_sampling", 2: "op_sampling", 3: "rdwr_op_count", 4: "op_count", 5: "branch_target",
                 6: "op_count_ext", 7: "rip_invalid_check", 8: "op_branch_fuse", 9: "fetch_ctl_extd",
                 10: "op_data4", 11: "zen4", 12: "op_load_latency", 13: "disable", 14: "fetch_latency",
                 15: "bit63_filter", 16: "streaming_store_remote_socket", 19: "op_dtlb_page_size"}
        e["ibs"] = {"from_cpuid": bit(ia, 0), "caps": caps, "op_max_count_bits": 27 if bit(caps, 6) else 20,
                    "features": [n for b, n in sorted(names.items()) if bit(caps, b)]}
    e["ds"] = {"ds": bit(d1, 21), "dtes64": bit(c1, 2), "ds_cpl": bit(c1, 4), "pdcm": bit(c1, 15)}
    return e


def expect_pmu(block, vendor, has):
    """kprof info's "pmu" object by the sources' rules: Intel SDM vol. 2A leaves 0AH, 07H, 1CH,
    23H and vol. 4 table 2-2, Linux msr-index.h (V6 range); AMD APM vol. 2 section 13.2 and
    vol. 3 Fn8000_0001/Fn8000_0022."""
    def sub_reg(leaf, sub, i):
        top = block.get((0x80000000 if leaf >= 0x80000000 else 0, 0))
        if (leaf, sub) not in block or top is None or leaf > top[0]:
            return 0
        return block[(leaf, sub)][i]

    def low(n):
        return (1 << min(n, 32)) - 1

    def popcount(v):
        return bin(v).count("1")
    if vendor == "intel":
        a, c, d = sub_reg(0xA, 0, 0), sub_reg(0xA, 0, 2), sub_reg(0xA, 0, 3)
        v = a & 0xFF
        cmask = low((a >> 8) & 0xFF)
        fmask = (low(d & 0x1F) | (c if v >= 5 else 0)) if v >= 2 else 0
        ext = has(0x23) and bit(sub_reg(7, 1, 0), 8)
        sub0, ebx0 = sub_reg(0x23, 0, 0), sub_reg(0x23, 0, 1)
        if ext and bit(sub0, 1) and (0x23, 1) in block:
            cmask, fmask = sub_reg(0x23, 1, 0), sub_reg(0x23, 1, 1)
        lbr = bit(sub_reg(7, 0, 3), 19) and has(0x1C)
        depth = max([8 * (n + 1) for n in range(8) if bit(sub_reg(0x1C, 0, 0), n)] or [0]) if lbr else 0
        # Architectural PEBS: sub-leaves 4 and 5 both valid (Linux update_pmu_cap); LBR Inserts:
        # leaf 0x0A ebx bit 12 clear and below the length eax[31:24] (Intel SDM leaf 0AH).
        apebs = bool(ext) and bit(sub0, 4) and bit(sub0, 5) and (0x23, 4) in block and (0x23, 5) in block
        b = sub_reg(0xA, 0, 1)
        if v >= 6:
            lay = (0x1901, 0x1900, 4, 32, 0x1980, 4, 16)
        elif v >= 1:
            lay = (0x186, 0xC1, 1, 8, 0x309, 1, 4 if v >= 2 else 0)
        else:
            lay = (0, 0, 0, 0, 0, 0, 0)
        return {"version": v, "counters": popcount(cmask), "width": (a >> 16) & 0xFF,
                "counter_mask": cmask, "counter_limit": lay[3], "perfevtsel_msr": lay[0],
                "counter_msr": lay[1], "msr_stride": lay[2],
                "global_ctrl_msr": 0x38F if v >= 2 else 0, "global_status_msr": 0x38E if v >= 2 else 0,
                "global_clear_msr": 0x390 if v >= 2 else 0,
                "fixed": {"counters": popcount(fmask), "width": (d >> 5) & 0xFF if v >= 2 else 0,
                          "mask": fmask, "limit": lay[6], "msr": lay[4], "msr_stride": lay[5]},
                "perfmon_ext": bool(ext),
                "ext_events": sub_reg(0x23, 3, 0) if ext and bit(sub0, 3) else 0,
                "umask2": bool(ext) and bit(ebx0, 0), "eq": bool(ext) and bit(ebx0, 1),
                "acr_counter_mask": sub_reg(0x23, 2, 0) if ext and bit(sub0, 2) else 0,
                "acr_fixed_mask": sub_reg(0x23, 2, 1) if ext and bit(sub0, 2) else 0,
                "arch_lbr": bool(lbr), "lbr_depth_max": depth,
                "lbr_branch_counters": (sub_reg(0x1C, 0, 2) >> 16) & 0xF if lbr else 0,
                "lbr_inserts": v >= 1 and ((a >> 24) & 0xFF) > 12 and not bit(b, 12),
                "rdpmc_user_disable": bool(ext) and bit(ebx0, 2), "arch_pebs": apebs,
                "arch_pebs_caps": sub_reg(0x23, 4, 1) if apebs else 0,
                "arch_pebs_counter_mask": sub_reg(0x23, 5, 0) if apebs else 0,
                "arch_pebs_fixed_mask": sub_reg(0x23, 5, 2) if apebs else 0,
                "pdist_counter_mask": sub_reg(0x23, 5, 1) if apebs else 0,
                "pdist_fixed_mask": sub_reg(0x23, 5, 3) if apebs else 0}
    if vendor == "amd":
        ecx = sub_reg(0x80000001, 0, 2)
        a22, b22 = sub_reg(0x80000022, 0, 0), sub_reg(0x80000022, 0, 1)
        core, nb, ptsc, v2, lbr2 = bit(ecx, 23), bit(ecx, 24), bit(ecx, 27), bit(a22, 0), bit(a22, 1)
        n = (b22 & 0xF if v2 else 6) if core else 4
        # PerfCtrExtLLC (ecx 28): six L3 counters from family 17h, four L2I before (Linux
        # events/amd/uncore.c); UMC counters and the active mask from leaf 0x80000022 (APM).
        a1 = sub_reg(1, 0, 0)
        fam = ((a1 >> 8) & 0xF) + (((a1 >> 20) & 0xFF) if ((a1 >> 8) & 0xF) == 0xF else 0)
        llc = bit(ecx, 28)
        return {"version": 2 if v2 else 1, "counters": n, "width": 48, "counter_mask": low(n),
                "counter_limit": 6 if core else 4,
                "perfevtsel_msr": 0xC0010200 if core else 0xC0010000,
                "counter_msr": 0xC0010201 if core else 0xC0010004, "msr_stride": 2 if core else 1,
                "global_ctrl_msr": 0xC0000301 if v2 else 0, "global_status_msr": 0xC0000300 if v2 else 0,
                "global_clear_msr": 0xC0000302 if v2 else 0,
                "legacy_counters": 4, "perfctr_ext_core": core, "perfmon_v2": v2, "lbr_v2": lbr2,
                "lbr_v2_stack": (b22 >> 4) & 0x3F if lbr2 else 0, "perfctr_ext_nb": nb,
                "nb_counters": ((b22 >> 10) & 0x3F if v2 else 4) if nb else 0,
                "nb_perfevtsel_msr": 0xC0010240 if nb else 0, "nb_counter_msr": 0xC0010241 if nb else 0,
                "ptsc": ptsc, "ptsc_msr": 0xC0010280 if ptsc else 0,
                "perfctr_ext_llc": llc, "llc_counters": (6 if fam >= 0x17 else 4) if llc else 0,
                "llc_perfevtsel_msr": 0xC0010230 if llc else 0,
                "umc_counters": (b22 >> 16) & 0x3F if v2 else 0,
                "active_umc_mask": sub_reg(0x80000022, 0, 2) if v2 else 0, "ibs": bit(ecx, 10)}
    return None


def check_info(j, e, what):
    for k in ("vendor", "family", "model", "stepping", "hypervisor", "interface", "perfmon", "lwp", "ibs", "ds",
              "pmu", "interface_counters", "reason"):
        check_eq(j.get(k, "<missing>"), e[k], f"{what}: {k}")
    got = j.get("sources") or []
    check_eq(len(got), len(e["sources"]), f"{what}: number of sources")
    for g, w in zip(got, e["sources"]):
        for k in ("value", "name", "select", "ebx_bit", "supported"):
            check_eq(g.get(k, "<missing>"), w[k], f"{what}: source 0x{w['value']:02x} {k}")
        check_eq(g.get("description"), "Timer" if w["value"] == 0 else w["name"][len("Profile"):],
                 f"{what}: source 0x{w['value']:02x} description")


# ---------------------------------------------------------------------------------------------
# Debian's cpuid tool decoding the same raw input.
# ---------------------------------------------------------------------------------------------
def cpuid_tool_decode(raw_path):
    """The first CPU's leaf 0x0A and 0x8000001C decoding by `cpuid -f`."""
    p = subprocess.run(["cpuid", "-f", raw_path], capture_output=True, text=True, errors="replace")
    text = p.stdout.split("\nCPU 1:")[0]
    out = {}
    m = re.search(r"Architecture Performance Monitoring Features \(0xa\):\n((?:      .*\n)+)", text)
    if m:
        sec = m[1]

        def num(label):
            mm = re.search(re.escape(label) + r"\s*= 0x([0-9a-f]+)", sec)
            return int(mm[1], 16) if mm else None
        out["perfmon"] = {"version": num("version ID"),
                          "counters": num("number of counters per logical processor"),
                          "width": num("bit width of counter"),
                          "ebx_length": num("length of EBX bit vector")}
        # ebx bits 0..6 in the tool's order: "available" means the bit is clear.
        labels = ["core cycle event", "instruction retired event", "reference cycles event",
                  "last-level cache ref event", "last-level cache miss event",
                  "branch inst retired event", "branch mispred retired event"]
        out["perfmon_events"] = []
        for lab in labels:
            mm = re.search(re.escape(lab) + r"\s*= (not available|available)", sec)
            out["perfmon_events"].append(None if not mm else mm[1] == "available")
    lwp = {}
    for which in ("Availability (0x8000001c/eax)", "Supported (0x8000001c/edx)"):
        mm = re.search(r"Lightweight Profiling Capabilities: " + re.escape(which) + r":\n((?:      .*\n)+)", text)
        if mm:
            names = {"lightweight profiling": "avail", "LWPVAL instruction": "val",
                     "instruction retired event": "ire", "branch retired event": "bre",
                     "DC miss event": "dme", "core clocks not halted event": "cnh",
                     "core reference clocks not halted event": "rnh",
                     "continuous mode sampling": "cont", "tsc in event record": "ptsc",
                     "interrupt on threshold overflow": "int"}
            flags = []
            for line in mm[1].splitlines():
                f = re.match(r"\s+(.*?)\s*= (true|false)$", line)
                if f and f[1] in names and f[2] == "true":
                    flags.append(names[f[1]])
            lwp["enabled" if "eax" in which else "supported"] = flags
    for which in ("ebx", "ecx"):
        mm = re.search(r"Lightweight Profiling Capabilities \(0x8000001c/" + which + r"\):\n((?:      .*\n)+)", text)
        if mm:
            for line in mm[1].splitlines():
                f = re.match(r"\s+(.*?)\s*= (?:0x([0-9a-f]+)|(true|false))", line)
                if f:
                    lwp[f[1]] = int(f[2], 16) if f[2] else f[3] == "true"
    if lwp:
        out["lwp"] = lwp

    def section(title):
        m = re.search(re.escape(title) + r":\n((?:      .*\n)+)", text)
        if not m:
            return None
        sec = {}
        for line in m[1].splitlines():
            f = re.match(r"\s+(.*?)\s*= (?:0x([0-9a-f]+)|(true|false))", line)
            if f:
                sec[f[1]] = int(f[2], 16) if f[2] else f[3] == "true"
        return sec
    out["0x23"] = section("Architecture Performance Monitoring Extended (0x23)")
    out["0x23/3"] = section("Architecture Performance Monitoring Extended Supported Events (0x23/3)")
    out["0x1c"] = section("Architectural LBR Capabilities (0x1c/0)")
    out["0x80000022"] = section("Extended Performance Monitoring and Debugging (0x80000022)")
    ext = re.search(r"extended feature flags \(0x80000001/ecx\):\n((?:      .*\n)+)", text)
    out["0x80000001/ecx"] = None
    if ext:
        out["0x80000001/ecx"] = {f[1]: f[2] == "true" for f in
                                 re.finditer(r"\s+(.*?)\s*= (true|false)", ext[1])}
    return out


# The cpuid tool's labels for leaf 0x23 sub-leaf 3 eax, in bit order.
EXT_EVENT_LABELS = ["core cycles", "instructions retired", "reference cycles", "last level cache references",
                    "last level cache misses", "branch instructions retired", "branch mispredicts retired",
                    "topdown slots", "topdown backend bound", "topdown bad speculation",
                    "topdown frontend bound", "topdown retiring"]


def check_pmu_against_cpuid_tool(t, j, what):
    """The leaves 0x23, 0x1C, 0x80000022 (and 0x80000001 ecx counter bits) as `cpuid -f`
    decodes them against kprof's "pmu". Returns how many facts were compared."""
    p, n = j.get("pmu"), 0
    if not p:
        return 0
    if "fixed" in p and p["perfmon_ext"]:
        sec = t.get("0x23")
        if check(sec is not None, f"{what}: cpuid tool decoded leaf 0x23"):
            check_eq(p["counter_mask"], sec.get("general counters bitmap"), f"{what}: 0x23 GP bitmap vs cpuid tool")
            check_eq(p["fixed"]["mask"], sec.get("fixed counters bitmap"), f"{what}: 0x23 fixed bitmap vs cpuid tool")
            n += 2
        ev = t.get("0x23/3")
        if ev is not None:
            got = [bit(p["ext_events"], b) for b in range(len(EXT_EVENT_LABELS))]
            check_eq(got, [ev.get(lab) for lab in EXT_EVENT_LABELS], f"{what}: 0x23.3 events vs cpuid tool")
            n += 1
    if "fixed" in p and p["arch_lbr"]:
        sec = t.get("0x1c")
        if check(sec is not None, f"{what}: cpuid tool decoded leaf 0x1C"):
            depths = [8 * k for k in range(1, 9) if sec.get(f"IA32_LBR_DEPTH.DEPTH {8 * k:2d} supported")]
            check_eq(p["lbr_depth_max"], max(depths or [0]), f"{what}: 0x1C depth vs cpuid tool")
            n += 1
    if "perfmon_v2" in p:
        f1 = t.get("0x80000001/ecx") or {}
        for key, label in (("perfctr_ext_core", "core performance counter extensions"),
                           ("perfctr_ext_nb", "NB/DF performance counter extensions"),
                           ("ptsc", "performance time-stamp counter support")):
            if label in f1:
                check_eq(p[key], f1[label], f"{what}: {key} vs cpuid tool")
                n += 1
        sec = t.get("0x80000022")
        if sec is not None:
            check_eq(p["perfmon_v2"], sec.get("AMD performance monitoring V2"), f"{what}: PerfMonV2 vs cpuid tool")
            check_eq(p["lbr_v2"], sec.get("AMD LBR V2"), f"{what}: LBR v2 vs cpuid tool")
            n += 2
            if p["perfmon_v2"] and p["perfctr_ext_core"]:
                check_eq(p["counters"], sec.get("number of core perf ctrs"), f"{what}: core counters vs cpuid tool")
                n += 1
            if p["lbr_v2"]:
                check_eq(p["lbr_v2_stack"], sec.get("number of LBR stack entries"), f"{what}: LBR stack vs cpuid tool")
                n += 1
            if p["perfmon_v2"] and p["perfctr_ext_nb"]:
                check_eq(p["nb_counters"], sec.get("number of avail Northbridge perf ctrs"),
                         f"{what}: data-fabric counters vs cpuid tool")
                n += 1
    return n


def check_against_cpuid_tool(raw_path, j, what):
    t = cpuid_tool_decode(raw_path)
    if j.get("perfmon") is not None and "perfmon" in t:
        for k, v in t["perfmon"].items():
            check_eq(j["perfmon"][k], v, f"{what}: perfmon {k} vs cpuid tool")
        length = j["perfmon"]["ebx_length"]
        for b, avail in enumerate(t["perfmon_events"]):
            if avail is not None and b < length:
                check_eq(not bit(j["perfmon"]["ebx"], b), avail, f"{what}: ebx bit {b} vs cpuid tool")
    if j.get("lwp") is not None:
        lw, tl = j["lwp"], t.get("lwp", {})
        if check("LWPCB byte size" in tl, f"{what}: cpuid tool decoded 0x8000001C"):
            # The tool labels LwpCbSize "byte size"; it is in quadwords (lwp-shipped.md), and
            # its "ring buffer size in records" is LwpMinBufferSize, in units of 32 records.
            check_eq(lw["cb_size"], tl["LWPCB byte size"] * 8, f"{what}: lwp cb_size vs cpuid tool")
            check_eq(lw["event_size"], tl["event record byte size"], f"{what}: lwp event_size vs cpuid tool")
            check_eq(lw["max_events"], tl["maximum EventId"], f"{what}: lwp max_events vs cpuid tool")
            check_eq(lw["event_offset"], tl["EventInterval1 field offset"], f"{what}: lwp event_offset vs cpuid tool")
            check_eq(lw["latency_max"], tl["latency counter bit size"], f"{what}: lwp latency_max vs cpuid tool")
            check_eq(lw["data_address"], tl["data cache miss address valid"], f"{what}: lwp data_address vs cpuid tool")
            check_eq(lw["version"], tl["LWP implementation version"], f"{what}: lwp version vs cpuid tool")
            check_eq(lw["min_buffer_records"], tl["event ring buffer size in records"] * 32,
                     f"{what}: lwp min_buffer_records vs cpuid tool")
            check_eq(lw["supported"], tl.get("supported"), f"{what}: lwp supported vs cpuid tool")
            check_eq(lw["enabled"], tl.get("enabled"), f"{what}: lwp enabled vs cpuid tool")


# ---------------------------------------------------------------------------------------------
# Tests.
# ---------------------------------------------------------------------------------------------
def aligned(lines, what):
    """Every row of a table has its last column where the header has it."""
    header = lines[0]
    col = header.rindex(header.split()[-1])
    for row in lines[1:]:
        last = row.split()[-1]
        check_eq(len(row) - len(last), col, f"{what}: column of '{row.strip()}'")


def table_block(text, header_word="Interval"):
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if header_word in line and "Name" in line:
            rows = [line]
            for r in lines[i + 1:]:
                if not r.strip() or not re.match(r"^\s*(\S+\s+)?\d+\s+0x", r):
                    break
                rows.append(r)
            return rows
    return []


def test_dumps(tabs, tmp):
    names = sorted(f for f in os.listdir(DUMPS) if f.endswith(".txt"))
    check(len(names) >= 20, f"found the InstLatx64 dumps ({len(names)})")
    for name in names:
        path = os.path.join(DUMPS, name)
        text = open(path, encoding="latin-1").read()
        blocks = parse_aida(text)
        if not check(blocks, f"{name}: test parser found CPU blocks"):
            continue
        raw = os.path.join(tmp, name + ".raw")
        open(raw, "w").write(to_raw(blocks))
        for hal in ("x64", "x86"):
            e = expect(blocks[0], tabs, hal)
            outs = {}
            for fmt, f in (("aida", path), ("raw", raw)):
                rc, out, err = run("info", "--cpuid-file", f, "--hal", hal, *RULES, "--json")
                if not check_eq(rc, 0, f"{name} ({fmt}, {hal}): exit status [{err.strip()}]"):
                    continue
                try:
                    j = json.loads(out)
                except ValueError as ex:
                    check(False, f"{name} ({fmt}): JSON parses: {ex}")
                    continue
                check_info(j, e, f"{name} ({fmt}, --hal {hal})")
                outs[fmt] = without_input(out)
                # --wide: whole rows, one line each (what a script parses); run() checks
                # that the default output fits 80 columns.
                rc, txt, err = run("info", "--cpuid-file", f, "--hal", hal, *RULES, "--wide")
                check_eq(rc, 0, f"{name} ({fmt}, {hal}): text exit status")
                if fmt == "aida":
                    rc, narrow, err = run("info", "--cpuid-file", f, "--hal", hal, *RULES)
                    check(rc == 0 and narrow.count("\n") >= txt.count("\n"), f"{name} ({hal}): info fits 80 columns")
                outs[fmt + "-text"] = without_input(txt)
            check_eq(outs.get("aida"), outs.get("raw"), f"{name} ({hal}): JSON equal for both formats")
            check_eq(outs.get("aida-text"), outs.get("raw-text"), f"{name} ({hal}): text equal for both formats")
            if hal == "x64" and "aida" in outs:
                rows = table_block(outs["aida-text"])
                check_eq(len(rows) - 1, len(e["sources"]), f"{name}: text source rows")
                aligned(rows, f"{name}: info text")
        # The HAL assesses the boot processor: the default is the first block, and --cpu picks
        # another.
        last = len(blocks) - 1
        rc, out, err = run("info", "--cpuid-file", raw, "--cpu", str(last), *RULES, "--json")
        if check_eq(rc, 0, f"{name}: --cpu {last} [{err.strip()}]"):
            check_info(json.loads(out), expect(blocks[last], tabs), f"{name} --cpu {last}")
        rc, out, err = run("info", "--cpuid-file", path, "--cpu", str(len(blocks)))
        check_eq((rc, out), (2, ""), f"{name}: --cpu {len(blocks)} (past the last block) fails")
        # Debian's cpuid tool on the first block.
        first = os.path.join(tmp, name + ".cpu0.raw")
        open(first, "w").write(to_raw(blocks[:1]))
        rc, out, err = run("info", "--cpuid-file", first, *RULES, "--json")
        if check_eq(rc, 0, f"{name}: first block alone"):
            check_against_cpuid_tool(first, json.loads(out), name)


def test_pmu_dumps(tabs, tmp):
    """Every AIDA64 dump under ../shared/cpuid-dumps/*/ (the current parts too): kprof info's
    counters against the rules and, for the first and last CPU block, against the cpuid
    tool's decoding of leaves 0x23, 0x1C and 0x80000022. At least one dump must exercise each
    of those leaves, so the comparison cannot pass by finding nothing."""
    root = os.path.join(SHARED, "cpuid-dumps")
    names = sorted(os.path.join(d, f) for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))
                   for f in os.listdir(os.path.join(root, d)) if f.endswith(".txt"))
    leaves_seen = {0x23: 0, 0x1C: 0, 0x80000022: 0}
    compared = 0
    for name in names:
        blocks = parse_aida(open(os.path.join(root, name), encoding="latin-1").read())
        if not blocks:
            continue
        for idx in sorted({0, len(blocks) - 1}):
            raw = os.path.join(tmp, name.replace("/", "_") + f".{idx}.raw")
            open(raw, "w").write(to_raw(blocks[idx:idx + 1]))
            rc, out, err = run("info", "--cpuid-file", raw, *RULES, "--json")
            if not check_eq(rc, 0, f"{name} block {idx}: exit status [{err.strip()}]"):
                continue
            j = json.loads(out)
            e = expect(blocks[idx], tabs)
            check_eq(j.get("pmu", "<missing>"), e["pmu"], f"{name} block {idx}: pmu")
            check_eq(j.get("interface_counters", "<missing>"), e["interface_counters"],
                     f"{name} block {idx}: interface_counters")
            for leaf in leaves_seen:
                leaves_seen[leaf] += (leaf, 0) in blocks[idx]
            compared += check_pmu_against_cpuid_tool(cpuid_tool_decode(raw), j, f"{name} block {idx}")
    for leaf, n in leaves_seen.items():
        check(n > 0, f"some dump has leaf {leaf:#x} ({n} blocks)")
    check(compared > 0, f"counter facts compared with the cpuid tool ({compared})")
    print(f"pmu: {len(names)} dumps, {compared} facts compared with the cpuid tool, leaves seen {leaves_seen}")


def read_hwloc(path):
    """A hwloc-gather-cpuid pu<N> file ("mask eax ebx ecx edx => eax ebx ecx edx", hex; mask
    bit 0: eax is the leaf, bit 2: ecx the sub-leaf) as {(leaf, subleaf): regs}."""
    block = {}
    for line in open(path, encoding="latin-1"):
        m = re.match(r"^\s*([0-9a-fA-F]+)((?:\s+[0-9a-fA-F]+){4})\s*=>((?:\s+[0-9a-fA-F]+){4})\s*$", line)
        if m:
            mask, ins, outs = int(m[1], 16), [int(x, 16) for x in m[2].split()], [int(x, 16) for x in m[3].split()]
            block.setdefault((ins[0], ins[2] if mask & 4 else 0), tuple(outs))
    return block


def test_ds_as_reported(tmp):
    """kprof info's ds facts on every dump under ../shared/cpuid-dumps (AIDA64/InstLatx64 text
    and hwloc pu files), each as dumped and, where it reports PDCM, as a KVM guest reports the
    same processor: DS (leaf 1 edx 21) clear, the other bits kept. The expectation is the dump's
    raw leaf 1 bits (DTES64, DS-CPL, PDCM read whether or not DS is set), never kprof's; the
    text line says DS is absent before the bits cpuid still reports."""
    root = os.path.join(SHARED, "cpuid-dumps")
    blocks = []
    for d, _, fs in sorted(os.walk(root)):
        for f in sorted(fs):
            path = os.path.join(d, f)
            if f.endswith(".txt"):
                bl = parse_aida(open(path, encoding="latin-1").read())
            elif re.fullmatch(r"pu\d+", f):
                bl = [read_hwloc(path)]
            else:
                continue
            blocks += [(os.path.relpath(path, root), b) for b in bl[:1] if (1, 0) in b and (0, 0) in b]
    check(len(blocks) >= 30, f"dumps with leaf 1 under {root}: {len(blocks)}")
    without_ds = 0
    for name, block in blocks:
        variants = [(name, block)]
        a, b, c, d = block[(1, 0)]
        if bit(c, 15):
            kvm = dict(block)
            kvm[(1, 0)] = (a, b, c, d & ~(1 << 21))
            variants.append((name + " with DS clear (as a KVM guest reports it)", kvm))
        for what, blk in variants:
            c1, d1 = blk[(1, 0)][2], blk[(1, 0)][3]
            want = {"ds": bit(d1, 21), "dtes64": bit(c1, 2), "ds_cpl": bit(c1, 4), "pdcm": bit(c1, 15)}
            without_ds += not want["ds"] and want["pdcm"]
            raw = os.path.join(tmp, "ds-as-reported.raw")
            open(raw, "w").write(to_raw([blk]))
            rc, out, err = run("info", "--cpuid-file", raw, "--json")
            if check_eq(rc, 0, f"{what}: info exit [{err.strip()}]"):
                check_eq(json.loads(out).get("ds"), want, f"{what}: ds as cpuid reports it")
            rc, out, err = run("info", "--cpuid-file", raw, "--wide")
            yn = lambda v: "yes" if v else "no"  # noqa: E731
            line = next((l for l in out.splitlines() if l.startswith("ds ")), "")
            tail = f"DTES64 {yn(want['dtes64'])}, DS-CPL {yn(want['ds_cpl'])}, PDCM {yn(want['pdcm'])}"
            check(line.endswith(tail) and ("DS yes," in line if want["ds"] else "DS no (no BTS, no PEBS)" in line),
                  f"{what}: text {line!r}")
    check(without_ds > 0, f"processors reporting PDCM without DS checked: {without_ds}")


def bad_dump(tmp, label, content, line=None, args=()):
    """`info --cpuid-file` on content refuses it: exit 2, nothing on stdout, the file (and the
    line, when given) named; the same with --json."""
    f = os.path.join(tmp, f"bad-{label}.txt")
    open(f, "wb").write(content)
    rc, out, err = run("info", "--cpuid-file", f, *args)
    check_eq(rc, 2, f"bad file {label}: exit status")
    check_eq(out, "", f"bad file {label}: no output on stdout")
    check(f in err, f"bad file {label}: message names the file: {err.strip()!r}")
    if line is not None:
        check(re.search(re.escape(f) + r":" + str(line) + r"\b", err) is not None,
              f"bad file {label}: message names line {line}: {err.strip()!r}")
    rc, out, err = run("info", "--cpuid-file", f, "--json", *args)
    check_eq((rc, out), (2, ""), f"bad file {label} --json: exit 2, nothing on stdout")


def test_bad_files(tmp):
    def bad(label, content, line=None, args=()):
        bad_dump(tmp, label, content, line, args)

    sky = open(os.path.join(DUMPS, "GenuineIntel00506E3_SkyLake_01_CPUID.txt"), encoding="latin-1").read()
    raw = to_raw(parse_aida(sky))
    raw_lines = raw.splitlines(True)
    aida_lines = sky.splitlines(True)
    bad("empty", b"")
    rnd = random.Random(4)
    bad("binary", bytes(rnd.randrange(256) for _ in range(4096)))
    bad("binary-nul", b"\0" * 100)
    bad("unknown-format", b"processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n")
    bad("prose", b"hello\nworld\n")
    # Not a dump at all: no line is to blame, the last least of all.
    f = os.path.join(tmp, "bad-prose.txt")
    rc, out, err = run("info", "--cpuid-file", f)
    check(rc == 2 and f"{f}: not a cpuid dump: none of its 2 lines is a leaf line" in err and f"{f}:2" not in err,
          f"prose: not a cpuid dump, without blaming its last line [{err.strip()}]")
    # A line cut short, in the middle of a file and at its end.
    i = next(n for n, l in enumerate(raw_lines) if "0x0000000a 0x00:" in l)
    bad("raw-truncated-line", "".join(raw_lines[:i] + [raw_lines[i][:40] + "\n"] + raw_lines[i + 1:]).encode(), i + 1)
    bad("raw-truncated-end", "".join(raw_lines[:i] + [raw_lines[i][:40]]).encode(), i + 1)
    k = next(n for n, l in enumerate(aida_lines) if l.startswith("CPUID 0000000A:"))
    bad("aida-truncated-line", "".join(aida_lines[:k] + [aida_lines[k][:25] + "\n"] + aida_lines[k + 1:]).encode(), k + 1)
    bad("aida-truncated-end", "".join(aida_lines[:k] + [aida_lines[k][:25]]).encode(), k + 1)
    # Malformed values.
    bad("raw-bad-hex", "".join(raw_lines[:i] + [raw_lines[i].replace("eax=0x", "eax=0xZ", 1)] + raw_lines[i + 1:]).encode(), i + 1)
    # A leaf repeated with different values in one CPU block.
    dup = raw_lines[i].replace("eax=0x", "eax=0x1", 1)
    dup = re.sub(r"eax=0x1([0-9a-f]{8})", lambda m: "eax=0x" + ("%08x" % (int(m[1], 16) ^ 1)), dup)
    bad("raw-repeated-leaf", "".join(raw_lines[:i + 1] + [dup] + raw_lines[i + 1:]).encode(), i + 2)
    d = aida_lines[k].rstrip("\n")
    d2 = d[:16] + "%08X" % (int(d[16:24], 16) ^ 1) + d[24:]
    bad("aida-repeated-leaf",
        "".join(aida_lines[:k] + [d + " [SL 00]\n", d2 + " [SL 00]\n"] + aida_lines[k + 1:]).encode(), k + 2)
    # A leaf repeated with the same values is harmless.
    f = os.path.join(tmp, "same-repeat.raw")
    open(f, "w").write("".join(raw_lines[:i + 1] + [raw_lines[i]] + raw_lines[i + 1:]))
    rc, out, err = run("info", "--cpuid-file", f)
    check_eq(rc, 0, f"leaf repeated with equal values is accepted [{err.strip()}]")
    rc, out, err = run("info", "--cpuid-file", os.path.join(tmp, "does-not-exist"))
    check_eq((rc, out), (2, ""), "missing file: exit 2")
    check("does-not-exist" in err, "missing file: named")


def test_usage():
    for args in (["nonsense"], ["info", "--bogus"], ["info", "--cpu"], ["info", "--cpu", "x"],
                 ["info", "--hal", "x32"], ["sources", "--interface", "arm"], ["decode-select"],
                 ["decode-select", "0xZZ"], ["decode-select", "1", "--vendor", "via"],
                 ["decode-select", "1", "2"], ["perf"], ["perf", "NoSuchSource", "--interface", "emon"],
                 ["perf", "ProfileTime", "--interface", "generic"], ["cpuid-dump", "extra"], []):
        rc, out, err = run(*args)
        check_eq(rc, 2, f"kprof {' '.join(args)}: exit 2")
        check_eq(out, "", f"kprof {' '.join(args)}: nothing on stdout")
        check(err.strip() != "", f"kprof {' '.join(args)}: says why")
    rc, out, err = run("--help")
    check_eq(rc, 0, "kprof --help")
    for cmd in ("info", "sources", "decode-select", "perf", "cpuid-dump"):
        check(re.search(r"^\s+" + re.escape(cmd) + r"\s", out, re.M) is not None, f"--help lists {cmd}")
        rc, o, err = run(cmd, "--help")
        check_eq(rc, 0, f"kprof {cmd} --help")
        check(o.startswith(f"usage: kprof {cmd}"), f"kprof {cmd} --help prints its usage")


def test_sources(tabs, live_expect):
    # Every table (the newest release lists them all); live_expect models the rules of Windows
    # 10's original release (RULES), so Supported is compared there, where no later-Intel source is.
    rc, out, err = run("sources", "--json")
    if not check_eq(rc, 0, "sources --json"):
        return
    j = json.loads(out)["sources"]
    rc, out, err = run("sources", *RULES, "--json")
    sup1507 = {(s["interface"], s["value"]): s["supported"] for s in json.loads(out)["sources"]} if rc == 0 else {}
    check(sup1507 and not any(i == "intel-later" for i, v in sup1507), "sources --windows 10-1507: no later-Intel source")
    for itf, rows in tabs.items():
        got = [s for s in j if s["interface"] == itf]
        check_eq(len(got), len(rows), f"sources --json: {itf} count equals the seed's rows")
        rc, o, err = run("sources", "--interface", itf, "--json")
        check_eq(json.loads(o)["sources"] if rc == 0 else None, got, f"sources --interface {itf} --json")
        for g, w in zip(got, rows):
            for k in ("value", "name", "select", "ebx_bit"):
                check_eq(g[k], w[k], f"sources {itf} 0x{w['value']:02x} {k}")
            want_sup = False
            if itf == live_expect["interface"]:
                want_sup = next(s["supported"] for s in live_expect["sources"] if s["value"] == w["value"])
            if itf != "intel-later":
                check_eq(sup1507.get((itf, w["value"])), want_sup, f"sources {itf} 0x{w['value']:02x} supported on this machine")
            check_eq(g["default_interval"], 10000 if w["value"] == 0 or w["name"] == "ProfileTimerFixed" else 65536,
                     f"sources {itf} 0x{w['value']:02x} default interval (reference listings)")
    check_eq(len(j), sum(len(r) for r in tabs.values()), "sources --json: total")
    rc, out, err = run("sources", "--wide")
    lines = out.splitlines()
    check_eq(len(lines), 1 + len(j), "sources --wide: one line per source plus the header")
    aligned(lines, "sources --wide text")
    rc, out, err = run("sources", "--interface", "emon", "--wide")
    aligned(out.splitlines(), "sources --interface emon --wide text")


def spec_intervals():
    """{(table, value): unit} from spec/source.yaml: a source's interval class (hardware unless
    the row names one) and that class's unit, read here independently of kprof."""
    import yaml
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    with open(os.path.join(root, "spec", "source.yaml"), encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    units = {k: v["unit"] for k, v in spec["intervals"].items()}
    # The timer's interval is a time in 100 ns units, a counter's a number of events
    # (Chappell, KPROFILE_SOURCE): the spec must say so.
    check_eq(units, {"timer": "100ns", "hardware": "events"}, "spec/source.yaml interval units")
    return spec, units


def text_rows(out):
    """The rows of a text table printed by the table writer: a row starts at the left edge; a
    line that starts with spaces continues the row above it (a folded cell). Returns [(first
    line's fields, [continuation lines])]."""
    rows = []
    for line in out.splitlines()[1:]:
        if line.startswith(" ") and rows and not re.match(r"^\s*\d+\s", line):
            rows[-1][1].append(line)
        else:
            rows.append((line.split(), []))
    return rows


# What the fixed-function counters count, architecturally (Intel SDM Vol. 3B, "Fixed-function
# performance counters"), by the names Intel's event lists give them; Microsoft Learn: the
# sources whose names end in Fixed are fixed counters.
FIXED_SOURCES = {0x21: (0, "INST_RETIRED.ANY"), 0x22: (1, "CPU_CLK_UNHALTED.THREAD"),
                 0x23: (2, "CPU_CLK_UNHALTED.REF_TSC")}


def test_later_intel_verdicts():
    """Issue 33: every supported source has a verdict. The later Intel sources named for a fixed
    counter count that counter's event where leaf 0x0A (version 2 and later) numbers it, nothing
    where it does not; LbrInserts and TimerFixed stay unknown (no public source settles them)."""
    names = sorted(f for f in os.listdir(DUMPS) if f.startswith("GenuineIntel") and f.endswith(".txt"))
    seen = set()
    for name in names:
        path = os.path.join(DUMPS, name)
        b = dict(parse_aida(open(path, encoding="latin-1").read())[0])
        eax, _, _, edx = b.get((0xA, 0), (0, 0, 0, 0)) if b.get((0, 0), (0,))[0] >= 0xA else (0, 0, 0, 0)
        version, fixed = eax & 0xFF, edx & 0x1F if (eax & 0xFF) >= 2 else 0
        rc, out, err = run("sources", "--cpuid-file", path, "--interface", "intel-later", "--json")
        if not check_eq(rc, 0, f"{name}: sources --interface intel-later [{err.strip()}]"):
            continue
        got = {s["value"]: (s["counts"]["status"], s["counts"]["event"]) for s in json.loads(out)["sources"]}
        want = {v: (("same", ev) if version >= 2 and fixed > n else ("absent", ev)) for v, (n, ev) in FIXED_SOURCES.items()}
        want.update({0x20: ("unknown", None), 0x24: ("unknown", None)})
        check_eq(got, want, f"{name}: later Intel verdicts (leaf 0x0A version {version}, {fixed} fixed)")
        seen.add(fixed > 2)
    check(seen == {True, False}, f"later Intel verdicts checked on dumps with and without 3 fixed counters ({seen})")


def test_tables_fit(tabs, tmp):
    """Issue 33: tables fit 80 columns (or --wide), the Name column is the HAL's name, intervals
    carry their unit, `sources` keeps everything but rows off standard output, and every
    command that answers for a release answers for the newest kprof models by default."""
    spec, units = spec_intervals()
    rels = spec_releases()
    newest = rels[-1]["name"]
    newest11 = [r["name"] for r in rels if str(r["title"]).startswith("Windows 11")][-1]
    first11 = [r["name"] for r in rels if str(r["title"]).startswith("Windows 11")][0]
    # Units: JSON and text, from the spec's interval classes.
    rc, out, err = run("sources", "--json")
    j = json.loads(out)["sources"] if rc == 0 else []
    want_unit = {}
    for t in spec["tables"]:
        for row in t["sources"]:
            # ProfileTime (value 0) is the timer's unless the row says otherwise (gen/plugins/source.py).
            want_unit[row["value"], t["id"]] = units[row.get("interval", "timer" if row["value"] == 0 else "hardware")]
    itf_id = {"generic": "generic", "default": "default", "emon": "emon", "amd64": "amd64", "intel-later": "intel_later"}
    bad = [(s["interface"], s["value"], s.get("interval_unit")) for s in j
           if s.get("interval_unit") != want_unit.get((s["value"], itf_id[s["interface"]]))]
    check(j and not bad, f"sources --json: every interval_unit as spec/source.yaml says ({bad[:3]})")
    # Text: --wide is one whole line per source, Name the HAL's string, Unit the spec's.
    rc, wide, err = run("sources", "--wide")
    rows = [l.split() for l in wide.splitlines()[1:]]
    check_eq(len(rows), len(j), "sources --wide: one line per source")
    head = wide.splitlines()[0].split() if wide else []
    col = {h: i for i, h in enumerate(head)}
    if check("Name" in col and "Unit" in col and "Interval" in col, f"sources --wide header {head}"):
        check_eq([(r[col["Name"]], r[col["Unit"]]) for r in rows],
                 [(s["description"], s["interval_unit"]) for s in j], "sources --wide: Name and Unit columns")
    # The default fits 80 columns (run() checks every text output) and awk still finds each
    # row on one line starting with its table and id; a folded name goes on over lines that
    # start with spaces, and its pieces are the whole name.
    rc, out, err = run("sources")
    rows = text_rows(out)
    check_eq(len(rows), len(j), "sources: one row per source")
    check_eq([(r[0][0], int(r[0][1])) for r in rows], [(s["interface"], s["value"]) for s in j],
             "sources: awk '{print $1, $2}' gives each row's table and id")
    names = [r[0][2] + "".join(c.split()[0] for c in r[1]) for r in rows]
    check_eq(names, [s["description"] for s in j], "sources: the Name column (folded pieces joined) is the HAL's name")
    check(any(r[1] for r in rows), "sources: some long names fold (the check above sees folding)")
    # The release: the newest kprof models, named on standard error with how to choose another.
    check(f"[{newest}," in err and "--windows" in err and out.count("windows") == 0,
          f"sources: stderr names the default release {newest} and --windows: {err.strip()[:120]}")
    rc, o2, err2 = run("sources", "--windows", newest, "--json")
    check_eq(json.loads(o2)["sources"] if rc == 0 else None, j, "sources: the default is the newest release")
    # With a processor: the summary is on standard error, standard output is rows only.
    k8 = os.path.join(DUMPS, "AuthenticAMD0020FB1_K8_Manchester_CPUID.txt")
    rc, out, err = run("sources", "--cpuid-file", k8)
    tables_ = set(tabs)
    lead = [l.split()[0] for l in out.splitlines()[1:] if not l.startswith(" ")]
    check(rc == 0 and lead and all(w in tables_ for w in lead),
          f"sources --cpuid-file: every row line starts with its table ({sorted(set(lead) - tables_)[:3]})")
    check("counts " in err and "counts " not in out, "sources --cpuid-file: the counts summary is on stderr")
    # decode-select and plan name the release they answered for.
    for args in (("decode-select", "0x4300c0", "--vendor", "amd"), ("plan", "TotalIssues", "--cpuid-file", k8)):
        rc, out, err = run(*args)
        check(rc == 0 and f"[{newest}," in out and "--windows RELEASE" in out, f"{args[0]}: names the default release {newest}")
        rc, out, err = run(*args, "--windows", first11)
        check(rc == 0 and f"[{first11}," in out and "--windows RELEASE" not in out, f"{args[0]} --windows {first11}")
    # --windows 11 is the newest Windows 11 release, as 10 is the newest Windows 10; the first
    # one stays selectable by its name.
    for arg, want in (("11", newest11), (first11, first11), (first11.upper(), first11)):
        rc, out, err = run("info", "--cpuid-file", k8, "--windows", arg, "--hal", "x64", "--json")
        check_eq(json.loads(out)["windows"] if rc == 0 else err, want, f"info --windows {arg}")
    # Every table command fits 80 columns without --wide and prints whole lines with it.
    for args in (("info", "--cpuid-file", k8), ("decode-select", "0x4300c0", "--vendor", "amd"),
                 ("info", "--cpuid-file", k8, "--windows", "all")):
        rc, out, err = run(*args)
        rc, wide, err = run(*args, "--wide")
        check(rc == 0 and max(map(len, wide.splitlines())) > 80 and ("Value" in wide or "all" in args),
              f"{args[0]} --wide: every column, lines as long as they are")


def test_json_release():
    """Issue 33, "JSON has the same fields": every command whose text names the Windows release
    and HAL it answered for names them in its JSON too, as `info --json` does (windows, hal,
    windows_default). The expected release comes from spec/windows_releases.yaml: the newest
    release with the HAL asked for, unless --windows names one."""
    rels = spec_releases()
    newest = {h: [r["name"] for r in rels if r[h]][-1] for h in ("x64", "x86")}
    first11 = [r["name"] for r in rels if str(r["title"]).startswith("Windows 11")][0]
    k8 = os.path.join(DUMPS, "AuthenticAMD0020FB1_K8_Manchester_CPUID.txt")
    for args in (("sources",), ("sources", "--interface", "amd64", "--cpuid-file", k8),
                 ("decode-select", "0x4300c0", "--vendor", "amd"), ("plan", "TotalIssues", "--cpuid-file", k8)):
        for extra, want in (((), (newest["x64"], "x64", True)), (("--hal", "x86"), (newest["x86"], "x86", True)),
                            (("--windows", first11), (first11, "x64", False))):
            rc, out, err = run(*args, *extra, "--json")
            j = json.loads(out) if rc == 0 else {}
            got = tuple(j.get(k) for k in ("windows", "hal", "windows_default")) if isinstance(j, dict) else None
            check_eq(got, want, f"{' '.join(args[:1] + extra)} --json: the release and HAL it answered for")


def label_value_column(line, common):
    """Where a labelled line's value starts, read independently of kprof: after the first column
    (a label, then two or more spaces, within 20 characters), or after a first word that fills
    the output's common label column but for one space ("selectable 16 listed" among
    "fits       ..."); None for a line without a label."""
    m = re.match(r"^(\S+(?: \S+)?) {2,}(?=\S)", line)
    if m and m.end() <= 20:
        return m.end()
    w = line.split(" ", 1)[0]
    if common and w and len(w) + 1 == common and line[common:common + 1] not in ("", " "):
        return common
    return None


def test_fold_words(tmp):
    """Issue 33: a folded labelled line goes on under its value column (every label, also one
    that fills the label column but for one space), and a name followed by a number ("Zen 5",
    "Windows 11", "version 24H2", "CPU 0") is never broken. The folded text is compared with
    the same command's --wide lines; the names come from spec/windows_releases.yaml and
    docs/uarch.md, not from kprof."""
    names = {str(r["title"]) for r in spec_releases()} | {n for u in uarch_rows() for n in u[6:9] if n}
    pairs = sorted({m for n in names for m in re.findall(r"\S+ \d\S*", n)} | {"(CPU 0)"})
    check(any(p.startswith("Zen ") for p in pairs) and "Windows 11" in " ".join(pairs), f"name/number pairs {pairs[:6]}")
    listing = os.path.join(tmp, "fold-listing.txt")
    src = os.path.join(SHARED, "reference", "listings-amd")
    first = sorted(os.listdir(src))[0] if os.path.isdir(src) else None
    runs = [("info", "--cpuid-file", os.path.join(DUMPS, f)) for f in sorted(os.listdir(DUMPS)) if f.endswith(".txt")]
    if check(first is not None, "a listing to fold"):
        open(listing, "w").write("Maximum selectable profile sources: 4.\n\n" +
                                 open(os.path.join(src, first), encoding="utf-8", errors="replace").read())
        runs.append(("listing-check", listing))
    folded_labels = kept = 0
    for args in runs:
        rc, out, err = run(*args)
        rcw, wide, errw = run(*args, "--wide")
        if not check(rc == rcw and rc in (0, 1), f"{' '.join(args)[-60:]}: ran [{err.strip()[:100]}]"):
            continue
        cols = collections.Counter(c for l in wide.splitlines() if (c := label_value_column(l, None)))
        common = cols.most_common(1)[0][0] if cols else None
        lines, pos, bad = out.splitlines(), 0, []
        for w in wide.splitlines():
            if w.lstrip().startswith("Id  "):
                break  # the source table: the table writer's (test_tables_fit)
            if pos >= len(lines):
                bad.append(("missing", w))
                break
            pieces = [lines[pos]]
            pos += 1
            # The fold only adds line breaks and indents (a long word may break anywhere).
            squash = lambda x: "".join(x.split())  # noqa: E731
            while squash("".join(pieces)) != squash(w) and pos < len(lines) and \
                    len(squash("".join(pieces))) < len(squash(w)):
                pieces.append(lines[pos])
                pos += 1
            if squash("".join(pieces)) != squash(w):
                bad.append(("text", w[:60]))
                break
            if len(pieces) > 1 and not w.startswith(" "):
                col = label_value_column(w, common)
                if col:
                    folded_labels += 1
                    if any(len(p) - len(p.lstrip(" ")) != col for p in pieces[1:]):
                        bad.append(("indent", col, pieces[:3]))
            for pair in pairs:
                if pair in w:
                    kept += 1
                    if "\n".join(pieces).count(pair) != w.count(pair):
                        bad.append(("broken", pair, pieces[:3]))
        check(not bad, f"{' '.join(args)[-60:]}: folded under the value column, names whole {bad[:2]}")
    check(folded_labels > 10 and kept > 10, f"labelled lines folded ({folded_labels}) and names seen ({kept}) in the outputs checked")


def test_decode_select(tabs):
    def fields(v, vendor):
        f = {"event": v & 0xFF, "umask": (v >> 8) & 0xFF, "usr": bit(v, 16), "os": bit(v, 17),
             "edge": bit(v, 18), "pc": bit(v, 19), "int": bit(v, 20), "en": bit(v, 22),
             "inv": bit(v, 23), "cmask": (v >> 24) & 0xFF}
        if vendor == "intel":  # Intel SDM vol. 3 IA32_PERFEVTSELx
            f.update(any=bit(v, 21), guest_only=None, host_only=None)
        else:  # AMD APM vol. 2 PerfEvtSel: EventSelect[11:8] at 35:32, HG_ONLY at 41:40
            f.update(any=None, guest_only=bit(v, 40), host_only=bit(v, 41))
            f["event"] |= ((v >> 32) & 0xF) << 8
        return f

    cases = [(0x0003412E, "intel", "emon"), (0x0053412E, "intel", "emon"), (0x0003003C, "intel", "emon"),
             (0x00030076, "amd", "amd64"), (0x000304EC, "amd", "amd64"), (0x00430076, "amd", "amd64"),
             (0x12345678, "intel", "emon"), (0x10003003C, "intel", "emon"), (0x3F00030076, "amd", "amd64")]
    for v, vendor, itf in cases:
        rc, out, err = run("decode-select", hex(v), "--vendor", vendor, "--json")
        if not check_eq(rc, 0, f"decode-select {v:#x} --vendor {vendor}"):
            continue
        j = json.loads(out)
        check_eq(j["value"], hex(v), f"decode-select {v:#x}: value (a 0x string: 64 bits)")
        check_eq(j["vendor"], vendor, f"decode-select {v:#x}: vendor")
        check_eq(j["fields"], fields(v, vendor), f"decode-select {v:#x}: fields")
        reserved = (v >> 32) != 0 if vendor == "intel" else bool(v & ((1 << 21) | ~((1 << 42) - 1) | (0xF0 << 32)))
        check_eq(j["reserved_bits"], reserved, f"decode-select {v:#x}: reserved bits")
        rmask = v & ~0xFFFFFFFF if vendor == "intel" else v & ((1 << 21) | ~((1 << 42) - 1) | (0xF0 << 32))
        check_eq(j.get("reserved_mask"), hex(rmask), f"decode-select {v:#x}: which reserved bits")
        want = sorted(r["value"] for r in tabs[itf]
                      if (v >> 32) == 0 and r["select"] == (v & ~((1 << 22) | (1 << 20))))
        check_eq(sorted(s["value"] for s in j["sources"]), want, f"decode-select {v:#x}: sources using it")
        # Supported is this machine's, so only for this machine's vendor's layout (host facts).
        h = host()
        if h is not None and j["sources"]:
            mine = h.vendor == vendor
            check(all((s["supported"] is not None) == mine for s in j["sources"]),
                  f"decode-select {v:#x} --vendor {vendor}: Supported {'this machine' if mine else 'unknown (another vendor)'}")
        rc, txt, err = run("decode-select", hex(v), "--vendor", vendor)
        check_eq(rc, 0, f"decode-select {v:#x} text")
        check(re.search(r"^\s+event\s+0x%02X$" % (fields(v, vendor)["event"]), txt, re.M) is not None,
              f"decode-select {v:#x} text: event")
        if reserved:
            bits = [b for b in range(64) if rmask >> b & 1]
            check(f"reserved bits set: {bits[0]}" in txt and f"mask 0x{rmask:X}" in txt,
                  f"decode-select {v:#x} text names the reserved bits [{txt.splitlines()[1]}]")
    rc, out, err = run("decode-select", str(0x0003412E), "--vendor", "intel", "--json")
    check_eq(json.loads(out)["fields"]["umask"] if rc == 0 else None, 0x41, "decode-select takes decimal")
    # 0x0003412E's sources by name (seed 000): ProfileCacheMisses and ProfileLLCMisses.
    rc, out, err = run("decode-select", "0x0003412E", "--vendor", "intel", "--json")
    check_eq(sorted(s["name"] for s in json.loads(out)["sources"]), ["ProfileCacheMisses", "ProfileLLCMisses"],
             "decode-select 0x0003412E: named sources")


def test_decode_select_perf_raw(tabs):
    """`kprof perf`'s rNNNN goes back into decode-select: the same fields (USR and OS set, as
    perf counts by default) and the source among those using it."""
    for itf, vendor in (("emon", "intel"), ("amd64", "amd")):
        for r in tabs[itf][:40]:
            if not r["select"]:
                continue
            raw = perf_raw(r["select"], vendor)
            rc, out, err = run("decode-select", raw, "--vendor", vendor, "--json")
            if not check_eq(rc, 0, f"decode-select {raw} --vendor {vendor} [{err.strip()}]"):
                continue
            j = json.loads(out)
            check(j["perf_raw"] is True and int(j["value"], 16) == int(raw[1:], 16) | 3 << 16 and
                  r["value"] in [s["value"] for s in j["sources"]],
                  f"decode-select {raw}: {r['name']} found again")
    rc, out, err = run("decode-select", "rxyz")
    check(rc == 2 and "perf's raw event is hex digits" in err, f"decode-select rxyz refused in words [{err.strip()}]")


def perf_raw(select, vendor):
    # Linux perf's x86 raw config (/sys/bus/event_source/devices/cpu/format): event 0-7,
    # umask 8-15, edge 18, inv 23, cmask 24-31; AMD event[11:8] at 32-35. USR/OS are perf's
    # exclude_* attributes, EN/INT belong to the kernel.
    keep = 0xFF | 0xFF00 | (1 << 18) | (1 << 23) | (0xFF << 24)
    if vendor == "amd":
        keep |= 0xF << 32
    return "r%x" % (select & keep)


def test_perf(tabs):
    rc, out, err = run("perf", "ProfileLLCMisses", "--interface", "emon")
    check_eq((rc, out.strip()), (0, "r412e"), "perf ProfileLLCMisses")
    want = perf_raw(next(r["select"] for r in tabs["emon"] if r["name"] == "ProfileLLCMisses"), "intel")
    check_eq(out.strip(), want, "perf ProfileLLCMisses derived from seed 000's select")
    for itf, vendor in (("emon", "intel"), ("amd64", "amd")):
        for r in tabs[itf]:
            rc, out, err = run("perf", r["name"], "--interface", itf)
            check_eq((rc, out.strip()), (0, perf_raw(r["select"], vendor)), f"perf {r['name']} --interface {itf}")
        r = tabs[itf][-1]
        rc, out, err = run("perf", hex(r["value"]), "--interface", itf)
        check_eq((rc, out.strip()), (0, perf_raw(r["select"], vendor)), f"perf {hex(r['value'])} --interface {itf}")
    # --json: the same raw event, and the row it came from (seed 000).
    r = next(r for r in tabs["emon"] if r["name"] == "ProfileLLCMisses")
    rc, out, err = run("perf", "LLCMisses", "--interface", "emon", "--json")
    check_eq(json.loads(out) if rc == 0 else None,
             {"interface": "emon", "value": r["value"], "name": r["name"], "select": r["select"],
              "raw": perf_raw(r["select"], "intel")}, "perf --json")
    rc, out, err = run("perf", "llcmisses", "--interface", "emon")
    check_eq((rc, out.strip()), (0, "r412e"), "perf takes any case and no Profile prefix")


def test_json_strings(tmp):
    # A hypervisor signature holding quote, backslash, control and non-ASCII bytes, and
    # trailing NULs: the JSON must parse and give the bytes back (Latin-1), NULs stripped.
    sig = b'"\\\x01\xffAB\tC\0\0\0\0'
    ebx, ecx, edx = (int.from_bytes(sig[i:i + 4], "little") for i in (0, 4, 8))
    raw = ("CPU 0:\n"
           "   0x00000000 0x00: eax=0x0000000a ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
           "   0x00000001 0x00: eax=0x000906ea ebx=0x00000800 ecx=0x80000000 edx=0x00000000\n"
           "   0x0000000a 0x00: eax=0x07300404 ebx=0x00000000 ecx=0x00000000 edx=0x00000603\n"
           f"   0x40000000 0x00: eax=0x40000001 ebx=0x{ebx:08x} ecx=0x{ecx:08x} edx=0x{edx:08x}\n")
    f = os.path.join(tmp, "odd-signature.raw")
    open(f, "w").write(raw)
    rc, out, err = run("info", "--cpuid-file", f, "--json")
    if check_eq(rc, 0, f"odd signature dump [{err.strip()}]"):
        try:
            j = json.loads(out)
            check_eq((j.get("hypervisor") or {}).get("vendor"), sig.rstrip(b"\0").decode("latin-1"), "odd signature round trip")
            check_eq(j["interface"], "emon", "odd signature: not Microsoft-compatible, vendor rules apply")
        except ValueError as ex:
            check(False, f"odd signature JSON parses: {ex}")
    rc, out, err = run("info", "--cpuid-file", f)
    check(rc == 0 and "\\x01" in out, "odd signature text output escapes control bytes")


def test_live(tabs, tmp):
    """The live processor, every expectation from this host's facts (tests/hostfacts.py: the
    leaves Debian's `cpuid -r -1` reads, the affinity mask)."""
    h = host()
    if h is None:
        return None
    theirs = h.leaves
    e = expect(theirs, tabs)
    rc, out, err = run("info", *RULES, "--json")
    if check_eq(rc, 0, "info --json (live)"):
        check_info(json.loads(out), e, "live")
    rc, dump, err = run("cpuid-dump")
    if check_eq(rc, 0, "cpuid-dump"):
        mine = parse_raw(dump)
        check_eq(len(mine), 1, "cpuid-dump: one CPU block")
        # The leaves kprof uses and the standard ranges: the same values as `cpuid -r -1` for
        # every leaf both list (the tool also probes odd ranges).
        common = set(mine[0]) & set(theirs)
        for key in sorted(common):
            if key[0] in (0x1, 0xB, 0x1F, 0x8000001E):
                continue  # the APIC id differs with the CPU the process runs on
            check_eq(mine[0][key], theirs[key], f"cpuid-dump leaf {key[0]:#x}.{key[1]}")
        mx = theirs[(0, 0)][0]
        for leaf in range(0, mx + 1):
            check((leaf, 0) in mine[0], f"cpuid-dump has basic leaf {leaf:#x}")
        emx = theirs[(0x80000000, 0)][0]
        for leaf in range(0x80000000, emx + 1):
            check((leaf, 0) in mine[0], f"cpuid-dump has extended leaf {leaf:#x}")
        for leaf in (0x40000000, 0x40000001):
            if bit(theirs[(1, 0)][2], 31):
                check((leaf, 0) in mine[0], f"cpuid-dump has hypervisor leaf {leaf:#x}")
        f = os.path.join(tmp, "live.raw")
        open(f, "w").write(dump)
        rc, fromfile, err = run("info", "--cpuid-file", f, *RULES, "--json")
        # The same leaves, but one CPU of a file has groups where the live CPU alone has none.
        strip = lambda t: re.sub(r',\n  "cpu_groups": .*', "", without_input(t), flags=re.S)  # noqa: E731
        check_eq(strip(fromfile), strip(out), "info on cpuid-dump's output equals live info")
        # And cpuid's own reader accepts it.
        p = subprocess.run(["cpuid", "-f", f], capture_output=True, text=True)
        check(p.returncode == 0 and "vendor_id" in p.stdout, "cpuid -f reads cpuid-dump output")
    # --json: the leaves the text has, block for block (the text read by the test's own reader).
    for args in ([], ["--all"]):
        rc, txt, err = run("cpuid-dump", *args)
        rc2, js, err2 = run("cpuid-dump", *args, "--json")
        if check_eq((rc, rc2), (0, 0), f"cpuid-dump {' '.join(args)} --json [{err2.strip()}]"):
            blocks = parse_raw(txt)
            got = json.loads(js)["cpus"]
            check_eq([c["cpu"] for c in got], [int(n) for n in re.findall(r"^CPU (\d+):$", txt, re.M)],
                     f"cpuid-dump {' '.join(args)} --json: the CPUs the text labels")
            # The APIC-id leaves differ with the CPU read at each run; the rest must agree.
            vary = (0x1, 0xB, 0x1F, 0x8000001E)
            check_eq([{(l["leaf"], l["subleaf"]): (l["eax"], l["ebx"], l["ecx"], l["edx"]) for l in c["leaves"]
                       if l["leaf"] not in vary} for c in got],
                     [{k: v for k, v in b.items() if k[0] not in vary} for b in blocks],
                     f"cpuid-dump {' '.join(args)} --json: the text's leaves")
    rc, out, err = run("info")
    check_eq(rc, 0, "info (live, text)")
    # Every CPU this process may run on: one block each, in order, all of this processor's
    # vendor; `info --all` groups every block (numbered from 0, as --cpu counts them).
    rc, dump, err = run("cpuid-dump", "--all")
    if check_eq(rc, 0, "cpuid-dump --all"):
        cpus = [int(n) for n in re.findall(r"^CPU (\d+):$", dump, re.M)]
        check_eq(cpus, hostfacts.expect_cpuid_dump_all(h), "cpuid-dump --all: a block per CPU of the affinity mask")
        check_eq([hostfacts.vendor_string(b) for b in parse_raw(dump)], [h.vendor_string] * len(cpus),
                 "cpuid-dump --all: every block has this processor's vendor")
    rc, out, err = run("info", "--all", "--json")
    if check_eq(rc, 0, "info --all --json"):
        grouped = sorted(c for g in json.loads(out).get("cpu_groups", []) for c in g["cpus"])
        check_eq(grouped, list(range(len(h.affinity))), "info --all: every CPU block in one group")
    return e


def test_lwp_decode(tmp):
    """Records built here from reference/lwp-shipped.md's layout (byte 0 EventId, 1 CoreId,
    2..3 Flags, 4..7 Data1, 8..15 address, 16..23 Data2, 24..31 timestamp)."""
    import struct
    recs = [(2, 3, 0x0000, 0, 0x401000, 0, 0),                 # instructions retired
            (3, 1, 0xE000, 0, 0x401010, 0x402000, 77),         # branch: taken|predicted|valid
            (255, 0, 0x1234, 0xCAFE, 0x401020, 0xFFFFFFFF, 0),  # LWPINS
            (0, 0, 0, 0, 0, 0, 0),                             # event id 0: invalid
            (3, 1, 0x8000, 0, 0xFFFF800000401010, 0x402000, 0xFEDCBA9876543210),  # taken, prediction not valid
            (4, 2, 0x7000, 120, 0x401030, 0xFFFF800012345678, 5),  # DCache: DRAM (3), address valid
            (4, 2, 0x2000, 9, 0x401040, 0x1234, 6)]            # DCache: local L3 (1), address not valid
    blob = b"".join(struct.pack("<BBHIQQQ", *r) for r in recs)
    path = os.path.join(tmp, "ring.bin")
    with open(path, "wb") as f:
        f.write(blob)
    rc, out, err = run("lwp-decode", "--json", path)
    check_eq(rc, 0, "lwp-decode exit status")
    rows = [json.loads(l) for l in out.splitlines()]
    check_eq(len(rows), len(recs), "lwp-decode prints every record")
    for r, j in zip(recs, rows):
        check_eq((j["event"], j["core"], j["flags"], j["data1"], j["ip"], j["data2"], j["timestamp"]),
                 (r[0], r[1], r[2] >> 0, r[3], hex(r[4]), hex(r[5]), hex(r[6])), f"lwp-decode record {r[0]}: 64-bit values as 0x strings")
    check_eq([j["kind"] for j in rows], ["instruction", "branch", "lwpins", "empty", "branch", "dcache", "dcache"],
             "lwp-decode kinds (shipped ids)")
    # Per-kind fields by the reference's bits: branch flags bit 31 taken, 30 predicted, 29
    # prediction valid (record bits; Flags holds 31:16); DCache 31:29 source, 28 address valid.
    pick = lambda j, *k: tuple(j.get(x, "<missing>") for x in k)  # noqa: E731
    check_eq(pick(rows[1], "taken", "predicted", "target"), (True, True, hex(0x402000)), "branch: taken, predicted, target")
    check_eq(pick(rows[4], "taken", "predicted"), (True, None), "branch: prediction not valid -> null")
    check_eq(pick(rows[5], "latency", "data_source", "data_address_valid", "data_address"),
             (120, "dram", True, hex(0xFFFF800012345678)), "DCache: latency, DRAM, address")
    check_eq(pick(rows[6], "latency", "data_source", "data_address_valid", "data_address"),
             (9, "local-l3", False, None), "DCache: local L3, no address")
    rc, txt, err = run("lwp-decode", path, "--wide")
    tl = txt.splitlines()
    check(len(tl) == 7 and "taken yes predicted yes" in tl[1] and "predicted unknown" in tl[4] and
          "latency 120 source dram address 0xffff800012345678" in tl[5] and "address invalid" in tl[6],
          f"lwp-decode text: per-kind fields [{tl[1:2]}]")
    check(len(rows) == 7 and rows[3].get("invalid") is True and "invalid" not in rows[0], "event id 0 is flagged invalid")
    rc, out, err = run("lwp-decode", "--json", "--proposal", path)
    check_eq([json.loads(l)["kind"] for l in out.splitlines()][:2], ["branch", "dcache"],
             "lwp-decode --proposal uses the proposal's ids (2 branches, 3 DCache)")
    with open(path, "ab") as f:
        f.write(b"\x01\x02\x03")
    rc, out, err = run("lwp-decode", path, "--wide")
    check(rc == 0 and len(out.splitlines()) == len(recs) and path in err and f"offset {hex(32 * len(recs))}" in err
          and "warning" in err and "3 bytes" in err,
          f"a partial record: the whole records decoded, the tail warned about with file and offset ({rc}, {err.strip()!r})")
    rc, out, err = run("lwp-decode", "--bogus", path)
    check(rc == 2 and out == "", "lwp-decode rejects an unknown option")
    with open(path, "wb") as f:
        f.write(blob)
    return path


def test_ds_and_sources_decode(tmp):
    """kprof ds-decode / sources-decode on sample files written here with struct.pack (layouts
    from ../shared/reference/intel-ds-perfmon.md and the PROFILE_SOURCE_INFO layout, not from
    kprof)."""
    import struct

    def write(name, data):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def fmt3(tag):
        # PEBS format 3 (0xC8 bytes): flags, ip, ax, bx, cx, dx, si, di, bp, sp, r8..r15,
        # status 0x90, dla 0x98, dse 0xA0, lat 0xA8, real_ip 0xB0, tsx 0xB8, tsc 0xC0
        return struct.pack("<25Q", *[tag << 8 | i for i in range(25)])

    # ---- BTS, 64-bit: 24-byte records {from, to, flags}, predicted = flags bit 4
    recs = [(0x401000 + i, 0x402000 + i, 0x10 if i % 2 else 0) for i in range(5)]
    bts = write("bts.bin", b"".join(struct.pack("<QQQ", *r) for r in recs))
    rc, out, err = run("ds-decode", "--format", "bts", "--base", "0x10000", "--json", bts)
    check(rc == 0, f"bts rc {rc} {err}")
    if rc == 0:
        j = json.loads(out)
        check(j["count"] == 5, "bts count")
        for i, r in enumerate(j["records"]):
            check(int(r["from"], 16) == recs[i][0] and int(r["to"], 16) == recs[i][1], f"bts record {i}")
            check(r["predicted"] == bool(recs[i][2] & 0x10), f"bts predicted {i}")
            check(int(r["at"], 16) == 0x10000 + 24 * i, f"bts at {i}")
    rc, out, err = run("ds-decode", "--format", "bts", bts)
    check(rc == 0 and len(out.splitlines()) == 5 and "predicted" in out.splitlines()[1], "bts text")

    # wrapped circular buffer: 8 slots, 11 records written, index at slot 3 -> oldest is record 3
    slots = [None] * 8
    for n in range(11):
        slots[n % 8] = (0x1000 + n, 0x2000 + n, 0)
    wrap = write("wrap.bin", b"".join(struct.pack("<QQQ", *s) for s in slots))
    rc, out, err = run("ds-decode", "--format", "bts", "--index", str(3 * 24), "--wrapped", "--json", wrap)
    check(rc == 0, f"wrapped rc {err}")
    if rc == 0:
        froms = [int(r["from"], 16) for r in json.loads(out)["records"]]
        check(froms == [0x1000 + n for n in range(3, 11)], f"wrapped order {froms}")

    # 32-bit BTS
    b32 = write("bts32.bin", struct.pack("<III", 0x8048000, 0x8049000, 0x10))
    rc, out, err = run("ds-decode", "--format", "bts32", "--json", b32)
    check(rc == 0 and json.loads(out)["records"][0]["predicted"] is True, "bts32")

    # ---- PEBS format 3
    p3 = write("pebs3.bin", fmt3(1) + fmt3(2))
    rc, out, err = run("ds-decode", "--format", "pebs3", "--json", p3)
    check(rc == 0, f"pebs3 rc {err}")
    if rc == 0:
        r = json.loads(out)["records"]
        check(len(r) == 2, "pebs3 count")
        check(int(r[1]["ip"], 16) == (2 << 8 | 1), "pebs3 ip")
        check(int(r[1]["gprs"]["bx"], 16) == (2 << 8 | 3), "pebs3 bx")
        check(int(r[0]["data_address"], 16) == (1 << 8 | 0x98 // 8), "pebs3 dla")
        check(int(r[0]["eventing_ip"], 16) == (1 << 8 | 0xB0 // 8), "pebs3 real_ip")
        check(int(r[0]["tsc"], 16) == (1 << 8 | 0xC0 // 8), "pebs3 tsc")
    # the same bytes as format 1 are not whole records (0x190 is not a multiple of 0xB0)
    rc, out, err = run("ds-decode", "--format", "pebs1", p3)
    check(rc == 2 and p3 in err and out == "" and
          f"{0x190} bytes is not a whole number of {0xB0}-byte pebs1 records" in err,
          f"pebs1 misaligned: said in words, with the sizes [{rc} {err.strip()}]")
    rc, out, err = run("ds-decode", "--format", "pebs3", "--base", "0x1000", "--index", "0x10", p3)
    check(rc == 2 and "--index 0x10 is below --base 0x1000" in err, f"--index below --base said so [{err.strip()}]")
    rc, out, err = run("ds-decode", "--format", "pebs3", "--index", "0x100000", p3)
    check(rc == 2 and "--index 0x100000 is past the end of the buffer" in err and f"{0x190} bytes" in err,
          f"--index past the file said so [{err.strip()}]")
    rc, out, err = run("ds-decode", "--format", "pebs3", "--json", p3)
    check(rc == 0 and json.loads(out)["format"] == "pebs3", "ds-decode --json names the record format (pebs3)")

    # ---- adaptive: basic {format_size = cfg | size << 48, ip, applicable, tsc} + meminfo + GPRs + 2 LBRs
    cfg = 0x1 | 0x2 | 0x8 | (1 << 24)
    size = 0x20 + 32 + 144 + 2 * 24
    rec = struct.pack("<4Q", cfg | size << 48, 0xFFFFF80000001234, 1, 99)
    rec += struct.pack("<4Q", 0xDEAD000, 0x42, 300, 0)
    rec += struct.pack("<18Q", *[0x500 + i for i in range(18)])  # flags, ip, ax, cx, dx, bx, ...
    rec += struct.pack("<6Q", 0xA, 0xB, 0xC, 0xD, 0xE, 0xF)
    p4 = write("pebs4.bin", rec * 3)
    rc, out, err = run("ds-decode", "--format", "pebs4", "--data-cfg", hex(cfg), "--json", p4)
    check(rc == 0, f"pebs4 rc {err}")
    if rc == 0:
        r = json.loads(out)["records"]
        check(len(r) == 3 and r[2]["size"] == size, "pebs4 count/size")
        check(int(r[0]["ip"], 16) == 0xFFFFF80000001234, "pebs4 ip")
        check(int(r[0]["latency"], 16) == 300, "pebs4 latency")
        check(int(r[0]["gprs"]["cx"], 16) == 0x503 and int(r[0]["gprs"]["bx"], 16) == 0x505, "pebs4 gpr order")
        check([int(x["to"], 16) for x in r[0]["lbr"]] == [0xB, 0xE], "pebs4 lbr")
    rc, out, err = run("ds-decode", "--format", "pebs5", "--json", p4)  # no data_cfg: each record's size
    check(rc == 0 and json.loads(out)["count"] == 3, "pebs5 self-sized")
    bad = bytearray(rec * 2)
    struct.pack_into("<Q", bad, size, cfg | (size + 8) << 48)  # second record lies about its size
    p4bad = write("pebs4bad.bin", bytes(bad))
    rc, out, err = run("ds-decode", "--format", "pebs4", "--json", p4bad)
    check(rc == 2 and out == "" and f"offset 0x{size:x}" in err and "CORRUPT" in err, f"pebs4 corrupt: {err}")
    rc, out, err = run("ds-decode", "--format", "pebs4", "--data-cfg", "0x10", p4)
    check(rc == 2 and "FORMAT" in err, f"unknown data_cfg group: {err}")

    # ---- format 6: meminfo with the split latency (instr 15:0, cache 47:32), then the counters
    # group (PEBS_DATA_CFG bit 4, gp 47:32, fixed 55:48; bit 5 metrics): header {cntr, fixed,
    # metrics = 3, 0}, then one u64 per counter and two for the metrics (Linux ds.c)
    cfg6 = 0x1 | 0x10 | 0x20 | (0x3 << 32) | (0x1 << 48)
    size6 = 0x20 + 32 + 16 + 8 * (2 + 1 + 2)
    rec6 = struct.pack("<4Q", (cfg6 & 0xFFFFFFFF) | size6 << 48, 0x1000, 1, 7)
    rec6 += struct.pack("<4Q", 0xBEEF0, 0x42, 0x56 << 32 | 0x1234, 0)
    rec6 += struct.pack("<4I", 0x3, 0x1, 3, 0) + struct.pack("<5Q", *range(0xC0, 0xC5))
    p6 = write("pebs6.bin", rec6 * 2)
    rc, out, err = run("ds-decode", "--format", "pebs6", "--data-cfg", hex(cfg6), "--json", p6)
    check(rc == 0, f"pebs6 rc {err}")
    if rc == 0:
        r = json.loads(out)["records"]
        check(len(r) == 2 and r[1]["size"] == size6, "pebs6 count/size")
        check(int(r[0]["instr_latency"], 16) == 0x1234 and int(r[0]["cache_latency"], 16) == 0x56, "pebs6 latency split")
        check([int(x, 16) for x in r[0]["counters"]["values"]] == list(range(0xC0, 0xC5)), "pebs6 counters")
    rc, out, err = run("ds-decode", "--format", "pebs5", "--data-cfg", hex(cfg6), p6)
    check(rc == 2 and "FORMAT" in err, f"pebs5 has no counters group: {err}")

    # ---- NetBurst 32-bit record: ten u32
    nb = write("pebs32.bin", struct.pack("<10I", *range(0x100, 0x10A)))
    rc, out, err = run("ds-decode", "--format", "pebs32", "--json", nb)
    check(rc == 0 and int(json.loads(out)["records"][0]["gprs"]["sp"], 16) == 0x109, "pebs32")

    # ---- the data source in words (issue 34). Expectations worked out by hand from Linux's
    # arch/x86/events/intel/ds.c tables and core.c's model cases, not from kprof.
    def fmt3_dse(dse):
        v = [0] * 25
        v[0xA0 // 8] = dse
        return struct.pack("<25Q", *v)
    ds3 = write("pebs3-dse.bin", fmt3_dse(0x08) + fmt3_dse(0x11) + fmt3_dse(0x2C0F) + fmt3_dse(0x12))
    intel = ["--vendor", "intel", "--family", "6"]
    def dsrc(*args):
        rc, out, err = run("ds-decode", "--format", "pebs3", "--json", *args, ds3)
        check(rc == 0, f"ds-decode {' '.join(args)}: rc {rc} [{err.strip()[:160]}]")
        return json.loads(out) if rc == 0 else None
    d = dsrc(*intel, "--model", "0x55", "--stepping", "7")  # Cascade Lake: skl(pmem true)
    if d:
        sc, w = d["data_source_scheme"], [r.get("data_source_words") for r in d["records"]]
        check(sc["known"] and sc["uarch"] == "Cascade Lake" and sc["why"] is None and sc["access"] == "load",
              f"Cascade Lake: a known scheme [{sc}]")
        check(w[0]["level"] == "persistent memory" and w[0]["hit"] and w[0]["snoop"] == "hit" and not w[0]["remote"],
              f"Cascade Lake 0x08: local persistent memory [{w[0]}]")
        check(w[1]["level"] == "L1" and w[1]["stlb_miss"] is True and w[1]["locked"] is False and
              w[1]["data_blocked"] is None, f"Cascade Lake 0x11: L1 hit, STLB miss, not locked, no block bits [{w[1]}]")
    d = dsrc(*intel, "--model", "0xBD", "--core", "LION COVE")  # Lunar Lake P-core: lnc layout
    if d:
        w = d["records"][2]["data_source_words"]
        check(d["data_source_scheme"]["core"] == "Lion Cove" and w["code"] == 0x0F and w["level"] == "L3" and
              w["hit"] is False and w["snoop"] == "hit modified" and w["stlb_miss"] is True and w["locked"] is True and
              w["data_blocked"] is False and w["address_blocked"] is True,
              f"Lunar Lake P-core 0x2C0F: L3 miss, snoop HitM, STLB miss, locked, address blocked [{w}]")
        w = d["records"][1]["data_source_words"]
        check(w["code"] == 0x11 and w["level"] == "memory" and w["stlb_miss"] is False,
              f"Lunar Lake 0x11: local memory (bit 4 is part of Lion Cove's encoding) [{w}]")
        w = d["records"][3]["data_source_words"]
        check(w["code"] == 0x12 and w["meaning"] is None, f"Lunar Lake 0x12: an encoding Linux's table lacks [{w}]")
    d = dsrc(*intel, "--model", "0xBD", "--core", "skymont")  # its E-core: Crestmont's table
    if d:
        w = d["records"][0]["data_source_words"]
        check(w["level"] == "L3" and w["snoop"] == "hit modified" and w["address_blocked"] is None,
              f"Lunar Lake E-core 0x08: L3 hit, snoop HitM (Crestmont's table) [{w}]")
    for args, why in (([*intel, "--model", "0xBD"], "--core"), ([*intel, "--model", "0x5C"], "no data-source table"),
                      (["--vendor", "amd", "--family", "0x19", "--model", "0x61"], "no data-source table")):
        d = dsrc(*args)
        if d:
            sc = d["data_source_scheme"]
            check(not sc["known"] and sc["table"] is None and why in sc["why"] and
                  all("data_source_words" not in r for r in d["records"]),
                  f"ds-decode {' '.join(args)}: unknown, said why ({why}) [{sc}]")
    rc, out, err = run("ds-decode", "--format", "pebs3", "--wide", *intel, "--model", "0x5C", ds3)
    check(rc == 0 and "unknown: Linux has no data-source table for Goldmont" in out and "src 0x8 (unknown)" in out,
          f"text: unknown said in words [{out[:200]}]")
    rc, out, err = run("ds-decode", "--format", "pebs3", "--wide", *intel, "--model", "0x3C", "--access", "precise-store", ds3)
    check(rc == 0 and "src 0x11 (L1 hit; STLB miss)" in out and "src 0x8 (L1 miss)" in out and
          out.startswith("data source: precise-store events: the store's own bits"),
          f"text: Sandy Bridge precise stores, bits 0, 4, 5 [{out[:300]}]")
    d = dsrc(*intel, "--model", "0x5C", "--access", "store-l1")  # Goldmont: no table, but store bits
    if d:
        sc, w = d["data_source_scheme"], d["records"][1]["data_source_words"]
        check(sc["known"] and sc["table"] is None and w["level"] == "L1" and w["hit"] and w["stlb_miss"] is None,
              f"store-l1: bit 0 only, on any processor [{sc} {w}]")
    for args, says in ((["--format", "bts", "--family", "6"], "--family is for the PEBS formats with a data source"),
                       (["--format", "pebs0", "--core", "x"], "--core is for the PEBS formats with a data source"),
                       (["--format", "pebs3", *intel, "--model", "0xBD", "--core", "Goldmont"],
                        "--core Goldmont: Lunar Lake has Lion Cove and Skymont cores"),
                       (["--format", "pebs3", "--model", "0xBD"], "--vendor, --model and --stepping need --family"),
                       (["--format", "pebs3", "--cpu", "1"], "--cpu needs --cpuid-file")):
        rc, out, err = run("ds-decode", *args, ds3)
        check(rc == 2 and out == "" and says in err, f"ds-decode {' '.join(args)}: refused in words [{err.strip()[:160]}]")
    # Every dump: a scheme, known with a table or unknown with why; this machine: unknown on AMD.
    for f in sorted(os.listdir(DUMPS)):
        d = dsrc("--cpuid-file", os.path.join(DUMPS, f))
        if d:
            sc = d["data_source_scheme"]
            check((sc["table"] is not None and sc["uarch"] and sc["core"]) if sc["known"] else bool(sc["why"]),
                  f"{f}: a table or why [{sc}]")
            if f.startswith("GenuineIntel00506E"):
                check(sc["table"] == "skylake" and d["records"][0]["data_source_words"]["level"] == "L4",
                      f"{f}: Skylake's table, 0x08 an L4 hit [{sc}]")
    d = dsrc()
    h = host()
    if d and h is not None and h.vendor == "amd":
        check(not d["data_source_scheme"]["known"], "this AMD machine: the data source is unknown (no PEBS)")

    # ---- architectural PEBS (--format arch-pebs): a record as Linux's perf_event.h lays it out
    # (struct arch_pebs_header: size 15:0, aux 62, basic 63; arch_pebs_basic 0x30 bytes;
    # arch_pebs_aux 0x40 bytes, aux at 0x28, instr/cache latency at 0x30), written here.
    def arch_rec(dse):
        return (struct.pack("<QQ", 128 | 1 << 63 | 1 << 62, 0) +
                struct.pack("<6Q", 0x401000, 1, 12345, 77 | 1 << 16, 0, 0) +
                struct.pack("<8Q", 0xDEAD000, 0, 0, 0, 0, dse, 30 | 200 << 32, 0))
    arch = write("arch.bin", arch_rec(0x2C0F) + arch_rec(0x10))
    rc, out, err = run("ds-decode", "--format", "arch-pebs", "--json", *intel, "--model", "0xBD", "--core", "Lion Cove", arch)
    check(rc == 0, f"arch-pebs rc {rc} [{err.strip()[:160]}]")
    if rc == 0:
        d = json.loads(out)
        r = d["records"]
        check(d["format"] == "arch-pebs" and len(r) == 2 and r[0]["size"] == 128 and r[0]["fragments"] == 1 and
              int(r[0]["ip"], 16) == 0x401000 and r[0]["retire_latency"] == 77 and r[0]["instr_latency"] == 30 and
              r[0]["cache_latency"] == 200 and int(r[0]["data_address"], 16) == 0xDEAD000,
              f"arch-pebs: the basic and aux groups [{r[:1]}]")
        check(r[0]["data_source_words"]["snoop"] == "hit modified" and r[0]["data_source_words"]["locked"] is True and
              r[1]["data_source_words"]["level"] == "memory-side cache",
              f"arch-pebs: Lion Cove's data sources (0x2C0F, 0x10: memory-side cache) [{r}]")
    rc, out, err = run("ds-decode", "--format", "arch-pebs", "--index", "0x80", "--json", arch)  # wr 8: 128 bytes
    check(rc == 0 and json.loads(out)["count"] == 1, f"arch-pebs --index 0x80: one record [{err.strip()[:120]}]")
    rc, out, err = run("ds-decode", "--format", "arch-pebs", "--index", "0x200", arch)
    check(rc == 2 and out == "" and "--index 0x200 says the processor wrote 0x200 bytes" in err and "holds 256" in err,
          f"arch-pebs: an index past the file said in words [{err.strip()[:160]}]")
    rc, out, err = run("ds-decode", "--format", "arch-pebs", "--index", "0x8000000000000000", arch)
    check(rc == 2 and out == "" and "bits IA32_PEBS_INDEX does not define" in err,
          f"arch-pebs: reserved index bits said in words [{err.strip()[:160]}]")
    rc, out, err = run("ds-decode", "--format", "arch-pebs", write("arch-bad.bin", struct.pack("<QQ", 8 | 1 << 63, 0)))
    check(rc == 2 and out == "" and "arch-pebs record 0" in err, f"arch-pebs: a corrupt record refused [{err.strip()[:160]}]")
    for opt in (["--base", "0x1000"], ["--wrapped"], ["--max", "0x10"], ["--data-cfg", "1"]):
        rc, out, err = run("ds-decode", "--format", "arch-pebs", *opt, arch)
        check(rc == 2 and f"{opt[0]} is for Debug Store buffers" in err, f"arch-pebs {opt[0]} refused [{err.strip()[:120]}]")

    # ---- AMD IBS samples as Linux's perf delivers them (PERF_SAMPLE_RAW: u32 size, then the u32
    # caps word and the u64 MSR values; amd-ibs.h / APM vol. 2 13.3 layouts typed in here):
    # IbsFetchCtl maxcnt 0x100 (x16), latency 64 (47:32), fetch_val 49, phy_addr_valid 52.
    caps = 0x7  # IBS_CAPS_DEFAULT: avail, fetch sampling, op sampling
    fetch = struct.pack("<I3Q", caps, 0x100 | 64 << 32 | 1 << 49 | 1 << 52, 0x401000, 0x1234000)
    ibsf = write("ibs-fetch.bin", (struct.pack("<I", len(fetch)) + fetch) * 2)
    rc, out, err = run("ds-decode", "--format", "ibs-fetch", "--json", ibsf)
    check(rc == 0, f"ibs-fetch rc {rc} [{err.strip()[:160]}]")
    if rc == 0:
        r = json.loads(out)["records"]
        check(len(r) == 2 and r[1]["at"] == hex(len(fetch) + 4) and int(r[0]["linear_address"], 16) == 0x401000 and
              int(r[0]["physical_address"], 16) == 0x1234000 and r[0]["latency"] == 64 and r[0]["max_count"] == 0x1000 and
              r[0]["page_size_kib"] == 4, f"ibs-fetch: addresses, latency, period, 4 KiB page [{r[:1]}]")
    # IbsOpCtl maxcnt 0x10, op_val 18; IbsOpRip; IbsOpData (rip valid); IbsOpData3 dc_lin_addr_valid 17
    op = struct.pack("<I7Q", caps, 0x10 | 1 << 18, 0x401234, 0, 0, 1 << 17, 0x7FFF0000, 0)
    rc, out, err = run("ds-decode", "--format", "ibs-op", "--wide", write("ibs-op.bin", struct.pack("<I", len(op)) + op))
    check(rc == 0 and "rip 0x0000000000401234" in out and "linear 0x7fff0000" in out and "physical" not in out and
          "every 256" in out, f"ibs-op text: rip, linear address, no physical one, period [{out.strip()[:200]}]")
    # IbsOpData2 data_src_lo 3 (DRAM), and on a Zen 4 caps word (bit 11, zen4) data_src_hi 1:
    # 1 << 3 | 2 = 10, reserved in amd-ibs.h's list (1, 2, 3, 5, 6, 7, 8, 12), and 2 (near CCX).
    for caps_word, data2, name, words in ((caps, 3, "dram", "DRAM"),
                                          (caps | 1 << 11, 2, "near-ccx-cache", "another CCX's cache, same node"),
                                          (caps | 1 << 11, 1 << 6 | 2, "reserved (0xa)", "reserved (0xa)")):
        op2 = struct.pack("<I7Q", caps_word, 0x10 | 1 << 18, 0x401234, 0, data2, 1 << 17, 0x7FFF0000, 0)
        blob = write("ibs-op-src.bin", struct.pack("<I", len(op2)) + op2)
        rc, out, err = run("ds-decode", "--format", "ibs-op", "--json", blob)
        r = json.loads(out)["records"] if rc == 0 else [{}]
        check(rc == 0 and r[0].get("ibs_data_source") == name and r[0].get("ibs_data_source_words") == words,
              f"ibs-op data source {data2:#x}: {name} / {words} [{r[0]}]")
        rc, out, err = run("ds-decode", "--format", "ibs-op", "--wide", blob)
        check(rc == 0 and f"data source: {words}" in out, f"ibs-op text: data source in words ({words}) [{out.strip()[:200]}]")
    rc, out, err = run("ds-decode", "--format", "ibs-op", ibsf)  # fetch samples are too short for op
    check(rc == 2 and out == "" and "ibs-op sample 0" in err and "offset 0x0" in err,
          f"ibs-op on fetch samples refused, naming the sample [{err.strip()[:160]}]")
    bad = struct.pack("<I3Q", caps, 0x100, 0x401000, 0)  # fetch_val clear
    rc, out, err = run("ds-decode", "--format", "ibs-fetch", write("ibs-noval.bin", struct.pack("<I", len(bad)) + bad))
    check(rc == 2 and "valid bit is clear" in err, f"ibs-fetch without fetch_val said in words [{err.strip()[:160]}]")
    for opt in (["--index", "0x10"], ["--family", "6"], ["--access", "store"]):
        rc, out, err = run("ds-decode", "--format", "ibs-fetch", *opt, ibsf)
        check(rc == 2 and opt[0] in err, f"ibs-fetch {opt[0]} refused [{err.strip()[:120]}]")

    # ---- usage and input errors
    for args in (["--format", "pebs99", bts], ["--format", "bts"], ["--bogus", bts], ["--format", "bts", bts, bts],
                 ["--format", "pebs3", "--wrapped", p3], ["--format", "bts", "--base", "x", bts]):
        rc, out, err = run("ds-decode", *args)
        check(rc == 2 and "usage" in err, f"usage error {args}: {rc}")
    rc, out, err = run("ds-decode", "--format", "bts", os.path.join(tmp, "missing.bin"))
    check(rc == 2 and "missing.bin" in err, "missing file")
    rc, out, err = run("ds-decode", "--format", "bts", "--index", "0x1000", bts)
    check(rc == 2 and bts in err, "index past the file")


    # ---- sources-decode: a PROFILE_SOURCE_INFO chain built from the real Intel listing
    def psi_chain(rows):
        out = b""
        for i, (src, name, mn, mx) in enumerate(rows):
            desc = (name + "\0").encode("utf-16-le")
            n = 0x18 + len(desc)
            n = (n + 7) & ~7
            nxt = n if i + 1 < len(rows) else 0
            out += (struct.pack("<IIIIQ", nxt, src, mn, mx, 0) + desc).ljust(n, b"\0")
        return out

    rows = []
    with open(os.path.join(SHARED, "reference/listings/intel-tracelog-2020.txt")) as f:
        for line in f:
            p = line.split()
            if len(p) == 5 and p[0].isdigit():
                rows.append((int(p[0]), p[1], int(p[3]), int(p[4])))
    check(len(rows) == 18, "listing rows")
    rows.append((0x77, "SomethingNew", 1, 2))
    chain = write("sources.bin", psi_chain(rows))
    # The chain is an Intel machine's: its table named (the default is this machine's vendor's).
    rc, out, err = run("sources-decode", "--interface", "emon", "--json", chain)
    check(rc == 0, f"sources rc {err}")
    if rc == 0:
        j = json.loads(out)
        e = j["entries"]
        check(len(e) == len(rows), "sources count")
        check([x["source"] for x in e] == [r[0] for r in rows], "sources ids")
        check([x["description"] for x in e] == [r[1] for r in rows], "sources names")
        check(all(x["known"] for x in e[:-1]) and e[-1]["known"] is False and e[-1]["name"] is None, "unknown reported")
        check(e[0]["name"] == "ProfileTime" and e[0]["min_interval"] == 1221, "source 0")
        check(all(x["table"] == "intel-later" for x in e if x["known"] and x["source"] >= 0x20), "later table")
        check(all(x["table"] == "emon" for x in e if x["known"] and x["source"] < 0x20),
              "the named table by its --interface spelling")
    # Read as AMD's: the Intel descriptions contradict the Amd64 table, and each is warned about.
    rc, out, err = run("sources-decode", "--interface", "amd64", chain)
    amd_clash = [r for r in rows if r[0] != 0 and r[0] < 0x20 and r[1] not in ("SomethingNew",)]
    check(rc == 0 and err.count("warning:") >= len([r for r in amd_clash if r[0] in (0x1D, 0x1C)]) and
          "entry 0x1D" in err and '"LLCMisses"' in err and "--interface emon" in err,
          f"sources-decode --interface amd64 on an Intel chain warns about 0x1D [{err[:300]}]")
    rc, out, err = run("sources-decode", "--interface", "emon", chain)
    check(rc == 0 and "warning" not in err, f"sources-decode --interface emon on an Intel chain: no warning [{err[:200]}]")
    rc, out, err = run("sources-decode", "--interface", "amd64", chain, "--wide")
    check(rc == 0 and "unknown to kprof" in out, "amd64 interface text")
    badchain = bytearray(psi_chain(rows[:3]))
    second = struct.unpack_from("<I", badchain, 0)[0]
    struct.pack_into("<I", badchain, second, 0x10)  # second entry: NextEntryOffset shorter than a header
    bc = write("badchain.bin", bytes(badchain))
    rc, out, err = run("sources-decode", "--json", bc)
    check(rc == 2 and out == "" and bc in err and f"offset 0x{second:x}" in err, f"bad chain: {err}")
    check("entry 1:" in err and "NextEntryOffset 0x10" in err, f"bad chain: the entry and its field named [{err.strip()}]")
    trunc = write("truncchain.bin", bytes(psi_chain(rows[:3]))[:second + 8])
    rc, out, err = run("sources-decode", trunc)
    check(rc == 2 and "entry 0:" in err and f"leads to an entry at 0x{second:x}" in err and "runs past the end of the file" in err,
          f"truncated chain: the entry named [{err.strip()}]")
    rc, out, err = run("sources-decode", "--interface", "vax", chain)
    check(rc == 2 and "usage" in err, "bad interface")

    return {"bts": bts, "wrap": wrap, "p3": p3, "p4": p4, "chain": chain}

# The options each command documents (docs/cli.md, kprof.1). Other options may be added; these
# must stay, appear in `kprof CMD --help`, and be accepted by the parser.
DOCUMENTED = {
    "info": ["--cpuid-file", "--cpu", "--hal", "--json"],
    "sources": ["--interface", "--json"],
    "decode-select": ["--vendor", "--json"],
    "perf": ["--interface"],
    "plan": ["--cpuid-file", "--cpu", "--hal", "--windows", "--counter", "--interval"],
    "cpuid-dump": ["--all", "--cpuid-file"],
    "lwp-decode": ["--json", "--proposal"],
    "ds-decode": ["--format", "--data-cfg", "--base", "--index", "--max", "--wrapped", "--json"],
    "sources-decode": ["--interface", "--json"],
}
INPUT_MAX = 16 << 20  # the documented cap: docs/cli.md and kprof.1 say "16 MiB"


def help_options(cmd):
    rc, out, err = run(cmd, "--help")
    return rc, out, re.findall(r"^  (--[a-z0-9-]+)", out, re.M)


def test_option_layer(tmp, files, live_dump):
    if not os.path.exists(live_dump):
        rc, out, err = run("cpuid-dump")
        open(live_dump, "w").write(out)
    rc, out, err = run("--help")
    for cmd in DOCUMENTED:
        check(re.search(r"^\s+" + re.escape(cmd) + r"\s", out, re.M) is not None, f"kprof --help lists {cmd}")
    for cmd, want in DOCUMENTED.items():
        rc, text, listed = help_options(cmd)
        check_eq(rc, 0, f"kprof {cmd} --help")
        # The usage line, folded to 80 columns: its first line and the indented ones after it.
        ulines = text.splitlines() if text else [""]
        usage = ulines[0]
        for l in ulines[1:]:
            if not l.startswith(" "):
                break
            usage += " " + l.strip()
        for opt in want:
            check(opt in listed, f"kprof {cmd} --help describes {opt}")
            check(opt in usage, f"kprof {cmd} --help usage line shows {opt}")
        for opt in listed:
            # Every option the help shows is one the parser takes (a missing value or a bad
            # one may still be refused, but never as an unknown option).
            rc, o, err = run(cmd, opt)
            check("unknown option" not in err, f"kprof {cmd} {opt}: known to the parser [{err.strip()}]")
        rc, o, err = run(cmd, "--no-such-option")
        check(rc == 2 and o == "" and "unknown option" in err, f"kprof {cmd} --no-such-option refused")

    # --opt=VALUE means --opt VALUE, for every type of option.
    same = [
        (["info", "--cpuid-file", live_dump, "--cpu", "0", "--hal", "x86", "--json"],
         ["info", f"--cpuid-file={live_dump}", "--cpu=0", "--hal=x86", "--json"]),
        (["sources", "--interface", "intel-later", "--json"], ["sources", "--interface=intel-later", "--json"]),
        (["decode-select", "0x412e", "--vendor", "amd", "--json"], ["decode-select", "0x412e", "--vendor=amd", "--json"]),
        (["perf", "LLCMisses", "--interface", "emon"], ["perf", "LLCMisses", "--interface=emon"]),
        (["ds-decode", "--format", "bts", "--index", "72", "--wrapped", "--json", files["wrap"]],
         ["ds-decode", "--format=bts", "--index=72", "--wrapped", "--json", files["wrap"]]),
        (["ds-decode", "--format", "bts", "--base", "0x1000", "--max", "0x1030", "--index", "0x1030", files["wrap"]],
         ["ds-decode", "--format=bts", "--base=0x1000", "--max=0x1030", "--index=0x1030", files["wrap"]]),
        (["sources-decode", "--interface", "amd64", "--json", files["chain"]],
         ["sources-decode", "--interface=amd64", "--json", files["chain"]]),
    ]
    for a, b in same:
        ra, oa, ea = run(*a)
        rb, ob, eb = run(*b)
        check(ra == 0 and (ra, oa) == (rb, ob), f"{' '.join(b[:4])}: --opt=VALUE equals --opt VALUE [{ea.strip()} {eb.strip()}]")
    rc, out, err = run("ds-decode", "--format", "bts", "--index=8", files["bts"])
    check(rc == 2 and "8 bytes is not a whole number of 24-byte bts records" in err and "unknown option" not in err,
          f"ds-decode --index=8 parsed (8 is inside a record) [{err.strip()}]")
    rc, out, err = run("ds-decode", "--format", "bts", "--max=48", "--index=48", "--json", files["bts"])
    check(rc == 0 and json.loads(out)["count"] == 2 if rc == 0 else False, f"ds-decode --index=48 --max=48: two records [{err.strip()}]")
    for args in (["info", "--json=yes"], ["info", "--cpu=x"], ["info", "--cpu="], ["info", "--hal="],
                 ["info", "--cpu", "0x80000000", "--cpuid-file", live_dump], ["ds-decode", "--format=pebs99", files["bts"]],
                 ["ds-decode", "--format", "bts", "--base=-1", files["bts"]], ["lwp-decode"], ["ds-decode", files["bts"]],
                 ["sources-decode"], ["lwp-decode", "a", "b"]):
        rc, out, err = run(*args)
        check(rc == 2 and out == "" and "usage: kprof" in err, f"kprof {' '.join(args)}: usage error, exit 2")
    # `--` ends the options: a file whose name starts with '-'.
    dash = os.path.join(tmp, "-ring.bin")
    shutil.copy(files["ring"], dash)
    rc, out, err = run("lwp-decode", "--json", "--", dash)
    rc2, out2, err2 = run("lwp-decode", "--json", files["ring"])
    check(rc == 0 and out == out2, f"lwp-decode -- -ring.bin reads the file [{err.strip()}]")

    # Every table name `sources` takes, the other commands with --interface take too.
    for itf in ("generic", "default", "emon", "amd64", "intel-later"):
        rc, out, err = run("sources-decode", "--interface", itf, "--json", files["chain"])
        check(rc == 0 and json.loads(out)["interface"] == itf if rc == 0 else False,
              f"sources-decode --interface {itf} accepted [{err.strip()}]")
        rc, out, err = run("perf", "ProfileTime", "--interface", itf)
        check("is not one of" not in err and "unknown" not in err, f"perf --interface {itf} is a known table [{err.strip()}]")


def test_inputs(tmp, files, live_dump):
    """`-` reads standard input; input past the documented cap is refused, not read forever."""
    with open(live_dump, "rb") as f:
        dump = f.read()
    rc, out, err = run("info", "--cpuid-file", live_dump, "--json")
    rc2, out2, err2 = run("info", "--cpuid-file", "-", "--json", stdin=dump)
    check(rc == 0 and (rc2, without_input(out2)) == (rc, without_input(out)),
          f"info --cpuid-file - reads standard input [{err2.strip()}]")
    for cmd, path in (("lwp-decode", files["ring"]), ("ds-decode", files["p3"]), ("sources-decode", files["chain"])):
        extra = ["--format", "pebs3"] if cmd == "ds-decode" else []
        with open(path, "rb") as f:
            data = f.read()
        rc, out, err = run(cmd, *extra, "--json", path)
        rc2, out2, err2 = run(cmd, *extra, "--json", "-", stdin=data)
        check(rc == 0 and (rc2, out2) == (rc, out), f"{cmd} - reads standard input [{err2.strip()}]")
    rc, out, err = run("info", "--cpuid-file", "-", stdin=b"hello\n")
    check(rc == 2 and out == "" and "(standard input): not a cpuid dump: none of its 1 line is a leaf line" in err,
          f"bad standard input is named, no line blamed [{err.strip()}]")
    for doc in ("docs/cli.md", "kprof.1"):
        text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", doc), encoding="utf-8").read()
        check("16 MiB" in text, f"{doc} documents the 16 MiB input cap")

    def refused(args, what, stdin=None):
        try:
            rc, out, err = run(*args, stdin=stdin, timeout=300)
        except subprocess.TimeoutExpired:
            check(False, f"{what}: kprof returned (it read without end)")
            return
        check(rc == 2 and out == "" and "16 MiB" in err, f"{what}: refused past the cap, exit 2 [{err.strip()}]")

    refused(["info", "--cpuid-file", "/dev/zero"], "info --cpuid-file /dev/zero")
    refused(["lwp-decode", "/dev/zero"], "lwp-decode /dev/zero")
    refused(["ds-decode", "--format", "bts", "/dev/zero"], "ds-decode /dev/zero")
    big = os.path.join(tmp, "big.bin")
    with open(big, "wb") as f:
        f.truncate(INPUT_MAX + 1)
    refused(["sources-decode", big], "a file one byte past the cap")
    refused(["info", "--cpuid-file", "-"], "standard input one byte past the cap", stdin=b"\0" * (INPUT_MAX + 1))
    with open(big, "wb") as f:
        f.truncate(INPUT_MAX)
    rc, out, err = run("info", "--cpuid-file", big)
    check(rc == 2 and "16 MiB" not in err and "not a cpuid dump" in err,
          f"a file of exactly the cap is read (and found not to be a dump) [{err.strip()}]")
    os.unlink(big)


def test_text_encodings(tmp):
    """Text inputs (dumps, hwloc files, listings) read the same as UTF-8, UTF-8 with a BOM and
    UTF-16 (LE and BE) with a byte-order mark, what Windows PowerShell 5.1's `>` writes;
    odd-length UTF-16 and UTF-16 without a mark are refused naming file and line."""
    sky = os.path.join(DUMPS, "GenuineIntel00506E3_SkyLake_01_CPUID.txt")
    listing = os.path.join(SHARED, "reference/listings/intel-wpr-learn.txt")
    hwloc = os.path.join(SHARED, "cpuid-dumps/hwloc/Intel-RaptorLake-Corei7-1370P")
    raw = to_raw(parse_aida(open(sky, encoding="latin-1").read()))
    # A comment line with a non-ASCII and a non-BMP character (a surrogate pair in UTF-16).
    text = {"aida": open(sky, encoding="latin-1").read(), "raw": raw,
            "listing": "# caf\u00e9 \U0001F600\n" + open(listing, encoding="utf-8").read()}
    # The mark right before a line that matters: a leaf line, a listing's header.
    text["leaves"] = "".join(l for l in text["aida"].splitlines(True) if re.match("CPUID [0-9A-F]{8}", l))
    text["listing-header"] = "".join(l for l in open(listing, encoding="utf-8").readlines()
                                     if not l.startswith("#"))

    def write(name, data):
        f = os.path.join(tmp, name)
        open(f, "wb").write(data)
        return f

    def encoded(t, enc):
        if enc == "utf-8-bom":
            return b"\xef\xbb\xbf" + t.encode("utf-8")
        return (b"\xff\xfe" if enc == "utf-16le" else b"\xfe\xff") + t.encode(enc)

    for kind in ("aida", "raw", "listing", "leaves", "listing-header"):
        plain = write(f"enc-{kind}.txt", text[kind].encode("utf-8"))
        args = (["listing-check", "{}", "--cpuid-file", sky] if kind.startswith("listing")
                else ["info", "--cpuid-file", "{}", "--json"])
        want = run(*[plain if a == "{}" else a for a in args])
        check_eq(want[0], 0, f"{kind} as UTF-8 reads [{want[2].strip()}]")
        for enc in ("utf-8-bom", "utf-16le", "utf-16be"):
            f = write(f"enc-{kind}-{enc}.txt", encoded(text[kind], enc))
            got = run(*[f if a == "{}" else a for a in args])
            check_eq((got[0], without_input(got[1].replace(f, plain))), (want[0], without_input(want[1])), f"{kind} as {enc}: the same output")
    # A hwloc-gather-cpuid directory with every file re-encoded.
    d = os.path.join(tmp, "hwloc-utf16")
    os.mkdir(d)
    for name in os.listdir(hwloc):
        t = open(os.path.join(hwloc, name), encoding="utf-8").read()
        open(os.path.join(d, name), "wb").write(encoded(t, "utf-16le"))
    want = run("info", "--cpuid-file", hwloc, "--json")
    got = run("info", "--cpuid-file", d, "--json")
    check(want[0] == 0 and (got[0], without_input(got[1].replace(d, hwloc))) == (want[0], without_input(want[1])),
          f"a hwloc directory in UTF-16 reads as in UTF-8 [{got[2].strip()}]")

    bad_dump(tmp, "utf16-odd", encoded(text["raw"], "utf-16le") + b"x", text["raw"].count("\n") + 1)
    # An unpaired surrogate reads as U+FFFD: a bad dump line, refused there ...
    # (no leaf line anywhere: not a dump, and no line is blamed for it)
    bad_dump(tmp, "utf16-lone-high", b"\xff\xfe" + "CPU 0:\n".encode("utf-16le") + b"\x00\xd8x\x00\n\x00")
    bad_dump(tmp, "utf16-lone-low", b"\xff\xfe" + "CPU 0:\n\n".encode("utf-16le") + b"\x00\xdc")
    bad_dump(tmp, "utf16-no-bom", text["raw"].encode("utf-16le"), 1)
    # ... and harmless in a listing's comment, which reads as with U+FFFD written there.
    body = open(listing, encoding="utf-8").read()
    f = write("lone-comment.txt", b"\xff\xfe" + "# ".encode("utf-16le") + b"\x00\xd8" + ("\n" + body).encode("utf-16le"))
    g = write("fffd-comment.txt", ("# \ufffd\n" + body).encode("utf-8"))
    got, want = run("listing-check", f, "--cpuid-file", sky), run("listing-check", g, "--cpuid-file", sky)
    check(want[0] == 0 and (got[0], without_input(got[1].replace(f, g))) == (want[0], without_input(want[1])),
          f"a lone surrogate in a listing comment reads as U+FFFD [{got[2].strip()}]")
    # Random units after a mark (surrogates, NULs, odd lengths), under the sanitizer build: a
    # sanitizer report would end kprof with another exit status.
    rnd = random.Random(16)
    for k in range(60):
        units = bytes(rnd.choice((0x00, 0x0A, 0x41, 0xD8, 0xDC, 0xFF)) for _ in range(rnd.randrange(1, 64)))
        bad_dump(tmp, f"utf16-random-{k}", rnd.choice((b"\xff\xfe", b"\xfe\xff")) + units)

def test_exit_failure(tmp):
    """Exit status 1: the system failed us. Writing to a full device, and (KPROF_NOLIVE, a
    KPROF_NO_LIVE build) no cpuid; a dump still works there."""
    with open("/dev/full", "wb") as full:
        for args in (["--help"], ["--version"], ["info", "--help"], ["help", "sources"], ["--completion", "bash"]):
            p = subprocess.run([KPROF, *args], stdout=full, stderr=subprocess.PIPE)
            check(p.returncode == 1 and b"standard output" in p.stderr,
                  f"kprof {' '.join(args)} > /dev/full: exit 1 with a message [{p.returncode} {p.stderr.strip()!r}]")
        p = subprocess.run([KPROF, "sources"], stdout=full, stderr=subprocess.PIPE)
    check(p.returncode == 1 and b"writing the output failed" in p.stderr,
          f"kprof sources > /dev/full: exit 1 [{p.stderr.strip()!r}]")
    nolive = os.environ.get("KPROF_NOLIVE")
    if not check(nolive is not None, "KPROF_NOLIVE (a KPROF_NO_LIVE build) given by make"):
        return
    for args in (["info"], ["cpuid-dump"]):
        p = subprocess.run([nolive, *args], capture_output=True)
        check(p.returncode == 1 and p.stdout == b"" and b"cpuid" in p.stderr,
              f"kprof {' '.join(args)} without cpuid: exit 1 [{p.stderr.strip()!r}]")
    p = subprocess.run([nolive, "info", "--cpuid-file", os.path.join(tmp, "live.raw"), "--json"], capture_output=True)
    check(p.returncode == 0, "without cpuid, info --cpuid-file still works")


def test_shell(tmp):
    """--version, the bash completion and its installation, and no colour."""
    header = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kprof.h"), encoding="utf-8").read()
    version = re.search(r'^#define KPROF_VERSION_STRING "([^"]+)"', header, re.M)[1]
    rc, out, err = run("--version")
    check_eq((rc, out), (0, f"kprof {version}\n"), "kprof --version prints KPROF_VERSION_STRING")
    rc, script, err = run("--completion", "bash")
    if not check_eq(rc, 0, "kprof --completion bash"):
        return
    path = os.path.join(tmp, "kprof.bash")
    open(path, "w").write(script)
    check(subprocess.run(["bash", "-n", path]).returncode == 0, "the completion script parses (bash -n)")

    def complete(*words):
        words = list(words)
        prog = (f"source {path}; COMP_WORDS=({' '.join(repr(w) for w in ['kprof'] + words)}); "
                f"COMP_CWORD={len(words)}; _kprof; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
        p = subprocess.run(["bash", "-c", prog], capture_output=True, text=True, cwd=tmp)
        return set(p.stdout.split())

    check(set(DOCUMENTED) | {"--help", "--version"} <= complete(""), f"completion: the commands {sorted(complete(''))}")
    check(complete("ds") == {"ds-decode"}, "completion: ds -> ds-decode")
    for cmd, opts in DOCUMENTED.items():
        got = complete(cmd, "--")
        check(set(opts) <= got, f"completion: {cmd} -- offers {opts} (got {sorted(got)})")
    check_eq(complete("info", "--hal", ""), {"x64", "x86"}, "completion: info --hal")
    check_eq(complete("sources", "--interface", ""), {"generic", "default", "emon", "amd64", "intel-later"},
             "completion: sources --interface")
    check("pebs32" in complete("ds-decode", "--format", ""), "completion: ds-decode --format")
    check("kprof.bash" in complete("lwp-decode", "kprof."), "completion: lwp-decode FILE completes file names")
    # make install puts the same script where bash-completion looks for it.
    dest = os.path.join(tmp, "destdir")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    p = subprocess.run(["make", "-s", "-C", root, "install", f"DESTDIR={dest}", "PREFIX=/usr"], capture_output=True, text=True)
    installed = os.path.join(dest, "usr", "share", "bash-completion", "completions", "kprof")
    check(p.returncode == 0 and os.path.isfile(installed) and open(installed).read() == script,
          f"make install: share/bash-completion/completions/kprof is the script [{p.stderr.strip()[-200:]}]")
    # No colour: not with NO_COLOR, not without it, not even on a terminal.
    import pty
    for env in ({"NO_COLOR": "1"}, {}):
        master, slave = pty.openpty()
        e = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        e.update(env, TERM="xterm-256color")
        p = subprocess.Popen([KPROF, "info"], stdout=slave, stderr=slave, env=e)
        os.close(slave)
        data = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        p.wait()
        os.close(master)
        check(p.returncode == 0 and b"\x1b" not in data and b"vendor" in data,
              f"kprof info on a terminal {env or '(NO_COLOR unset)'}: no colour escapes")


# ---------------------------------------------------------------------------------------------
# Hostile input (issue 31): FIFOs, CPU numbers, escaping, the total bound of a directory, and
# grouping many CPUs. Outputs are taken as bytes: what a terminal would receive.
# ---------------------------------------------------------------------------------------------
def cli_constant(name):
    """A number cli/util.h defines (the command's documented limits)."""
    text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli", "util.h")).read()
    m = re.search(r"#define " + name + r"\s+\(?(?:\(size_t\))?(\d+)u?(?:\s*<<\s*(\d+))?", text)
    return int(m.group(1)) << int(m.group(2) or 0)


PIPE_WAIT = cli_constant("KPROF_CLI_PIPE_WAIT_S")
DIR_FILES_MAX = cli_constant("KPROF_CLI_DIR_FILES_MAX")


def run_raw(*args, stdin=None, timeout=120, pass_fds=()):
    """(exit status, stdout bytes, stderr bytes), or None when kprof did not return in time
    (killed: a test never hangs on a regression)."""
    try:
        p = subprocess.run([BIN[0], *args], capture_output=True, input=stdin, timeout=timeout, pass_fds=pass_fds)
    except subprocess.TimeoutExpired:
        return None
    return p.returncode, p.stdout, p.stderr


def plain(b):
    """Whether bytes are printable ASCII lines: nothing a terminal would take as a control."""
    return all(0x20 <= c < 0x7F or c == 0x0A for c in b)


def test_fifos(tmp, pu0, started):
    """A FIFO or pipe named on purpose is read as its data comes; one nobody writes to is given
    up after the documented wait; a directory's FIFO is refused at once, named."""
    fifo = os.path.join(tmp, "fifo")
    # The two waits (started before the other hostile tests, collected here).
    for what, p in started:
        try:
            out, err = p.communicate(timeout=PIPE_WAIT + 60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            check(False, f"{what}: kprof gave up within {PIPE_WAIT} s (+60) of nothing to read")
            continue
        check(p.returncode == 2 and out == b"" and plain(err) and b"fifo-" in err and b"FIFO" in err
              and f"{PIPE_WAIT} s".encode() in err,
              f"{what}: exit 2 naming the FIFO and the wait [{err.decode(errors='replace').strip()}]")
    want = run("info", "--cpuid-file", pu0, "--wide")
    # A named FIFO whose writer comes late (and a pipe passed as /dev/fd/N, what `<(cmd)` is).
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"sleep 2; cat '{pu0}' > '{fifo}'"])
    got = run_raw("info", "--cpuid-file", fifo, "--wide", timeout=PIPE_WAIT + 60)
    writer.wait()
    check(got is not None and (got[0], without_input(got[1].decode())) == (want[0], without_input(want[1])),
          f"a FIFO whose writer starts 2 s late is read [{got and got[2].decode(errors='replace').strip()}]")
    r, w = os.pipe()
    feeder = subprocess.Popen(["sh", "-c", f"sleep 1; cat '{pu0}'"], stdout=w)
    os.close(w)
    got = run_raw("info", "--cpuid-file", f"/dev/fd/{r}", "--wide", timeout=PIPE_WAIT + 60, pass_fds=(r,))
    os.close(r)
    feeder.wait()
    check(got is not None and (got[0], without_input(got[1].decode())) == (want[0], without_input(want[1])),
          f"a pipe as /dev/fd/N (what <(cmd) passes) is read [{got and got[2].decode(errors='replace').strip()}]")
    if shutil.which("bash"):
        p = subprocess.run(["bash", "-c", f"'{BIN[0]}' info --wide --cpuid-file <(cat '{pu0}')"], capture_output=True,
                           timeout=PIPE_WAIT + 60)
        check((p.returncode, without_input(p.stdout.decode())) == (want[0], without_input(want[1])), f"info --cpuid-file <(cat pu0) in bash [{p.stderr.decode().strip()}]")
    os.unlink(fifo)
    # A hwloc directory: every file a regular file, or refused at once naming it.
    for bad in ("pu1", "hwloc-cpuid-info"):
        d = os.path.join(tmp, f"hwloc-fifo-{bad}")
        os.mkdir(d)
        shutil.copy(pu0, os.path.join(d, "pu0"))
        os.mkfifo(os.path.join(d, bad))
        got = run_raw("info", "--cpuid-file", d, timeout=60)
        check(got is not None and got[0] == 2 and got[1] == b"" and f"{d}/{bad}: a FIFO".encode() in got[2],
              f"a hwloc directory whose {bad} is a FIFO: refused at once, named "
              f"[{'hangs' if got is None else got[2].decode(errors='replace').strip()}]")
    d = os.path.join(tmp, "hwloc-device")
    os.mkdir(d)
    shutil.copy(pu0, os.path.join(d, "pu0"))
    os.symlink("/dev/zero", os.path.join(d, "pu1"))
    os.mkdir(os.path.join(d, "pu2"))
    got = run_raw("info", "--cpuid-file", d, timeout=60)
    check(got is not None and got[0] == 2 and b"/pu1: a character device" in got[2],
          f"a hwloc directory whose pu1 is /dev/zero: refused, named [{got and got[2].decode(errors='replace').strip()}]")
    os.unlink(os.path.join(d, "pu1"))
    got = run_raw("info", "--cpuid-file", d, timeout=60)
    check(got is not None and got[0] == 2 and b"/pu2: a directory" in got[2],
          f"a hwloc directory holding a directory pu2: refused, named [{got and got[2].decode(errors='replace').strip()}]")


def test_cpu_numbers(tmp, pu0):
    """A hwloc directory's file names are CPU numbers: duplicates and numbers kprof cannot hold
    are refused naming the files; zero-padded unique names read as their numbers."""
    def hwdir(name, files):
        d = os.path.join(tmp, name)
        os.mkdir(d)
        for f in files:
            shutil.copy(pu0, os.path.join(d, f))
        return d

    d = hwdir("pu-dup", ["pu0", "pu1", "pu01"])
    got = run_raw("info", "--cpuid-file", d)
    check(got[0] == 2 and got[1] == b"" and f"{d}/pu01 and {d}/pu1: two files for CPU 1".encode() in got[2],
          f"pu1 and pu01: refused, both named [{got[2].decode().strip()}]")
    for bad in ("pu99999999999", "pu4294967295", "pu0x10", "pu1.bak"):
        d = hwdir("pu-" + bad.replace(".", "_"), ["pu0", bad])
        got = run_raw("info", "--cpuid-file", d)
        check(got[0] == 2 and got[1] == b"" and f"{d}/{bad}: not a CPU's file".encode() in got[2],
              f"{bad}: refused, named [{got[2].decode().strip()}]")
    d = hwdir("pu-padded", ["pu00", "pu01", "pu4294967294", "README"])
    rc, out, err = run("info", "--cpuid-file", d, "--json")
    ok = rc == 0
    if ok:
        g = json.loads(out)["cpu_groups"]
        ok = [x["cpus"] for x in g] == [[0, 1, 4294967294]]
    check(ok, f"pu00, pu01, pu4294967294 (and a README): CPUs 0, 1, 4294967294 [{err.strip()}]")
    # One numbering scheme: the groups' numbers are what --cpu takes (pu numbers, `CPU n:`).
    d = hwdir("pu-gap", ["pu0", "pu1", "pu2", "pu3", "pu6"])
    rc, out, err = run("info", "--cpuid-file", d, "--json")
    check(rc == 0 and [x["cpus"] for x in json.loads(out)["cpu_groups"]] == [[0, 1, 2, 3, 6]], f"pu0-3, pu6: CPUs 0-3, 6 [{err.strip()}]")
    rc, out, err = run("info", "--cpuid-file", d, "--cpu", "6", "--json")
    check(rc == 0 and json.loads(out)["input"]["cpu"] == 6 and json.loads(out)["input"]["file"] == f"{d}/pu6",
          f"--cpu 6 reads pu6 [{err.strip()}]")
    rc, out, err = run("info", "--cpuid-file", d, "--cpu", "5")
    check(rc == 2 and "no CPU 5" in err and "0-3,6" in err, f"--cpu 5 refused, naming the CPUs there are [{err.strip()}]")
    one = os.path.join(tmp, "only-cpu1.raw")
    sky = parse_aida(open(os.path.join(DUMPS, "GenuineIntel00506E3_SkyLake_01_CPUID.txt"), encoding="latin-1").read())
    open(one, "w").write(to_raw(sky[:1]).replace("CPU 0:", "CPU 1:", 1))
    for args in ([], ["--cpu", "1"]):
        rc, out, err = run("info", "--cpuid-file", one, *args, "--json")
        check(rc == 0 and json.loads(out)["input"]["cpu"] == 1 and json.loads(out)["cpu_groups"][0]["cpus"] == [1],
              f"a dump whose only block is CPU 1: info {' '.join(args)} reads CPU 1 [{err.strip()}]")


def test_escaping(tmp, pu0):
    """Every string from input is escaped, in text and JSON, in output and in messages."""
    import struct
    hostile = ["Timer\x1b[31mRED\x1b[0m", "osc\x1b]0;owned\x07", "bell\x07", "forged\r\n0x00  Fake  line",
               "rlo\u202etxt.exe", "back\\slash", "astral\U0001F600", "tab\tstop", "\u00fcber"]
    chain = b""
    for i, name in enumerate(hostile):
        desc = (name + "\0").encode("utf-16-le")
        n = (0x18 + len(desc) + 7) & ~7
        chain += (struct.pack("<IIIIQ", n if i + 1 < len(hostile) else 0, 0x40 + i, 1, 2, 0) + desc).ljust(n, b"\0")
    f = os.path.join(tmp, "hostile-chain.bin")
    open(f, "wb").write(chain)
    rc, out, err = run_raw("sources-decode", f)
    lines = out.split(b"\n")
    check(rc == 0 and plain(out) and len([l for l in lines if l.startswith(b"0x")]) == len(hostile)
          and b"\\x1B[31mRED" in out and b"\\xE2\\x80\\xAE" in out and b"back\\\\slash" in out,
          f"sources-decode text: descriptions escaped, one line per entry [{out[:300]!r}]")
    rc, out, err = run_raw("sources-decode", "--json", f)
    ok = rc == 0 and plain(out)
    if ok:
        ok = [e["description"] for e in json.loads(out.decode("utf-8"))["entries"]] == hostile
    check(ok, f"sources-decode --json: ASCII, descriptions read back exactly [{out[:300]!r}]")
    # A vendor of bytes >= 0x80 with a NUL inside, and a hypervisor signature with ESC.
    vendor = b"Gen\xffine\x00nt\x1bl"
    sig = b"KVM\x1b[2J\r\nVM"
    ebx, edx, ecx = (int.from_bytes(vendor[i:i + 4], "little") for i in (0, 4, 8))
    hb, hc, hd = (int.from_bytes(sig[i:i + 4], "little") for i in (0, 4, 8))
    raw = ("CPU 0:\n"
           f"   0x00000000 0x00: eax=0x0000000a ebx=0x{ebx:08x} ecx=0x{ecx:08x} edx=0x{edx:08x}\n"
           "   0x00000001 0x00: eax=0x000906ea ebx=0x00000800 ecx=0x80000000 edx=0x00000000\n"
           f"   0x40000000 0x00: eax=0x40000001 ebx=0x{hb:08x} ecx=0x{hc:08x} edx=0x{hd:08x}\n")
    f = os.path.join(tmp, "hostile-vendor.raw")
    open(f, "w").write(raw)
    rc, out, err = run_raw("info", "--cpuid-file", f, "--json")
    ok = rc == 0 and plain(out)
    if ok:
        j = json.loads(out.decode("utf-8"))
        ok = j["vendor"] == vendor.decode("latin-1") and j["hypervisor"]["vendor"] == sig.decode("latin-1")
    check(ok, f"info --json: vendor bytes >= 0x80 and an inner NUL read back (Latin-1), ASCII output [{out[:120]!r}]")
    rc, out, err = run_raw("info", "--cpuid-file", f)
    check(rc == 0 and plain(out) and b"            Gen\\xFFine\\x00nt\\x1Bl family" in out and b"KVM\\x1B[2J\\x0D\\x0AVM" in out,
          f"info text: vendor and signature escaped [{out[:200]!r}]")
    # File names and command-line words in messages, and in listing-check's output.
    for name in ("esc\x1b[31m", "cr\rlf\nname", "rlo\u202e", "bad-utf8-\udcff"):
        path = os.path.join(tmp, name)
        for args in (("info", "--cpuid-file", path), ("lwp-decode", path), ("sources-decode", path)):
            rc, out, err = run_raw(*args)
            check(rc == 2 and plain(err) and err.count(b"\n") == 1 and b"No such file" in err,
                  f"{args[0]}: a missing file's name escaped in the message [{err!r}]")
    for args in (("nonsense\x1b[2J",), ("info", "--bogus\x1b"), ("info", "--cpu", "1\r\n2"), ("info", "--hal", "\x07"),
                 ("perf", "Name\x1b]0;x\x07", "--interface", "emon"), ("info", "--windows", "\u202e11"),
                 ("sources", "--family", "6", "--vendor", "a\x1bb"), ("decode-select", "1", "\x1b")):
        rc, out, err = run_raw(*args)
        check(rc == 2 and plain(err) and b"\\x" in err, f"usage error echoing {args[-1]!r}: escaped [{err[:160]!r}]")
    listing = os.path.join(tmp, "listing\x1b[7m\u202e.txt")
    shutil.copy(os.path.join(SHARED, "reference/listings/intel-tracelog-2020.txt"), listing)
    dump = os.path.join(tmp, "dump\r\nfake: line")
    shutil.copy(pu0, dump)
    for args in ((listing,), (listing, "--cpuid-file", dump)):
        got = run_raw("listing-check", *args)
        check(got[0] in (0, 1) and plain(got[1]) and got[1].count(b"\n") >= 3 and b"\\x1B[7m" in got[1],
              f"listing-check text: file names escaped [{got[1][:200]!r}]")
        got = run_raw("listing-check", "--json", *args)
        ok = got[0] in (0, 1) and plain(got[1])
        if ok:
            j = json.loads(got[1].decode("utf-8"))
            ok = j["file"] == listing and (len(args) == 1 or j["cpu"] == dump)
        check(ok, f"listing-check --json: file names read back exactly, ASCII output [{got[1][:200]!r}]")


def test_directory_bound(tmp, pu0):
    """All the files of a directory together are held to the cap of one input."""
    d = os.path.join(tmp, "hwloc-big")
    os.mkdir(d)
    shutil.copy(pu0, os.path.join(d, "pu0"))
    with open(os.path.join(d, "pu1"), "wb") as f:
        f.truncate(INPUT_MAX)  # pu0 and pu1 together: over the cap
    for i in range(2, 5):
        os.link(os.path.join(d, "pu1"), os.path.join(d, f"pu{i}"))
    got = run_raw("info", "--cpuid-file", d, timeout=300)
    check(got is not None and got[0] == 2 and got[1] == b"" and
          f"kprof: {d}: its files hold more than 16 MiB together".encode() in got[2],
          f"4 hard links to a 16 MiB pu file: refused naming the directory [{got and got[2].decode(errors='replace').strip()}]")
    # At the cap: pu1 .. pu<cap>, each leaves 0 and 1 of pu0 (all of them within the input
    # cap); every CPU keeps its pu number (not its place), and the last is found by it.
    d = os.path.join(tmp, "hwloc-many")
    os.mkdir(d)
    with open(pu0, encoding="utf-8") as f:
        head = "".join(f.readlines()[:3])
    for i in range(1, DIR_FILES_MAX + 1):
        with open(os.path.join(d, f"pu{i}"), "w", encoding="utf-8") as f:
            f.write(head)
    got = run_raw("info", "--cpuid-file", d, "--json", timeout=300)
    groups = json.loads(got[1])["cpu_groups"] if got is not None and got[0] == 0 else None
    check(groups is not None and [g["cpus"] for g in groups] == [list(range(1, DIR_FILES_MAX + 1))],
          f"{DIR_FILES_MAX} pu files (the most): read, one group of CPUs 1..{DIR_FILES_MAX} by their pu numbers "
          f"[{got and got[2].decode(errors='replace').strip()}]")
    got = run_raw("info", "--cpuid-file", d, "--cpu", str(DIR_FILES_MAX), "--json", timeout=300)
    inp = json.loads(got[1])["input"] if got is not None and got[0] == 0 else None
    check(inp is not None and (inp["cpu"], inp["cpu_block"], inp["blocks"]) == (DIR_FILES_MAX, DIR_FILES_MAX - 1, DIR_FILES_MAX),
          f"{DIR_FILES_MAX} pu files: --cpu {DIR_FILES_MAX} is the last block [{inp}]")
    shutil.copy(pu0, os.path.join(d, "pu0"))
    got = run_raw("info", "--cpuid-file", d, timeout=300)
    check(got is not None and got[0] == 2 and f"more than {DIR_FILES_MAX} pu files".encode() in got[2],
          f"{DIR_FILES_MAX + 1} pu files: refused naming the directory [{got and got[2].decode(errors='replace').strip()}]")
    shutil.rmtree(d)


def test_many_cpus(tmp):
    """Thousands of CPU blocks group as they should (every one its own group, and a few kinds
    repeating); the expectation is built here from the blocks written."""
    n = 20000
    f = os.path.join(tmp, "distinct.raw")
    with open(f, "w") as fh:
        for i in range(n):
            fh.write(f"CPU {i}:\n   0x00000000 0x00: eax=0x00000001 ebx=0x{i:08x} ecx=0x6c65746e edx=0x49656e69\n")
    got = run_raw("info", "--cpuid-file", f, "--json", timeout=600)
    ok = got is not None and got[0] == 0
    if ok:
        g = json.loads(got[1])["cpu_groups"]
        ok = len(g) == n and all(x["cpus"] == [i] for i, x in enumerate(g))
    check(ok, f"{n} CPU blocks that all differ: {n} groups of one, in order")
    kinds = [0x756E6547, 0x68747541, 0x746E6543]
    rnd = random.Random(31)
    of = [rnd.randrange(len(kinds)) if i % 7 else 0 for i in range(3000)]
    with open(f, "w") as fh:
        for i, k in enumerate(of):
            fh.write(f"CPU {i}:\n   0x00000000 0x00: eax=0x00000001 ebx=0x{kinds[k]:08x} ecx=0x6c65746e edx=0x49656e69\n")
    order = []
    for k in of:
        if k not in order:
            order.append(k)
    want = [[i for i, k in enumerate(of) if k == kind] for kind in order]

    def ranges(cpus):
        out, i = [], 0
        while i < len(cpus):
            j = i
            while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
                j += 1
            out.append(f"{cpus[i]}" + (f"-{cpus[j]}" if j > i else ""))
            i = j + 1
        return ",".join(out)

    rc, out, err = run("info", "--cpuid-file", f, "--json")
    check(rc == 0 and [x["cpus"] for x in json.loads(out)["cpu_groups"]] == want, "3000 CPUs of 3 kinds: the groups' CPUs")
    rc, out, err = run("info", "--cpuid-file", f, "--wide")
    got = re.findall(r"^  group \d+: \d+ CPUs?: (\S+)$", out, re.M)
    check(rc == 0 and got == [ranges(w) for w in want], "3000 CPUs of 3 kinds: the groups' CPU ranges in text")


def test_hostile(tmp):
    pu0 = os.path.join(SHARED, "cpuid-dumps/hwloc/Intel-RaptorLake-Corei7-1370P/pu0")
    for doc in ("docs/cli.md", "kprof.1"):
        text = re.sub(r"\s+", " ", open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", doc),
                                         encoding="utf-8").read())
        check(f"{PIPE_WAIT} s" in text and f"{DIR_FILES_MAX:,}" in text and "4294967294" in text,
              f"{doc} documents the wait for a FIFO ({PIPE_WAIT} s), the most pu files ({DIR_FILES_MAX:,}) "
              "and the largest CPU number")
    started = []
    for cmd in (["lwp-decode"], ["info", "--cpuid-file"]):
        fifo = os.path.join(tmp, f"fifo-{cmd[0]}")
        os.mkfifo(fifo)
        started.append((f"kprof {' '.join(cmd)} on a FIFO nobody writes to",
                        subprocess.Popen([BIN[0], *cmd, fifo], stdout=subprocess.PIPE, stderr=subprocess.PIPE)))
    test_cpu_numbers(tmp, pu0)
    test_escaping(tmp, pu0)
    test_directory_bound(tmp, pu0)
    test_many_cpus(tmp)
    test_fifos(tmp, pu0, started)


# ---------------------------------------------------------------------------------------------
# The first screen of `kprof info` (issue 33): the processor named, the input said, the release
# assumed and how to choose another, the verdict first, one line where there is nothing.
# Expectations come from the dumps' leaves, spec/windows_releases.yaml (the releases modelled),
# docs/uarch.md (the spec's microarchitecture table as the generator renders it) and the
# issue's own words, never from kprof's output.
# ---------------------------------------------------------------------------------------------
def spec_releases():
    import yaml
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    with open(os.path.join(root, "spec", "windows_releases.yaml"), encoding="utf-8") as f:
        data = yaml.safe_load(f)
    for r in data.get("records", data.get("tables", [])):
        if r.get("name") == "hal_release":
            return r["rows"]
    for v in data.values():
        if isinstance(v, list):
            for r in v:
                if isinstance(r, dict) and r.get("name") == "hal_release":
                    return r["rows"]
    raise KeyError("hal_release rows")


def brand_of(block):
    """Leaves 0x80000002-4 as the processor's brand: bytes up to the first NUL, trimmed."""
    if not all(hostfacts.trusted(block, l) for l in (0x80000002, 0x80000003, 0x80000004)):
        return None
    raw = b"".join(r.to_bytes(4, "little") for l in (0x80000002, 0x80000003, 0x80000004)
                   for r in block[(l, 0)])
    return raw.split(b"\0")[0].strip(b" ").decode("latin-1")


def long_mode(block):
    return not hostfacts.no_long_mode(block)


def uarch_rows():
    """docs/uarch.md's table: (vendor, family, model lo..hi, stepping lo..hi, name, core, atom)."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    rows = []
    for line in open(os.path.join(root, "docs", "uarch.md"), encoding="utf-8"):
        m = re.match(r'\| "(\w+)" \| (0x[0-9a-f]+) \| (0x[0-9a-f]+)(?:\.\.(0x[0-9a-f]+))? \| '
                     r'(0x[0-9a-f]+)(?:\.\.(0x[0-9a-f]+))? \| ([^|]+) \| ([^|]*) \| ([^|]*) \|', line)
        if m:
            lo, slo = int(m[3], 16), int(m[5], 16)
            rows.append((m[1], int(m[2], 16), lo, int(m[4], 16) if m[4] else lo, slo,
                         int(m[6], 16) if m[6] else slo, m[7].strip(), m[8].strip(), m[9].strip()))
    return rows


def test_first_screen(tabs, tmp):
    rels = spec_releases()
    newest = {"x64": [r["name"] for r in rels if r["x64"]][-1], "x86": [r["name"] for r in rels if r["x86"]][-1]}
    newest10 = [r["name"] for r in rels if str(r["name"]).startswith("10-")][-1]
    urows = uarch_rows()
    check(len(urows) > 100, f"docs/uarch.md rows parsed ({len(urows)})")
    dirs = [DUMPS, os.path.join(SHARED, "cpuid-dumps", "current")]
    paths = sorted(os.path.join(d, f) for d in dirs if os.path.isdir(d) for f in os.listdir(d) if f.endswith(".txt"))
    check(len(paths) >= 25, f"first screen: dumps found ({len(paths)})")
    for path in paths:
        name = os.path.basename(path)
        blocks = parse_aida(open(path, encoding="latin-1").read())
        if not check(blocks, f"{name}: blocks"):
            continue
        b = blocks[0]
        rc, out, err = run("info", "--cpuid-file", path, "--json")
        # The prose whole (--wide); run() checks the default fits 80 columns.
        rc2, txt, err2 = run("info", "--cpuid-file", path, "--wide")
        run("info", "--cpuid-file", path)
        if not check_eq((rc, rc2), (0, 0), f"{name}: info exit status [{err.strip()}{err2.strip()}]"):
            continue
        j = json.loads(out)
        first = txt.split("\n\n")[0]
        # The processor's name: brand string, family/model/stepping in decimal and hex.
        check_eq(j.get("brand"), brand_of(b), f"{name}: JSON brand")
        fam, mod, step = hostfacts.family_model_stepping(b)
        check(f"family {fam} (0x{fam:X}), model {mod} (0x{mod:X}), stepping {step} (0x{step:X})" in first,
              f"{name}: first screen gives family/model/stepping decimal and hex")
        vendor = hostfacts.vendor_string(b)
        want = [r for r in urows if r[0] == vendor and r[1] == fam and r[2] <= mod <= r[3] and r[4] <= step <= r[5]]
        if want:
            check_eq((j.get("uarch") or {}).get("name"), want[0][6], f"{name}: JSON uarch name")
            check(want[0][6] in first, f"{name}: first screen names {want[0][6]}")
            if want[0][8]:
                check(f"(hybrid: {want[0][7]} + {want[0][8]})" in first, f"{name}: hybrid cores named")
        else:
            check_eq(j.get("uarch"), None, f"{name}: unknown model: JSON uarch null")
            check("unknown model" in first, f"{name}: unknown model said")
        # Which input: the file and the CPU block.
        check(f"{path}, CPU block 0 of {len(blocks)}" in first, f"{name}: input line names the file and block")
        check_eq((j["input"]["file"], j["input"]["cpu_block"], j["input"]["blocks"], j["input"]["live"]),
                 (path, 0, len(blocks), False), f"{name}: JSON input")
        # The release: the newest modelled with the HAL this processor can run.
        hal = "x64" if long_mode(b) else "x86"
        check_eq((j.get("windows"), j.get("hal"), j.get("windows_default")), (str(newest[hal]), hal, True),
                 f"{name}: default release and HAL")
        check("--windows RELEASE" in first, f"{name}: first screen says how to choose another release")
        if hal == "x86":
            check("no long mode" in first, f"{name}: no long mode said")
        # The verdict first, and it equals the table.
        offered = [s for s in j["sources"] if s["supported"] is True]
        check_eq(j.get("sources_offered"), len(offered), f"{name}: sources_offered equals the table")
        check_eq(j["counts_summary"]["total"] if "total" in j.get("counts_summary", {}) else
                 sum(j.get("counts_summary", {}).values()), len(offered), f"{name}: counts summary equals the table")
        check(all("counts" in s for s in j["sources"]), f"{name}: every listed source has a verdict")
        v = first.split("verdict     ", 1)[-1]
        if j["interface"] == "default":
            check(v.startswith("Windows would offer only the timer here: "), f"{name}: timer-only verdict")
        else:
            n, hi = len(offered), j.get("sources_offered_max")
            many = f" {n} source{'s' if n != 1 else ''}" if hi == n else f" {n} to {hi} sources"
            check(re.sub(r"\s+", " ", v).startswith(f"Windows would use the {j['interface']} interface") and
                  many in re.sub(r"\s+", " ", v),
                  f"{name}: verdict names the interface and {n} sources")
        # Plural agreement and no rows of zeros.
        check(not re.search(r"\b1 (sources|logical CPUs|counters)\b", txt), f"{name}: plural agreement")
        check(not re.search(r"\b0 counters, 0 bits wide", txt), f"{name}: no rows of zeros")
        # Hypervisor: a set leaf-1 bit with no hypervisor leaf is no hypervisor; Hyper-V flags
        # only for a Microsoft-compatible one.
        hv = [l for l in txt.splitlines() if l.startswith("hypervisor  ")]
        if hv and not (hostfacts.trusted(b, 0x40000001) and b[(0x40000001, 0)][0] == 0x31237648):
            check("PerformanceMonitorsAvailable" not in hv[0], f"{name}: no Hyper-V flags for a non-Hyper-V hypervisor")
        # Leaf 0x0A vs 0x23: labelled, and the HAL's named.
        if j.get("pmu") and j["pmu"].get("perfmon_ext"):
            check("(leaf 0x23.1)" in txt and "leaf 0x0A's count" in txt, f"{name}: counter numbers say their leaf")
    # --windows 10: the newest Windows 10 release.
    any_dump = paths[0]
    rc, out, err = run("info", "--cpuid-file", any_dump, "--windows", "10", "--hal", "x64", "--json")
    if check_eq(rc, 0, f"info --windows 10 [{err.strip()}]"):
        check_eq(json.loads(out)["windows"], newest10, "--windows 10 is the newest Windows 10 release")
    # The issue's KVM guest: an Intel Xeon dump with the hypervisor bit, a KVM signature and
    # leaf 0x0A zeroed (no PMU exposed).
    xeon = [p for p in paths if "SkyLake" in p]
    if check(xeon, "a Skylake dump for the KVM guest"):
        blk = dict(parse_aida(open(xeon[0], encoding="latin-1").read())[0])
        e1 = blk[(1, 0)]
        blk[(1, 0)] = (e1[0], e1[1], e1[2] | 1 << 31, e1[3])
        blk[(0xA, 0)] = (0, 0, 0, 0)
        blk[(0x40000000, 0)] = (0x40000001, 0x4B4D564B, 0x564B4D56, 0x4D)
        blk[(0x40000001, 0)] = (0, 0, 0, 0)
        f = os.path.join(tmp, "kvm-xeon.raw")
        open(f, "w").write(to_raw([blk, blk]))
        rc, txt, err = run("info", "--cpuid-file", f)
        if check_eq(rc, 0, "kvm guest dump"):
            check("Windows would offer only the timer here: the hypervisor exposes no architectural "
                  "performance monitoring" in re.sub(r"\s+", " ", txt), "kvm guest: the issue's verdict")
            check("Skylake" in txt.split("\n\n")[0], "kvm guest: the processor named")
    # A leaf-1 hypervisor bit no hypervisor leaf answers (2000-era VIA parts set it): no
    # hypervisor in text or JSON, and no Hyper-V flags.
    if xeon:
        blk = dict(parse_aida(open(xeon[0], encoding="latin-1").read())[0])
        e1 = blk[(1, 0)]
        blk[(1, 0)] = (e1[0], e1[1], e1[2] | 1 << 31, e1[3])
        for k in [k for k in blk if 0x40000000 <= k[0] < 0x50000000]:
            del blk[k]
        f = os.path.join(tmp, "junk-hv-bit.raw")
        open(f, "w").write(to_raw([blk]))
        rc, txt, err = run("info", "--cpuid-file", f)
        rc2, js, err2 = run("info", "--cpuid-file", f, "--json")
        hv = [l for l in txt.splitlines() if l.startswith("hypervisor  ")]
        check(rc == rc2 == 0 and hv and hv[0].startswith("hypervisor  none") and "PerformanceMonitors" not in hv[0]
              and json.loads(js)["hypervisor"] is None, f"a junk leaf-1 hypervisor bit is no hypervisor [{hv}]")
    # A live machine: the block is labelled with the CPU it was read on.
    aff = sorted(os.sched_getaffinity(0))
    last = str(aff[-1])
    p = subprocess.run(["taskset", "-c", last, KPROF, "cpuid-dump"], capture_output=True, text=True)
    if check_eq(p.returncode, 0, "taskset cpuid-dump"):
        check_eq(p.stdout.splitlines()[0], f"CPU {last}:", f"taskset -c {last} cpuid-dump labels its block CPU {last}")
    p = subprocess.run(["taskset", "-c", last, KPROF, "info", "--json"], capture_output=True, text=True)
    if check_eq(p.returncode, 0, "taskset info"):
        j = json.loads(p.stdout)
        check_eq((j["input"]["live"], j["input"]["cpu"]), (True, int(last)), f"taskset -c {last} info: input is CPU {last}")
        errs, _ = schema_errors("info", p.stdout)
        check_eq(errs, [], "taskset info --json: schema")
    p = subprocess.run(["taskset", "-c", last, KPROF, "info"], capture_output=True, text=True)
    check(f"input       this machine, CPU {last}" in p.stdout, f"taskset -c {last} info: text names CPU {last}")
    online = hostfacts.cpu_list(open("/sys/devices/system/cpu/online").read())
    p = subprocess.run(["taskset", "-c", last, KPROF, "cpuid-dump", "--all"], capture_output=True, text=True)
    if len(online) > 1:
        check("affinity mask" in p.stderr and f"1 of the {len(online)} online CPUs" in p.stderr,
              "cpuid-dump --all under a one-CPU mask says the mask hides online CPUs")
    else:
        check("affinity mask" not in p.stderr, "cpuid-dump --all: one online CPU, nothing hidden")


def test_one_machine(tabs, tmp):
    """`sources --cpuid-file DUMP`: Supported and Counts describe the dump's processor (the
    rules of tests/hostfacts.py on its leaves), never this machine; `--family` has no leaves
    to decide by, so Supported is unknown (null)."""
    for name in ("AuthenticAMD0020FB1_K8_Manchester_CPUID.txt", "GenuineIntel00506E3_SkyLake_01_CPUID.txt"):
        path = os.path.join(DUMPS, name)
        blocks = parse_aida(open(path, encoding="latin-1").read())
        if not check(blocks, f"{name}: blocks"):
            continue
        e = hostfacts.expect_info(blocks[0], "x64")
        rc, out, err = run("sources", "--cpuid-file", path, "--json")
        if not check_eq(rc, 0, f"sources --cpuid-file {name} [{err.strip()}]"):
            continue
        bad = []
        for s in json.loads(out)["sources"]:
            row = hostfacts.source_row(s["interface"], s["value"])
            want = s["interface"] == e["interface"] and row is not None and \
                hostfacts.source_supported(blocks[0], s["interface"], row)
            if s["interface"] == "intel-later":
                continue  # the later sources: presence by release, checked by info's tests
            if s["supported"] != want:
                bad.append((s["interface"], s["value"], s["supported"], want))
        check_eq(bad, [], f"sources --cpuid-file {name}: Supported is the dump's")
    rc, out, err = run("sources", "--family", "0x17", "--json")
    if check_eq(rc, 0, "sources --family 0x17 --json"):
        check_eq(sorted({s["supported"] for s in json.loads(out)["sources"]}, key=str), [None],
                 "sources --family: Supported unknown (no cpuid leaves to decide by)")
# One vocabulary (issue 33): repeated options, any case, one rule for defaults, --hal, sources
# FILTER, cpuid-dump --cpuid-file, plan.
# ---------------------------------------------------------------------------------------------
def test_one_vocabulary(tabs, tmp):
    # A repeated option is refused with a sentence, nothing printed.
    for args in (["info", "--json", "--json"], ["sources", "--interface", "emon", "--interface=amd64"],
                 ["decode-select", "1", "--vendor", "amd", "--vendor", "intel"], ["perf", "ProfileTime", "--interface", "emon", "--interface", "emon"],
                 ["cpuid-dump", "--all", "--all"], ["plan", "ProfileTime", "--counter", "0", "--counter", "1"]):
        rc, out, err = run(*args)
        opt = next(a for a in args if a.startswith("--")).split("=")[0]
        check(rc == 2 and out == "" and f"{opt} is given more than once; give it once" in err,
              f"kprof {' '.join(args)}: refused, exit 2 [{rc} {err.strip()[:120]}]")
    # Values that name something, in any case: the same output as in the spelling listed.
    dump = os.path.join(DUMPS, sorted(f for f in os.listdir(DUMPS) if f.startswith("GenuineIntel00506E"))[0])
    for a, b in ((["sources", "--interface", "EMON", "--json"], ["sources", "--interface", "emon", "--json"]),
                 (["decode-select", "0x41412e", "--vendor", "Intel", "--json"], ["decode-select", "0x41412e", "--vendor", "intel", "--json"]),
                 (["info", "--cpuid-file", dump, "--hal", "X86", "--json"], ["info", "--cpuid-file", dump, "--hal", "x86", "--json"]),
                 (["info", "--cpuid-file", dump, "--windows", "ALL"], ["info", "--cpuid-file", dump, "--windows", "all"]),
                 (["sources", "--family", "6", "--model", "0x55", "--vendor", "INTEL", "--json"],
                  ["sources", "--family", "6", "--model", "0x55", "--vendor", "intel", "--json"]),
                 (["perf", "LLCMISSES", "--interface", "Emon"], ["perf", "LLCMisses", "--interface", "emon"])):
        ra, oa, ea = run(*a)
        rb, ob, eb = run(*b)
        check(rb == 0 and (ra, oa) == (rb, ob), f"kprof {' '.join(a[:5])}: any case [{ea.strip()[:120]}]")
    # One rule for defaults: this machine's vendor (AMD on AMD, else Intel) and its table.
    h = host()
    if h is not None:
        vendor = "amd" if h.vendor == "amd" else "intel"
        table = "amd64" if vendor == "amd" else "emon"
        for a, b in ((["decode-select", "0x430076", "--json"], ["decode-select", "0x430076", "--vendor", vendor, "--json"]),
                     (["perf", "ProfileTime"], ["perf", "ProfileTime", "--interface", table]),
                     (["sources", "--family", "0x17", "--json"], ["sources", "--family", "0x17", "--vendor", vendor, "--json"])):
            ra, oa, ea = run(*a)
            rb, ob, eb = run(*b)
            check((ra, oa, ea) == (rb, ob, eb), f"kprof {' '.join(a)} defaults to this machine's {vendor} / {table}")
        chain = os.path.join(tmp, "one-entry.bin")
        desc = "ProfileTime\0".encode("utf-16-le")
        e = struct.pack("<IIIIQ", 0, 0, 1221, 1000000, 0) + desc
        open(chain, "wb").write(e.ljust((len(e) + 7) & ~7, b"\0"))
        rc, out, err = run("sources-decode", "--json", chain)
        check(rc == 0 and json.loads(out)["interface"] == table, f"sources-decode defaults to {table} [{err.strip()}]")
    # --hal wherever the answer depends on it: sources and decode-select take it.
    for args in (["sources", "--hal", "x86", "--json"], ["decode-select", "0x3003c", "--hal", "x86", "--json"]):
        rc, out, err = run(*args)
        check(rc == 0, f"kprof {' '.join(args)} [{err.strip()}]")
    rc, out, err = run("sources", "--windows", "7", "--hal", "x86", "--interface", "emon", "--json")
    check(rc == 0 and all(s["supported"] in (False, None) for s in json.loads(out)["sources"]),
          f"sources --windows 7 --hal x86: Windows 7's 32-bit HAL has no Emon source (seed 002: 32-bit sources from Windows 8) [{err.strip()}]")
    # sources FILTER: every source whose name (or HAL string) has FILTER, any case, * and ?.
    names = {r["name"] for rows in tabs.values() for r in rows}
    for flt, rx in (("llc", r"llc"), ("DC*Miss", r"dc.*miss"), ("Profile?cache", r"profile.cache")):
        rc, out, err = run("sources", flt, "--json")
        got = {r["name"] for r in json.loads(out)["sources"]} if rc == 0 else set()
        want = {n for n in names if re.search(rx, n, re.I)}
        check(want and want <= got, f"sources {flt}: {sorted(want - got)} missing")
        extra = {n for n in got - want}
        rc2, out2, err2 = run("sources", "--json")
        desc = {r["name"]: r["description"] for r in json.loads(out2)["sources"]} if rc2 == 0 else {}
        check(all(re.search(rx, desc.get(n, ""), re.I) for n in extra), f"sources {flt}: only matches ({sorted(extra)[:5]})")
    rc, out, err = run("sources", "nosuchsourcename", "--json")
    check(rc == 0 and json.loads(out)["sources"] == [], "sources FILTER that names nothing: an empty table")
    # cpuid-dump --cpuid-file: any dump kprof reads, in `cpuid -r` form: the leaves of the test's
    # own AIDA64 parse, block by block (numbered as the dump numbers them).
    some = sorted(os.listdir(DUMPS))[::40][:8]
    for name in some:
        path = os.path.join(DUMPS, name)
        blocks = parse_aida(open(path, encoding="latin-1").read())
        rc, out, err = run("cpuid-dump", "--cpuid-file", path)
        got = parse_raw(out) if rc == 0 else None
        check(rc == 0 and got == blocks,
              f"cpuid-dump --cpuid-file {name}: the dump's leaves in cpuid -r form [{err.strip()[:120]}]")
        rc2, out2, err2 = run("cpuid-dump", "--cpuid-file", "-", stdin=out.encode())
        check(rc2 == 0 and out2 == out, f"cpuid-dump --cpuid-file of its own output is the same text ({name})")
    rc, out, err = run("cpuid-dump", "--cpuid-file", "/dev/null")
    check(rc == 2 and out == "" and "not a cpuid dump" in err, f"cpuid-dump --cpuid-file /dev/null refused [{err.strip()}]")
    # plan: the MSR writes by the SDM (IA32_PERFEVTSEL0 0x186, IA32_PMC0 0xC1, EN bit 22,
    # INT bit 20, IA32_PERF_GLOBAL_CTRL 0x38F) and the APM (PerfEvtSel0 0xC0010000, PerfCtr0
    # 0xC0010004), the select from the seeds, the width from the dump's leaf 0x0A.
    blocks = parse_aida(open(dump, encoding="latin-1").read())
    width = (blocks[0][(0xA, 0)][0] >> 16) & 0xFF
    sel = next(r["select"] for r in tabs["emon"] if r["name"] == "ProfileTotalIssues")
    rc, out, err = run("plan", "totalissues", "--cpuid-file", dump, "--counter", "1", "--interval", "1000")
    writes = [(int(a, 16), int(v, 16)) for a, v in re.findall(r"wrmsr (0x[0-9A-F]+) \w+ +(0x[0-9A-F]+)", out)]
    want = [(0x187, sel), (0xC2, (1 << width) - 1000), (0x187, sel | (1 << 22) | (1 << 20)), (0x187, sel)]
    check(rc == 0 and writes == want, f"plan TotalIssues counter 1 on {os.path.basename(dump)}: {writes} want {want} [{err.strip()}]")
    check("0x2 in MSR 0x0000038F" in out, "plan: counter 1's bit in IA32_PERF_GLOBAL_CTRL (perfmon version 2+)")
    rc, out, err = run("plan", "totalissues", "--cpuid-file", dump, "--counter", "1", "--interval", "1000", "--json")
    j = json.loads(out) if rc == 0 else {}
    got = [(int(w["msr"], 16), int(w["value"], 16)) for w in j.get("start", []) + [j.get("stop", {"msr": "0x0", "value": "0x0"})]]
    check(got == want and j.get("global_ctrl") == {"msr": "0x38f", "bit": "0x2"} and j.get("interval") == 1000,
          f"plan --json: the same writes [{got}] [{err.strip()}]")
    k8 = os.path.join(DUMPS, "AuthenticAMD0020FB1_K8_Manchester_CPUID.txt")
    amd_sel = next(r["select"] for r in tabs["amd64"] if r["value"] == 0x1D)
    rc, out, err = run("plan", "0x1d", "--cpuid-file", k8)
    writes = [(int(a, 16), int(v, 16)) for a, v in re.findall(r"wrmsr (0x[0-9A-F]+) \w+ +(0x[0-9A-F]+)", out)]
    want = [(0xC0010000, amd_sel), (0xC0010004, (1 << 48) - 65536), (0xC0010000, amd_sel | (1 << 22) | (1 << 20)), (0xC0010000, amd_sel)]
    check(rc == 0 and writes == want and "GLOBAL_CTRL" not in out, f"plan 0x1D on the K8 dump: {writes} want {want} [{err.strip()}]")
    # A family 6 Intel processor without leaf 0x0A: the HAL chooses Default, whose ProfileTime is
    # the timer, no counter (reference rule 4).
    nopmu = os.path.join(tmp, "nopmu.raw")
    open(nopmu, "w").write("CPU 0:\n   0x00000000 0x00: eax=0x00000001 ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
                           "   0x00000001 0x00: eax=0x000006f6 ebx=0x00000800 ecx=0x00000000 edx=0x00000000\n")
    rc, out, err = run("plan", "ProfileTime", "--cpuid-file", nopmu)
    check(rc == 2 and out == "" and "would not count it" in err and "default" in err,
          f"plan ProfileTime on Default (the timer, no counter) refused [{err.strip()}]")
    rc, out, err = run("plan", "TotalIssues", "--cpuid-file", dump, "--counter", "200")
    check(rc == 2 and out == "" and "counter 200" in err, f"plan --counter 200 refused [{err.strip()}]")


def main():
    if not os.path.isdir(DUMPS):
        if CI:
            print(f"FAIL: {DUMPS} missing under CI")
            print("0 passed, 1 failed")
            return 1
        print(f"skip: {DUMPS} missing")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    tabs = tables()
    check_eq({k: len(v) for k, v in tabs.items()},
             {"generic": 25, "default": 1, "emon": 13, "amd64": 176, "intel-later": 5}, "seed rows parsed")
    with tempfile.TemporaryDirectory() as tmp:
        test_usage()
        live = test_live(tabs, tmp)
        if live:
            test_sources(tabs, live)
        test_decode_select(tabs)
        test_decode_select_perf_raw(tabs)
        test_perf(tabs)
        test_json_strings(tmp)
        test_one_vocabulary(tabs, tmp)
        test_tables_fit(tabs, tmp)
        test_json_release()
        test_fold_words(tmp)
        test_later_intel_verdicts()
        BIN[0] = KPROF_SAN
        ring = test_lwp_decode(tmp)
        files = test_ds_and_sources_decode(tmp)
        files["ring"] = ring
        live_dump = os.path.join(tmp, "live.raw")
        test_option_layer(tmp, files, live_dump)
        test_inputs(tmp, files, live_dump)
        test_bad_files(tmp)
        test_text_encodings(tmp)
        test_hostile(tmp)
        BIN[0] = KPROF
        test_exit_failure(tmp)
        test_shell(tmp)
        test_dumps(tabs, tmp)
        test_pmu_dumps(tabs, tmp)
        test_ds_as_reported(tmp)
        test_first_screen(tabs, tmp)
        test_one_machine(tabs, tmp)
    check(WIDTH_CHECKED[0] > 100, f"text outputs checked against {80} columns ({WIDTH_CHECKED[0]})")
    for cmd in JSON_COMMANDS:
        check(VALIDATED.get(cmd, 0) > 0, f"--json output of {cmd} validated against its schema ({VALIDATED.get(cmd, 0)} documents)")
    return done()


if __name__ == "__main__":
    sys.exit(main())
