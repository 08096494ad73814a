#!/usr/bin/env python3
"""kprof benchmarks: run every benchmark, print one table, write a JSON file.

    bench/run.py --bin build/bench --out bench/results.json        (make bench)
    bench/run.py --bin build/bench --out build/bench/smoke.json --smoke   (make test-bench-smoke)

Each C benchmark program prints one JSON object (bench/bench.h); compile time and footprint
are measured here. Every figure is the median of several repetitions within this one run,
with the min-max spread. Benchmarks never fail on numbers: the targets are compared and
reported, never enforced. --smoke runs everything at a tiny size and checks that every
figure the table needs is present and well formed (that is a test, and can fail).
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import hostfacts  # noqa: E402  (the machine's facts: tests/hostfacts.py)

# (key, argv after the program, environment) for each benchmark program run.
PROGRAMS = [
    ("lookup_emon", ["lookup", "--itf=2", "--pmu=ix86arch", "--all"]),
    ("lookup_amd64", ["lookup", "--itf=3", "--pmu=amd64_k8_revf"]),
    ("lwp_drain", ["lwp_drain"]),
    ("lwp_concurrent", ["lwp_concurrent"]),
    ("lwp_poll", ["lwp_poll"]),
    ("dump_read", ["dump_read"]),
    ("cpu_groups", ["cpu_groups"]),
]

# Every figure each program must produce (the smoke test checks these).
EXPECTED = {
    "lookup_emon": ["kprof_by_name", "gperf_by_name", "scan_by_name", "libpfm4", "all_kprof_by_name",
                    "all_gperf_by_name", "all_scan_by_name", "all_kprof_by_value", "all_scan_by_value"],
    "lookup_amd64": ["kprof_by_name", "gperf_by_name", "scan_by_name", "libpfm4"],
    "lwp_drain": ["kprof_batch", "kprof_iter", "kprof_drain", "kprof_span", "kprof_iter_fields", "floor",
                  "floor_batch", "ratio_kprof_batch", "ratio_kprof_iter", "ratio_kprof_drain", "ratio_kprof_span",
                  "ratio_kprof_iter_fields"],
    "lwp_concurrent": ["kprof", "ck_ring", "naive", "ratio_kprof", "ratio_naive", "kprof_same", "ck_ring_same",
                       "ratio_kprof_same"],
    "dump_read": ["iter_ms", "iter_mb_s", "snapshot_ms", "bytes", "records"],
    "cpu_groups": ["distinct_12500_ms", "distinct_25000_ms", "distinct_50000_ms", "distinct_100000_ms", "kinds4_ms",
                   "distinct_compares_per_cpu", "kinds4_compares_per_cpu"],
    "lwp_poll": ["empty_ns", "ready_ns", "empty_stores", "empty_fault_stores", "ready_fault_stores_control",
                 "empty_asm_stores", "empty_asm_instructions"],
}


# Figures that depend on the host: "pinned to two CPUs" needs two CPUs in the affinity mask
# (tests/hostfacts.py expect_bench_placements).
PLACEMENT_FIGURES = {"split": ("lwp_concurrent", ["kprof_split", "ck_ring_split", "ratio_kprof_split"])}
CONCURRENT_PLACEMENTS = (("_split", "pinned to two CPUs"), ("_same", "both pinned to one CPU"))


def host_facts():
    """This machine's facts (tests/hostfacts.py), or None with the reason on stderr."""
    try:
        return hostfacts.live()
    except hostfacts.HostFactsError as e:
        print(f"bench: host facts: {e}", file=sys.stderr)
        return None


def expected_figures(h):
    """EXPECTED plus the figures this host can measure."""
    out = {k: list(v) for k, v in EXPECTED.items()}
    for place in hostfacts.expect_bench_placements(h):
        if place in PLACEMENT_FIGURES:
            prog, keys = PLACEMENT_FIGURES[place]
            out[prog] += keys
    return out


def summarise(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "reps": len(values)}


def run_program(bindir, key, argv, smoke, reps):
    cmd = [os.path.join(bindir, argv[0])] + argv[1:] + (["--smoke"] if smoke else [f"--reps={reps}"])
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.strip()}")
    return json.loads(p.stdout)


READ_ONLY = re.compile(r"^(cmp|test|j|nop|ret|prefetch|u?comis|bt$|ptest|lfence|pause)")


def disassemble(binary, symbol):
    """{offset: (mnemonic, operands)} of one function, from objdump (AT&T syntax)."""
    p = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--disassemble={symbol}", binary],
                       capture_output=True, text=True, check=True)
    insns, start = {}, None
    for line in p.stdout.splitlines():
        m = re.match(r"^([0-9a-f]+) <" + re.escape(symbol) + r">:", line)
        if m:
            start = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and start is not None:
            insns[int(m.group(1), 16) - start] = (m.group(2), m.group(3).split("#")[0].strip())
    return insns


def is_store(mnemonic, operands):
    """Whether an x86 instruction (AT&T syntax: destination last) writes memory."""
    if mnemonic in ("push", "call", "slwpcb") or mnemonic.startswith(("push", "call", "stos", "movs")):
        return True
    if READ_ONLY.match(mnemonic):
        return False
    ops = re.split(r",(?![^(]*\))", operands) if operands else []
    return bool(ops) and "(" in ops[-1]


