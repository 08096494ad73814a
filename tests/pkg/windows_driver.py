#!/usr/bin/env python3
"""examples/windows-driver built into a real kprofdrv.sys with mingw-w64 gcc and clang in MSVC
mode (its Makefile), its PE image checked by a small reader here (not by the tools that wrote
it), then loaded under Wine as a kernel-driver service (winedevice.exe runs it) and its
DbgPrint lines checked.

    windows_driver.py BUILD_DIR

PE checks (Microsoft PE/COFF specification): PE32+ for x86-64; subsystem NATIVE (1); the entry
point is DriverEntry; not a DLL; every imported DLL is ntoskrnl.exe or HAL.dll; the two MSR
hooks have unwind info with an exception handler (__C_specific_handler) and at least one
scope entry (without it a faulting MSR access is a bug check, not KPROF_E_FAULT).

Wine checks. Under Wine the driver runs on this machine's processor (cpuid is not
emulated), so what it must print is derived from this host's facts (tests/hostfacts.py: the
leaves Debian's `cpuid -r -1` reads) by the HAL's rules, the same way on every vendor: the
interface and the reason's words (spec/hal.yaml), equal to what `kprof info --json` decides
natively; source 2's row and support; the plan's counter 0 select MSR for Emon or Amd64 (the
number from Linux msr-index.h: MSR_P6_EVNTSEL0, MSR_K7_EVNTSEL0), none for Default; the MSRs
the driver touches by vendor (Intel IA32_MISC_ENABLE and IA32_PERFEVTSEL0, AMD PerfEvtSel0,
another vendor none). Wine 8's documented behaviour (dlls/ntoskrnl.exe/instr.c): rdmsr of
every MSR but LSTAR reads 0, wrmsr is not emulated: the privileged-instruction exception
reaches the driver's __except, so the write-back prints KPROF_E_FAULT; stopping the service
unloads it. The step prints the host it ran on.
Ends with "N passed, N failed".
"""
import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, host, ok, run  # noqa: E402
import hostfacts  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples/windows-driver")
WINE_TIMEOUT = 240  # the first command also creates the prefix
ALLOWED_IMPORTS = {"ntoskrnl.exe", "hal.dll"}
SEH_HOOKS = ("kprofdrv_rdmsr_safe", "kprofdrv_wrmsr_safe")


def sh(cmd, **kw):
    """Run a command; a missing program or a timeout is a result with returncode 127/124."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)
    except FileNotFoundError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, 124, str(e.stdout or ""), f"timed out after {e.timeout}s")


class PE:
    """The parts of a PE32+ image this test reads, each bounds-checked."""

    def __init__(self, data):
        self.d = data
        if data[:2] != b"MZ":
            raise ValueError("no MZ header")
        pe = self.u32(0x3C)
        if data[pe:pe + 4] != b"PE\0\0":
            raise ValueError("no PE signature")
        (self.machine, nsect, _, _, _, optsize, self.characteristics) = struct.unpack_from("<HHIIIHH", data, pe + 4)
        opt = pe + 24
        self.magic = self.u16(opt)
        if self.magic != 0x20B:
            raise ValueError(f"optional header magic {self.magic:#x}, not PE32+")
        self.entry = self.u32(opt + 16)
        self.image_base = struct.unpack_from("<Q", data, opt + 24)[0]
        self.subsystem = self.u16(opt + 68)
        ndirs = self.u32(opt + 108)
        self.dirs = [struct.unpack_from("<II", data, opt + 112 + 8 * i) for i in range(min(ndirs, 16))]
        self.sections = []
        for i in range(nsect):
            off = opt + optsize + 40 * i
            name = data[off:off + 8].rstrip(b"\0").decode("ascii", "replace")
            vsize, va, rawsize, rawptr = struct.unpack_from("<IIII", data, off + 8)
            self.sections.append((name, va, max(vsize, rawsize), rawptr, rawsize))

    def u16(self, off):
        return struct.unpack_from("<H", self.d, off)[0]

    def u32(self, off):
        return struct.unpack_from("<I", self.d, off)[0]

    def off(self, rva):
        for _, va, size, rawptr, rawsize in self.sections:
            if va <= rva < va + size:
                if rva - va >= rawsize:
                    raise ValueError(f"rva {rva:#x} is in a section's uninitialised tail")
                return rawptr + rva - va
        raise ValueError(f"rva {rva:#x} is in no section")

    def cstr(self, rva):
        o = self.off(rva)
        return self.d[o:self.d.index(b"\0", o)].decode("ascii", "replace")

    def imports(self):
        """The DLL names of the import directory (data directory 1)."""
        rva, size = self.dirs[1]
        names, o = [], self.off(rva)
        while True:
            ilt, _, _, name, iat = struct.unpack_from("<IIIII", self.d, o)
            if not (ilt or name or iat):
                return names
            names.append(self.cstr(name))
            o += 20

    def handler_scopes(self, rva):
        """For the function containing rva: (handler rva, scope count) from its .pdata/.xdata
        unwind info (UNW_FLAG_EHANDLER), or None when it has no exception handler."""
        prva, psize = self.dirs[3]
        o = self.off(prva)
        for i in range(psize // 12):
            begin, end, unwind = struct.unpack_from("<III", self.d, o + 12 * i)
            if begin <= rva < end:
                u = self.off(unwind)
                flags = self.d[u] >> 3
                ncodes = self.d[u + 2]
                if not flags & 1:  # UNW_FLAG_EHANDLER
                    return None
                h = u + 4 + 2 * ((ncodes + 1) & ~1)
                handler = self.u32(h)
                return handler, self.u32(h + 4)  # C_SCOPE_TABLE.Count follows the handler
        return None


def symbols(path):
    """name -> rva from the image's COFF symbol table (x86_64-w64-mingw32-nm)."""
    r = sh(["x86_64-w64-mingw32-nm", path])
    out = {}
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            out[parts[2]] = int(parts[0], 16)
    return out


