#!/usr/bin/env python3
"""test_dump_formats: kprof's cpuid dump reader over every real dump in ../shared
(cpuid-dumps/instlatx64, variants, current, hwloc), each in its own spelling and converted by
this test into the other spellings.

    test_dump_formats.py DUMP_RECORDS KPROF

DUMP_RECORDS is tests/dump_records.c built (it prints the records kprof's iterator reads);
KPROF is the kprof command. Expectations come from this file's own reader (read_dump below),
written from the format descriptions - AIDA64/EVEREST/InstLatx64 text, `cpuid -r` of Debian's
cpuid, hwloc-gather-cpuid `pu<N>` files - with regular expressions; it shares no code with
kprof.h.
"""
import json
import os
import yaml
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402

H8 = r"([0-9A-Fa-f]{8})"
HX = r"(?:0[xX])?([0-9A-Fa-f]{1,8})"
SEP = r"(?:-|[ \t]+)"
AIDA = re.compile(r"^[ \t]*CPUID[ \t]+" + H8 + r"(?:[ \t]*:[ \t]*|[ \t]+)" + H8 + SEP + H8 + SEP + H8 +
                  SEP + H8 + r"(?:[ \t]+(\[.*))?$")
AIDA_CLAIM = re.compile(r"^[ \t]*CPUID[ \t]+[0-9A-Fa-f]+(?::|$)|^[ \t]*CPUID[ \t]+[0-9A-Fa-f]{8}")
SL = re.compile(r"^\[SL[ \t]*([0-9A-Fa-f]{1,8})[ \t]*\]")
RAW = re.compile(r"^[ \t]*0[xX]" + H8 + r"(?:[ \t]+0[xX]([0-9A-Fa-f]{1,8}))?:[ \t]+eax=0x" + H8 +
                 r"[ \t]+ebx=0x" + H8 + r"[ \t]+ecx=0x" + H8 + r"[ \t]+edx=0x" + H8 + r"$")
HWLOC = re.compile(r"^[ \t]*" + r"[ \t]+".join([HX] * 5) + r"[ \t]*=>[ \t]*" + r"[ \t]+".join([HX] * 4) + r"$")
HEADERS = [re.compile(r"^------\["), re.compile(r"^CPUID Registers"), re.compile(r"^CPU#(\d+)"),
           re.compile(r"^CPU[ \t]*(\d*):$")]
CPU_NO = re.compile(r"CPU #(\d+)")


class Bad(Exception):
    def __init__(self, status, line):
        super().__init__(status)
        self.status, self.line = status, line


def lines_of(data):
    return re.split(rb"\r\n|\r|\n", data[:-1] if data.endswith(b"\n") else data) if data else []


