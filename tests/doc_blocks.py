#!/usr/bin/env python3
"""The documentation is executable: every C code block of README.md and docs/*.md is compiled
(and run when it has a main()), as docs/testing.md describes.

    doc_blocks.py BUILD_DIR [FILE.md...]

A block is fenced with ``` and an info string: its first word is the language, the rest are
attributes. Language c: compiled; any other language (text, sh, cmake, none) is prose.
Attributes of a c block:
    (none)          a complete translation unit: gcc and clang, -std=c99 -Wall -Wextra
                    -Wpedantic -Werror -I<repo>; with a main() it is also linked and run
                    (exit status 0), with a second unit that holds kprof's implementation
                    (#define KPROF_IMPLEMENTATION, #include "kprof.h"), unless the block
                    defines KPROF_IMPLEMENTATION itself.
    fragment        declarations and statements: compiled as the body of a function after
                    #include "kprof.h" (so it may use kprof's types and return nothing).
    c++             also compiled as C++11 (g++ and clang++, same warnings), and run when it
                    has a main().
    std=cNN         the C standard (default c99), for a block that needs a later one
                    (std=c11 for _Alignas).
    windows-driver  a Windows kernel-mode unit: compiled by clang in MSVC mode
                    (--target=x86_64-pc-windows-msvc -fms-extensions -fms-compatibility)
                    against mingw-w64's DDK headers, -Wall -Wextra -Werror; not run.
    from=PATH       an excerpt of PATH, which another step builds: the block must appear in
                    PATH verbatim (tab-indented as there).
Ends with "N passed, N failed"; one check per compilation, run and excerpt.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, done, ok, run  # noqa: E402

WARN = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"]
FENCE = re.compile(r"^```(.*)$")
MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)
OWN_IMPLEMENTATION = re.compile(r"^\s*#\s*define\s+KPROF_IMPLEMENTATION\b", re.M)
DDK = "/usr/share/mingw-w64/include/ddk"
MINGW_INC = "/usr/share/mingw-w64/include"


def blocks(path):
    """(line, language, attributes, text) of every fenced block of a Markdown file."""
    out, cur = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = FENCE.match(line.rstrip("\n"))
            if cur is None and m:
                words = m.group(1).split()
                cur = (n, words[0] if words else "", words[1:], [])
            elif cur is not None and line.rstrip("\n") == "```":
                out.append((cur[0], cur[1], cur[2], "".join(cur[3])))
                cur = None
            elif cur is not None:
                cur[3].append(line)
    if cur is not None:
        out.append((cur[0], cur[1], ["unterminated"], "".join(cur[3])))
    return out


def source(attrs, text):
    if "fragment" in attrs:
        return ('#include "kprof.h"\n\nvoid doc_fragment(void);\nvoid doc_fragment(void)\n{\n' +
                text + "}\n")
    return text


def check_block(bdir, md, line, attrs, text):
    where = f"{os.path.relpath(md, ROOT)}:{line}"
    tag = re.sub(r"[^A-Za-z0-9]+", "_", where)
    unknown = [a for a in attrs if a not in ("fragment", "c++", "windows-driver")
               and not a.startswith("from=") and not re.fullmatch(r"std=c(99|11|17|2x)", a)]
    if not ok(not unknown, f"{where}: attributes known ({' '.join(attrs) or 'complete unit'})",
              f"unknown attribute(s) {unknown}; see docs/testing.md"):
        return
    for a in attrs:
        if a.startswith("from="):
            path = os.path.join(ROOT, a[5:])
            body = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            ok(text.strip() and text.strip() in body, f"{where}: block is an excerpt of {a[5:]}",
               f"not found verbatim in {path}")
            return
    src = os.path.join(bdir, tag + (".c"))
    with open(src, "w", encoding="utf-8") as f:
        f.write(source(attrs, text))
    if "windows-driver" in attrs:
        # -fgnuc-version: mingw-w64's headers compile only for a GNU compiler (for any other they
        # define __attribute__ away, which breaks clang's own <mmintrin.h>); __try/__except stay
        # MSVC structured exception handling, which the windows-msvc target implements.
        # x86-64 only: mingw-w64's i686 wdm.h contradicts itself under clang (stdcall vs fastcall
        # spin-lock declarations, MAXIMUM_SUPPORTED_EXTENSION undefined), before kprof.h is read.
        for target in ("x86_64-pc-windows-msvc",):
            cmd = ["clang", f"--target={target}", "-fms-extensions", "-fms-compatibility", "-fgnuc-version=4.2.1",
                   "-ffreestanding", "-Wall", "-Wextra", "-Werror", "-isystem", DDK, "-isystem", MINGW_INC,
                   "-I" + ROOT, "-c", src, "-o", f"{src}.{target}.obj"]
            r = run(cmd)
            ok(r.returncode == 0, f"{where}: clang MSVC mode, {target} driver with mingw-w64's DDK headers",
               " ".join(cmd) + "\n" + r.stderr)
        return
    std = next((a[4:] for a in attrs if a.startswith("std=")), "c99")
    langs = [("gcc", ["-x", "c", "-std=" + std]), ("clang", ["-x", "c", "-std=" + std])]
    if "c++" in attrs:
        langs += [("g++", ["-x", "c++", "-std=c++11"]), ("clang++", ["-x", "c++", "-std=c++11"])]
    has_main = bool(MAIN.search(text))
    for cc, lang in langs:
        exe = os.path.join(bdir, f"{tag}.{cc}")
        impl = [] if OWN_IMPLEMENTATION.search(text) or not has_main else ["-x", "none", implementation(bdir, cc, lang)]
        cmd = [cc] + lang + WARN + ["-I" + ROOT, src] + (impl + ["-o", exe] if has_main else ["-c", "-o", exe + ".o"])
        r = run(cmd)
        if not ok(r.returncode == 0, f"{where}: {cc} {' '.join(lang[1:])}{' (linked)' if has_main else ''}",
                  " ".join(cmd) + "\n" + r.stderr):
            continue
        if has_main:
            r = run([exe], timeout=120)
            ok(r.returncode == 0, f"{where}: {cc} build runs (exit {r.returncode})",
               exe + "\n" + r.stdout[-1500:] + r.stderr[-1500:])


def implementation(bdir, cc, lang):
    """kprof's implementation unit for a block's program, built once per compiler and language
    (the block's own standard: the implementation compiles under every one)."""
    path = os.path.join(bdir, "kprof_impl_" + re.sub(r"[^A-Za-z0-9]+", "_", cc + " ".join(lang)))
    if not os.path.exists(path + ".o"):
        with open(path + ".c", "w", encoding="utf-8") as f:
            f.write('#define KPROF_IMPLEMENTATION\n#include "kprof.h"\n')
        run([cc] + lang + WARN + ["-I" + ROOT, "-c", path + ".c", "-o", path + ".o"])
    return path + ".o"


def main(bdir, files):
    bdir = os.path.abspath(bdir)
    os.makedirs(bdir, exist_ok=True)
    if not files:
        docs = os.path.join(ROOT, "docs")
        files = [os.path.join(ROOT, "README.md")] + sorted(
            os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    count = 0
    for md in files:
        for line, lang, attrs, text in blocks(md):
            if "unterminated" in attrs:
                ok(False, f"{os.path.relpath(md, ROOT)}:{line}: code block is closed")
            elif lang == "c":
                count += 1
                check_block(bdir, md, line, attrs, text)
    print(f"{count} C blocks in {len(files)} files")
    ok(count > 0, "found C blocks to check")
    return done()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