def pe_checks(sys_path):
    try:
        with open(sys_path, "rb") as f:
            pe = PE(f.read())
    except (OSError, ValueError, struct.error) as e:
        ok(False, "kprofdrv.sys is a PE32+ image", str(e))
        return
    ok(pe.machine == 0x8664, f"PE machine is AMD64 (0x8664): {pe.machine:#x}")
    ok(pe.subsystem == 1, f"PE subsystem is NATIVE (1): {pe.subsystem}")
    ok(pe.characteristics & 0x0002 and not pe.characteristics & 0x2000 and not pe.characteristics & 0x0001,
       f"PE characteristics: executable image, not a DLL, relocations not stripped ({pe.characteristics:#x})")
    syms = symbols(sys_path)
    want = syms.get("DriverEntry")
    ok(want is not None and pe.entry == want - pe.image_base,
       f"entry point {pe.entry:#x} is DriverEntry ({(want or 0) - pe.image_base:#x})")
    try:
        dlls = pe.imports()
    except (ValueError, struct.error) as e:
        dlls = [f"<unreadable import table: {e}>"]
    ok(dlls and all(n.lower() in ALLOWED_IMPORTS for n in dlls),
       f"imports only from ntoskrnl.exe/HAL.dll: {', '.join(dlls)}")
    for hook in SEH_HOOKS:
        rva = syms.get(hook, pe.image_base) - pe.image_base
        try:
            hs = pe.handler_scopes(rva) if rva else None
        except (ValueError, struct.error) as e:
            hs = None
            print(f"     | {e}")
        handler_ok = hs is not None and syms.get("__C_specific_handler", -1) - pe.image_base == hs[0]
        ok(handler_ok and hs[1] >= 1,
           f"{hook}: unwind info names __C_specific_handler with a scope entry ({'none' if hs is None else f'handler {hs[0]:#x}, {hs[1]} scopes'})")


def linux_msr(name):
    for h in sorted(glob.glob("/usr/src/linux-headers-*/arch/x86/include/asm/msr-index.h")):
        with open(h, encoding="utf-8", errors="replace") as f:
            m = re.search(rf"^#define\s+{name}\s+(0x[0-9a-fA-F]+)", f.read(), re.M)
        if m:
            return int(m.group(1), 16)
    return None


def native_decision():
    """(interface, reason) `kprof info --json` gives on this machine, or None."""
    kprof = os.path.join(ROOT, "build", "kprof")
    r = run([kprof, "info", "--json"])
    try:
        j = json.loads(r.stdout)
        return j["interface"], j["reason"]
    except (ValueError, KeyError, TypeError):
        ok(False, f"{kprof} info --json (make builds it for this step)", r.stdout + r.stderr)
        return None


