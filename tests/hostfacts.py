"""The facts of the machine the tests run on, gathered in one place, and what each test step
whose expectation depends on the machine expects from them.

    from ktest import host          # ktest exports it
    h = host()                      # this machine's facts (gathered once per process)
    print(h.summary())              # "host: GenuineIntel family 0x6 model 0x55, ..."
    want = expect_windows_driver(h)

    python3 tests/hostfacts.py                  # print this machine's facts
    python3 tests/hostfacts.py --i386 RUNNER    # check a step's i386 runner (counted check)

Machines of this project's kind differ: Intel, AMD or another vendor; architectural perfmon
exposed or not; IA32 programs executable or not; a hypervisor or not; any number of CPUs and
any affinity mask. A step never assumes one: it asks this module (docs/testing.md, "Host
facts"). tests/test_hostfacts.py feeds every kind of host in (synthetic cpuid leaves,
/proc/cpuinfo text and tools/run-foreign answers) and checks each expectation against the
rules, so a host kind nobody has sat on cannot surprise the suite.

Where each fact comes from (never from kprof, the code under test):
  cpuid leaves        Debian's `cpuid -r -1` (the CPU the tool runs on): vendor, family/model/
                      stepping, leaf 0x0A (architectural perfmon), hypervisor leaves, LWP
                      (0x80000001 ecx[15]), DS (1 edx[21]), AMD's PerfCtrExtCore/PerfMonV2
  /proc/cpuinfo       the first processor's model name, flags, MHz and cache (reports only),
                      and its vendor_id, which must equal cpuid's
  tools/run-foreign   whether this kernel runs i386 programs (its gcc -m32 probe, run with
                      KPROF_I386_RUNNER=auto), and this run's forced runner (KPROF_I386_RUNNER)
  /sys/devices/system/cpu/online, sched_getaffinity(0)   the online CPUs and this process's mask
  /usr/lib/wine/wine  whether wine32 (Wine's i386 half) is installed

The HAL's rules are restated here once (docs/api.md, "The decision"; the reasons'
meanings in spec/hal.yaml), over raw leaves, and used for every dump as well as for the host:
tests/test_cli.py and tests/kernel/boot.py take their decisions from hal_decision().
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_FOREIGN = os.path.join(ROOT, "tools", "run-foreign")

# ---------------------------------------------------------------------------------------------
# cpuid -r text (Debian cpuid), read here independently of kprof.
# ---------------------------------------------------------------------------------------------
RAW_BLOCK = re.compile(r"^CPU(?: (\d+))?:\s*$")
RAW_LEAF = re.compile(r"^\s*0x([0-9a-f]{8}) 0x([0-9a-f]{2}): eax=0x([0-9a-f]{8}) ebx=0x([0-9a-f]{8})"
                      r" ecx=0x([0-9a-f]{8}) edx=0x([0-9a-f]{8})\s*$")


def parse_cpuid_raw(text):
    """`cpuid -r` text -> one {(leaf, subleaf): (eax, ebx, ecx, edx)} per CPU block, in order
    (the first repeat of a leaf wins)."""
    blocks, cur = [], None
    for line in text.splitlines():
        if RAW_BLOCK.match(line):
            cur = {}
            blocks.append(cur)
            continue
        m = RAW_LEAF.match(line)
        if m and cur is not None:
            cur.setdefault((int(m[1], 16), int(m[2], 16)), tuple(int(m[i], 16) for i in range(3, 7)))
    return blocks


def cpu_list(text):
    """A Linux CPU list ("0-3,8,10-11") -> sorted list of ints."""
    out = set()
    for part in text.strip().split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return sorted(out)


def cpu_ranges(cpus):
    """[0, 1, 2, 5] -> "0-2,5" (the inverse of cpu_list)."""
    out, cpus = [], sorted(cpus)
    i = 0
    while i < len(cpus):
        j = i
        while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
            j += 1
        out.append(str(cpus[i]) if i == j else f"{cpus[i]}-{cpus[j]}")
        i = j + 1
    return ",".join(out)


def parse_cpuinfo(text):
    """The first processor block of /proc/cpuinfo as {key: value}."""
    info = {}
    for line in text.splitlines():
        if not line.strip():
            if info:
                break
            continue
        k, sep, v = line.partition(":")
        if sep:
            info.setdefault(k.strip(), v.strip())
    return info


# ---------------------------------------------------------------------------------------------
# The rules, over one CPU's raw leaves (docs/api.md; reference/hal-profile-interfaces.md).
# ---------------------------------------------------------------------------------------------
HV_MICROSOFT = int.from_bytes(b"Hv#1", "little")  # leaf 0x40000001 eax of a Microsoft-compatible hypervisor
VENDORS = {"GenuineIntel": "intel", "AuthenticAMD": "amd"}


def bit(v, n):
    return (v >> n) & 1 == 1


def no_long_mode(block):
    """The dump says the processor has no long mode: it has the extended range's leaf
    0x80000000, and leaf 0x80000001 edx bit 29 is clear or beyond its max leaf (a dump without
    the range may just have left it out: unknown, not "no")."""
    return (0x80000000, 0) in block and not (trusted(block, 0x80000001) and bit(block[(0x80000001, 0)][3], 29))


def trusted(block, leaf):
    """A leaf counts when present and not above its range's max leaf; hypervisor leaves also
    need cpuid.1:ecx[31] (kprof.h's snapshot rule, docs/api.md)."""
    if (leaf, 0) not in block:
        return False
    if leaf >= 0x80000000:
        return (0x80000000, 0) in block and leaf <= block[(0x80000000, 0)][0]
    if 0x40000000 <= leaf < 0x50000000:
        if (1, 0) not in block or not bit(block[(1, 0)][2], 31) or (0x40000000, 0) not in block:
            return False
        mx = block[(0x40000000, 0)][0]
        return mx == 0 or leaf <= mx
    return (0, 0) in block and leaf <= block[(0, 0)][0]


def reg(block, leaf, i):
    """Register i (0 eax .. 3 edx) of a trusted leaf's sub-leaf 0, else 0."""
    return block[(leaf, 0)][i] if trusted(block, leaf) else 0


def sig(*regs):
    return b"".join(r.to_bytes(4, "little") for r in regs)


def vendor_string(block):
    """Leaf 0's vendor (ebx, edx, ecx), or None without leaf 0."""
    if (0, 0) not in block:
        return None
    return sig(reg(block, 0, 1), reg(block, 0, 3), reg(block, 0, 2)).decode("latin-1")


def vendor_kind(block):
    """intel, amd or other (also for no leaf 0)."""
    return VENDORS.get(vendor_string(block), "other")


def family_model_stepping(block):
    """Displayed family and model (the extended fields by Intel's and AMD's rules, as Linux
    arch/x86/lib/cpu.c applies them) and stepping, from leaf 1 eax."""
    a = reg(block, 1, 0)
    base_family, base_model = (a >> 8) & 0xF, (a >> 4) & 0xF
    family = base_family + ((a >> 20) & 0xFF if base_family == 0xF else 0)
    model = base_model | (((a >> 16) & 0xF) << 4 if base_family >= 6 else 0)
    return family, model, a & 0xF


def hypervisor(block):
    """None with cpuid.1:ecx[31] clear or no leaf 0x40000000 to answer it; else {vendor
    (signature), microsoft_compatible, performance_monitors_available} as `kprof info --json`
    reports it."""
    if not bit(reg(block, 1, 2), 31) or not trusted(block, 0x40000000):
        return None  # (a leaf-1 bit no hypervisor leaf answers: 2000-era VIA parts set it)
    signature = sig(reg(block, 0x40000000, 1), reg(block, 0x40000000, 2), reg(block, 0x40000000, 3)).rstrip(b"\0")
    return {"vendor": signature.decode("latin-1") if trusted(block, 0x40000000) else None,
            "microsoft_compatible": trusted(block, 0x40000001) and reg(block, 0x40000001, 0) == HV_MICROSOFT,
            "performance_monitors_available": bit(reg(block, 0x40000003, 3), 2)}


def perfmon(block):
    """Leaf 0x0A's facts {version, counters, width, ebx_length, ebx}, or None where the leaf
    is not trusted or the vendor is AMD (reserved there: AMD APM vol. 3 appendix E)."""
    if not trusted(block, 0xA) or vendor_kind(block) == "amd":
        return None
    a = reg(block, 0xA, 0)
    return {"version": a & 0xFF, "counters": (a >> 8) & 0xFF, "width": (a >> 16) & 0xFF,
            "ebx_length": a >> 24, "ebx": reg(block, 0xA, 1)}


def hal_decision(block, hal="x64"):
    """(interface, reason) by the HAL's rules (docs/api.md, "The decision"), applied in order,
    the first rule that yields Default naming the reason. interface: default, emon or amd64
    (the names `kprof info` prints); reason: the spec's name of a kprof_hal_reason value
    (spec/hal.yaml; reason_text() gives its words)."""
    vendor = vendor_string(block)
    # Rule 1: the vendor, and for Intel leaf 0x0A.
    if vendor is None:
        itf, why = "default", "NO_LEAF_0"
    elif vendor == "AuthenticAMD":
        itf, why = "amd64", "VENDOR_AMD"
    elif vendor != "GenuineIntel":
        itf, why = "default", "VENDOR_OTHER"
    elif block[(0, 0)][0] < 0xA:
        itf, why = "default", "MAX_LEAF_BELOW_0A"
    elif (0xA, 0) not in block:
        itf, why = "default", "NO_LEAF_0A"
    else:
        pm = perfmon(block)
        if pm["version"] < 1:
            itf, why = "default", "PERFMON_VERSION_0"
        elif pm["ebx_length"] == 0:
            itf, why = "default", "EBX_LENGTH_0"
        elif bit(pm["ebx"], 0):
            itf, why = "default", "CORE_CYCLES_UNAVAILABLE"
        else:
            itf, why = "emon", "INTEL_EMON"
    # Rule 2, the 32-bit HAL only: Intel family 6 or 15, AMD long mode.
    if hal == "x86" and itf == "emon" and family_model_stepping(block)[0] not in (6, 15):
        itf, why = "default", "X86_INTEL_FAMILY"
    if hal == "x86" and itf == "amd64" and not bit(reg(block, 0x80000001, 3), 29):
        itf, why = "default", "X86_AMD_NO_LONG_MODE"
    # Rule 3: a Microsoft-compatible hypervisor without PerformanceMonitorsAvailable (a missing
    # leaf 0x40000003 counts as clear). KVM, VMware, Xen: reported, not consulted.
    hv = hypervisor(block)
    if itf != "default" and hv and hv["microsoft_compatible"] and not hv["performance_monitors_available"]:
        itf, why = "default", "HV_HIDES_PERFMON" if trusted(block, 0x40000003) else "HV_NO_FEATURES_LEAF"
    return itf, why


_SPEC = {}


def spec(name):
    """spec/NAME.yaml, parsed once (the reasons' words and the tables' rows live there)."""
    if name not in _SPEC:
        import yaml  # python3-yaml (make deps); only the steps that need the words import it
        with open(os.path.join(ROOT, "spec", name + ".yaml"), encoding="utf-8") as f:
            _SPEC[name] = yaml.safe_load(f)
    return _SPEC[name]


def reason_text(reason):
    """The words of a kprof_hal_reason (spec/hal.yaml), as kprof_hal_reason_name() and
    `kprof info` print them."""
    enum = next(e for e in spec("hal")["enums"] if e["name"] == "hal_reason")
    return next(v["string"] for v in enum["values"] if v["name"] == reason)


def source_row(interface, value):
    """The row of an interface's table with this source value (spec/source.yaml), or None."""
    table = next((t for t in spec("source")["tables"] if t["id"] == interface), None)
    return next((r for r in (table or {}).get("sources", []) if r["value"] == value), None)


def source_supported(block, interface, row):
    """Per-source support (docs/api.md): ProfileTime always; Default nothing else; Emon when
    the source's ebx bit is below the ebx length and clear; Amd64 every row."""
    if row["value"] == 0 or interface == "amd64":
        return True
    if interface == "emon":
        pm = perfmon(block)
        b = row.get("ebx_bit")
        return b is None or (b < pm["ebx_length"] and not bit(pm["ebx"], b))
    return False


# ---------------------------------------------------------------------------------------------
# The facts of one host.
# ---------------------------------------------------------------------------------------------
class HostFactsError(Exception):
    """A fact could not be gathered (a tool missing, a file unreadable): the step counts one
    failed check with this message instead of guessing."""


class Host:
    """One machine's facts. Every field comes from a source named in the module doc; the
    derived ones (vendor, perfmon, ...) from the leaves by the rules above."""

    def __init__(self, leaves, cpuinfo, ia32, ia32_why, forced_runner, online, affinity, wine32):
        self.leaves = leaves              # {(leaf, sub): regs} of the CPU `cpuid -r -1` ran on
        self.cpuinfo = cpuinfo            # the first block of /proc/cpuinfo
        self.ia32 = ia32                  # this kernel runs i386 programs (None: run-foreign could not tell)
        self.ia32_why = ia32_why          # tools/run-foreign's reason
        self.forced_runner = forced_runner  # KPROF_I386_RUNNER of this run: native, qemu or None
        self.online = online              # online CPU numbers
        self.affinity = affinity          # CPU numbers this process may run on
        self.wine32 = wine32              # Wine can start i386 programs (wine32 installed)
        self.vendor_string = vendor_string(leaves)
        self.vendor = vendor_kind(leaves)
        self.family, self.model, self.stepping = family_model_stepping(leaves)
        self.hypervisor = hypervisor(leaves)
        self.perfmon = perfmon(leaves)
        ecx81, ext22 = reg(leaves, 0x80000001, 2), reg(leaves, 0x80000022, 0)
        self.amd_perfctr_core = self.vendor == "amd" and bit(ecx81, 23)
        self.amd_perfmon_v2 = self.vendor == "amd" and bit(ext22, 0)
        self.lwp = bit(ecx81, 15)
        self.ds = bit(reg(leaves, 1, 3), 21)

    @property
    def arch_perfmon(self):
        """Architectural performance monitoring: leaf 0x0A version >= 1 (Intel and others that
        implement the leaf) or AMD's PerfMonV2 (0x80000022 eax[0])."""
        return bool(self.perfmon and self.perfmon["version"] >= 1) or self.amd_perfmon_v2

    def summary(self):
        """One line naming the host kind, for every step's log."""
        hv = self.hypervisor
        if hv is None:
            hvs = "no hypervisor (cpuid.1:ecx[31] clear)"
        else:
            hvs = f"hypervisor \"{hv['vendor']}\"" + (", Microsoft-compatible" if hv["microsoft_compatible"] else "")
        if self.perfmon is not None:
            p = self.perfmon
            pm = (f"architectural perfmon v{p['version']}, {p['counters']} counters" if p["version"]
                  else "no architectural perfmon (leaf 0x0A version 0)")
        elif self.vendor == "amd":
            pm = ("AMD PerfMonV2" if self.amd_perfmon_v2 else "no AMD PerfMonV2") + \
                 (", PerfCtrExtCore" if self.amd_perfctr_core else ", no PerfCtrExtCore (legacy counters only)")
        else:
            pm = "no leaf 0x0A"
        ia32 = ("IA32 programs run natively" if self.ia32 else
                "IA32 programs do not run (qemu-i386 stands in)" if self.ia32 is not None else
                f"IA32 execution unknown ({self.ia32_why})")
        return (f"host: {self.vendor_string} ({self.vendor}) family 0x{self.family:X} model 0x{self.model:X} "
                f"stepping {self.stepping}, {hvs}, {pm}, {ia32}, {len(self.online)} online CPUs, affinity "
                f"{cpu_ranges(self.affinity)}, LWP {'yes' if self.lwp else 'no'}, DS {'yes' if self.ds else 'no'}")


def _run(cmd, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
        return p.returncode, p.stdout, p.stderr
    except (OSError, subprocess.SubprocessError) as e:
        return 127, "", f"{' '.join(cmd)}: {e}"


def live_run_foreign(args, runner_env):
    """tools/run-foreign ARGS with KPROF_I386_RUNNER=runner_env: (rc, stdout, stderr)."""
    return _run([RUN_FOREIGN, *args], env=dict(os.environ, KPROF_I386_RUNNER=runner_env))


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        raise HostFactsError(f"{path}: {e.strerror}") from None


def gather(cpuid_raw=None, cpuinfo=None, run_foreign=None, online=None, affinity=None, wine32=None,
           forced_runner=None):
    """The facts of a host. Every argument left None is read from this machine; the unit
    tests pass each one in: cpuid_raw (`cpuid -r -1` text), cpuinfo (/proc/cpuinfo text),
    run_foreign (a function (args, KPROF_I386_RUNNER) -> (rc, stdout, stderr) answering as
    tools/run-foreign does), online (/sys/devices/system/cpu/online text), affinity (a set),
    wine32 (bool), forced_runner (KPROF_I386_RUNNER's value: "native", "qemu", "" or "auto")."""
    if cpuid_raw is None:
        rc, cpuid_raw, err = _run(["cpuid", "-r", "-1"])
        if rc != 0:
            raise HostFactsError(f"Debian cpuid (`cpuid -r -1`, make deps installs it): {err.strip() or f'exit {rc}'}")
    blocks = parse_cpuid_raw(cpuid_raw)
    if not blocks or (0, 0) not in blocks[0]:
        raise HostFactsError("`cpuid -r -1` printed no leaf 0")
    if cpuinfo is None:
        cpuinfo = _read("/proc/cpuinfo")
    info = parse_cpuinfo(cpuinfo)
    leaves = blocks[0]
    if info.get("vendor_id") and info["vendor_id"] != vendor_string(leaves):
        raise HostFactsError(f"/proc/cpuinfo's vendor_id {info['vendor_id']!r} is not cpuid's {vendor_string(leaves)!r}")
    run_foreign = run_foreign or live_run_foreign
    rc, out, err = run_foreign(["--decide", "i386"], "auto")
    if rc != 0 or out.strip() not in ("native", "qemu"):
        # Unknown, not guessed: only the i386 expectations need it, and they fail saying why.
        ia32, why = None, f"tools/run-foreign --decide i386 failed: {(err or out).strip() or f'exit {rc}'}"
    else:
        ia32 = out.strip() == "native"
        rc, why, err = run_foreign(["--which", "i386"], "auto")
        why = why.strip() or err.strip()
    if forced_runner is None:
        forced_runner = os.environ.get("KPROF_I386_RUNNER", "")
    if forced_runner not in ("native", "qemu", "", "auto"):
        raise HostFactsError(f"KPROF_I386_RUNNER must be native, qemu or auto, not {forced_runner!r}")
    if online is None:
        try:
            online = _read("/sys/devices/system/cpu/online")
        except HostFactsError:
            online = f"0-{os.sysconf('SC_NPROCESSORS_ONLN') - 1}"
    if affinity is None:
        affinity = os.sched_getaffinity(0)
    if wine32 is None:
        wine32 = os.path.exists("/usr/lib/wine/wine")
    return Host(leaves, info, ia32, why, forced_runner if forced_runner in ("native", "qemu") else None,
                cpu_list(online), sorted(affinity), wine32)


_LIVE = []


def live():
    """This machine's facts, gathered once per process. Raises HostFactsError."""
    if not _LIVE:
        _LIVE.append(gather())
    return _LIVE[0]


# ---------------------------------------------------------------------------------------------
# What each host-dependent step expects. Pure functions of a Host.
# ---------------------------------------------------------------------------------------------
def expect_info(block, hal="x64"):
    """The host-dependent part of `kprof info --json` (with --hal HAL) for one CPU's leaves:
    tests/test_cli.py checks every dump and the live processor against it, with the rest of its
    expectation."""
    fam, model, stepping = family_model_stepping(block)
    itf, why = hal_decision(block, hal)
    return {"vendor": vendor_string(block) or "", "family": fam, "model": model, "stepping": stepping,
            "hypervisor": hypervisor(block), "perfmon": perfmon(block), "interface": itf,
            "reason": reason_text(why)}


# The driver's MSRs by vendor (examples/windows-driver/kprofdrv.c): Intel reads
# IA32_MISC_ENABLE and writes back IA32_PERFEVTSEL0; AMD reads and writes back PerfEvtSel0;
# another vendor touches no MSR. Named as Linux msr-index.h names them (the step reads the
# numbers from there).
DRIVER_MSRS = {"intel": ("MSR_IA32_MISC_ENABLE", "MSR_P6_EVNTSEL0"),
               "amd": ("MSR_K7_EVNTSEL0", "MSR_K7_EVNTSEL0"),
               "other": (None, None)}
# The select MSR of counter 0 for each interface's plan (Emon: IA32_PERFEVTSEL0; Amd64: the
# legacy PerfEvtSel0), in Linux msr-index.h names.
PLAN_SELECT_MSR = {"emon": "MSR_P6_EVNTSEL0", "amd64": "MSR_K7_EVNTSEL0"}
DRIVER_SOURCE = 2  # examples/windows-driver plans ProfileTotalIssues


def expect_windows_driver(h):
    """What examples/windows-driver must print under Wine on this host (the 64-bit driver
    decides with the x64 HAL's rules from the cpuid Wine passes through): the interface line,
    source 2's row and support, its counter plan or the status refusing it, and the MSRs
    touched (Wine emulates every rdmsr but LSTAR as 0 and faults every wrmsr)."""
    itf, why = hal_decision(h.leaves)
    row = source_row(itf, DRIVER_SOURCE)
    sup = row is not None and source_supported(h.leaves, itf, row)
    pm = perfmon(h.leaves)
    has_counter0 = itf == "amd64" or (itf == "emon" and pm["counters"] >= 1)
    rd, wr = DRIVER_MSRS[h.vendor]
    return {
        "interface": itf, "reason": why,
        "interface_line": f"interface {itf} ({reason_text(why)})",
        "source": row and {"name": row["name"], "select": row["select"], "supported": sup},
        "plan_msr": PLAN_SELECT_MSR[itf] if sup and has_counter0 else None,
        "plan_status": None if row is None or (sup and has_counter0) else
        ("KPROF_E_UNSUPPORTED" if not sup else "KPROF_E_RANGE"),
        "rdmsr": rd, "wrmsr": wr,
    }


def windows_driver_verdicts(want, lines, msr):
    """[(ok, what)] for the driver's DbgPrint lines against expect_windows_driver()'s want.
    msr: Linux msr-index.h name -> number (None when the header lacks it)."""
    text = "\n".join(lines)

    def line(prefix):
        return next((l for l in lines if l.startswith(prefix)), None)
    out = []
    got = line("interface ")
    out.append((got == want["interface_line"],
                f"the decision for this host is \"{want['interface_line']}\" (the rules): {got or 'no interface line'}"))
    got = line("source ")
    if want["source"] is None:
        out.append((got == f"source {DRIVER_SOURCE}: not in this interface's table",
                    f"source {DRIVER_SOURCE} is not in the {want['interface']} table: {got}"))
    else:
        s = want["source"]
        # kprof_hal_presence_name's words (spec/windows_releases.yaml hal_presence)
        w = f"source {DRIVER_SOURCE} {s['name']} select 0x{s['select']:08x} presence {'yes' if s['supported'] else 'no'}"
        out.append((got == w, f"source {DRIVER_SOURCE}: \"{w}\": {got}"))
    got = line("plan: ")
    if want["plan_msr"]:
        m = re.match(r"plan: counter 0 select msr (0x[0-9a-f]+) ", got or "")
        n = msr.get(want["plan_msr"])
        out.append((m is not None and n is not None and int(m.group(1), 16) == n,
                    f"the plan programs counter 0's select MSR {want['plan_msr']} ({n and hex(n)}): {got or 'no plan line'}"))
    elif want["plan_status"]:
        out.append((got == f"plan: {want['plan_status']}", f"the plan is refused with {want['plan_status']}: {got}"))
    else:
        out.append((got is None, f"no plan for the {want['interface']} interface: {got or 'none'}"))
    got = line("rdmsr ")
    if want["rdmsr"]:
        n = msr.get(want["rdmsr"])
        w = n is not None and f"rdmsr 0x{n:x} = 0x0000000000000000"
        out.append((got == w, f"the MSR read ({want['rdmsr']}) went through the hook and read Wine's emulated 0: {got or 'no rdmsr line'}"))
    else:
        out.append((got is None, f"no MSR read on this vendor: {got or 'none'}"))
    got = line("wrmsr ")
    if want["wrmsr"]:
        n = msr.get(want["wrmsr"])
        out.append((n is not None and got == f"wrmsr 0x{n:x}: KPROF_E_FAULT",
                    f"the faulting wrmsr ({want['wrmsr']}) was caught by the __except hook as KPROF_E_FAULT: {got or 'no wrmsr line'}"))
    else:
        out.append((got is None, f"no MSR write on this vendor: {got or 'none'}"))
    out.append((lines[-1:] == ["unloaded"], f"sc stop called DriverUnload: last line {lines[-1:] or text[-80:]}"))
    return out


def expect_i386_runner(h, forced=None):
    """(runner, why) i386 programs get: `forced` (a step that always emulates passes "qemu"),
    else this run's KPROF_I386_RUNNER, else native where the kernel runs i386 programs and
    qemu where it cannot (docs/testing.md). runner None: the run forces native on a kernel
    that cannot run i386 code, which fails (nothing is skipped)."""
    forced = forced or h.forced_runner
    if h.ia32 is None and forced != "qemu":
        return None, h.ia32_why
    if forced == "qemu":
        return "qemu", "KPROF_I386_RUNNER=qemu for this run" + ("" if h.ia32 else "; this kernel cannot run i386 programs")
    if forced == "native":
        if not h.ia32:
            return None, "KPROF_I386_RUNNER=native, but this kernel cannot run i386 programs"
        return "native", "KPROF_I386_RUNNER=native and this kernel runs i386 programs"
    return ("native", "this kernel runs i386 programs") if h.ia32 else \
        ("qemu", "this kernel cannot run i386 programs: qemu-i386 stands in")


def expect_wine_i686(h):
    """(run, why): whether Wine runs the i686 builds here. wine32 is itself i386 code: it
    needs the package and a kernel that runs i386 programs; no emulator stands in for it."""
    if not h.wine32:
        return False, "wine32 (Wine's i386 half) is not installed: Wine runs no i686 program"
    if h.ia32 is None:
        return False, h.ia32_why
    if not h.ia32:
        return False, "this kernel cannot run i386 programs, wine32 among them"
    return True, "wine32 is installed and this kernel runs i386 programs"


def expect_cpuid_dump_all(h):
    """The `CPU n:` blocks of `kprof cpuid-dump --all`: every CPU this process may run on,
    pinned in turn, in order."""
    return list(h.affinity)


def expect_bench_placements(h):
    """The thread placements bench/lwp_concurrent measures: unpinned and both threads on one
    CPU always; one thread per CPU only with two CPUs in the affinity mask."""
    return ["unpinned", "same"] + (["split"] if len(h.affinity) >= 2 else [])


# ---------------------------------------------------------------------------------------------
def main(argv):
    try:
        h = live()
    except HostFactsError as e:
        print(f"FAIL host facts: {e}")
        print("0 passed, 1 failed")
        return 1
    print(h.summary())
    if argv[:1] != ["--i386"]:
        print(f"i386 programs: {' '.join(map(str, expect_i386_runner(h)))} (run-foreign: {h.ia32_why})")
        return 0
    # A step about to run i386 programs through tools/run-foreign with KPROF_I386_RUNNER=argv[1]
    # (empty: the probe decides): one counted check that run-foreign picks the runner this
    # host's facts give, and a clear failure where the run forces native on a kernel that
    # cannot run i386 code.
    runner = argv[1] if len(argv) > 1 else ""
    want, why = expect_i386_runner(h, forced=runner if runner in ("native", "qemu") else None)
    rc, out, err = live_run_foreign(["--decide", "i386"], runner or "auto")
    got = out.strip() if rc == 0 else f"no runner ({err.strip()})"
    good = want is not None and got == want
    print(f"{'ok  ' if good else 'FAIL'} i386 programs run {'natively' if got == 'native' else 'under qemu-i386' if got == 'qemu' else got}: "
          f"the host facts give {want or 'no runner'} ({why})")
    print(f"{int(good)} passed, {int(not good)} failed")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
