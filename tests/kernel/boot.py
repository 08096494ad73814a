#!/usr/bin/env python3
"""Build examples/kmod with kbuild (+ sparse) against Debian's kernel headers, boot Debian's
kernel in qemu-system-x86_64 (TCG, no KVM) with a busybox initramfs that loads the module,
and check what the module printed on the serial console: once with an Intel CPU model and
once with an AMD one.

    boot.py BUILD_DIR

Expectations come from outside the code under test: the vendor each qemu model is known to
report; the kernel's own cpuid_count() and rdmsrl_safe() (the module prints both next to
kprof's reading); the table sizes from the seeds; and the HAL's interface decision and
reason, computed from the raw leaves the kernel read by the rules as tests/hostfacts.py states
them (the one statement of the rules the tests share). The booted processors are qemu's
models under TCG, the same on every host (no KVM is needed); the step prints the host it ran
on.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, host, ok  # noqa: E402
import hostfacts  # noqa: E402
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# qemu model -> the vendor string that model reports.
MODELS = [("Skylake-Client", "GenuineIntel"), ("EPYC", "AuthenticAMD")]
BOOT_TIMEOUT = 110  # seconds per boot, whole qemu run
# Table sizes from the seeds: 002 (KPROFILE_SOURCE), 000 (Emon), 001 (Amd64); Default is
# ProfileTime only (reference/hal-profile-interfaces.md rule 4).
TABLES = {"generic": 25, "default": 1, "emon": 13, "amd64": 176}



def kernel():
    """The newest kernel that has both an image in /boot and headers to build against."""
    found = []
    for img in glob.glob("/boot/vmlinuz-*"):
        ver = img[len("/boot/vmlinuz-"):]
        kdir = f"/lib/modules/{ver}/build"
        if not os.path.isdir(kdir):
            kdir = f"/usr/src/linux-headers-{ver}"
        if os.path.isfile(os.path.join(kdir, "Makefile")):
            found.append((ver, img, kdir))
    found.sort(key=lambda x: [int(p) if p.isdigit() else p for p in re.split(r"[.-]", x[0])])
    return found[-1] if found else None


def build_module(bdir, kdir):
    mdir = os.path.join(bdir, "kmod")
    shutil.rmtree(mdir, ignore_errors=True)
    os.makedirs(mdir)
    for f in ("Kbuild", "kprof_kmod.h", "kprof_kmod_main.c", "kprof_kmod_impl.c"):
        shutil.copy(os.path.join(ROOT, "examples/kmod", f), mdir)
    r = subprocess.run(["make", "-C", kdir, f"M={os.path.abspath(mdir)}", f"KPROF_DIR={ROOT}", "C=1", "modules"],
                       capture_output=True, text=True,
                       env={k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")})
    log = r.stdout + r.stderr
    ko = os.path.join(mdir, "kprof_kmod.ko")
    ok(r.returncode == 0 and os.path.isfile(ko), "kbuild: examples/kmod builds against the kernel headers (-Werror)", log)
    # sparse runs as CHECK; its findings are warnings in the log.
    findings = [l for l in log.splitlines() if re.search(r":\d+:\d+: (warning|error):", l) or "also defined here" in l]
    ok("CHECK" in log, "sparse ran (make C=1)", log)
    ok(not findings, "sparse: no findings in kprof.h (its implementation included) or the module", "\n".join(findings))
    return ko if os.path.isfile(ko) else None


INIT = """#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev
/bin/busybox mount -t proc proc /proc
if /bin/busybox insmod /kprof_kmod.ko; then echo "kprof-boot: insmod ok"; else echo "kprof-boot: insmod failed"; fi
/bin/busybox dmesg | /bin/busybox grep "kprof: "
echo "kprof-boot: end"
/bin/busybox poweroff -f
"""


def initramfs(bdir, ko):
    root = os.path.join(bdir, "initramfs")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "bin"))
    shutil.copy("/bin/busybox", os.path.join(root, "bin/busybox"))
    shutil.copy(ko, root)
    with open(os.path.join(root, "init"), "w") as f:
        f.write(INIT)
    os.chmod(os.path.join(root, "init"), 0o755)
    out = os.path.join(bdir, "initramfs.cpio")
    files = subprocess.run(["find", "."], cwd=root, capture_output=True, text=True, check=True).stdout
    with open(out, "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], cwd=root, input=files.encode(), stdout=f, check=True)
    return out


def boot(img, initrd, model, bdir):
    log = os.path.join(bdir, f"serial-{model}.log")
    cmd = ["timeout", str(BOOT_TIMEOUT), "qemu-system-x86_64", "-accel", "tcg", "-cpu", model, "-smp", "1", "-m", "256",
           "-kernel", img, "-initrd", initrd, "-append", "console=ttyS0 quiet loglevel=3 panic=-1",
           "-display", "none", "-monitor", "none", "-serial", f"file:{log}", "-no-reboot", "-nodefaults"]
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    print(f"     boot {model}: qemu exit {r.returncode} after {time.time() - t0:.1f}s, {len(text.splitlines())} console lines")
    return r, text


def regs(s):
    return [int(x, 16) for x in s.split()]


def parse(text):
    leaves, tables, facts = {}, {}, {}
    for line in text.splitlines():
        m = re.search(r"kprof: leaf ([0-9a-f]{8})\.(\d+) kprof=([0-9a-f ]+?) kernel=([0-9a-f ]+)$", line.strip())
        if m:
            leaves[(int(m.group(1), 16), int(m.group(2)))] = (regs(m.group(3)), regs(m.group(4)))
            continue
        m = re.search(r"kprof: table (\w+) count (\d+) hal (\d+)", line)
        if m:
            tables[m.group(1)] = int(m.group(2))
            continue
        m = re.search(r"kprof: (\w+)\s*(.*)$", line.strip())
        if m:
            facts[m.group(1)] = m.group(2).strip()
    return leaves, tables, facts


def vendor_of(leaf0):
    return hostfacts.vendor_string({(0, 0): leaf0})


def hal_decision(leaves):
    """(interface, reason words) by the x64 HAL's rules over the leaves the kernel read."""
    itf, why = hostfacts.hal_decision({k: kernel for k, (_, kernel) in leaves.items()})
    return itf, hostfacts.reason_text(why)


