#!/usr/bin/env python3
"""Unit tests of tests/hostfacts.py, the one place the tests learn the machine they run on:
every combination of vendor (Intel, AMD, other) x PMU (none, architectural perfmon present) x
IA32 execution (yes, no), and the edges of the HAL's rules, fed in as synthetic host facts
(`cpuid -r -1` text, /proc/cpuinfo text, tools/run-foreign answers, online CPUs, affinity).

For each kind of host the test checks the facts read back and what every host-dependent step
derives from them: the decision and reason pkg-windows-driver expects and its verdicts on the
driver output a correct driver prints there (and on wrong ones), the live `kprof info`
expectation of the cli step, the i386 runner (i386, i386-qemu, ds-i386, lwp-torn,
dropin-matrix), whether Wine runs the i686 builds (dropin-windows), the CPU blocks of
`cpuid-dump --all` (cli) and the thread placements bench-smoke expects. The expected values
are typed here from the HAL's rules (docs/api.md "The decision", the reasons in
spec/hal.yaml), examples/windows-driver/kprofdrv.c and docs/testing.md - never taken from
hostfacts.py or kprof. Ends with "N passed, N failed".
"""
import os
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402
import hostfacts  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# Synthetic hosts.
# ---------------------------------------------------------------------------------------------
# Leaf 0's ebx, edx, ecx spell the vendor: 12 ASCII bytes, 4 per register.
VENDOR_ID = {"intel": "GenuineIntel", "amd": "AuthenticAMD", "other": "CentaurHauls"}
# (leaf 1 eax, family, model, stepping, model name): a Xeon family 6 model 0x55 (the CI Intel
# host of issue 31), an EPYC family 0x19 model 0x01, a Centaur/Zhaoxin family 6 model 0x0F.
SIGNATURE = {"intel": (0x00050654, 6, 0x55, 4, "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz"),
             "amd": (0x00A00F11, 0x19, 0x01, 1, "AMD EPYC 7763 64-Core Processor"),
             "other": (0x000006F2, 6, 0x0F, 2, "CentaurHauls Nano")}


def regs_of(text):
    b = text.encode("latin-1")
    return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]


def leaves_for(vendor, pmu, hv="kvm", max_leaf=0x16):
    """One CPU's leaves. pmu: "none" (leaf 0x0A all zero, as a KVM guest without a PMU
    reports it; AMD without PerfCtrExtCore/PerfMonV2) or "arch" (leaf 0x0A version 2, four
    48-bit counters, ebx length 7 with every event available; AMD with PerfCtrExtCore and
    PerfMonV2 with six counters). hv: "kvm", "none" (bare metal), "hyperv" (Hv#1 with
    PerformanceMonitorsAvailable clear), "hyperv-pmu" (set), "hyperv-short" (no 0x40000003)."""
    b, c, d = [regs_of(VENDOR_ID[vendor])[i] for i in (0, 2, 1)]
    sig = SIGNATURE[vendor][0]
    ecx1 = (1 << 31) if hv != "none" else 0
    # leaf 1 edx: the usual features; DS (bit 21) on the Intel host only.
    edx1 = 0x178BFBFF | ((1 << 21) if vendor == "intel" else 0)
    L = {(0, 0): (max_leaf, b, c, d), (1, 0): (sig, 0x00020800, ecx1 | 0x3, edx1)}
    for leaf in range(2, max_leaf + 1):
        L[(leaf, 0)] = (0, 0, 0, 0)
    if pmu == "arch" and vendor != "amd" and max_leaf >= 0xA:
        L[(0xA, 0)] = (2 | 4 << 8 | 48 << 16 | 7 << 24, 0, 0, 3 | 48 << 5)
    if hv == "kvm":
        L[(0x40000000, 0)] = (0x40000001, *regs_of("KVMKVMKVM\0\0\0"))
        L[(0x40000001, 0)] = (0x01007EFB, 0, 0, 0)
    elif hv.startswith("hyperv"):
        top = 0x40000001 if hv == "hyperv-short" else 0x40000005
        L[(0x40000000, 0)] = (top, *regs_of("Microsoft Hv"))
        L[(0x40000001, 0)] = (int.from_bytes(b"Hv#1", "little"), 0, 0, 0)
        if hv != "hyperv-short":
            L[(0x40000003, 0)] = (0, 0, 0, 0x3BB3 | (4 if hv == "hyperv-pmu" else 0))
    ext_top = 0x80000022 if vendor == "amd" else 0x80000008
    L[(0x80000000, 0)] = (ext_top, *(L[(0, 0)][1:] if vendor == "amd" else (0, 0, 0)))
    # 0x80000001 ecx: LAHF; on AMD with a PMU PerfCtrExtCore (bit 23); LWP (bit 15) on the
    # "other" host only (a fact read from the bit, whatever the vendor).
    ecx81 = 0x1 | ((1 << 23) if vendor == "amd" and pmu == "arch" else 0) | ((1 << 15) if vendor == "other" else 0)
    L[(0x80000001, 0)] = (sig, 0, ecx81, 1 << 29)
    if vendor == "amd":
        L[(0x80000022, 0)] = (1, 6, 0, 0) if pmu == "arch" else (0, 0, 0, 0)
    return L