def poll_asm(bindir, result):
    """Count the stores among the instructions one single-stepped empty poll executed."""
    info = result["info"]
    insns = disassemble(os.path.join(bindir, "lwp_poll"), info["probe"])
    offsets = [int(x) for x in info["empty_trace_offsets"].split(",") if x]
    executed = [insns[o] for o in offsets if o in insns]
    if not executed or len(executed) != len(offsets):
        raise RuntimeError(f"single-step trace {offsets} does not match the disassembly of {info['probe']}")
    stores = sum(is_store(m, o) for m, o in executed)
    info["empty_path_asm"] = "; ".join(f"{m} {o}".strip() for m, o in executed)
    info["empty_path_stores"] = "; ".join(f"{m} {o}".strip() for m, o in executed if is_store(m, o))
    info["probe_instructions"] = str(len(insns))
    info["probe_stores_any_path"] = str(sum(is_store(m, o) for m, o in insns.values()))
    one = {"reps": 1}
    result["figures"]["empty_asm_stores"] = dict(one, label="empty poll as an out-of-line call, single-stepped: store instructions executed (stack included)",
                                                 unit="stores", median=stores, min=stores, max=stores)
    n = len(executed)
    result["figures"]["empty_asm_instructions"] = dict(one, label="empty poll as an out-of-line call, single-stepped: instructions executed",
                                                       unit="instructions", median=n, min=n, max=n)


# The empty poll's disassembly budget, per compiler, architecture and probe
# (tests/check_lwp_poll.py holds the budget, says what is counted and which probes it holds).
POLL_BUILDS = [(cc, arch) for cc in ("gcc", "clang") for arch in ("64", "32")]


def poll_held():
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import check_lwp_poll
    return check_lwp_poll.HELD


def poll_disassembly():
    """{(cc, arch, probe): counts} of the empty poll at -O2 from tests/check_lwp_poll.py, for the
    probes it holds to the budget (the out-of-line poll of any ring; a JIT's own ring on x86-64)."""
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "check_lwp_poll.py"), "--report", "--table",
                        "--modes", "plain", "--levels", "O2"], capture_output=True, text=True, cwd=ROOT)
    held = poll_held()
    out = {}
    for line in p.stdout.splitlines():
        if line.startswith("TABLE "):
            d = json.loads(line[6:])
            if d["probe"] in held[d["arch"]]:
                out[(d["cc"], d["arch"], d["probe"])] = d
    return out


def timed_child(cmd):
    """Wall and CPU (user+sys) seconds of one child process."""
    t0 = time.monotonic()  # CLOCK_MONOTONIC
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {err.strip()}")
    return wall, ru.ru_utime + ru.ru_stime


# The dump of the issue that found grouping quadratic (issue 31): CPU blocks of one leaf-0
# line each, every vendor different, so every CPU is a group of its own (9.1 MB at 100,000).
GROUP_BLOCKS = (12500, 25000, 50000, 100000)


def command_groups(kprof, smoke, reps, tmp):
    """Wall seconds of `kprof info --cpuid-file` on such dumps (the smoke run: a hundredth of
    each size): {blocks: summary}."""
    out = {}
    for n in GROUP_BLOCKS:
        n //= 100 if smoke else 1
        path = os.path.join(tmp, f"distinct{n}.raw")
        with open(path, "w") as f:
            for i in range(n):
                f.write(f"CPU {i}:\n   0x00000000 0x00: eax=0x00000001 ebx=0x{i:08x} ecx=0x6c65746e edx=0x49656e69\n")
        out[str(n)] = summarise([timed_child([kprof, "info", "--cpuid-file", path])[0] for _ in range(1 if smoke else min(reps, 5))])
        out[str(n)]["bytes"] = os.path.getsize(path)
        os.unlink(path)
    return out


# What the implementation's unit holds: every body and table of kprof.h, compiled once.
IMPLEMENTATION_TU = '#define KPROF_IMPLEMENTATION\n#include "kprof.h"\n'


def include_cost(reps, tmp, instructions=True):
    """Compile an empty TU, one including kprof.h (a plain include: no KPROF_IMPLEMENTATION),
    one including <immintrin.h>: CPU time of reps interleaved runs, and (unless smoke) for
    clang the instructions it executes, the figure its target is judged by (a ratio of CPU
    times moves with the other tenants' load by more than the distance to the bar). With -c,
    also the implementation's unit (KPROF_IMPLEMENTATION), interleaved with the others: its
    compile time is reported."""
    tus = {
        "empty": "int kprof_bench_tu;\n",
        "kprof": '#include "kprof.h"\nint kprof_bench_tu;\n',
        "immintrin": "#include <immintrin.h>\nint kprof_bench_tu;\n",
        "implementation": IMPLEMENTATION_TU,
    }
    for name, text in tus.items():
        with open(os.path.join(tmp, f"tu_{name}.c"), "w") as f:
            f.write(text)
    out = {}
    for cc in ("gcc", "clang"):
        for mode, flags in (("syntax", ["-fsyntax-only"]), ("full", ["-c", "-o", os.devnull])):
            names = [n for n in tus if mode == "full" or n != "implementation"]
            samples = {n: {"wall": [], "cpu": []} for n in names}
            # Round-robin so a burst of load from another tenant hits them all alike.
            for _ in range(reps):
                for n in names:
                    wall, cpu = timed_child([cc, "-std=c99", "-O2", "-I", ROOT] + flags +
                                            [os.path.join(tmp, f"tu_{n}.c")])
                    samples[n]["wall"].append(wall * 1e3)
                    samples[n]["cpu"].append(cpu * 1e3)
            res = {n: {"wall_ms": summarise(s["wall"]), "cpu_ms": summarise(s["cpu"])}
                   for n, s in samples.items()}
            e, k, i = (res[n]["cpu_ms"]["median"] for n in ("empty", "kprof", "immintrin"))
            res["kprof_over_immintrin_net"] = (k - e) / (i - e) if i > e else None
            res["kprof_over_immintrin_total"] = k / i if i else None
            if cc == "clang" and instructions:
                ins = {n: clang_instructions(["-I", ROOT] + flags, os.path.join(tmp, f"tu_{n}.c")) for n in names}
                res["instructions"] = ins
                res["kprof_over_immintrin_net_instructions"] = (
                    (ins["kprof"] - ins["empty"]) / (ins["immintrin"] - ins["empty"]))
            out[f"{cc}_{mode}"] = res
    return out


