#!/usr/bin/env python3
"""Windows, without Windows: mingw-w64 cross builds (x86-64 and i686) of the C tests, the
matrix program and the kprof command, run under Wine; kprof.h after mingw-w64's DDK headers
and after <windows.h>/<evntrace.h>/<winternl.h>, with and without KPROF_WINDOWS_NAMES; and
the MSVC code paths checked with clang in MSVC mode.

    windows.py BUILD_DIR

Wine output must equal the native Linux build's output (the tests' own checks decide the
rest). The i686 builds run where this host's facts (tests/hostfacts.py) say Wine can run them:
wine32 installed and a kernel that runs i386 programs. Elsewhere they are built, and one
counted check shows Wine indeed runs no i686 program here (a probe prints nothing). Ends with
"N passed, N failed".
"""
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, host, ok, run as run_safe  # noqa: E402
import hostfacts  # noqa: E402
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WARN_C = "-Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wcast-align -Wstrict-prototypes -Werror".split()
MINGW = {"x86_64": "x86_64-w64-mingw32-gcc", "i686": "i686-w64-mingw32-gcc"}
DDK = "/usr/share/mingw-w64/include/ddk"
WINE_TIMEOUT = 240  # the first run also creates the prefix
# Programs whose whole output is host-independent: Wine must print exactly what Linux prints.
# The others must pass their own checks ("N passed, 0 failed").
SAME_OUTPUT = {"test_sources", "matrix", "kprof sources"}
# Built for Windows but not run there, and why.
NOT_RUN = {"test_dump": "its live section pipes `cpuid -r` (a Linux program) through popen",
           "test_seeds": "it takes the spec rows file the Makefile derives with Python"}
# Tests that are Linux programs by design, so not even built for Windows, and why.
NOT_BUILT = {"test_libpfm4": "libpfm4 is a Linux library",
             "test_lwp": "its hostile-LWPCB tests use mmap/mprotect guard pages and pthreads",
             "test_lwp_stress": "a pthreads producer/consumer race"}



def sh(cmd, **kw):
    """A command's result; a missing tool or a timeout is a failed result, never a traceback."""
    return run_safe(cmd, **kw)


def programs(names_tsv):
    """name -> (sources, extra flags, argv). The tests as `make` builds them (test_names with
    its one argument), the matrix, the command."""
    progs = {}
    for t in sorted(glob.glob(os.path.join(ROOT, "tests/test_*.c"))):
        name = os.path.basename(t)[:-2]
        if name not in NOT_BUILT:
            progs[name] = ([t], ["-std=c99", "-I" + os.path.join(ROOT, "tests")],
                           [names_tsv] if name == "test_names" else [])
    progs["matrix"] = ([os.path.join(ROOT, "tests/dropin/matrix_main.c"), os.path.join(ROOT, "tests/dropin/matrix_second.c")],
                       ["-std=c99"] + WARN_C, [])
    cli = sorted(glob.glob(os.path.join(ROOT, "cli/*.c")))
    progs["kprof sources"] = (cli, ["-std=c99", "-I" + os.path.join(ROOT, "cli")], ["sources"])
    return progs