def raw_text(leaves):
    """The leaves as `cpuid -r -1` prints them."""
    out = ["CPU:"]
    for (leaf, sub), r in sorted(leaves.items()):
        out.append(f"   0x{leaf:08x} 0x{sub:02x}: eax=0x{r[0]:08x} ebx=0x{r[1]:08x} ecx=0x{r[2]:08x} edx=0x{r[3]:08x}")
    return "\n".join(out) + "\n"


def cpuinfo_text(vendor, ncpu, flags):
    blocks = []
    for n in range(ncpu):
        blocks.append(f"processor\t: {n}\nvendor_id\t: {VENDOR_ID[vendor]}\ncpu family\t: {SIGNATURE[vendor][1]}\n"
                      f"model\t\t: {SIGNATURE[vendor][2]}\nmodel name\t: {SIGNATURE[vendor][4]}\n"
                      f"stepping\t: {SIGNATURE[vendor][3]}\ncpu MHz\t\t: 2400.000\ncache size\t: 512 KB\n"
                      f"flags\t\t: {flags}\n")
    return "\n".join(blocks) + "\n"


# tools/run-foreign's own words (its probe_i386 and --which).
WHICH_NATIVE = "runner for i386 programs: native (this kernel runs i386 programs (the gcc -m32 probe ran))"
WHICH_QEMU = ("runner for i386 programs: qemu-i386 (this kernel cannot run i386 programs: the gcc -m32 probe "
              "exited 126: Exec format error)")


def fake_run_foreign(ia32):
    """A tools/run-foreign that answers as it does on a kernel with (or without) IA32."""
    def answer(args, runner_env):
        probe = "native" if ia32 else "qemu"
        runner = runner_env if runner_env in ("native", "qemu") else probe
        if args == ["--decide", "i386"]:
            return 0, runner + "\n", ""
        if args == ["--which", "i386"]:
            return 0, (WHICH_NATIVE if runner == "native" else WHICH_QEMU) + "\n", ""
        return 2, "", f"unexpected run-foreign call {args}"
    return answer


def host(vendor, pmu, ia32, hv="kvm", ncpu=2, affinity=None, wine32=False, forced="", **kw):
    leaves = leaves_for(vendor, pmu, hv, **kw)
    flags = "fpu vme de pse tsc msr" + (" hypervisor" if hv != "none" else "")
    return hostfacts.gather(cpuid_raw=raw_text(leaves), cpuinfo=cpuinfo_text(vendor, ncpu, flags),
                            run_foreign=fake_run_foreign(ia32), online=f"0-{ncpu - 1}\n",
                            affinity=set(range(ncpu)) if affinity is None else affinity, wine32=wine32,
                            forced_runner=forced)


