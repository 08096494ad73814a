#!/usr/bin/env python3
"""examples/windows-custom-sources built with mingw-w64 (x86-64 and i686) and run under Wine.

The records come from `kprof custom-source --format bin` for a dumped processor of the host's
vendor (Wine runs the program on this machine's processor, and the program reads the records
back for the vendor cpuid reports). Wine runs the program as far as Wine implements the calls;
this test says exactly where that stops and checks every line up to there. What Wine 8 does
(Debian bookworm's wine 8.0, dlls/ntdll/unix/system.c and dlls/sechost/sechost.spec): its
NtSetSystemInformation has no case for SystemPerformanceTraceInformation (0x1F) and answers
with a "stub" fixme and STATUS_SUCCESS without doing anything; its advapi32 exports no
TraceQueryInformation (sechost has only a stub entry), so the program stops at the list step
and never reaches find and remove. On another Wine version the stop point is printed and must
still be one the program names, with every step before it done.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ktest  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KPROF = os.environ.get("KPROF", os.path.join(ROOT, "build", "kprof"))
SHARED = os.environ.get("KPROF_SHARED", os.path.join(ROOT, "..", "shared"))
OUT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "windows-custom-sources"))
DUMP = {"GenuineIntel": os.path.join(SHARED, "cpuid-dumps", "instlatx64", "GenuineIntel00506E3_SkyLake_01_CPUID.txt"),
        "AuthenticAMD": os.path.join(SHARED, "cpuid-dumps", "current", "AuthenticAMD0830F10_K17_Rome_CPUID.txt")}
WORDS = ["Kprof.Example-A=event=0xc0", "Kprof.Example-B=event=0xc4,interval=100003"]


def check(cond, what, detail=""):
    return ktest.check(cond, what + (" " + detail[-1500:] if detail and not cond else ""))


def sh(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=kw.pop("timeout", 300), **kw)


def main():
    os.makedirs(OUT, exist_ok=True)
    exe = {}
    for cc, bits in (("x86_64-w64-mingw32-gcc", 64), ("i686-w64-mingw32-gcc", 32)):
        o = os.path.join(OUT, f"win{bits}")
        r = sh(["make", "-s", "-C", os.path.join(ROOT, "examples", "windows-custom-sources"), f"O={o}",
                f"MINGW_CC={cc}", f"KPROF_DIR={ROOT}"])
        exe[bits] = os.path.join(o, "kprof_custom_sources.exe")
        check(r.returncode == 0 and os.path.isfile(exe[bits]), f"build with {cc}", r.stdout + r.stderr)
    h = ktest.host()
    vendor = h.vendor_string if h else None
    print(f"host: {vendor}; wine: {sh(['wine', '--version']).stdout.strip()}")
    if not check(vendor in DUMP, f"the host's vendor is Intel or AMD ({vendor})"):
        return
    recs = os.path.join(OUT, "sources.bin")
    r = subprocess.run([KPROF, "custom-source", "--cpuid-file", DUMP[vendor], "--format", "bin", *WORDS],
                       capture_output=True, timeout=60)
    check(r.returncode == 0 and len(r.stdout) == 0x124 * len(WORDS), "kprof custom-source --format bin", r.stderr.decode())
    with open(recs, "wb") as f:
        f.write(r.stdout)
    bad = os.path.join(OUT, "bad.bin")
    with open(bad, "wb") as f:
        f.write(b"\x14" + r.stdout[1:0x124])  # another EVENT_TRACE_INFORMATION_CLASS
    short = os.path.join(OUT, "short.bin")
    with open(short, "wb") as f:
        f.write(r.stdout[:0x100])
    prefix = tempfile.mkdtemp(prefix="kprof-wine-cs-")
    env = dict(os.environ, WINEPREFIX=prefix, WINEDEBUG="-all,fixme+ntdll", WINEDLLOVERRIDES="mscoree,mshtml=", DISPLAY="")
    try:
        sh(["wineboot", "-i"], env=env)
        sh(["wineserver", "-w"], env=env)
        names = [w.split("=", 1)[0] for w in WORDS]
        run = sh(["wine", exe[64], recs], env=env)
        out = [l for l in run.stdout.replace("\r", "").splitlines()]
        stub = re.findall(r"fixme:ntdll:NtSetSystemInformation \(0x0000001f,0x[0-9a-f]+,0x00000124\) stub", run.stderr)
        check(out[:1] == [f"records: {len(WORDS)} read ({vendor})"], "records read back for the host's vendor", "\n".join(out))
        adds = [l for l in out if l.startswith("add: ")]
        stop = next((l for l in out if ": stopped: " in l), None)
        check(all(any(l.startswith(f"add: {n}: NtSetSystemInformation returned 0x") for l in adds) for n in names),
              "add: one NtSetSystemInformation call per record", "\n".join(out))
        print("wine stops at:", stop or "nowhere (every step done)")
        if stop is None:
            check(run.returncode == 0 and out[-1] == "done" and len([l for l in out if l.startswith("remove: ")]) == len(names),
                  "every step done: find and remove for each source", "\n".join(out))
        else:
            check(run.returncode == 3 and out[-1] == stop, "the program stops with exit 3 at the line it names", "\n".join(out))
        if sh(["wine", "--version"]).stdout.startswith("wine-8."):
            # Wine 8: the add is a stub that reports success; TraceQueryInformation is missing.
            check(adds == [f"add: {n}: NtSetSystemInformation returned 0x00000000" for n in names] and len(stub) == len(names),
                  "wine 8: NtSetSystemInformation(0x1F) is a stub answering STATUS_SUCCESS", run.stderr[-800:])
            check(stop == "list: stopped: advapi32 exports no TraceQueryInformation",
                  "wine 8: stops at list (no TraceQueryInformation)", "\n".join(out))
            doc = open(os.path.join(ROOT, "docs", "custom-sources.md")).read()
            m = re.search(r"```text\n(records: .*?)```", doc, re.S)
            check(m is not None and m.group(1).replace("AuthenticAMD", vendor).splitlines() == out,
                  "docs/custom-sources.md quotes what the program prints under Wine 8", "\n".join(out))
        for path, what in ((bad, "no add record for this processor"), (short, "not 1 to 64 whole add records")):
            r2 = sh(["wine", exe[64], path], env=env)
            o2 = r2.stdout.replace("\r", "")
            check(r2.returncode == 2 and what in o2 and "add:" not in o2 and "NtSetSystemInformation" not in r2.stderr,
                  f"bad records ({os.path.basename(path)}) refused before any call", o2 + r2.stderr[-300:])
        # The i686 build runs where wine32 is installed (i386 multiarch); say so when it is not.
        r3 = sh(["wine", exe[32], recs], env=env)
        if "records:" in r3.stdout:
            check(r3.stdout.replace("\r", "").splitlines() == out, "i686 build: the same lines", r3.stdout)
        else:
            print(f"i686 build: built; not run here (32-bit Wine printed nothing, exit {r3.returncode}:",
                  (r3.stderr.strip().splitlines() or ["no message"])[-1][:200] + ")")
    finally:
        sh(["wineserver", "-k"], env=env, timeout=60)
        subprocess.run(["rm", "-rf", prefix])


if __name__ == "__main__":
    main()
    sys.exit(ktest.done())
