#!/usr/bin/env python3
"""Disassemble kprof's hand-encoded LWP instructions (tests/lwp_insn.c built 64- and 32-bit)
with objdump and check each function holds the expected instruction, with the bytes GNU as
produces for the same text and, where reference/lwp-shipped.md lists them, those bytes.

    check_lwp_insn.py lwp_insn64.o lwp_insn32.o
"""
import os
import re
import subprocess
import sys
import tempfile

# function -> (AT&T text objdump prints, reference bytes or None). Operand order is AT&T:
# Intel "lwpins edx, eax, 0x1234" (vvvv = data2, r/m = data1, imm32 flags).
EXPECT = {
    64: {
        "insn_llwpcb": ("llwpcb %rax", "8f e9 f8 12 c0"),
        "insn_slwpcb": ("slwpcb %rax", "8f e9 f8 12 c8"),
        "insn_lwpval32": ("lwpval $0x12345678,%eax,%edx", None),
        "insn_lwpins32": ("lwpins $0x1234,%eax,%edx", None),
        "insn_lwpval64": ("lwpval $0x7fffffff,%eax,%rdx", None),
        "insn_lwpins64": ("lwpins $0xabcd,%eax,%rdx", None),
    },
    32: {
        "insn_llwpcb": ("llwpcb %eax", "8f e9 78 12 c0"),
        "insn_slwpcb": ("slwpcb %eax", None),
        "insn_lwpval32": ("lwpval $0x12345678,%eax,%edx", None),
        "insn_lwpins32": ("lwpins $0x1234,%eax,%edx", None),
    },
}

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def disasm(obj):
    out = subprocess.run(["objdump", "-d", "-w", obj], capture_output=True, text=True, check=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\w+)>:", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s*[0-9a-f]+:\s+((?:[0-9a-f]{2} )+)\s*(.*)$", line)
        if m and cur is not None:
            cur.append((m.group(1).strip(), re.sub(r"\s+", " ", m.group(2).strip())))
    return funcs


def gas_bytes(text, bits):
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "a.s"), os.path.join(d, "a.o")
        open(src, "w").write(text + "\n")
        subprocess.run(["as", f"--{bits}", src, "-o", obj], check=True)
        ins = [i for f in disasm(obj).values() for i in f]
        if not ins:
            out = subprocess.run(["objdump", "-d", "-w", obj], capture_output=True, text=True).stdout
            ins = [(m.group(1).strip(), m.group(2)) for m in
                   re.finditer(r"^\s*[0-9a-f]+:\s+((?:[0-9a-f]{2} )+)\s*(.*)$", out, re.M)]
        return ins[0][0] if ins else None


def main(objs):
    for obj in objs:
        bits = 64 if "64" in os.path.basename(obj) else 32
        funcs = disasm(obj)
        for fn, (text, ref) in EXPECT[bits].items():
            ins = funcs.get(fn, [])
            hit = [b for b, t in ins if t == text]
            check(len(hit) == 1, f"{bits}-bit {fn}: '{text}' not found in {ins}")
            if not hit:
                continue
            want = gas_bytes(text, bits)
            check(want == hit[0], f"{bits}-bit {fn}: bytes {hit[0]} but GNU as encodes {want}")
            if ref:
                check(hit[0] == ref, f"{bits}-bit {fn}: bytes {hit[0]}, reference lists {ref}")
        print(f"{bits}-bit: {len(EXPECT[bits])} instructions checked")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