# ---------------------------------------------------------------------------------------------
# The rules, typed here.
# ---------------------------------------------------------------------------------------------
# docs/api.md "The decision", rule 1: AMD -> Amd64; Intel -> Emon only with leaf 0x0A version
# >= 1, ebx length != 0, ebx bit 0 clear (else Default, leaf 0x0A version 0 here); any other
# vendor -> Default. The reason: the spec/hal.yaml value that names the deciding rule.
DECISION = {("intel", "none"): ("default", "PERFMON_VERSION_0"), ("intel", "arch"): ("emon", "INTEL_EMON"),
            ("amd", "none"): ("amd64", "VENDOR_AMD"), ("amd", "arch"): ("amd64", "VENDOR_AMD"),
            ("other", "none"): ("default", "VENDOR_OTHER"), ("other", "arch"): ("default", "VENDOR_OTHER")}
# examples/windows-driver/kprofdrv.c: Intel reads IA32_MISC_ENABLE and writes back
# IA32_PERFEVTSEL0; AMD reads and writes back PerfEvtSel0; another vendor touches no MSR.
# Linux msr-index.h names; the numbers here are stand-ins (the step reads the real ones).
DRIVER_MSRS = {"intel": ("MSR_IA32_MISC_ENABLE", "MSR_P6_EVNTSEL0"), "amd": ("MSR_K7_EVNTSEL0", "MSR_K7_EVNTSEL0"),
               "other": (None, None)}
PLAN_MSR = {"emon": "MSR_P6_EVNTSEL0", "amd64": "MSR_K7_EVNTSEL0", "default": None}
MSR = {"MSR_IA32_MISC_ENABLE": 0x1111, "MSR_P6_EVNTSEL0": 0x2222, "MSR_K7_EVNTSEL0": 0x3333}

with open(os.path.join(ROOT, "spec", "hal.yaml"), encoding="utf-8") as f:
    REASON = {v["name"]: v["string"] for e in yaml.safe_load(f)["enums"] if e["name"] == "hal_reason"
              for v in e["values"]}
with open(os.path.join(ROOT, "spec", "source.yaml"), encoding="utf-8") as f:
    TABLES = {t["id"]: {r["value"]: r for r in t["sources"]} for t in yaml.safe_load(f)["tables"]}


def driver_lines(itf, why, vendor, plan_msr=None):
    """What a correct examples/windows-driver prints under Wine on such a host (its DbgPrint
    formats): source 2 is in the Emon and Amd64 tables, not in Default's; the synthetic
    perfmon hosts have every Emon event available and counter 0. plan_msr: another MSR for
    the plan (a wrong output)."""
    lines = ["kprof 1.0.0", f"interface {itf} ({REASON[why]})"]
    row = TABLES[itf].get(2)
    if row is None:
        lines.append("source 2: not in this interface's table")
    else:
        lines.append(f"source 2 {row['name']} select 0x{row['select']:08x} presence yes")
        lines.append(f"plan: counter 0 select msr 0x{MSR[plan_msr or PLAN_MSR[itf]]:x} = 0x00000000004300c0, "
                     "counter msr 0x9999")
    rd, wr = DRIVER_MSRS[vendor]
    if rd:
        lines.append(f"rdmsr 0x{MSR[rd]:x} = 0x0000000000000000")
    if wr:
        lines.append(f"wrmsr 0x{MSR[wr]:x}: KPROF_E_FAULT")
    lines.append("unloaded")
    return lines


def all_ok(verdicts):
    return all(good for good, _ in verdicts)


def failed(verdicts):
    return [what for good, what in verdicts if not good]