def header_tokens(header, tmp):
    """The tokens clang's parser sees from a header (preprocessed away: not counted)."""
    tu = os.path.join(tmp, "tokens.c")
    with open(tu, "w") as f:
        f.write(f'#include "{header}"\n')
    p = subprocess.run(["clang", "-std=c99", "-Xclang", "-dump-tokens", "-fsyntax-only", tu],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"clang -dump-tokens {header}: {p.stderr.strip()[:200]}")
    return sum(1 for line in p.stderr.splitlines() if f"Loc=<{header}:" in line and "Spelling=" not in line)


def clang_instructions(flags, tu):
    """Instructions clang executes compiling tu (valgrind's callgrind; clang 14 runs its cc1 in
    process): exact and the same on every run, unlike a time on a shared machine."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.devnull,
                        "clang", "-std=c99", "-O2"] + flags + [tu], capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        raise RuntimeError(f"callgrind of clang {' '.join(flags)} {tu} failed: {p.stderr[-200:]}")
    return int(m.group(1))


def design_changes(reps, tmp, include):
    """bench/design_changes.json's commits: each one's kprof.h (git show), its tokens and its
    clang include cost, measured here like include_cost (interleaved), best CPU time of reps,
    and, when include_cost counted clang's instructions (not smoke), the instructions clang
    executes over include_cost's empty TU and <immintrin.h>, the figure noise cannot move."""
    spec = json.load(open(os.path.join(ROOT, "bench", "design_changes.json")))
    rows, headers = [], {}
    for i, c in enumerate(spec["changes"]):
        row = {"change": c["change"], "commit": c["commit"]}
        p = subprocess.run(["git", "-C", ROOT, "show", f"{c['commit']}:kprof.h"], capture_output=True)
        if p.returncode != 0:
            row["error"] = f"git show {c['commit'][:12]}:kprof.h failed: {p.stderr.decode(errors='replace').strip()[:120]}"
        else:
            d = os.path.join(tmp, f"change{i}")
            os.makedirs(d)
            with open(os.path.join(d, "kprof.h"), "wb") as f:
                f.write(p.stdout)
            with open(os.path.join(d, "tu.c"), "w") as f:
                f.write('#include "kprof.h"\nint kprof_bench_tu;\n')
            headers[i] = d
            row["tokens"] = header_tokens(os.path.join(d, "kprof.h"), d)
        rows.append(row)
    for mode, flags in (("syntax", ["-fsyntax-only"]), ("full", ["-c", "-o", os.devnull])):
        # include_cost's own empty and <immintrin.h> TUs.
        tus = {n: os.path.join(tmp, f"tu_{n}.c") for n in ("empty", "immintrin")}
        tus.update({i: os.path.join(d, "tu.c") for i, d in headers.items()})
        cpu = {n: [] for n in tus}
        for _ in range(reps):
            for n, tu in tus.items():
                cpu[n].append(timed_child(["clang", "-std=c99", "-O2"] + flags + [tu])[1] * 1e3)
        # The best of the runs: on a shared machine, the others are the same work plus waiting.
        e, imm = min(cpu["empty"]), min(cpu["immintrin"])
        for i in headers:
            k = min(cpu[i]) - e
            rows[i][f"clang_{mode}_ms"] = k
            rows[i][f"clang_{mode}_ratio"] = k / (imm - e) if imm > e else None
        ins = include.get(f"clang_{mode}", {}).get("instructions")
        if ins:
            ie, ii = ins["empty"], ins["immintrin"]
            for i in headers:
                rows[i][f"clang_{mode}_instructions_ratio"] = (clang_instructions(flags, tus[i]) - ie) / (ii - ie)
    return rows


def changes_table(results):
    """docs/performance.md's design-changes table, from a results file."""
    out = ["| change | commit | tokens | clang -fsyntax-only ms | ratio | by instructions | "
           "clang -c ms | ratio | by instructions |",
           "|---|---|---|---|---|---|---|---|---|"]
    ins = lambda r, mode: f"{r[mode]:.3f}" if isinstance(r.get(mode), float) else "-"
    for r in results.get("design_changes", []):
        if "error" in r:
            out.append(f"| {r['change']} | {r['commit'][:10]} | {r['error']} | | | | | | |")
            continue
        out.append(f"| {r['change']} | {r['commit'][:10]} | {r['tokens']:,} | {r['clang_syntax_ms']:.1f} | "
                   f"{r['clang_syntax_ratio']:.3f} | {ins(r, 'clang_syntax_instructions_ratio')} | "
                   f"{r['clang_full_ms']:.1f} | {r['clang_full_ratio']:.3f} | {ins(r, 'clang_full_instructions_ratio')} |")
    return "\n".join(out)


def section_sizes(obj):
    p = subprocess.run(["size", "-A", obj], capture_output=True, text=True, check=True)
    sizes = {}
    for line in p.stdout.splitlines():
        m = re.match(r"^(\.\S+)\s+(\d+)\s+\d+", line)
        if m:
            sizes[m.group(1)] = int(m.group(2))
    def total(prefix):
        return sum(v for k, v in sizes.items() if k == prefix or k.startswith(prefix + "."))
    return {"text": total(".text"), "rodata": total(".rodata"),
            "data": total(".data") + total(".data.rel.ro") + total(".bss")}