def read_dump(data):
    """(records, blocks, format): records are (cpu, cpu_id, leaf, subleaf, eax, ebx, ecx, edx,
    line). Raises Bad(status, line)."""
    recs, fmt, cpu, cpu_id, pending, block = [], None, -1, None, False, []
    lines = lines_of(data)
    for no, raw in enumerate(lines, 1):
        if b"\0" in raw:
            raise Bad("KPROF_E_FORMAT", no)
        s = raw.decode("latin-1").rstrip(" \t\v\f")
        m = AIDA.match(s)
        kind = None
        if AIDA_CLAIM.match(s):
            kind = "aida64"
        elif re.match(r"^[ \t]*0[xX]", s):
            kind = "cpuid -r"
        elif re.match(r"^[ \t]*[0-9A-Fa-f]+[ \t]", s) and "=>" in s:
            kind = "hwloc"
        if kind is None:
            for h in HEADERS:
                hm = h.match(s)
                if hm:
                    pending = True
                    cm = CPU_NO.search(s)
                    num = cm.group(1) if cm else (hm.group(1) if hm.groups() else "")
                    cpu_id = int(num) if num else None
                    break
            continue
        if fmt and fmt != kind:
            raise Bad("KPROF_E_FORMAT", no)
        fmt = kind
        tagged = True
        if kind == "aida64":
            if not m:
                raise Bad("KPROF_E_FORMAT", no)
            leaf, regs = int(m.group(1), 16), [int(m.group(i), 16) for i in range(2, 6)]
            note = m.group(6) or ""
            t = SL.match(note)
            if note.startswith("[SL") and not t:
                raise Bad("KPROF_E_FORMAT", no)
            sub, tagged = (int(t.group(1), 16), True) if t else (0, False)
        elif kind == "cpuid -r":
            m = RAW.match(s)
            if not m:
                raise Bad("KPROF_E_FORMAT", no)
            leaf = int(m.group(1), 16)
            sub, tagged = (int(m.group(2), 16), True) if m.group(2) is not None else (0, False)
            regs = [int(m.group(i), 16) for i in range(3, 7)]
        else:
            m = HWLOC.match(s)
            if not m:
                raise Bad("KPROF_E_FORMAT", no)
            v = [int(x, 16) for x in m.groups()]
            if not v[0] & 1 or v[0] > 15:
                raise Bad("KPROF_E_FORMAT", no)
            leaf, sub, regs = v[1], (v[3] if v[0] & 4 else 0), v[5:]
        if not pending and tagged and block and block[-1] == (leaf, sub, *regs):
            continue  # the line before again
        if cpu < 0 or pending or (leaf == 0 and sub == 0 and block):
            cpu += 1
            if not pending:
                cpu_id = None
            pending, block = False, []
        if block and block[-1][0] == leaf:
            if not tagged:
                sub = block[-1][1] + 1
            elif sub <= block[-1][1]:
                raise Bad("KPROF_E_DUPLICATE", no)
        elif any(b[0] == leaf for b in block) and (leaf & 0x3FFFFFFF) < 0x80:
            raise Bad("KPROF_E_DUPLICATE", no)
        block.append((leaf, sub, *regs))
        recs.append((cpu, cpu_id, leaf, sub, *regs, no))
    if not recs:
        raise Bad("KPROF_E_FORMAT", len(lines))
    return recs, cpu + 1, fmt


def library(tool, paths):
    """[(records, blocks, format) or Bad] per path, as kprof reads them."""
    out = subprocess.run([tool] + paths, capture_output=True, text=True, check=True).stdout
    res, cur = [], []
    for line in out.splitlines():
        f = line.split()
        if f[0] == "R":
            v = [int(x, 16) for x in f[1:9]]
            cur.append((v[0], None if v[1] == 0xFFFFFFFF else v[1], *v[2:], int(f[9])))
        elif f[0] == "END":
            res.append((cur, int(f[2]), " ".join(f[3:])))
            cur = []
        else:
            res.append(Bad(f[1], int(f[2])))
            cur = []
    return res


# ------------------------------------------------------------------ writers (this test's own)
def by_block(recs):
    out = {}
    for r in recs:
        out.setdefault(r[0], []).append(r)
    return [out[k] for k in sorted(out)]


def runs(block):
    """Leaves in order, each with its sub-leaf records."""
    out = []
    for r in block:
        if out and out[-1][0] == r[2]:
            out[-1][1].append(r)
        else:
            out.append((r[2], [r]))
    return out


def contiguous(block):
    """The block without sub-leaves that untagged spellings cannot say (a gap in 0, 1, 2..)."""
    keep = []
    for leaf, rs in runs(block):
        for i, r in enumerate(rs):
            if r[3] != i:
                break
            keep.append(r)
    return keep


def write_raw(blocks, old=False):
    text = ""
    for i, b in enumerate(blocks):
        text += f"CPU {i}:\n"
        for r in b:
            sub = ":" if old else f" 0x{r[3]:02x}:"
            text += (f"   0x{r[2]:08x}{sub} eax=0x{r[4]:08x} ebx=0x{r[5]:08x} ecx=0x{r[6]:08x} "
                     f"edx=0x{r[7]:08x}\n")
    return text.encode()