# ---------------------------------------------------------------------------------------------
def test_combination(vendor, pmu, ia32):
    name = f"{vendor}/{'perfmon' if pmu == 'arch' else 'no PMU'}/IA32 {'yes' if ia32 else 'no'}"
    h = host(vendor, pmu, ia32)
    fam, model, stepping = SIGNATURE[vendor][1:4]
    # The facts read back.
    check(h.vendor == vendor and h.vendor_string == VENDOR_ID[vendor], f"{name}: vendor {h.vendor_string} ({h.vendor})")
    check((h.family, h.model, h.stepping) == (fam, model, stepping),
          f"{name}: family/model/stepping {h.family:#x}/{h.model:#x}/{h.stepping}")
    check(h.hypervisor == {"vendor": "KVMKVMKVM", "microsoft_compatible": False, "performance_monitors_available": False},
          f"{name}: hypervisor {h.hypervisor}")
    # Architectural perfmon: leaf 0x0A on Intel and others, PerfMonV2 on AMD (leaf 0x0A is
    # reserved there and `kprof info` reports no perfmon object).
    check(h.arch_perfmon == (pmu == "arch"), f"{name}: architectural perfmon {h.arch_perfmon}")
    want_pm = None if vendor == "amd" else (
        {"version": 2, "counters": 4, "width": 48, "ebx_length": 7, "ebx": 0} if pmu == "arch" else
        {"version": 0, "counters": 0, "width": 0, "ebx_length": 0, "ebx": 0})
    check(h.perfmon == want_pm, f"{name}: leaf 0x0A facts {h.perfmon}")
    check(h.amd_perfmon_v2 == h.amd_perfctr_core == (vendor == "amd" and pmu == "arch"),
          f"{name}: AMD PerfMonV2 {h.amd_perfmon_v2}, PerfCtrExtCore {h.amd_perfctr_core}")
    check(h.ia32 == ia32 and h.ia32_why == (WHICH_NATIVE if ia32 else WHICH_QEMU), f"{name}: IA32 {h.ia32} ({h.ia32_why})")
    check((h.online, h.affinity, h.lwp, h.ds, h.wine32) == ([0, 1], [0, 1], vendor == "other", vendor == "intel", False),
          f"{name}: online {h.online}, affinity {h.affinity}, LWP {h.lwp}, DS {h.ds}, wine32 {h.wine32}")
    s = h.summary()
    pm_words = ("architectural perfmon v2" if pmu == "arch" else "leaf 0x0A version 0") if vendor != "amd" else \
        ("AMD PerfMonV2" if pmu == "arch" else "no AMD PerfMonV2")
    for words in (VENDOR_ID[vendor], f"family 0x{fam:X} model 0x{model:X}", '"KVMKVMKVM"', pm_words,
                  "IA32 programs run natively" if ia32 else "IA32 programs do not run"):
        check(words in s, f"{name}: the summary says {words!r}: {s}")

    # cli: live `kprof info` by the rules.
    itf, why = DECISION[(vendor, pmu)]
    e = hostfacts.expect_info(h.leaves)
    check((e["interface"], e["reason"]) == (itf, REASON[why]), f"{name}: cli live: {e['interface']} ({e['reason']})")
    check((e["vendor"], e["family"], e["model"], e["perfmon"]) == (VENDOR_ID[vendor], fam, model, want_pm),
          f"{name}: cli live: vendor, family, model, perfmon {e}")
    check(hostfacts.hal_decision(h.leaves) == (itf, why), f"{name}: the HAL's decision {hostfacts.hal_decision(h.leaves)}")
    # The 32-bit HAL: Intel family 6 keeps Emon, AMD with long mode keeps Amd64 (rule 2).
    check(hostfacts.hal_decision(h.leaves, "x86") == (itf, why), f"{name}: the 32-bit HAL's decision")

    # pkg-windows-driver: the expectation and its verdicts.
    want = hostfacts.expect_windows_driver(h)
    check((want["interface"], want["reason"], want["interface_line"]) == (itf, why, f"interface {itf} ({REASON[why]})"),
          f"{name}: driver: {want['interface_line']}")
    check((want["rdmsr"], want["wrmsr"], want["plan_msr"]) == (*DRIVER_MSRS[vendor], PLAN_MSR[itf]),
          f"{name}: driver MSRs: read {want['rdmsr']}, write {want['wrmsr']}, plan {want['plan_msr']}")
    good = driver_lines(itf, why, vendor)
    v = hostfacts.windows_driver_verdicts(want, good, MSR)
    check(all_ok(v), f"{name}: driver: a correct driver's output passes every check {failed(v)}")
    check(len(v) == 6, f"{name}: driver: six checks ({len(v)})")
    # Wrong outputs are refused: another rule's reason, another interface, no unload, the MSR
    # lines of another vendor, a plan on another MSR (or any plan on Default).
    wrong_reason = "VENDOR_AMD" if why != "VENDOR_AMD" else "PERFMON_VERSION_0"
    swap = {"intel": "amd", "amd": "other", "other": "intel"}[vendor]
    wrong_itf = "emon" if itf != "emon" else "default"
    for what, lines in (
            ("another reason", [f"interface {itf} ({REASON[wrong_reason]})" if l.startswith("interface ") else l for l in good]),
            ("another interface", [f"interface {wrong_itf} ({REASON[why]})" if l.startswith("interface ") else l for l in good]),
            ("no unload", good[:-1]),
            (f"the MSR lines of {swap}", driver_lines(itf, why, swap)),
            ("a plan on another MSR", driver_lines(itf, why, vendor, plan_msr="MSR_IA32_MISC_ENABLE") if itf != "default"
             else good[:3] + ["plan: counter 0 select msr 0x2222 = 0x0, counter msr 0x1"] + good[3:])):
        check(not all_ok(hostfacts.windows_driver_verdicts(want, lines, MSR)), f"{name}: driver: {what} is refused")

    # i386 steps: the run's runner; i386-qemu forces the emulator.
    check(hostfacts.expect_i386_runner(h)[0] == ("native" if ia32 else "qemu"), f"{name}: i386 runner {hostfacts.expect_i386_runner(h)}")
    check(hostfacts.expect_i386_runner(h, forced="qemu")[0] == "qemu", f"{name}: i386-qemu runner")
    # dropin-windows: Wine runs i686 programs only with wine32 and a kernel that runs i386 code.
    for wine32 in (False, True):
        h.wine32 = wine32
        check(hostfacts.expect_wine_i686(h)[0] == (wine32 and ia32), f"{name}: wine32 {wine32}: i686 under Wine {hostfacts.expect_wine_i686(h)}")
    h.wine32 = False
    # IA32 changes nothing else: the same decision and driver expectation either way.
    other = host(vendor, pmu, not ia32)
    check(hostfacts.expect_windows_driver(other) == want and hostfacts.expect_info(other.leaves) == e,
          f"{name}: IA32 execution changes no decision")


