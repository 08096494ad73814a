#!/usr/bin/env python3
"""The empty LWP poll, disassembled: kprof_lwp_ring_poll compiled out of line
(tests/lwp_poll_probe.c) by gcc and clang, for x86-64 and i386, at -O2 and -O3, in each mode
a unit includes kprof.h (plain: the implementation elsewhere; implementation: the unit holds it;
static: the unit holds it, KPROF_STATIC); objdump's disassembly of each probe is walked along the path an empty poll takes and the
instructions on it are counted. Nothing is executed (no i386 runner is needed).

    check_lwp_poll.py [--table] [--cc gcc,clang] [--arch 64,32] [--levels O1,O2,O3,Os]

The probes. lwp_poll_probe polls a ring pointer the compiler knows nothing about (a caller in
another translation unit); lwp_poll_probe_jit polls the ring a JIT keeps in its own thread
state (&t->ring, a member at a non-zero offset: an address that cannot be NULL).

What the empty path is. Walk from the function's entry, following unconditional jumps, to
ret. On an empty ring of a plain attach the ring pointer is not NULL, so a test of the ring
argument's register against itself (`test %rdi,%rdi`; on i386 the register the first stack
argument was loaded into) finds "not zero": je/jz after it is not taken, jne/jnz taken. Every
other compare on that path finds "equal" (head == tail; an option flag, where one is tested,
is 0), so every je/jz is followed taken and every jne/jnz not taken. Any other conditional
branch, a call, or a jump out of the function on that path fails the check, as does a walk
that finds no ret.

What is counted, and the budget (the one load and one compare the header promises):
  stores         instructions that write memory (mov to memory, push, call, ...): 0.
  compares       cmp/test other than the NULL test: exactly 1 (head against the consumer's
                 tail), with exactly 1 conditional branch.
  null tests     the test of the ring pointer, whose branch leaves for the refusal of a NULL
                 ring (kprof_lwp_ring_poll(NULL, ...) is KPROF_E_ARGUMENT): exactly 1 in
                 lwp_poll_probe (nothing may be read through a NULL ring, so this test cannot
                 share the head compare), none in lwp_poll_probe_jit (the compiler proves the
                 ring exists). Each adds its test and its branch to the instruction budget.
  loads          instructions other than ret that read memory: the head word of the LWPCB
                 (the one load of shared memory), the LWPCB address kept in the ring (the
                 consumer's own struct; the header cannot know where the LWPCB is otherwise)
                 and the tail (a memory operand of the compare or a load): at most 3; i386
                 passes the ring pointer on the stack (cdecl), one more read: at most 4;
                 gcc -m32 also reads the second stack argument (the span pointer) before
                 the compare, to forward it to the non-empty path: at most 5 there.
  instructions   everything executed, ret included: the reads, the compare, the branch,
                 the 0 return value and ret: at most 6 on x86-64, 7 on i386 (8 for gcc),
                 plus 2 per null test.
Held at -O2 and -O3: both probes on x86-64; on i386 lwp_poll_probe (its budget), and
lwp_poll_probe_jit reported, not held (gcc -m32 adjusts the stack around the forwarded call,
clang -m32 sets up its PIC base first). Reported (--levels O1,Os --report, for make bench),
not held: -Os and -O1, where gcc -m32 -Os keeps a frame pointer (push %ebp), clang -O1 does not
shrink-wrap the stack alignment of the call (push %rax) and clang -m32 -O1 sets up its PIC base
first; -O0 inlines nothing (the probe calls a separate copy of the poll). No JIT builds its
poller at those levels.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ok, done  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBES = ("lwp_poll_probe", "lwp_poll_probe_jit")
# The probe each (compiler, architecture) is held to the budget with (the rest are reported).
HELD = {"64": PROBES, "32": ("lwp_poll_probe",)}
NULL_TESTS = {"lwp_poll_probe": 1, "lwp_poll_probe_jit": 0}
BUDGET = {"64": {"instructions": 6, "loads": 3}, "32": {"instructions": 7, "loads": 4}}
EXTRA = {("gcc", "32"): 1}  # the span argument read early (see above)
READ_ONLY = re.compile(r"^(cmp|test|j|nop|ret|prefetch|bt$|lfence|pause)")


def disassemble(obj, symbol):
    """[(offset, mnemonic, operands)] of one function (AT&T syntax)."""
    out = subprocess.run(["objdump", "-d", "-w", "--no-show-raw-insn", obj],
                         capture_output=True, text=True, check=True).stdout
    insns, inside = [], False
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:", line)
        if m:
            inside = m.group(2) == symbol
            base = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if inside and m:
            ops = m.group(3).split("#")[0].strip()
            insns.append((int(m.group(1), 16) - base, m.group(2), ops))
    return insns


def operands(text):
    return re.split(r",(?![^(]*\))", text) if text else []


def is_store(mn, ops):
    if mn.startswith(("push", "call", "stos", "movs", "enter")):
        return True
    if READ_ONLY.match(mn):
        return False
    o = operands(ops)
    return bool(o) and "(" in o[-1]


def is_load(mn, ops):
    if mn.startswith(("pop", "leave", "lods", "movs", "cmps", "scas")):
        return True
    if mn.startswith(("ret", "lea", "nop")) or mn.startswith("prefetch"):
        return False
    o = operands(ops)
    if mn.startswith(("cmp", "test")):
        return any("(" in x for x in o)
    return any("(" in x for x in o[:-1]) or (len(o) == 1 and "(" in o[0] and not mn.startswith("j"))


def branch_target(ops):
    m = re.match(r"^([0-9a-f]+)\s*<([^>]+)>", ops)
    return (int(m.group(1), 16), m.group(2)) if m else (None, None)


def empty_path(insns, base_name, arch):
    """The instructions an empty poll executes and its NULL tests of the ring, or (None, reason)."""
    at = {off: i for i, (off, _, _) in enumerate(insns)}
    i, path, compared, seen = 0, [], False, set()
    ring_regs = {"%rdi"} if arch == "64" else set()  # registers holding the ring pointer
    null_tests, pending_null = 0, False
    while True:
        if i >= len(insns) or i in seen:
            return None, "walked off the function or looped"
        seen.add(i)
        off, mn, ops = insns[i]
        path.append((mn, ops))
        o = operands(ops)
        if mn.startswith("ret"):
            return path, null_tests
        if mn.startswith("call"):
            return None, f"calls on the empty path: {mn} {ops}"
        if arch == "32" and mn.startswith("mov") and len(o) == 2 and o[0] == "0x4(%esp)":
            ring_regs.add(o[1])
        if mn.startswith("test") and len(o) == 2 and o[0] == o[1] and o[0] in ring_regs:
            null_tests += 1
            pending_null = True
        elif mn.startswith(("cmp", "test")):
            compared = True
            pending_null = False
        if mn.startswith("j"):
            target, name = branch_target(ops)
            follow = mn.startswith("jmp") or mn in ("je", "jz")
            if pending_null and not mn.startswith("jmp"):
                follow = mn in ("jne", "jnz")  # the ring is not NULL on the empty path
            if follow and name is not None and not name.startswith(base_name):
                return None, f"jumps out of the function on the empty path: {mn} {ops}"
            addr = None
            if target is not None:
                # objdump prints the absolute address; offsets are relative to the symbol
                addr = target - (insns_base_address[0])
            if mn.startswith("jmp"):
                if addr not in at:
                    return None, f"indirect or unknown jump {mn} {ops}"
                i = at[addr]
                continue
            if pending_null:
                if mn not in ("je", "jz", "jne", "jnz"):
                    return None, f"the NULL test's branch is {mn}, not je/jne"
                pending_null = False
            elif not compared:
                return None, f"a conditional branch before the compare: {mn} {ops}"
            elif mn not in ("je", "jz", "jne", "jnz"):
                return None, f"the compare's branch is {mn}, not je/jne"
            if follow:
                if addr not in at:
                    return None, f"unknown branch target {ops}"
                i = at[addr]
                continue
        i += 1


insns_base_address = [0]


def function_base(obj, symbol):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == symbol:
            return int(p[0], 16)
    return None


# How the probe's unit includes kprof.h.
MODES = {"plain": [], "implementation": ["-DKPROF_IMPLEMENTATION"],
         "static": ["-DKPROF_IMPLEMENTATION", "-DKPROF_STATIC"]}


def measure(cc, arch, level, tmp, cflags):
    """{probe: (counts, listing)} of one build, or (None, reason) for a build that failed."""
    obj = os.path.join(tmp, f"probe_{cc}_{arch}_{level}_{len(cflags)}.o")
    cmd = [cc, f"-m{arch}", f"-{level}", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", ROOT] + cflags + \
          ["-c", os.path.join(ROOT, "tests", "lwp_poll_probe.c"), "-o", obj]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        return None, f"{' '.join(cmd)}\n{p.stdout}{p.stderr}"
    found = {}
    for probe in PROBES:
        base = function_base(obj, probe)
        if base is None:
            found[probe] = (None, f"no {probe} in {obj}")
            continue
        insns_base_address[0] = base
        insns = disassemble(obj, probe)
        path, nulls = empty_path(insns, probe, arch)
        listing = "\n".join(f"{o:4x}: {m} {x}" for o, m, x in insns)
        if path is None:
            found[probe] = (None, f"{nulls}\n{listing}")
            continue
        counts = {
            "instructions": len(path),
            "loads": sum(is_load(m, o) for m, o in path),
            "stores": sum(is_store(m, o) for m, o in path),
            "compares": sum(m.startswith(("cmp", "test")) for m, o in path) - nulls,
            "null_tests": nulls,
            "branches": sum(m.startswith("j") and not m.startswith("jmp") for m, o in path) - nulls,
            "path": "; ".join(f"{m} {o}".strip() for m, o in path),
        }
        found[probe] = (counts, listing)
    return found, ""


def self_test():
    ok(is_store("mov", "%eax,0x1c(%r8)") and not is_store("mov", "0x10(%rax),%r10d")
       and is_store("push", "%rbx") and not is_store("cmp", "%edi,0x18(%r8)"), "store classifier")
    ok(is_load("mov", "0x10(%rax),%r10d") and is_load("cmp", "%edi,0x18(%r8)") and not is_load("ret", "")
       and not is_load("mov", "%eax,0x1c(%r8)") and is_load("pop", "%rbx") and not is_load("xor", "%eax,%eax"),
       "load classifier")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--arch", default="64,32")
    ap.add_argument("--levels", default="O2,O3")
    ap.add_argument("--table", action="store_true", help="print one JSON line per build (for make bench)")
    ap.add_argument("--report", action="store_true", help="count and print, never fail on the budget")
    ap.add_argument("--cflags", default="")
    ap.add_argument("--modes", default=",".join(MODES), help="how the probe includes kprof.h: " + ", ".join(MODES))
    a = ap.parse_args()
    self_test()
    import json
    with tempfile.TemporaryDirectory() as tmp:
        for mode, cc, arch, level in [(m, c, x, lv) for m in a.modes.split(",") for c in a.cc.split(",")
                                      for x in a.arch.split(",") for lv in a.levels.split(",")]:
            found, why = measure(cc, arch, level, tmp, MODES[mode] + a.cflags.split())
            if found is None:
                ok(False, f"{cc} -m{arch} -{level} ({mode}): the probe builds", why)
                continue
            for probe, (counts, detail) in found.items():
                what = f"{cc} -m{arch} -{level} {probe} ({mode})"
                held = probe in HELD[arch] and not a.report
                if counts is None:
                    why, _, listing = detail.partition("\n")
                    if a.table:
                        print("TABLE " + json.dumps(dict(cc=cc, arch=arch, level=level, probe=probe, mode=mode, error=why)))
                    ok(not held, f"{what}: empty path not found: {why}{'' if held else ' [reported]'}",
                       listing)
                    continue
                extra = EXTRA.get((cc, arch), 0) + 2 * counts["null_tests"]
                b = {k: v + extra for k, v in BUDGET[arch].items()}
                b["loads"] -= 2 * counts["null_tests"]  # a NULL test reads nothing
                good = (counts["stores"] == 0 and counts["compares"] == 1 and counts["branches"] == 1
                        and counts["null_tests"] == NULL_TESTS[probe]
                        and counts["loads"] <= b["loads"] and counts["instructions"] <= b["instructions"])
                ok(good or not held, f"{what}: empty poll {counts['instructions']} instructions "
                   f"(<= {b['instructions']}), {counts['loads']} loads (<= {b['loads']}), "
                   f"{counts['stores']} stores (0), {counts['compares']} compare, {counts['branches']} branch, "
                   f"{counts['null_tests']} NULL test ({NULL_TESTS[probe]}){'' if held else ' [reported]'}: "
                   f"{counts['path']}", detail)
                if a.table:
                    print("TABLE " + json.dumps(dict(counts, cc=cc, arch=arch, level=level, probe=probe, mode=mode,
                                                     budget=b)))
    return done()


if __name__ == "__main__":
    sys.exit(main())