def write_hwloc(block, old_arrow=False):
    text = "# mask e[abcd]x => e[abcd]x\n"
    arrow = "=>" if old_arrow else " =>"
    for leaf, rs in runs(block):
        for r in rs:
            mask = 5 if len(rs) > 1 or r[3] else 1
            text += f"{mask:x} {leaf:x} 0 {r[3] if mask == 5 else 0:x} 0{arrow} {r[4]:x} {r[5]:x} {r[6]:x} {r[7]:x}\n"
    return text.encode()


def aida_line(r, fmt, tag):
    leaf, regs = r[2], r[4:8]
    return fmt(leaf, regs) + (f" [SL {r[3]:02X}]" if tag else "")


SPELLINGS = {
    # name: (header(i), line(leaf, regs), tagged, line end, blocks need leaf 0 first)
    "instlatx64": (lambda i: f"------[ CPUID Registers / Logical CPU #{i} ]------\n\nallcpu: Valid\n\n",
                   lambda l, g: "CPUID %08X: %08X-%08X-%08X-%08X" % (l, *g), True, "\r\n", False),
    "affmask-lower": (lambda i: f"CPU#{i:03d} AffMask: 0x{1 << (i % 60):016X}\n",
                      lambda l, g: "CPUID %08x: %08x-%08x-%08x-%08x" % (l, *g),
                      True, "\n", False),
    "everest-tab": (lambda i: f"CPUID Registers (CPU #{i}):\n",
                    lambda l, g: "CPUID %08X  \t%08X-%08X-%08X-%08X" % (l, *g), False, "\n", False),
    "spaced-colon": (lambda i: "\n" if i else "",
                     lambda l, g: "CPUID %08X : %08X %08X %08X %08X" % (l, *g), False, "\n", True),
    "no-colon": (lambda i: f"------[ Logical CPU #{i} ]------\n",
                 lambda l, g: "CPUID %08X %08X-%08X-%08X-%08X" % (l, *g), False, "\r", False),
}


def write_aida(blocks, spelling):
    header, fmt, tagged, eol, _ = SPELLINGS[spelling]
    text = "------[ Versions ]------\n\nProgram Version : EVEREST v4.60.1628 Beta\n\n"
    for i, b in enumerate(blocks):
        text += header(i)
        for leaf, rs in runs(b):
            for r in rs:
                note = " [GenuineIntel]" if leaf == 0 and spelling == "no-colon" else ""
                text += aida_line(r, fmt, tagged and (len(rs) > 1 or r[3])) + note + "\n"
        text += "\n"
    text += "------[ MSR Registers / Logical CPU #0 ]------\n\nMSR 0000001B: 0000-0000-FEE0-0900\n"
    return text.replace("\n", eol).encode()


def strip(recs):
    return [r[0:1] + r[2:8] for r in recs]


def snapshot_json(kprof, path, cpu):
    p = subprocess.run([kprof, "info", "--json", "--cpuid-file", path, "--cpu", str(cpu)],
                       capture_output=True, text=True)
    if p.returncode:
        return p.stderr
    j = json.loads(p.stdout)
    j.pop("cpu_groups", None)
    j.pop("input", None)  # which file and block was read: differs by design between the copies
    return j


# ------------------------------------------------------------------ groups of logical CPUs
SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec", "cpu.yaml")
REG = {"KPROF_CPUID_REG_EAX": 0, "KPROF_CPUID_REG_EBX": 1, "KPROF_CPUID_REG_ECX": 2, "KPROF_CPUID_REG_EDX": 3}


def facts_list():
    """The spec's list of profiling facts (data: what matters, not how kprof computes)."""
    spec = yaml.safe_load(open(SPEC))
    return [(r["name"], r["leaf"], r["subleaf"], REG[r["reg"]], r["mask"])
            for l in spec["lists"] if l["name"] == "cpu_fact" for r in l["rows"]]


def facts_of(cpu, facts):
    """A CPU's facts from its raw leaves {(leaf, sub): regs}: absent when the leaf is missing
    or above its range's max leaf."""
    out = []
    for name, leaf, sub, reg, mask in facts:
        base = leaf & 0xC0000000
        top = cpu.get((base, 0))
        if (leaf, sub) in cpu and top is not None and leaf <= top[0]:
            out.append(cpu[(leaf, sub)][reg] & mask)
        else:
            out.append(None)
    return tuple(out)