def test_hypervisors_and_edges():
    """The rules' edges, on the hosts the matrix varies (docs/api.md rules 1-3)."""
    cases = [
        (dict(vendor="intel", pmu="arch", hv="hyperv"), ("default", "HV_HIDES_PERFMON")),
        (dict(vendor="intel", pmu="arch", hv="hyperv-short"), ("default", "HV_NO_FEATURES_LEAF")),
        (dict(vendor="intel", pmu="arch", hv="hyperv-pmu"), ("emon", "INTEL_EMON")),
        (dict(vendor="amd", pmu="none", hv="hyperv"), ("default", "HV_HIDES_PERFMON")),
        (dict(vendor="amd", pmu="none", hv="hyperv-pmu"), ("amd64", "VENDOR_AMD")),
        # Already Default by rule 1: the first rule that yields Default names the reason.
        (dict(vendor="intel", pmu="none", hv="hyperv"), ("default", "PERFMON_VERSION_0")),
        (dict(vendor="other", pmu="arch", hv="hyperv"), ("default", "VENDOR_OTHER")),
        (dict(vendor="intel", pmu="arch", hv="none"), ("emon", "INTEL_EMON")),
        (dict(vendor="intel", pmu="arch", max_leaf=9), ("default", "MAX_LEAF_BELOW_0A")),
    ]
    for kw, want in cases:
        h = host(ia32=True, **kw)
        check(hostfacts.hal_decision(h.leaves) == want and hostfacts.expect_windows_driver(h)["reason"] == want[1],
              f"{kw}: {hostfacts.hal_decision(h.leaves)}, want {want}")
    h = host("intel", "arch", True, hv="none")
    check(h.hypervisor is None and "no hypervisor" in h.summary(), f"bare metal: no hypervisor ({h.hypervisor})")
    h = host("intel", "arch", True, hv="hyperv")
    check(h.hypervisor == {"vendor": "Microsoft Hv", "microsoft_compatible": True, "performance_monitors_available": False},
          f"Hyper-V: {h.hypervisor}")
    # Leaf 0x0A's ebx length 0 and ebx bit 0 (core cycles unavailable); a missing leaf 0x0A.
    for eax, ebx, want in ((2 | 4 << 8 | 48 << 16, 0, "EBX_LENGTH_0"), (2 | 4 << 8 | 48 << 16 | 7 << 24, 1, "CORE_CYCLES_UNAVAILABLE")):
        L = leaves_for("intel", "arch")
        L[(0xA, 0)] = (eax, ebx, 0, 0)
        check(hostfacts.hal_decision(L) == ("default", want), f"leaf 0x0A {eax:#x}/{ebx:#x}: {hostfacts.hal_decision(L)}")
    L = leaves_for("intel", "arch")
    del L[(0xA, 0)]
    check(hostfacts.hal_decision(L) == ("default", "NO_LEAF_0A"), f"leaf 0x0A missing: {hostfacts.hal_decision(L)}")
    check(hostfacts.hal_decision({}) == ("default", "NO_LEAF_0"), "no leaf 0")
    # The 32-bit HAL: an Intel family other than 6 and 15; AMD without long mode.
    L = leaves_for("intel", "arch")
    L[(1, 0)] = (0x00000B00 | L[(1, 0)][0] & 0xFF, *L[(1, 0)][1:])
    check(hostfacts.hal_decision(L, "x86") == ("default", "X86_INTEL_FAMILY") and hostfacts.hal_decision(L)[0] == "emon",
          f"32-bit HAL, Intel family 0xB: {hostfacts.hal_decision(L, 'x86')}")
    L = leaves_for("amd", "none")
    L[(0x80000001, 0)] = (L[(0x80000001, 0)][0], 0, 0, 0)
    check(hostfacts.hal_decision(L, "x86") == ("default", "X86_AMD_NO_LONG_MODE"), "32-bit HAL, AMD without long mode")
    # Emon with source 2's event unavailable (ebx bit 1): refused by the plan.
    L = leaves_for("intel", "arch")
    L[(0xA, 0)] = (L[(0xA, 0)][0], 1 << 1, 0, L[(0xA, 0)][3])
    h = hostfacts.gather(cpuid_raw=raw_text(L), cpuinfo="", run_foreign=fake_run_foreign(True), online="0", affinity={0},
                         wine32=False, forced_runner="")
    w = hostfacts.expect_windows_driver(h)
    check(w["source"]["supported"] is False and w["plan_msr"] is None and w["plan_status"] == "KPROF_E_UNSUPPORTED",
          f"Emon with ebx bit 1 set: source 2 unsupported, plan refused ({w})")


