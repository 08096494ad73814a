#!/usr/bin/env python3
"""A big-endian host: every C test (tests/test_*.c: the byte decoders and dump parsers) and
the matrix program built with s390x-linux-gnu-gcc-12 and run under qemu-s390x. Every test
must pass there; the matrix program and the decoders' test must print exactly what the
x86-64 build prints. A test's live checks take their expectation from its own cpuid
(tests/own_cpuid.h): on s390x there is none, and kprof's live routines must say
KPROF_E_NOT_AVAILABLE.

    bigendian.py BUILD_DIR
"""
import glob
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, ok, run as run_safe  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The cross gcc when installed, else clang for s390x over Debian's cross libc and libgcc
# (gcc-12-s390x-linux-gnu conflicts with gcc-multilib, which the -m32 steps need).
CC = ["s390x-linux-gnu-gcc-12"] if shutil.which("s390x-linux-gnu-gcc-12") else ["clang", "--target=s390x-linux-gnu"]
# s390x programs run through tools/run-foreign (qemu-s390x over Debian's cross libc).
RUN = [os.path.join(ROOT, "tools/run-foreign"), "s390x"]
WARN = "-Wall -Wextra -Wpedantic -Werror".split()
# Programs whose whole output is host-independent (no live instructions in it).
SAME_OUTPUT = {"matrix", "test_sources"}
# Tests that are not about bytes and cannot run here, and why.
NOT_BUILT = {"test_libpfm4": "it links Debian's x86-64 libpfm4",
             "test_seeds": "it takes the spec rows file the Makefile derives with Python"}



def main(bdir="build/dropin/bigendian", names_tsv="build/tests/spec_names.tsv"):
    os.makedirs(bdir, exist_ok=True)
    if not ok(shutil.which(CC[0]) and shutil.which("qemu-s390x") and os.path.isdir("/usr/s390x-linux-gnu/lib"),
              f"{' '.join(CC)}, the s390x libc and qemu-s390x are installed"):
        return finish()
    progs = {os.path.basename(t)[:-2]: ([t], ["-I" + os.path.join(ROOT, "tests")])
             for t in sorted(glob.glob(os.path.join(ROOT, "tests/test_*.c")))}
    progs["matrix"] = ([os.path.join(ROOT, "tests/dropin/matrix_main.c"), os.path.join(ROOT, "tests/dropin/matrix_second.c")],
                       ["-DMATRIX_EXPECT_NO_LIVE"])
    for name, (srcs, flags) in progs.items():
        outs = {}
        if name in NOT_BUILT:
            print(f"note {name}: not built for s390x: {NOT_BUILT[name]}")
            continue
        for host, cc, runner in (("x86-64", ["gcc"], []), ("s390x", CC, RUN)):
            exe = os.path.join(bdir, f"{name}-{host}")
            extra = flags if host == "s390x" else [f for f in flags if not f.startswith("-DMATRIX")]
            # The x86-64 build is only the reference output: its warnings are the C tests' own
            # step's business (-Werror there), so this one does not stop on them.
            warn = WARN if host == "s390x" else [w for w in WARN if w != "-Werror"]
            r = run_safe(cc + ["-std=c99", "-O1", "-I" + ROOT] + warn + extra + srcs + ["-o", exe])
            if not ok(r.returncode == 0, f"{host}: build {name}", r.stderr):
                continue
            argv = [names_tsv] if name == "test_names" else []  # the file make derives
            run = run_safe(runner + [exe] + argv, timeout=300)
            last = run.stdout.strip().splitlines()[-1:] or [""]
            ok(run.returncode == 0 and last[0].endswith(" 0 failed"), f"{host}: {name} passes ({last[0]})",
               run.stdout[-1500:] + run.stderr[-1500:])
            outs[host] = run.stdout
        if name in SAME_OUTPUT and len(outs) == 2:
            a, b = outs["x86-64"].splitlines(), outs["s390x"].splitlines()
            diff = "\n".join(f"x86-64: {x}\ns390x:  {y}" for x, y in zip(a, b) if x != y)[:3000]
            ok(a == b, f"{name}: s390x (big-endian) prints exactly what x86-64 prints ({len(a)} lines)",
               diff or f"{len(a)} vs {len(b)} lines")
    return finish()


def finish():
    return done()


if __name__ == "__main__":
    # BDIR and the file test_names takes (make derives it with tests/spec_rows.py --names)
    sys.exit(main(*sys.argv[1:3]))
