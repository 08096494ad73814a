#!/usr/bin/env python3
"""docs/lwp.md's C blocks: each is a complete translation unit, compiled by gcc and clang
(-std=c11 -Wall -Wextra -Wpedantic -Werror); the ones with a main() are linked and run and
must exit 0."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ok, done  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "lwp.md")

text = open(DOC).read()
blocks = [(text[:m.start()].count("\n") + 2, m.group(1)) for m in re.finditer(r"^```c\n(.*?)^```", text, re.M | re.S)]
ok(len(blocks) >= 3, f"docs/lwp.md has its C blocks ({len(blocks)})")
with tempfile.TemporaryDirectory() as tmp:
    for line, code in blocks:
        src = os.path.join(tmp, f"block{line}.c")
        open(src, "w").write(code)
        has_main = re.search(r"^int main\(", code, re.M) is not None
        for cc in ("gcc", "clang"):
            out = os.path.join(tmp, f"block{line}_{cc}")
            cmd = [cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I", ROOT, src] + \
                  (["-o", out] if has_main else ["-c", "-o", out + ".o"])
            p = subprocess.run(cmd, capture_output=True, text=True)
            if not ok(p.returncode == 0, f"docs/lwp.md:{line} compiles with {cc}", " ".join(cmd) + "\n" + p.stderr):
                continue
            if has_main:
                r = subprocess.run([out], capture_output=True, text=True, timeout=60)
                ok(r.returncode == 0, f"docs/lwp.md:{line} runs ({cc}): exit {r.returncode}, {r.stdout.strip()}",
                   r.stdout + r.stderr)
sys.exit(done())