def dyn_relocs(so):
    p = subprocess.run(["readelf", "-rW", so], capture_output=True, text=True, check=True)
    return [l for l in p.stdout.splitlines() if re.match(r"^[0-9a-f]{8,16}\s", l)]


ABSOLUTE = re.compile(r"R_X86_64_(64|32|32S)\b|R_386_32\b")


def data_relocs(obj):
    """Absolute relocations applied to data (not code) in an object: a pointer stored in a
    table, which a PIC link turns into a load-time relocation. PC-relative ones (a jump table
    pointing into .text) are resolved by the static linker and are not counted."""
    p = subprocess.run(["readelf", "-rW", obj], capture_output=True, text=True, check=True)
    n, in_data = 0, False
    for line in p.stdout.splitlines():
        m = re.match(r"^Relocation section '\.rela?(\S+)'", line)
        if m:
            in_data = not (m.group(1).startswith(".text") or m.group(1).startswith(".eh_frame"))
        elif in_data and re.match(r"^[0-9a-f]{8,16}\s", line) and ABSOLUTE.search(line):
            n += 1
    return n


def names_source(tmp):
    """A TU calling every kprof_*_name() the header declares (each with its enum type) (found in kprof.h, so the
    domains added later are covered too)."""
    text = open(os.path.join(ROOT, "kprof.h")).read()
    decls = sorted(set(re.findall(r"^KPROF_API const char \*(kprof_\w+_name)\((\w+) \w+\);", text, re.M)))
    fns = [fn for fn, _ in decls]
    path = os.path.join(tmp, "footprint_names.c")
    with open(path, "w") as f:
        f.write('#define KPROF_IMPLEMENTATION\n#define KPROF_STATIC\n#include "kprof.h"\n')
        for fn, ty in decls:
            f.write(f"const char *bench_{fn}({ty} v);\nconst char *bench_{fn}({ty} v) {{ return {fn}(v); }}\n")
    if not fns:
        raise SystemExit("bench: no kprof_*_name() declarations found in kprof.h")
    return path, fns


def footprint(tmp):
    empty = os.path.join(tmp, "tu_empty.c")
    names_src, names_fns = names_source(tmp)
    out = {}
    for cc in ("gcc", "clang"):
        base = os.path.join(tmp, f"empty_{cc}.so")
        subprocess.run([cc, "-O2", "-fPIC", "-shared", empty, "-o", base], check=True)
        base_relocs = len(dyn_relocs(base))
        for variant, defs, src in (("names", [], os.path.join(ROOT, "bench", "footprint.c")),
                                   ("no_names", ["-DKPROF_NO_NAMES"], os.path.join(ROOT, "bench", "footprint.c")),
                                   ("enum_names", [], names_src),
                                   ("counts", [], os.path.join(ROOT, "bench", "footprint_counts.c"))):
            obj = os.path.join(tmp, f"foot_{cc}_{variant}.o")
            so = os.path.join(tmp, f"foot_{cc}_{variant}.so")
            subprocess.run([cc, "-std=c99", "-O2", "-fPIC", "-I", ROOT] + defs + ["-c", src, "-o", obj],
                           check=True)
            subprocess.run([cc, "-std=c99", "-O2", "-fPIC", "-shared", "-I", ROOT] + defs + [src, "-o", so],
                           check=True)
            r = section_sizes(obj)
            r["object_data_relocations"] = data_relocs(obj)
            r["shared_object_dynamic_relocations_over_empty"] = len(dyn_relocs(so)) - base_relocs
            if variant == "enum_names":
                r["functions"] = len(names_fns)
            out[f"{cc}_{variant}"] = r
    return out


def machine():
    """The machine, from the host facts (tests/hostfacts.py) and a few tools' versions."""
    h = host_facts()
    info = h.cpuinfo if h else {}
    virt = []
    if shutil.which("systemd-detect-virt"):
        for kind in ("--vm", "--container"):
            v = subprocess.run(["systemd-detect-virt", kind], capture_output=True, text=True).stdout.strip()
            if v and v != "none":
                virt.append(v)
    virt = "+".join(virt)
    fms = f"{h.family}/{h.model}/{h.stepping}" if h else "?/?/?"
    return {"nproc": len(h.online) if h else os.cpu_count(), "cpu": info.get("model name", "unknown"),
            "hypervisor_flag": bool(h and h.hypervisor is not None), "virt": virt,
            "family_model_stepping": fms, "affinity": h and hostfacts.cpu_ranges(h.affinity),
            "host": h.summary() if h else "unknown (host facts not gathered)",
            "mhz": info.get("cpu MHz", "?"), "cache": info.get("cache size", "?"),
            "kernel": platform.release(),
            "gcc": subprocess.run(["gcc", "-dumpfullversion"], capture_output=True, text=True).stdout.strip(),
            "clang": subprocess.run(["clang", "-dumpversion"], capture_output=True, text=True).stdout.strip()}


def loadavg():
    try:
        return [float(x) for x in open("/proc/loadavg").read().split()[:3]]
    except OSError:
        return None


def fig(results, prog, key):
    return results["benchmarks"][prog]["figures"][key]