def emon_rows(kprof):
    p = subprocess.run([kprof, "sources", "--interface", "emon", "--json"], capture_output=True, text=True, check=True)
    return [(r["name"], r["ebx_bit"]) for r in json.loads(p.stdout)["sources"]]


def expected_groups(cpus, facts, iface, rows, labels=None):
    """[(cpu numbers, differing fact names, counters, width, fixed, fixed width, sources that
    differ)] from raw leaves: the boot interface applied to each group's first CPU."""
    groups = []
    for i, c in enumerate(cpus):
        n = labels[i] if labels else i  # the dump's CPU number (its header), else its block
        f = facts_of(c, facts)
        for g in groups:
            if g[0] == f:
                g[1].append(n)
                break
        else:
            groups.append((f, [n], c))

    def perfmon(c):
        top = c.get((0, 0))
        if (0xA, 0) in c and top and top[0] >= 0xA:
            return c[(0xA, 0)]
        return [0, 0, 0, 0]

    def emon_support(c):
        a, b = perfmon(c)[0], perfmon(c)[1]
        length = a >> 24
        return {name: bit is not None and bit < length and not (b >> bit) & 1 for name, bit in rows}

    out = []
    for f, members, c in groups:
        a, _, _, d = perfmon(c)
        if iface == "emon":
            cnt, width = min((a >> 8) & 0xFF, 8), (a >> 16) & 0xFF
        elif iface == "amd64":
            cnt, width = 4, 48
        else:
            cnt, width = 0, 0
        diff = [facts[i][0] for i in range(len(facts)) if f[i] != groups[0][0][i]]
        src = []
        if iface == "emon":
            s0, s1 = emon_support(groups[0][2]), emon_support(c)
            src = [k for k, _ in rows if s0[k] != s1[k] and k != "ProfileTime"]
        out.append((members, diff, cnt, width, d & 0x1F, (d >> 5) & 0xFF, src))
    return out


def check_groups(kprof, label, path, cpus, facts, rows, want_groups=None, labels=None):
    p = subprocess.run([kprof, "info", "--json", "--cpuid-file", path], capture_output=True, text=True)
    if not check(p.returncode == 0, f"{label}: kprof info reads it [{p.stderr.strip()}]"):
        return None
    j = json.loads(p.stdout)
    exp = expected_groups(cpus, facts, j["interface"], rows, labels)
    got = [(g["cpus"], g["facts_differ"], g["counters"], g["counter_width"], g["fixed_counters"],
            g["fixed_width"], [x["name"] for x in g["sources_differ"]]) for g in j["cpu_groups"]]
    check(got == exp, f"{label}: cpu groups (CPUs, differing facts, counters, width, fixed, "
          f"sources whose support differs) as the raw leaves say: {got} vs {exp}")
    if want_groups is not None:
        check(len(got) == want_groups, f"{label}: {want_groups} groups")
    return got


def labels_of(recs):
    """Each block's CPU number as kprof numbers CPUs: its header's number, else its place."""
    out = {}
    for r in recs:
        out.setdefault(r[0], r[1] if r[1] is not None else r[0])
    return [out[k] for k in sorted(out)]


def cpus_of(recs):
    out = {}
    for r in recs:
        out.setdefault(r[0], {})[(r[2], r[3])] = list(r[4:8])
    return [out[k] for k in sorted(out)]


