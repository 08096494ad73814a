#!/usr/bin/env python3
"""The drop-in compiler matrix: build tests/dropin/matrix_{main,second}.c (two translation
units, one program) with every compiler, language standard and target kprof.h claims, with
the strictest warnings as errors, run every binary, and require every run to print exactly
what the reference build (gcc, C99, x86-64) prints.

    matrix.py BUILD_DIR

Each build counts as checks: it compiles (1), it runs and its own checks pass (1), its
output equals the reference (1, when it has one). Ends with "N passed, N failed".
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, freestanding_flags, host, ok, run as run_safe  # noqa: E402
import hostfacts  # noqa: E402
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = [os.path.join(ROOT, "tests/dropin/matrix_main.c"), os.path.join(ROOT, "tests/dropin/matrix_second.c")]
WARN_C = "-Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wcast-align -Wstrict-prototypes -Werror".split()
WARN_CXX = "-Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wcast-align -Werror".split()
# What the README and the header promise: C99..C2x, C++11 and later.
C_STDS = ["c99", "c11", "c17", "c2x"]
CXX_STDS = ["c++11", "c++17", "c++20"]
# Programs for another architecture run through tools/run-foreign (natively where the kernel
# can, under qemu-user where it cannot; the choice is printed once at the start).
RUN_FOREIGN = os.path.join(ROOT, "tools/run-foreign")



def have(tool):
    return shutil.which(tool) is not None


def cross_cc(triple):
    """The cross gcc when installed, else clang for the same triple over Debian's cross libc
    and libgcc. Debian's gcc-12-<arch>-linux-gnu conflicts with gcc-multilib, which other
    steps need for -m32, so `make test` installs only the conflict-free cross libraries."""
    gcc = f"{triple}-gcc-12"
    return [gcc] if have(gcc) else ["clang", f"--target={triple}"]


def builds():
    """(name, compile command without -o, runner prefix or None, compare-with-reference)."""
    out = []
    for cc, cxx in (("gcc", "g++"), ("clang", "clang++")):
        for arch in ("-m64", "-m32"):
            run = [RUN_FOREIGN, "i386"] if arch == "-m32" else []
            for std in C_STDS:
                out.append((f"{cc} -std={std} {arch}", [cc, f"-std={std}", arch, "-O2"] + WARN_C, run, True))
            for std in CXX_STDS:
                out.append((f"{cxx} -std={std} {arch}", [cxx, "-x", "c++", f"-std={std}", arch, "-O2"] + WARN_CXX, run, True))
    # Configuration macros: without strings; without live instructions.
    out.append(("gcc -std=c99 -DKPROF_NO_NAMES", ["gcc", "-std=c99", "-O2", "-DKPROF_NO_NAMES"] + WARN_C, [], False))
    out.append(("clang -std=c11 -m32 -DKPROF_NO_NAMES", ["clang", "-std=c11", "-m32", "-O2", "-DKPROF_NO_NAMES"] + WARN_C,
                [RUN_FOREIGN, "i386"], False))
    out.append(("gcc -std=c99 -DKPROF_NO_LIVE", ["gcc", "-std=c99", "-O2", "-DKPROF_NO_LIVE"] + WARN_C, [], True))
    # tcc: Debian's tcc targets x86-64 only; -Wall is what it has.
    out.append(("tcc", ["tcc", "-Wall", "-Werror"], [], True))
    # A target that is not x86: the header must compile its live routines out by itself.
    cc = cross_cc("aarch64-linux-gnu")
    out.append((f"{cc[0]} -std=c99 (aarch64)", cc + ["-std=c99", "-O2", "-DMATRIX_EXPECT_NO_LIVE"] + WARN_C,
                [RUN_FOREIGN, "aarch64"], True))
    return out


def build_and_run(b, bdir):
    name, cmd, runner, _ = b
    exe = os.path.join(bdir, name.replace(" ", "_").replace("+", "x").replace("=", "_").replace("/", "_"))
    full = cmd + ["-I" + ROOT] + SRC + ["-o", exe]
    built, log = run_cmd(full)
    if not built:
        return name, False, log, None, None
    ran, log = run_cmd(runner + [exe], timeout=120)
    return name, True, "", (ran, log), None


def run_cmd(cmd, timeout=600):
    """Run cmd: (result, "") when it exits 0, else (None, the command and what it printed).
    A host difference (missing tool, unexecutable binary, hang) is a failure, never a crash."""
    r = run_safe(cmd, timeout=timeout)
    if r.returncode:
        return None, " ".join(cmd) + f"\nexit {r.returncode}\n" + r.stdout[-2000:] + r.stderr[-2000:]
    return r, ""


def cxx98(bdir):
    """The header claims C++11 and later. Report what C++98 does, honestly."""
    r = run_safe(["g++", "-x", "c++", "-std=c++98", "-fsyntax-only", "-Wpedantic", "-Werror", "-I" + ROOT, SRC[0]])
    first = next((l for l in r.stderr.splitlines() if "error" in l), "")
    if r.returncode == 0:
        print("note C++98: compiles too (the header promises only C++11 and later)")
    else:
        print(f"note C++98: unsupported, as documented; first error: {first.strip()}")
    header = open(os.path.join(ROOT, "kprof.h"), encoding="utf-8").read()
    ok("C++11 or later" in header, "kprof.h documents C++11 or later as its C++ floor")


def ring0():
    """Ring-0 flags: the header compiles without SSE/x87, red zone or a hosted libc."""
    for cc, std in (("gcc", "c99"), ("clang", "c11")):
        for arch in ("-m64", "-m32"):
            cmd = [cc, f"-std={std}", arch, "-O2"] + freestanding_flags(arch[1:]) + [
                   "-nostdinc", "-isystem", compiler_include(cc, arch), "-c", "-x", "c", "-", "-o", os.devnull] + WARN_C + ["-I" + ROOT]
            r = run_safe(cmd, input='#include "kprof.h"\nint ring0_probe(void);\nint ring0_probe(void)\n{\n\tuint32_t r[4];\n\treturn (int)kprof_cpuid_leaf_read(0, 0, r);\n}\n',
                         )
            ok(r.returncode == 0, f"{cc} {arch} mk/freestanding.flags -nostdinc (compiler headers only)",
               " ".join(cmd) + "\n" + r.stderr)


def compiler_include(cc, arch):
    r = run_safe([cc, arch, "-print-file-name=include"])
    return r.stdout.strip()


def main(bdir):
    os.makedirs(bdir, exist_ok=True)
    # The i386 runner for the whole run, from this host's facts (tests/hostfacts.py; make
    # exports KPROF_I386_RUNNER already, a direct run takes the probe's): tools/run-foreign
    # must pick it.
    h = host()
    if h is not None:
        want, why = hostfacts.expect_i386_runner(h)
        if want and not os.environ.get("KPROF_I386_RUNNER"):
            os.environ["KPROF_I386_RUNNER"] = want
        r = run_safe([RUN_FOREIGN, "--decide", "i386"])
        ok(want is not None and r.stdout.strip() == want,
           f"tools/run-foreign picks {r.stdout.strip() or 'no runner'} for i386 programs: the host facts give {want or 'no runner'} ({why})", r.stderr)
    for arch in ("i386", "aarch64"):
        r = run_safe([RUN_FOREIGN, "--which", arch])
        ok(r.returncode == 0, f"{(r.stdout or r.stderr).strip()}", r.stderr)
    bl = builds()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda b: build_and_run(b, bdir), bl))
    ref = None
    for (name, _, _, compare), (_, built, log, run, skipped) in zip(bl, results):
        if not ok(built, f"build {name}", log):
            continue
        if skipped:
            ok(False, f"run {name}: {skipped}")
            continue
        run, log = run
        if not ok(run is not None, f"run {name}", log):
            continue
        if name == "gcc -std=c99 -m64":
            ref = run.stdout
            print(f"     reference output: {len(ref.splitlines())} lines; {ref.splitlines()[-1]}")
        elif compare:
            same = ref is not None and run.stdout == ref
            diff = ""
            if not same and ref is not None:
                a, b = ref.splitlines(), run.stdout.splitlines()
                diff = "\n".join(f"ref: {x}\ngot: {y}" for x, y in zip(a, b) if x != y)[:3000] or f"{len(a)} vs {len(b)} lines"
            ok(same, f"same output as gcc -std=c99 -m64: {name}", diff)
    cxx98(bdir)
    ring0()
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/dropin/matrix"))