def test_runner_and_cpus():
    # Forced runners (KPROF_I386_RUNNER): qemu anywhere; native only where IA32 runs.
    for ia32 in (True, False):
        for forced, want in (("", "native" if ia32 else "qemu"), ("auto", "native" if ia32 else "qemu"),
                             ("qemu", "qemu"), ("native", "native" if ia32 else None)):
            h = host("intel", "none", ia32, forced=forced)
            got = hostfacts.expect_i386_runner(h)
            check(got[0] == want, f"IA32 {ia32}, KPROF_I386_RUNNER={forced!r}: runner {got}")
    # CPUs and affinity: cpuid-dump --all's blocks and bench's placements.
    for ncpu, aff, blocks, places in ((1, {0}, [0], ["unpinned", "same"]),
                                      (2, {0, 1}, [0, 1], ["unpinned", "same", "split"]),
                                      (4, {1}, [1], ["unpinned", "same"]),
                                      (8, {2, 3, 6}, [2, 3, 6], ["unpinned", "same", "split"])):
        h = host("amd", "none", True, ncpu=ncpu, affinity=aff)
        check(len(h.online) == ncpu and hostfacts.expect_cpuid_dump_all(h) == blocks
              and hostfacts.expect_bench_placements(h) == places,
              f"{ncpu} CPUs, affinity {sorted(aff)}: blocks {hostfacts.expect_cpuid_dump_all(h)}, "
              f"placements {hostfacts.expect_bench_placements(h)}")
    check(hostfacts.cpu_list("0-3,8,10-11\n") == [0, 1, 2, 3, 8, 10, 11] and hostfacts.cpu_ranges([0, 1, 2, 5]) == "0-2,5",
          "CPU lists")