def targets(results):
    """The performance targets, each as (name, value, bar, met)."""
    t = []
    b = results["benchmarks"]
    if "lwp_drain" in b:
        for k in ("kprof_batch", "kprof_iter", "kprof_drain", "kprof_span"):
            label = fig(results, "lwp_drain", k)["label"]
            floor = "batch floor (memcpy, then plain reads)" if k == "kprof_batch" else "floor"
            v = fig(results, "lwp_drain", "ratio_" + k)["median"]
            t.append((f"LWP drain, {label} / {floor}", v, ">= 0.9", v >= 0.9))
    if "lwp_concurrent" in b:
        v = fig(results, "lwp_concurrent", "ratio_kprof")["median"]
        t.append(("LWP concurrent, unpinned, kprof / ck_ring (records/s)", v, ">= 1.0", v >= 1.0))
        for suffix, where in CONCURRENT_PLACEMENTS:
            if "kprof" + suffix not in b["lwp_concurrent"]["figures"]:
                continue  # not measurable here (one CPU in the affinity mask); the info says so
            k = fig(results, "lwp_concurrent", "kprof" + suffix)["median"]
            ck = fig(results, "lwp_concurrent", "ck_ring" + suffix)["median"]
            t.append((f"LWP concurrent, {where}, kprof records/s", k, f">= ck_ring ({ck:.3g})", k >= ck))
            v = fig(results, "lwp_concurrent", "ratio_kprof" + suffix)["median"]
            t.append((f"LWP concurrent, {where}, kprof / ck_ring", v, ">= 1.0", v >= 1.0))
    if "lwp_poll" in b:
        v = fig(results, "lwp_poll", "empty_ns")["median"]
        t.append(("empty poll, ns", v, "<= 1", v <= 1.0))
        v = sum(fig(results, "lwp_poll", k)["max"] for k in ("empty_stores", "empty_fault_stores", "empty_asm_stores"))
        t.append(("empty poll, stores observed", v, "== 0", v == 0))
    for _, d in sorted(results.get("poll_disassembly", {}).items()):
        cc, arch = d["cc"], d["arch"]
        ring = "a JIT's own ring" if d["probe"].endswith("_jit") else "any ring, with its NULL test"
        what = f"empty poll, {cc} {'x86-64' if arch == '64' else 'i386'} -O2 out of line, {ring} (disassembled)"
        if "error" in d:
            t.append((f"{what}: instructions", -1, "empty path found", False))
            continue
        n, bud = d["instructions"], d["budget"]["instructions"]
        t.append((f"{what}: instructions", n, f"<= {bud}", n <= bud))
        t.append((f"{what}: stores", d["stores"], "== 0", d["stores"] == 0))
    for prog in ("lookup_emon", "lookup_amd64"):
        if prog in b:
            v = fig(results, prog, "libpfm4")["median"] / fig(results, prog, "kprof_by_name")["median"]
            pmu = b[prog]["info"]["pmu"]
            t.append((f"lookup speedup over libpfm4 ({pmu})", v, ">= 10", v >= 10))
            sets = [(f"{b[prog]['info']['queries']} {pmu} event names", "")]
            if "all_kprof_by_name" in b[prog]["figures"]:
                sets.append((f"all {b[prog]['info']['all_names']} names", "all_"))
            for what, pre in sets:
                kp = fig(results, prog, pre + "kprof_by_name")["median"]
                v = fig(results, prog, pre + "gperf_by_name")["median"] / kp
                t.append((f"name lookup, {what}: gperf time / kprof time", v, ">= 1.0", v >= 1.0))
                t.append((f"name lookup, {what}: kprof ns per lookup", kp, "<= 10", kp <= 10))
    for cfg, r in sorted((results.get("include_cost") or {}).items()):
        cc, mode = cfg.split("_")
        name = (f"include cost over an empty TU, kprof.h (plain include) / <immintrin.h>, {cc} -O2 "
                f"{'-fsyntax-only' if mode == 'syntax' else '-c'}")
        if "kprof_over_immintrin_net_instructions" in r:
            v = r["kprof_over_immintrin_net_instructions"]
            name += ", by instructions clang executes"
        else:
            v = r["kprof_over_immintrin_net"]
        t.append((name, v, "<= 0.10", v is not None and v <= 0.10))
    for cfg, r in sorted((results.get("include_cost") or {}).items()):
        if "implementation" in r:
            cc = cfg.split("_")[0]
            t.append((f"the implementation's unit (KPROF_IMPLEMENTATION), {cc} -O2 -c, ms CPU",
                      r["implementation"]["cpu_ms"]["median"], "none: reported", True))
    fp = results.get("footprint")
    if fp:
        v = max(r["object_data_relocations"] + r["shared_object_dynamic_relocations_over_empty"]
                for k, r in fp.items() if k.endswith(("_names", "_no_names")) and not k.endswith("enum_names"))
        t.append(("relocations the tables need", v, "== 0", v == 0))
        v = max(r["object_data_relocations"] + r["shared_object_dynamic_relocations_over_empty"]
                for k, r in fp.items() if k.endswith("enum_names"))
        t.append(("relocations the kprof_*_name() functions need", v, "== 0", v == 0))
        v = max(fp[k]["rodata"] for k in ("gcc_names", "clang_names"))
        t.append(("tables with names, .rodata bytes", v, "< 16384", v < 16384))
        # The per-family counts tables: a row of their own, whose only bar is
        # the relocation-free form; their size is reported, not judged.
        if "gcc_counts" in fp and "clang_counts" in fp:
            v = max(fp[k]["rodata"] for k in ("gcc_counts", "clang_counts"))
            t.append(("per-family counts tables (kprof_counts_class_by_signature/_name, kprof_counts_class_entry_get), "
                      ".rodata bytes", v, "none: reported", True))
            v = max(fp[k]["object_data_relocations"] + fp[k]["shared_object_dynamic_relocations_over_empty"]
                    for k in ("gcc_counts", "clang_counts"))
            t.append(("per-family counts tables, relocations", v, "== 0", v == 0))
    if "dump_read" in b:
        v = fig(results, "dump_read", "iter_ms")["median"]
        t.append((f"reading the largest dump in ../shared ({b['dump_read']['info']['file']}), ms", v,
                  "none: reported", True))
    if "cpu_groups" in b:
        lo, hi = (fig(results, "cpu_groups", f"distinct_{n}_ms")["median"] for n in (GROUP_BLOCKS[0], GROUP_BLOCKS[-1]))
        small, large = (int(b["cpu_groups"]["info"][k]) for k in ("smallest", "largest"))
        t.append((f"grouping {large:,} CPU blocks that all differ (kprof_cpu_dump_add), ms", hi,
                  "none: reported", True))
        t.append((f"grouping, {large:,} / {small:,} blocks that all differ, time ratio", hi / lo,
                  "<= 16 (linear 8, n log n about 10, quadratic 64)", hi / lo <= 16))
    cg = results.get("command_groups") or {}
    if cg:
        n = max(cg, key=int)
        v = cg[n]["median"]
        t.append((f"kprof info on a `cpuid -r` dump of {int(n):,} CPU blocks that all differ, s", v,
                  "<= 10 (600 s before issue 31)", v <= 10))
    return [{"target": n, "value": v, "bar": bar, "met": bool(ok)} for n, v, bar, ok in t]


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer() and abs(v) < 1e6):
        return f"{int(v)}"
    if abs(v) >= 1e6:
        return f"{v:.3g}"
    if abs(v) >= 100:
        return f"{v:.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    # Three significant digits: a ratio just under its bar (0.249 against 0.25) must not print
    # as the bar itself.
    return f"{v:.3g}"