def main():
    tool, kprof = sys.argv[1], sys.argv[2]
    shared = os.environ.get("KPROF_SHARED") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared")
    base = os.path.join(shared, "cpuid-dumps")
    files = []
    for sub in ("instlatx64", "variants", "current"):
        d = os.path.join(base, sub)
        if not check(os.path.isdir(d), f"{d} exists"):
            continue
        files += [os.path.join(d, f) for f in sorted(os.listdir(d))]
    hw = os.path.join(base, "hwloc")
    hwdirs = [os.path.join(hw, d) for d in sorted(os.listdir(hw))] if os.path.isdir(hw) else []
    check(len(hwdirs) >= 2, "hwloc directories in ../shared")
    for d in hwdirs:
        files += [os.path.join(d, f) for f in sorted(os.listdir(d), key=lambda n: (len(n), n))
                  if re.fullmatch(r"pu\d+", f)]
    check(len(files) >= 37, f"{len(files)} dump files")
    got = library(tool, files)
    tmp = tempfile.mkdtemp(prefix="kprof-dump-")
    conv_paths, conv_expect = [], []
    for path, lib in zip(files, got):
        name = os.path.relpath(path, base)
        data = open(path, "rb").read()
        try:
            own = read_dump(data)
        except Bad as e:
            check(False, f"{name}: the test's reader refuses it ({e.status} line {e.line})")
            continue
        if not check(not isinstance(lib, Bad), f"{name}: kprof reads it" +
                     (f" (not: {lib.status} at line {lib.line})" if isinstance(lib, Bad) else "")):
            continue
        check(lib[0] == own[0], f"{name}: kprof's records (cpu, id, leaf, sub-leaf, registers, line) equal the test's reading")
        check(lib[1] == own[1] and lib[2] == own[2], f"{name}: {own[1]} blocks, format {own[2]} ({lib[1]}, {lib[2]})")
        blocks = by_block(own[0])
        stem = re.sub(r"\W", "_", name)
        variants = {"raw": (write_raw(blocks), own[0])}
        cont = [contiguous(b) for b in blocks]
        variants["raw-old"] = (write_raw(cont, old=True), [r for b in cont for r in b])
        for sp, (_, _, tagged, _, need0) in SPELLINGS.items():
            if sp == own[2]:
                continue
            bl = blocks if tagged else cont
            if need0 and any(not b or b[0][2] != 0 for b in bl):
                continue
            variants[sp] = (write_aida(bl, sp), [r for b in bl for r in b])
        for i, b in enumerate(blocks[:4] + blocks[-2:]):
            variants[f"hwloc-pu{i}"] = (write_hwloc(b, old_arrow=i % 2 == 1), [(0,) + r[1:] for r in b])
        # An untagged spelling cannot say a gap in a leaf's sub-leaves (0, 1, 3): its snapshot
        # is compared with the same contiguous leaves written in the tagged spelling.
        ref = path
        if cont != blocks:
            ref = os.path.join(tmp, f"{stem}.contiguous-tagged")
            open(ref, "wb").write(write_aida(cont, "instlatx64"))
        for v, (text, expect) in variants.items():
            p = os.path.join(tmp, f"{stem}.{v}")
            open(p, "wb").write(text)
            conv_paths.append(p)
            untagged = v in SPELLINGS and not SPELLINGS[v][2] or v == "raw-old"
            conv_expect.append((name, v, expect, ref if untagged else path, len(blocks)))
    conv = library(tool, conv_paths)
    snap_checked = 0
    for p, lib, (name, v, expect, orig, nblocks) in zip(conv_paths, conv, conv_expect):
        if not check(not isinstance(lib, Bad), f"{name} as {v}: kprof reads it" +
                     (f" (not: {lib.status} at line {lib.line})" if isinstance(lib, Bad) else "")):
            continue
        try:
            own = read_dump(open(p, "rb").read())
        except Bad as e:
            check(False, f"{name} as {v}: the test's reader refuses its own conversion ({e.status} line {e.line})")
            continue
        check(strip(lib[0]) == strip(expect), f"{name} as {v}: the same leaves as the original")
        check(lib[0] == own[0], f"{name} as {v}: kprof's records equal the test's reading")
        # The snapshot kprof info reports: the same from the converted text (first and last
        # block; hwloc files are one block each).
        if v.startswith("hwloc") or v in ("raw", "instlatx64", "everest-tab"):
            cpus = [0] if v.startswith("hwloc") else sorted({0, nblocks - 1})
            for c in cpus:
                src = orig
                oc = c
                if v.startswith("hwloc"):
                    i = int(v[len("hwloc-pu"):])
                    oc = (list(range(nblocks))[:4] + list(range(nblocks))[-2:])[i]
                a = snapshot_json(kprof, src, labels_of(read_dump(open(src, "rb").read())[0])[oc])
                b = snapshot_json(kprof, p, labels_of(own[0])[c])
                check(isinstance(a, dict) and a == b, f"{name} as {v}: kprof info --cpu {c} says the same as the original's block {oc}")
                snap_checked += 1
    check(snap_checked > 100, f"{snap_checked} snapshots compared")

    # Groups: every dump, and the hwloc directories as directories.
    facts, rows = facts_list(), emon_rows(kprof)
    check(len(facts) >= 20 and any(f[1] == 0xA for f in facts), "the spec lists the profiling facts")
    hybrids = 0
    for path in files:
        if re.fullmatch(r"pu\d+", os.path.basename(path)):
            continue
        own = read_dump(open(path, "rb").read())
        got = check_groups(kprof, os.path.relpath(path, base), path, cpus_of(own[0]), facts, rows,
                           labels=labels_of(own[0]))
        hybrids += bool(got and len(got) > 1)
    for d in hwdirs:
        pus = sorted((int(f[2:]), f) for f in os.listdir(d) if re.fullmatch(r"pu\d+", f))
        cpus = [cpus_of(read_dump(open(os.path.join(d, f), "rb").read())[0])[0] for _, f in pus]
        got = check_groups(kprof, os.path.relpath(d, base), d, cpus, facts, rows,
                           want_groups=2 if "RaptorLake" in d else None)
        hybrids += bool(got and len(got) > 1)
    check(hybrids >= 3, f"{hybrids} hybrid dumps (Alder Lake, Lunar Lake, Raptor Lake) give more than one group")

    # A hybrid whose leaf 0x0A differs per core type (Alder Lake's P-cores 08300805, E-cores
    # with fewer counters and two architectural events missing): made by this test from the
    # Alder Lake dump in variants/, as `cpuid -r` text and as a hwloc directory.
    alder = os.path.join(base, "variants", "GenuineIntel0090675_AlderLake_00_CPUID.txt")
    if check(os.path.exists(alder), "the Alder Lake dump in variants/"):
        recs = read_dump(open(alder, "rb").read())[0]
        check(all(r[4] == 0x08300805 for r in recs if r[2] == 0xA), "Alder Lake: leaf 0x0A eax 08300805 on every CPU of the dump")
        blocks = by_block(recs)
        half = len(blocks) // 2
        mixed = [[(r[:4] + (0x07300604, 0x44) + r[6:]) if (r[2] == 0xA and i >= half) else r
                  for r in b] for i, b in enumerate(blocks)]
        p = os.path.join(tmp, "alder-hybrid.raw")
        open(p, "wb").write(write_raw(mixed))
        cpus = cpus_of([r for b in mixed for r in b])
        got = check_groups(kprof, "hybrid Alder Lake", p, cpus, facts, rows, want_groups=2)
        if got and len(got) == 2:
            check(got[1][2] == 6 and got[0][2] == 8, "hybrid: 8 counters on the boot group, 6 on the other")
            check(got[1][6] != [], f"hybrid: sources whose support differs are named: {got[1][6]}")
        hd = os.path.join(tmp, "alder-hybrid-hwloc")
        os.makedirs(hd, exist_ok=True)
        open(os.path.join(hd, "hwloc-cpuid-info"), "w").write("Architecture: x86\n")
        for i, b in enumerate(mixed):
            open(os.path.join(hd, f"pu{i}"), "wb").write(write_hwloc(b))
        got2 = check_groups(kprof, "hybrid Alder Lake as a hwloc directory", hd, cpus, facts, rows, want_groups=2)
        check(got2 == got, "hybrid: the hwloc directory gives the groups the `cpuid -r` text gives")
        for c in (0, len(mixed) - 1):
            check(snapshot_json(kprof, hd, c) == snapshot_json(kprof, p, c), f"hybrid: kprof info --cpu {c} of the directory equals the text's")
    print(f"{len(files)} dumps, {len(conv_paths)} conversions read")
    return done()


if __name__ == "__main__":
    sys.exit(main())
