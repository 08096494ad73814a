#!/usr/bin/env python3
"""The LWP section is ring-0 safe: tests/lwp_ring0.c (the consumer and the software model,
64-bit MissedEvents stores included) compiled with the kernel flags, gcc and clang, -m64 and
-m32, -O0 -O1 -O2 -O3 -Os, must leave no undefined symbol (nm -u): no memcpy, no libatomic
(__atomic_store_8 on i386 before the cmpxchg8b path)."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ok, done  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-ffreestanding", "-fno-builtin", "-nostdlib", "-mgeneral-regs-only", "-mno-red-zone", "-fno-pic",
         "-std=c99", "-Wall", "-Wextra", "-Werror"]

with tempfile.TemporaryDirectory() as tmp:
    obj = os.path.join(tmp, "r0.o")
    for cc in ("gcc", "clang"):
        for arch in ("64", "32"):
            extra = ["-mcmodel=kernel"] if arch == "64" else []
            for level in ("O0", "O1", "O2", "O3", "Os"):
                cmd = [cc, f"-m{arch}", f"-{level}", "-I", ROOT] + FLAGS + extra + \
                      ["-c", os.path.join(ROOT, "tests", "lwp_ring0.c"), "-o", obj]
                p = subprocess.run(cmd, capture_output=True, text=True)
                if not ok(p.returncode == 0, f"{cc} -m{arch} -{level}: compiles", " ".join(cmd) + "\n" + p.stderr):
                    continue
                u = subprocess.run(["nm", "-u", obj], capture_output=True, text=True, check=True).stdout.split()
                syms = [x for x in u if x != "U"]
                ok(not syms, f"{cc} -m{arch} -{level}: undefined symbols {syms}")
sys.exit(done())
