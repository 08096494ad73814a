#!/usr/bin/env python3
"""kprof ds-decode / sources-decode on sample files this script writes with struct.pack
(layouts from ../shared/reference, not from kprof). Usage: test_ds_cli.py DRIVER"""
import json
import os
import struct
import subprocess
import sys
import tempfile

DRIVER = sys.argv[1]
SHARED = os.environ.get("KPROF_SHARED", "../shared")
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what, file=sys.stderr)


def run(*args):
    p = subprocess.run([DRIVER, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


tmp = tempfile.mkdtemp(prefix="kprof-ds-cli.")


def write(name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


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

# ---- PEBS format 3 (0xC8 bytes): flags, ip, ax, bx, cx, dx, si, di, bp, sp, r8..r15,
# status 0x90, dla 0x98, dse 0xA0, lat 0xA8, real_ip 0xB0, tsx 0xB8, tsc 0xC0
def fmt3(tag):
    v = [tag << 8 | i for i in range(25)]
    return struct.pack("<25Q", *v)


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
check(rc == 2 and p3 in err and "offset" in err and out == "", f"pebs1 misaligned: {rc} {err}")

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

# ---- NetBurst 32-bit record: ten u32
nb = write("pebs32.bin", struct.pack("<10I", *range(0x100, 0x10A)))
rc, out, err = run("ds-decode", "--format", "pebs32", "--json", nb)
check(rc == 0 and int(json.loads(out)["records"][0]["gprs"]["sp"], 16) == 0x109, "pebs32")

# ---- usage and input errors
for args in (["--format", "pebs6", bts], ["--format", "bts"], ["--bogus", bts], ["--format", "bts", bts, bts],
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
rc, out, err = run("sources-decode", "--json", chain)
check(rc == 0, f"sources rc {err}")
if rc == 0:
    j = json.loads(out)
    e = j["entries"]
    check(len(e) == len(rows), "sources count")
    check([x["source"] for x in e] == [r[0] for r in rows], "sources ids")
    check([x["description"] for x in e] == [r[1] for r in rows], "sources names")
    check(all(x["known"] for x in e[:-1]) and e[-1]["known"] is False and e[-1]["name"] is None, "unknown reported")
    check(e[0]["name"] == "ProfileTime" and e[0]["min_interval"] == 1221, "source 0")
    check(all(x["table"] == "intel_later" for x in e if x["known"] and x["source"] >= 0x20), "later table")
rc, out, err = run("sources-decode", "--interface", "amd64", chain)
check(rc == 0 and "unknown to kprof" in out, "amd64 interface text")
badchain = bytearray(psi_chain(rows[:3]))
second = struct.unpack_from("<I", badchain, 0)[0]
struct.pack_into("<I", badchain, second, 0x10)  # second entry: NextEntryOffset shorter than a header
bc = write("badchain.bin", bytes(badchain))
rc, out, err = run("sources-decode", "--json", bc)
check(rc == 2 and out == "" and bc in err and f"offset 0x{second:x}" in err, f"bad chain: {err}")
rc, out, err = run("sources-decode", "--interface", "vax", chain)
check(rc == 2 and "usage" in err, "bad interface")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