def table(results):
    rows = []

    def add(group, label, s, unit, ratio=""):
        spread = f"{fmt(s['min'])}-{fmt(s['max'])}" if s["reps"] > 1 else ""
        rows.append((group, label, fmt(s["median"]), spread, unit, ratio))

    b = results["benchmarks"]
    if "lwp_drain" in b:
        for k, f in b["lwp_drain"]["figures"].items():
            if k.startswith("ratio_"):
                continue
            r = b["lwp_drain"]["figures"].get("ratio_" + k)
            add("LWP drain", f["label"], f, f["unit"],
                f"{r['median']:.2f}x floor ({r['min']:.2f}-{r['max']:.2f})" if r else "")
    if "lwp_concurrent" in b:
        for k, f in b["lwp_concurrent"]["figures"].items():
            if k.startswith("ratio_"):
                continue
            r = b["lwp_concurrent"]["figures"].get("ratio_" + k)
            add("LWP concurrent", f["label"], f, f["unit"],
                f"{r['median']:.2f}x ck_ring ({r['min']:.2f}-{r['max']:.2f})" if r else "")
    if "lwp_poll" in b:
        for k, f in b["lwp_poll"]["figures"].items():
            add("LWP poll", f["label"], f, f["unit"])
    if "dump_read" in b:
        for k, f in b["dump_read"]["figures"].items():
            add(f"cpuid dump, {b['dump_read']['info']['file']}", f["label"], f, f["unit"])
    if "cpu_groups" in b:
        for k, f in b["cpu_groups"]["figures"].items():
            add("CPU groups", f["label"], f, f["unit"])
    for n, f in (results.get("command_groups") or {}).items():
        add("CPU groups, the command", f"kprof info --cpuid-file: {int(n):,} blocks that all differ ({f['bytes']:,} bytes)",
            f, "s")
    for prog in ("lookup_emon", "lookup_amd64"):
        if prog not in b:
            continue
        info = b[prog]["info"]
        kp = fig(results, prog, "kprof_by_name")["median"]
        for k, f in b[prog]["figures"].items():
            if k.startswith("all_"):
                if k.endswith("_by_name") and k != "all_kprof_by_name":
                    r = f"kprof {f['median'] / fig(results, prog, 'all_kprof_by_name')['median']:.1f}x faster"
                elif k == "all_scan_by_value":
                    r = f"kprof {f['median'] / fig(results, prog, 'all_kprof_by_value')['median']:.1f}x faster"
                else:
                    r = ""
                add(f"lookup, all {info.get('all_names', '')} names", f["label"], f, f["unit"], r)
            else:
                r = "" if k == "kprof_by_name" else f"kprof {f['median'] / kp:.1f}x faster"
                add(f"lookup, {info['queries']} {info['pmu']} events", f["label"], f, f["unit"], r)
    for cfg, r in results.get("include_cost", {}).items():
        for n in [x for x in ("empty", "kprof", "immintrin", "implementation") if x in r]:
            ratio = ""
            if n == "kprof":
                ratio = f"net {r['kprof_over_immintrin_net']:.3f}x immintrin"
                if "kprof_over_immintrin_net_instructions" in r:
                    ratio += f"; {r['kprof_over_immintrin_net_instructions']:.3f}x by instructions"
            cc, mode = cfg.split("_")
            add(f"include, {cc} -O2 {'-fsyntax-only' if mode == 'syntax' else '-c'}",
                {"empty": "empty TU", "kprof": "#include \"kprof.h\"", "immintrin": "#include <immintrin.h>",
                 "implementation": "#define KPROF_IMPLEMENTATION + #include \"kprof.h\""}[n],
                r[n]["cpu_ms"], "ms CPU", ratio)
    for cfg, r in results.get("footprint", {}).items():
        cc, names = cfg.split("_", 1)
        if names == "enum_names":
            group = f"footprint, {cc}, every kprof_*_name()"
            what = f"{r.get('functions', '?')} enum name functions: .text / .rodata"
        elif names == "counts":
            group = f"footprint, {cc}, per-family counts tables"
            what = "counts class lookup, class name, verdict: .text / .rodata"
        else:
            group = f"footprint, {cc}, {'KPROF_NO_NAMES' if names == 'no_names' else 'with names'}"
            what = "source tables + lookups: .text / .rodata"
        rows.append((group, what, f"{r['text']} / {r['rodata']}", "", "bytes", ""))
        rows.append((group, "relocations: in data of the .o / dynamic in the .so (over an empty .so)",
                     f"{r['object_data_relocations']} / {r['shared_object_dynamic_relocations_over_empty']}",
                     "", "count", ""))

    head = ("benchmark", "figure", "median", "min-max", "unit", "ratio")
    w = [max(len(str(r[i])) for r in rows + [head]) for i in range(6)]
    lines = ["| " + " | ".join(str(h).ljust(w[i]) for i, h in enumerate(head)) + " |",
             "|" + "|".join("-" * (x + 2) for x in w) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(r)) + " |")
    lines += ["", "| target | value | bar | met |", "|---|---|---|---|"]
    for t in results["targets"]:
        lines.append(f"| {t['target']} | {fmt(t['value'])} | {t['bar']} | {'yes' if t['met'] else '**NO**'} |")
    return "\n".join(lines)