def wine_env(prefix):
    env = dict(os.environ)
    env.update(WINEPREFIX=prefix, WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=", DISPLAY="")
    return env


def native(name, srcs, flags, argv, bdir):
    exe = os.path.join(bdir, "native-" + name.replace(" ", "_"))
    r = sh(["gcc", "-O2", "-I" + ROOT] + flags + srcs + ["-o", exe])
    if r.returncode:
        return None
    run = sh([exe] + argv, timeout=120)
    return run.stdout


def main(bdir="build/dropin/windows", names_tsv="build/tests/spec_names.tsv"):
    os.makedirs(bdir, exist_ok=True)
    h = host()
    run_i686, why_i686 = hostfacts.expect_wine_i686(h) if h else (False, "host facts not gathered")
    print(f"     i686 programs under Wine: {'run' if run_i686 else 'built, not run'} ({why_i686})")
    not_run_i686 = []
    prefix = tempfile.mkdtemp(prefix="kprof-wine-")
    try:
        # Create the prefix before the first test program: a program that starts while Wine is
        # still creating it can fail with "could not load kernel32.dll" (seen once in CI).
        r = sh(["wineboot", "-i"], env=wine_env(prefix), timeout=WINE_TIMEOUT)
        sh(["wineserver", "-w"], env=wine_env(prefix), timeout=WINE_TIMEOUT)
        ok(r.returncode == 0, "wine prefix created (wineboot -i)", r.stdout + r.stderr)
        for name, (srcs, flags, argv) in programs(names_tsv).items():
            ref = native(name, srcs, flags, argv, bdir)
            for arch, cc in MINGW.items():
                exe = os.path.join(bdir, f"{name.replace(' ', '_')}-{arch}.exe")
                r = sh([cc, "-O2", "-I" + ROOT] + flags + srcs + ["-o", exe])
                if not ok(r.returncode == 0, f"mingw-w64 {arch}: build {name}", r.stdout + r.stderr):
                    continue
                if name in NOT_RUN:
                    print(f"note {arch} {name}: built, not run under Wine: {NOT_RUN[name]}")
                    continue
                if arch == "i686" and not run_i686:
                    not_run_i686.append(exe)
                    continue
                try:
                    run = sh(["wine", exe] + argv, env=wine_env(prefix), timeout=WINE_TIMEOUT)
                except subprocess.TimeoutExpired:
                    ok(False, f"wine {arch}: {name} finished within {WINE_TIMEOUT}s")
                    continue
                out = run.stdout.replace("\r\n", "\n")
                # Wine exits 0 even when it cannot start a program: require output.
                ran = run.returncode == 0 and out.strip() != ""
                last = (out.strip().splitlines() or [""])[-1]
                if name not in SAME_OUTPUT:
                    ran = ran and last.endswith(" 0 failed")
                ok(ran, f"wine {arch}: {name} runs{' (' + last + ')' if name not in SAME_OUTPUT else ''}",
                   out[-1500:] + run.stderr[-1500:])
                if ran and name in SAME_OUTPUT:
                    same = ref is not None and out == ref
                    ok(same, f"wine {arch}: {name} prints what the Linux build prints",
                       "" if same else f"linux: {(ref or '')[-600:]}\nwine: {out[-600:]}")
        if not_run_i686:
            # Say so as a check that can fail: a probe i686 program must not run here.
            run = sh(["wine", not_run_i686[0]], env=wine_env(prefix), timeout=WINE_TIMEOUT)
            ok(run.stdout.strip() == "",
               f"wine i686: {len(not_run_i686)} programs built, not run: {why_i686} (the probe "
               f"{os.path.basename(not_run_i686[0])} printed nothing)", run.stdout[-1500:] + run.stderr[-1500:])
        headers()
        msvc()
    finally:
        sh(["wineserver", "-k"], env=wine_env(prefix))
        shutil.rmtree(prefix, ignore_errors=True)
    return done()


def headers():
    """kprof.h after the platform's own headers, with and without Windows' names."""
    for arch, cc in MINGW.items():
        for names in ([], ["-DKPROF_WINDOWS_NAMES"]):
            tag = " KPROF_WINDOWS_NAMES" if names else ""
            r = sh([cc, "-std=c99", "-O2", "-I" + ROOT, "-isystem", DDK, "-c", os.path.join(ROOT, "tests/dropin/win_driver.c"),
                    "-o", os.devnull] + WARN_C + names)
            ok(r.returncode == 0, f"mingw-w64 {arch}: kprof.h after <ntddk.h>/<wdm.h> (KPROFILE_SOURCE from the DDK){tag}", r.stderr)
            r = sh([cc, "-std=c99", "-O2", "-I" + ROOT, "-c", os.path.join(ROOT, "tests/dropin/win_user.c"),
                    "-o", os.devnull] + WARN_C + names)
            ok(r.returncode == 0, f"mingw-w64 {arch}: kprof.h after <windows.h>/<evntrace.h>/<winternl.h>{tag}", r.stderr)


def msvc():
    """clang in MSVC mode, syntax only, with clang's own headers (-ffreestanding: no MSVC
    headers exist here). -U__clang__ makes the header take the paths only MSVC takes
    (<intrin.h>, __cpuidex); without it, the paths clang-cl takes."""
    for target in ("x86_64-pc-windows-msvc", "i686-pc-windows-msvc"):
        for lang in (["-x", "c"], ["-x", "c", "-std=c99"], ["-x", "c++", "-std=c++14"], ["-x", "c++", "-std=c++20"]):
            # -Wno-ignored-pragma-intrinsic: clang's remark that it has no builtin of that name
            # (it knows them only from its <intrin.h>); MSVC has them all. -DMSVC_PROBE_INTRIN
            # includes <intrin.h> first: kprof's own declarations must agree with it.
            for as_msvc in ([], ["-U__clang__", "-Wno-ignored-pragma-intrinsic"],
                            ["-U__clang__", "-Wno-ignored-pragma-intrinsic", "-DMSVC_PROBE_INTRIN"]):
                cmd = ["clang", f"--target={target}", "-fms-extensions", "-fms-compatibility", "-fms-compatibility-version=19.29",
                       "-ffreestanding", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I" + ROOT] + lang + as_msvc + \
                      [os.path.join(ROOT, "tests/dropin/msvc_probe.c")]
                r = sh(cmd)
                ok(r.returncode == 0, f"clang MSVC mode {target} {' '.join(lang[1:])}{' as MSVC (-U__clang__)' if as_msvc else ''}{' after <intrin.h>' if '-DMSVC_PROBE_INTRIN' in as_msvc else ''}",
                   " ".join(cmd) + "\n" + r.stderr)


if __name__ == "__main__":
    # BDIR and the file test_names takes (make derives it with tests/spec_rows.py --names)
    sys.exit(main(*sys.argv[1:3]))