def check_boot(model, vendor, r, text):
    leaves, tables, facts = parse(text)
    ok("kprof-boot: insmod ok" in text and "done" in facts, f"{model}: the module loaded and ran to the end",
       text[-3000:] or f"qemu exit {r.returncode}: {r.stderr[-1500:]}")
    if not leaves:
        ok(False, f"{model}: the module printed its cpuid leaves")
        return
    l0 = leaves.get((0, 0))
    ok(l0 is not None and vendor_of(l0[1]) == vendor, f"{model}: the processor is {vendor} (cpuid 0 as the kernel reads it)",
       l0 and vendor_of(l0[1]))
    same = [k for k, (a, b) in leaves.items() if a != b]
    ok(not same, f"{model}: kprof's cpuid equals the kernel's cpuid_count() for all {len(leaves)} leaves kprof kept",
       "\n".join(f"leaf {k[0]:08x}.{k[1]}: kprof {leaves[k][0]} kernel {leaves[k][1]}" for k in same))
    ok(all(tables.get(k) == v for k, v in TABLES.items()), f"{model}: table sizes are the seeds' ({TABLES})", tables)
    ok(facts.get("lookup", "").lower() == "profilellcmisses value 0x1d select 0x0003412e",
       f"{model}: name lookup in ring 0 finds Emon LLCMisses (seed 000: 0x1D, 0x0003412E)", facts.get("lookup"))
    want, reason = hal_decision(leaves)
    if "decision" in facts:
        m = re.match(r"(\S+) reason (.*) tentative ", facts["decision"])
        got = (m.group(1), m.group(2)) if m else None
        ok(got == (want, reason), f"{model}: HAL decision {got}, the rules give {want} ({reason})", facts["decision"])
        m = re.search(r"supported (\d+) of (\d+)", facts["decision"])
        # Default supports ProfileTime only (rule 4); Amd64 every listed source (seed 001).
        expect = {"default": (1, TABLES["default"]), "amd64": (TABLES["amd64"], TABLES["amd64"])}.get(want)
        if expect:
            ok(m is not None and (int(m.group(1)), int(m.group(2))) == expect,
               f"{model}: {want} supports {expect[0]} of {expect[1]} sources", facts["decision"])
    else:
        print(f"note {model}: the rules give {want} (the module prints no decision in this build)")
    if "misc_enable" in facts:
        m = re.match(r"kprof=(\S+) (0x[0-9a-f]+) kernel=(-?\d+) (0x[0-9a-f]+)", facts["misc_enable"])
        good = bool(m) and ((m.group(1) == "KPROF_OK") == (m.group(3) == "0")) and \
            (m.group(1) != "KPROF_OK" or m.group(2) == m.group(4))
        ok(good, f"{model}: IA32_MISC_ENABLE through KPROF_RDMSR_SAFE agrees with rdmsrl_safe ({facts['misc_enable']})",
           facts["misc_enable"])


def main(bdir):
    os.makedirs(bdir, exist_ok=True)
    host()  # the host this ran on (the booted processors are qemu's models, whatever the host)
    k = kernel()
    if not ok(k is not None, "a Debian kernel image with matching headers is installed (linux-image-amd64, linux-headers-amd64)"):
        return finish()
    ver, img, kdir = k
    print(f"     kernel {ver}: {img}, headers {kdir}")
    ko = build_module(bdir, kdir)
    if not ko:
        return finish()
    initrd = initramfs(bdir, ko)
    for model, vendor in MODELS:
        r, text = boot(img, initrd, model, bdir)
        check_boot(model, vendor, r, text)
    return finish()


def finish():
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/dropin/kernel"))