def machine_text(results):
    m = results["machine"]
    la = results.get("loadavg_before"), results.get("loadavg_after")
    kinds = (m["virt"] or "").split("+")
    where = "a KVM guest" if "kvm" in kinds else f"a {kinds[0] or 'virtualised'} guest"
    if len(kinds) > 1:
        where += f" (in a {kinds[1]} container)"
    cpu = m["cpu"]
    if m.get("family_model_stepping"):
        cpu += f", family/model/stepping {m['family_model_stepping']}, {m.get('mhz', '?')} MHz, {m.get('cache', '?')} cache"
    return (f"{m['nproc']} CPUs ({cpu}), {where} shared with other tenants "
            f"(cpuid hypervisor bit {'set' if m['hypervisor_flag'] else 'clear'}), Linux {m['kernel']}, "
            f"gcc {m['gcc']}, clang {m['clang']}; load average (1/5/15 min) {la[0]} before the run and "
            f"{la[1]} after it, on 2 CPUs; run {results['date']}.")


def update_readme(path, results):
    """Rewrite the generated blocks of docs/performance.md from a results file."""
    text = open(path).read()
    for name, body in (("table", table(results)), ("machine", machine_text(results)),
                       ("changes", changes_table(results))):
        begin, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
        i, j = text.index(begin), text.index(end)
        text = text[:i + len(begin)] + "\n" + body + "\n" + text[j:]
    open(path, "w").write(text)