def wine_checks(sys_path, bdir):
    prefix = tempfile.mkdtemp(prefix="kprof-wine-drv-")
    env = dict(os.environ, WINEPREFIX=prefix, WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=", DISPLAY="")
    try:
        # wineserver -w: wait until the new prefix (and then the service) is written, or sc
        # may run against a half-booted prefix and the service is lost (docs/windows.md).
        r = sh(["wineboot", "-i"], env=env, timeout=WINE_TIMEOUT)
        sh(["wineserver", "-w"], env=env, timeout=WINE_TIMEOUT)
        drivers = os.path.join(prefix, "drive_c/windows/system32/drivers")
        if not ok(os.path.isdir(drivers), "wine: a prefix with system32/drivers", r.stdout + r.stderr):
            return
        shutil.copy(sys_path, drivers)
        r = sh(["wine", "sc", "create", "kprofdrv", "type=", "kernel", "start=", "demand",
                "binPath=", r"C:\windows\system32\drivers\kprofdrv.sys"], env=env, timeout=WINE_TIMEOUT)
        ok(r.returncode == 0, "wine: sc create kprofdrv type= kernel", r.stdout + r.stderr)
        sh(["wineserver", "-w"], env=env, timeout=WINE_TIMEOUT)
        # One Wine session for both, so the service host is not shut down between them (it
        # goes when the last user process of a prefix ends). DbgPrint goes to Wine's
        # "debugstr" channel as a warning.
        r = sh(["wine", "cmd", "/c", "sc start kprofdrv && sc stop kprofdrv"],
               env=dict(env, WINEDEBUG="warn+debugstr"), timeout=WINE_TIMEOUT)
        ok(r.returncode == 0, "wine: sc start kprofdrv, then sc stop kprofdrv", (r.stdout + r.stderr)[-2000:])
        log = r.stderr
        with open(os.path.join(bdir, "wine.log"), "w", encoding="utf-8") as f:
            f.write(log)
        lines = [m.group(1) for m in re.finditer(r"debugstr:\S+ [0-9a-f]+:[0-9a-f]+: kprofdrv: (.*)", log)]
        text = "\n".join(lines)
        with open(os.path.join(ROOT, "kprof.h"), encoding="utf-8") as f:
            version = re.search(r'#define KPROF_VERSION_STRING "(.*)"', f.read()).group(1)
        ok(f"kprof {version}" in lines, f"wine: DriverEntry ran and printed the header's version {version}", text or log[-1500:])
        h = host()
        if h is not None:
            want = hostfacts.expect_windows_driver(h)
            msr = {n: linux_msr(n) for n in (want["plan_msr"], want["rdmsr"], want["wrmsr"]) if n}
            for good, what in hostfacts.windows_driver_verdicts(want, lines, msr):
                ok(good, f"wine: {what}", text)
            native = native_decision()
            if native is not None:
                ok(native == (want["interface"], hostfacts.reason_text(want["reason"])),
                   f"kprof info --json decides as the driver must: {native[0]} ({native[1]})")
        ok(not re.search(r"wine: Unhandled|unhandled exception", log, re.I), "wine: no unhandled exception in winedevice", log[-1500:])
    finally:
        sh(["wineserver", "-k"], env=env, timeout=60)
        shutil.rmtree(prefix, ignore_errors=True)


def main(bdir):
    bdir = os.path.abspath(bdir)
    os.makedirs(bdir, exist_ok=True)
    host()  # says which host this ran on; the Wine checks derive their expectations from it
    sys_path = os.path.join(bdir, "kprofdrv.sys")
    for f in ("kprofdrv.sys", "kprofdrv.o", "kprof_impl.o", "msr_seh.obj"):
        if os.path.exists(os.path.join(bdir, f)):
            os.remove(os.path.join(bdir, f))
    r = sh(["make", "--no-print-directory", "-C", EXAMPLE, f"O={bdir}", f"KPROF_DIR={ROOT}"])
    if ok(r.returncode == 0 and os.path.exists(sys_path),
          "examples/windows-driver: kprofdrv.sys built from two units on kprof.h, one the implementation (mingw-w64 gcc; msr_seh.c by clang in MSVC mode)", r.stdout + r.stderr):
        pe_checks(sys_path)
        wine_checks(sys_path, bdir)
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/pkg/windows-driver"))