def test_gather_refuses():
    """A fact that cannot be read is an error naming it, never a guess."""
    L = leaves_for("intel", "none")
    for what, kw in (("no leaf 0", dict(cpuid_raw="CPU:\n")),
                     ("vendor_id differs", dict(cpuinfo=cpuinfo_text("amd", 1, ""))),
                     ("bad KPROF_I386_RUNNER", dict(forced_runner="sometimes"))):
        args = dict(cpuid_raw=raw_text(L), cpuinfo=cpuinfo_text("intel", 1, ""), run_foreign=fake_run_foreign(True),
                    online="0", affinity={0}, wine32=False, forced_runner="")
        args.update(kw)
        try:
            hostfacts.gather(**args)
            check(False, f"gather refuses: {what}")
        except hostfacts.HostFactsError as e:
            check(str(e) != "", f"gather refuses: {what} ({e})")


def test_ia32_unknown():
    """A run-foreign that cannot decide (no gcc -m32 yet): IA32 is unknown, not guessed; only
    the i386 expectations fail, saying why, and the others stand."""
    L = leaves_for("intel", "none")
    h = hostfacts.gather(cpuid_raw=raw_text(L), cpuinfo=cpuinfo_text("intel", 1, ""), online="0", affinity={0},
                         run_foreign=lambda a, e: (2, "", "run-foreign: cannot build the i386 probe"), wine32=True,
                         forced_runner="")
    check(h.ia32 is None and "cannot build the i386 probe" in h.ia32_why and "IA32 execution unknown" in h.summary(),
          f"IA32 unknown: {h.ia32} ({h.ia32_why})")
    check(hostfacts.expect_i386_runner(h)[0] is None and hostfacts.expect_i386_runner(h, forced="qemu")[0] == "qemu",
          "IA32 unknown: no runner but the forced emulator")
    check(hostfacts.expect_wine_i686(h)[0] is False, "IA32 unknown: Wine's i686 runs are not expected")
    check(hostfacts.expect_windows_driver(h)["interface_line"] == f"interface default ({REASON['PERFMON_VERSION_0']})",
          "IA32 unknown: the driver's expectation stands")


def test_this_host():
    """This machine: its facts gather, and it is one of the combinations above."""
    try:
        h = hostfacts.live()
    except hostfacts.HostFactsError as e:
        check(False, f"this host's facts: {e}")
        return
    print(h.summary())
    kind = (h.vendor, "arch" if h.arch_perfmon else "none", h.ia32)
    print(f"this host is the combination vendor {kind[0]}, {'architectural perfmon' if kind[1] == 'arch' else 'no PMU'}, "
          f"IA32 {'yes' if kind[2] else 'no'}; expected decision {hostfacts.hal_decision(h.leaves)}")
    check(h.vendor in ("intel", "amd", "other") and len(h.online) >= 1 and set(h.affinity) <= set(h.online),
          f"this host: vendor {h.vendor}, online {h.online}, affinity {h.affinity}")


def main():
    combos = 0
    for vendor in ("intel", "amd", "other"):
        for pmu in ("none", "arch"):
            for ia32 in (True, False):
                test_combination(vendor, pmu, ia32)
                combos += 1
    check(combos == 12, f"{combos} combinations of vendor x PMU x IA32")
    test_hypervisors_and_edges()
    test_runner_and_cpus()
    test_gather_refuses()
    test_ia32_unknown()
    test_this_host()
    return done()


if __name__ == "__main__":
    sys.exit(main())