def check(results):
    """The smoke test: every figure present and well formed. Returns (passed, failed)."""
    passed = failed = 0

    def ok(cond, what):
        nonlocal passed, failed
        if cond:
            passed += 1
        else:
            failed += 1
            print(f"FAIL: {what}")

    def good_stat(s):
        return (isinstance(s, dict) and all(isinstance(s.get(k), (int, float)) for k in ("median", "min", "max"))
                and s["min"] <= s["median"] <= s["max"] and s["min"] >= 0 and s.get("reps", 0) >= 1)

    text = json.dumps(results)
    ok(json.loads(text) == results, "results survive a JSON round trip")
    h = host_facts()
    ok(h is not None, "host facts gathered (tests/hostfacts.py)")
    places = hostfacts.expect_bench_placements(h) if h else ["unpinned", "same", "split"]
    print(f"{h.summary() if h else 'host: unknown'}; lwp_concurrent placements expected: {', '.join(places)}")
    for prog, keys in (expected_figures(h) if h else EXPECTED).items():
        b = results["benchmarks"].get(prog)
        ok(b is not None, f"{prog} ran")
        if not b:
            continue
        for k in keys:
            f = b["figures"].get(k)
            ok(f is not None and good_stat(f) and f.get("unit") and f.get("label"), f"{prog}.{k} well formed: {f}")
    for cfg in ("gcc_syntax", "gcc_full", "clang_syntax", "clang_full"):
        r = results.get("include_cost", {}).get(cfg, {})
        for n in ("empty", "kprof", "immintrin") + (("implementation",) if cfg.endswith("_full") else ()):
            ok(good_stat(r.get(n, {}).get("cpu_ms")) and good_stat(r.get(n, {}).get("wall_ms")),
               f"include_cost.{cfg}.{n}")
    for cfg in ("gcc_names", "gcc_no_names", "clang_names", "clang_no_names", "gcc_enum_names", "clang_enum_names",
                "gcc_counts", "clang_counts"):
        r = results.get("footprint", {}).get(cfg, {})
        ok(all(isinstance(r.get(k), int) for k in ("text", "rodata", "object_data_relocations",
                                                    "shared_object_dynamic_relocations_over_empty"))
           and r.get("rodata", 0) > 0 and r.get("text", 0) > 0, f"footprint.{cfg}: {r}")
    fp = results.get("footprint", {})
    if "gcc_names" in fp and "gcc_no_names" in fp:
        ok(fp["gcc_no_names"]["rodata"] < fp["gcc_names"]["rodata"], "KPROF_NO_NAMES shrinks .rodata")
    poll = results["benchmarks"].get("lwp_poll", {}).get("figures", {})
    ok(poll.get("ready_fault_stores_control", {}).get("median", 0) >= 1,
       "the read-only-page method sees the stores of a non-empty poll (control)")
    ok(poll.get("empty_asm_instructions", {}).get("median", 0) >= 3, "the single-step trace saw the empty poll")
    ok(is_store("mov", "%eax,0x1c(%r8)") and not is_store("mov", "0x10(%rax),%r10d")
       and is_store("push", "%rbx") and not is_store("cmp", "%edi,0x18(%r8)"), "store classifier")
    names = [t.get("target", "") for t in results["targets"]]
    ok(all(set(t) == {"target", "value", "bar", "met"} for t in results["targets"]), "targets well formed")
    lwp_rows = [n for n in names if n.startswith(("LWP drain", "LWP concurrent", "empty poll"))]
    # 4 drain modes; concurrent: unpinned and 2 per pinned placement this host measures; 2 poll;
    # 2 per held probe of each compiler and architecture of the disassembly
    held = sum(len(poll_held()[arch]) for _, arch in POLL_BUILDS)
    pinned = len([p for p in places if p != "unpinned"])
    ok(len(lwp_rows) == 4 + 1 + 2 * pinned + 2 + 2 * held, f"all LWP targets evaluated ({len(lwp_rows)})")
    # A figure the host cannot measure is absent, never a made-up number.
    for place, (prog, keys) in PLACEMENT_FIGURES.items():
        have = [k for k in keys if k in results["benchmarks"].get(prog, {}).get("figures", {})]
        ok(have == (keys if place in places else []), f"{prog}: {place} figures {have} as this host allows")
    tg = results["targets"]
    for want in ("gperf time / kprof time", "kprof ns per lookup", "kprof.h (plain include) / <immintrin.h>, gcc -O2 -c",
                 "kprof.h (plain include) / <immintrin.h>, clang -O2 -fsyntax-only", "tables with names, .rodata bytes",
                 "the implementation's unit (KPROF_IMPLEMENTATION), gcc -O2 -c",
                 "the implementation's unit (KPROF_IMPLEMENTATION), clang -O2 -c",
                 "relocations the tables need", "relocations the kprof_*_name() functions need",
                 "per-family counts tables, relocations",
                 "per-family counts tables (kprof_counts_class_by_signature/_name, kprof_counts_class_entry_get), .rodata bytes"):
        ok(any(want in x["target"] for x in tg), f"a target row for {want!r}")
    ok(any(n.startswith("reading the largest dump") for n in names), "the dump reading row is there")
    ok(sum(n.startswith(("grouping", "kprof info on a")) for n in names) == 3, "the grouping rows are there")
    dc = results.get("design_changes") or []
    ok(len(dc) >= 2, f"design changes measured ({len(dc)})")
    for r in dc:
        ok(isinstance(r.get("tokens"), int) and r["tokens"] > 0 and
           all(isinstance(r.get(k), float) for k in ("clang_syntax_ms", "clang_full_ms", "clang_syntax_ratio")),
           f"design change {r.get('commit', '?')[:10]} measured: {r}")
    try:
        ok(changes_table(results).count("\n") == len(dc) + 1, "the design-changes table renders a row per change")
    except (KeyError, TypeError, ValueError) as e:
        ok(False, f"the design-changes table renders: {e!r}")
    return passed, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", help="directory of the built benchmark programs")
    ap.add_argument("--out")
    ap.add_argument("--render", help="print the table of an existing results file and exit")
    ap.add_argument("--readme", help="with --render: rewrite this page's generated blocks (docs/performance.md)")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--kprof", help="the kprof command, for its figures (grouping a large dump)")
    ap.add_argument("--reps", type=int, default=11)
    ap.add_argument("--compile-reps", type=int, default=9)
    a = ap.parse_args()
    if a.render:
        with open(a.render) as f:
            results = json.load(f)
        if a.readme:
            update_readme(a.readme, results)
        else:
            print(table(results))
        return 0
    if not a.bin or not a.out:
        ap.error("--bin and --out are required")

    results = {"command": "make bench", "smoke": a.smoke,
               "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               "machine": machine(), "loadavg_before": loadavg(), "benchmarks": {}}
    errors = []
    for key, argv in PROGRAMS:
        try:
            results["benchmarks"][key] = run_program(a.bin, key, argv, a.smoke, a.reps)
            if key == "lwp_poll":
                poll_asm(a.bin, results["benchmarks"][key])
        except (RuntimeError, json.JSONDecodeError, OSError) as e:
            errors.append(f"{key}: {e}")
            print(f"bench: {key}: {e}", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        results["include_cost"] = include_cost(1 if a.smoke else a.compile_reps, tmp, instructions=not a.smoke)
        try:
            results["design_changes"] = design_changes(1 if a.smoke else a.compile_reps, tmp, results["include_cost"])
        except (RuntimeError, OSError, ValueError, KeyError) as e:
            errors.append(f"design_changes: {e}")
        results["poll_disassembly"] = {f"{cc}_{arch}_{probe}": d for (cc, arch, probe), d in poll_disassembly().items()}
        results["footprint"] = footprint(tmp)
        if a.kprof:
            try:
                results["command_groups"] = command_groups(a.kprof, a.smoke, a.reps, tmp)
            except (RuntimeError, OSError) as e:
                errors.append(f"command_groups: {e}")
    results["loadavg_after"] = loadavg()
    try:
        results["targets"] = targets(results)
    except (KeyError, TypeError, ZeroDivisionError) as e:
        errors.append(f"targets: {e!r}")
        results["targets"] = []
    with open(a.out, "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    try:
        print(table(results))
    except (KeyError, TypeError, ZeroDivisionError) as e:
        errors.append(f"table: {e!r}")
    m = results["machine"]
    print(f"\n{m['nproc']} CPUs, {m['cpu']}, {m['virt'] or 'virtualised' if m['hypervisor_flag'] else 'bare metal?'}; "
          f"load average {results['loadavg_before']} before, {results['loadavg_after']} after. Wrote {a.out}")
    if a.smoke:
        p, f = check(results)
        f += len(errors)
        for e in errors:
            print(f"FAIL: {e}")
        print(f"{p} passed, {f} failed")
        return 1 if f else 0
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
