#!/usr/bin/env python3
"""Ring 0 means ring 0: every public function of kprof.h, compiled as a kernel compiles it.

The thin callers are generated from kprof.h itself: one external function per public function
definition (KPROF_API, and the inline KPROF_IMPL_INLINE routines) and per generated struct macro
(kprof_<s>_decode, _encode, _widen), taking the same parameters and calling it, so a new
function is covered without editing this test. Each object is an implementation unit
(KPROF_IMPLEMENTATION) holding the callers, so every body is compiled in it: out of line
(-O0, and external linkage) and inlined into a caller that does nothing else (-O1 and up), the
way a driver uses it. Four objects: everything but the LWP software model (api.o), and the
model (kprof_lwpmodel_*, model.o), a user-mode producer kept apart so its result is visible
on its own, each also with KPROF_STATIC (api-static.o, model-static.o).

Each object is compiled with the ring-0 flags of mk/freestanding.flags, -Wall -Wextra
-Werror, gcc and clang, -O0 -O1 -O2 -O3 -Os, -m64 and -m32, and with -fstack-usage (gcc 12
and clang 14 both write .su files). Then

    ring0.py symbols BUILD_DIR   `nm -u` lists no symbol: no libc, no libgcc (__udivdi3,
                                 __umoddi3), no memcpy/memset, no libatomic. One check per object.
    ring0.py stack BUILD_DIR     no function in the object (a thin caller with the function
                                 inlined, or an out-of-line function) has a frame over 512
                                 bytes, and none is dynamic. One check per object.

Both print a table per object and end with "N passed, N failed". Objects are rebuilt only
when kprof.h, this script or the flags file changed.
"""
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, done, freestanding_flags, ok, run  # noqa: E402

LIMIT = 512
COMPILERS = ("gcc", "clang")
ARCHES = ("m64", "m32")
OPTS = ("-O0", "-O1", "-O2", "-O3", "-Os")
WARN = "-std=c99 -Wall -Wextra -Werror".split()
HEADER = os.path.join(ROOT, "kprof.h")
DEF = re.compile(r"^(?:KPROF_API|KPROF_IMPL_INLINE)\b([^;{}]*?\))\s*\{", re.M | re.S)


def split_params(text):
    """Top-level comma split of a parameter list."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(" or ch == "[":
            depth += 1
        elif ch == ")" or ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def param_name(p):
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)", p)  # function pointer
    if m:
        return m.group(1)
    p = re.sub(r"\[[^\]]*\]\s*$", "", p).strip()
    return re.search(r"(\w+)$", p).group(1)


def public_functions(text):
    """(return type, name, parameter text, argument list) of every KPROF_API definition."""
    fns, seen = [], set()
    for m in DEF.finditer(text):
        sig = " ".join(m.group(1).split())
        head, _, params = sig.partition("(")
        params = params[:-1].strip()
        name = re.search(r"(\w+)\s*$", head).group(1)
        # The return type without the attribute macros (KPROF_IMPL_API_HOT...), which are the
        # definition's, not the type's.
        ret = re.sub(r"\bKPROF_IMPL_\w+\s*", "", head[: head.rfind(name)]).strip()
        if name in seen or (name.startswith("kprof_impl_") and m.group(0).startswith("KPROF_IMPL_INLINE")):
            continue
        seen.add(name)
        plist = [] if params in ("", "void") else split_params(params)
        fns.append((ret, name, params or "void", ", ".join(param_name(p) for p in plist)))
    return fns


# The per-struct codecs are macros (kprof_<s>_decode, _encode, _widen) over one generic codec,
# their arguments named as the codec's parameters: each gets a thin caller too, typed as the
# codec's parameter of that name, or as its pointer check (KPROF_IMPL_TYPED) says.
STRUCT_MACRO = re.compile(r"^#define (kprof_\w+_(?:decode|encode|widen))\(([^)]*)\)((?:.*\\\n)*.*)$", re.M)


def struct_macros(text):
    """(return type, name, parameter text, argument list) of every generated struct macro."""
    fns = []
    for m in STRUCT_MACRO.finditer(text):
        name, args = m.group(1), m.group(2).replace(" ", "").split(",")
        body = re.sub(r"\\\n", " ", m.group(3))  # clang-format breaks it between any tokens
        callee = re.match(r"\s*(kprof_impl_\w+)\(", body)
        defn = callee and re.search(r"^KPROF_API\s+(\w+)\s+" + callee.group(1) + r"\(([^)]*)\)", text, re.M)
        if not defn:
            raise SystemExit(f"ring0.py: {name}: no definition of the codec it calls")
        codec = {param_name(p): p for p in split_params(" ".join(defn.group(2).split()))}
        params = []
        for a in args:
            typed = re.search(r"KPROF_IMPL_TYPED\(([\w ]+),\s*" + a + r"\)", body)
            if not typed and a not in codec:
                raise SystemExit(f"ring0.py: {name}: no type for its argument {a}")
            params.append(f"{typed.group(1)} *{a}" if typed else codec[a])
        fns.append((defn.group(1), name, ", ".join(params), ", ".join(args)))
    return fns


LOCAL = re.compile(r"^(kprof_\w+)\s*\*\s*(\w+)$")
ESCAPE = '__asm__ __volatile__("" : : "r"(&{0}) : "memory");'


def thin_callers(fns, types, static, defines=()):
    """A caller that does nothing else, the way a driver calls: every object the function
    fills or advances (a non-const pointer to a kprof_ type) is a local of the caller, as in
    `kprof_pebs_sample s; kprof_pebs_iter_next(&w, &s)`, so the caller's frame holds it; an
    empty asm makes each local escape before the call (it may hold anything) and after it
    (every byte is used). Everything else is a parameter."""
    lines = ['/* Generated by tests/ring0.py from kprof.h: one thin caller per public function. */',
             "#define KPROF_IMPLEMENTATION"] + (["#define KPROF_STATIC"] if static else [])
    lines += [f"#define {d}" for d in defines] + ['#include "kprof.h"', ""]
    for ret, name, params, args in fns:
        plist = [] if params == "void" else split_params(params)
        keep, local = [], []
        for i, p in enumerate(plist):
            m = LOCAL.match(p)
            # `kprof_x *x, uint32_t cap`: the caller's array (static or allocated storage that
            # the function fills in place), not one object on the caller's stack.
            array = i + 1 < len(plist) and re.search(r"\b(cap|count)$", param_name(plist[i + 1]))
            (local if m and m.group(1) in types and not array else keep).append(p)
        sig = ", ".join(keep) or "void"
        call = f"{name}({args.replace(', ', ',').replace(',', ', ')})"
        for p in local:
            n = param_name(p)
            call = re.sub(rf"\b{n}\b", "&" + n, call)
        body = [f"{p};" for p in [LOCAL.match(p).group(1) + " " + param_name(p) for p in local]]
        body += [ESCAPE.format(param_name(p)) for p in local]
        if ret == "void":
            body.append(f"{call};")
        else:
            body.append(f"{ret} ring0_ret = {call};")
        body += [ESCAPE.format(param_name(p)) for p in local]
        if ret != "void":
            body.append("return ring0_ret;")
        lines.append(f"{ret} ring0_{name}({sig});")
        lines.append(f"{ret} ring0_{name}({sig})\n{{\n\t" + "\n\t".join(body) + "\n}")
    return "\n".join(lines) + "\n"


def sources(bdir):
    text = open(HEADER, encoding="utf-8").read()
    fns = public_functions(text) + struct_macros(text)
    types = set(re.findall(r"^\}\s*(kprof_\w+)\s*;", text, re.M))
    model = [f for f in fns if f[1].startswith("kprof_lwpmodel_")]
    api = [f for f in fns if not f[1].startswith("kprof_lwpmodel_")]
    out = {}
    for name, part, static in (("api", api, False), ("model", model, False),
                               ("api-static", api, True), ("model-static", model, True)):
        path = os.path.join(bdir, f"{name}.c")
        # The model is an opt-in section (KPROF_LWP_MODEL).
        body = thin_callers(part, types, static, ("KPROF_LWP_MODEL",) if name.startswith("model") else ())
        if not os.path.exists(path) or open(path).read() != body:
            with open(path, "w") as f:
                f.write(body)
        out[name] = (path, len(part))
    return out


def configs():
    return [(cc, arch, opt) for cc in COMPILERS for arch in ARCHES for opt in OPTS]


def build(bdir, src, cc, arch, opt):
    """Compile one object; return (object path or None, command and output on failure)."""
    tag = f"{os.path.splitext(os.path.basename(src))[0]}-{cc}-{arch}{opt}"
    obj = os.path.join(bdir, tag + ".o")
    su = os.path.join(bdir, tag + ".su")
    inputs = [src, HEADER, os.path.abspath(__file__), os.path.join(ROOT, "mk/freestanding.flags")]
    cmd = [cc, f"-{arch}", opt] + freestanding_flags(arch) + WARN + ["-I" + ROOT, "-fstack-usage",
                                                                   "-c", src, "-o", obj]
    if os.path.exists(obj) and os.path.exists(su) and \
            os.path.getmtime(obj) >= max(os.path.getmtime(i) for i in inputs):
        return obj, ""
    r = run(cmd, cwd=bdir, timeout=900)
    if r.returncode:
        return None, " ".join(cmd) + "\n" + r.stdout + r.stderr
    # gcc names the .su after the output; clang after the output too (tag.su next to tag.o).
    if not os.path.exists(su):
        return None, " ".join(cmd) + f"\nno stack-usage file {su}"
    return obj, ""


def undefined(obj):
    r = run(["nm", "-u", obj])
    if r.returncode:
        return None, r.stderr
    syms = [l.split()[-1] for l in r.stdout.splitlines() if l.strip()]
    return [s for s in syms if s != "_GLOBAL_OFFSET_TABLE_"], ""


def frames(obj):
    """[(bytes, kind, function)] from the .su file beside obj."""
    out = []
    for line in open(obj[:-2] + ".su"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 3:
            out.append((int(parts[1]), parts[2], parts[0].split(":")[-1]))
    return out


def main(mode, bdir):
    bdir = os.path.abspath(bdir)
    os.makedirs(bdir, exist_ok=True)
    srcs = sources(bdir)
    print(f"flags: m64 {' '.join(freestanding_flags('m64'))}; m32 {' '.join(freestanding_flags('m32'))}")
    for name, (path, n) in srcs.items():
        print(f"{name}.o: {n} thin callers ({path})")
    jobs = [(name, path, c) for name, (path, _) in srcs.items() for c in configs()]
    with ThreadPoolExecutor(max_workers=2) as pool:
        built = list(pool.map(lambda j: build(bdir, j[1], *j[2]), jobs))
    for (name, path, (cc, arch, opt)), (obj, log) in zip(jobs, built):
        what = f"{name}.o {cc} -{arch} {opt}"
        if not ok(obj is not None, f"build {what}", log):
            continue
        if mode == "symbols":
            syms, err = undefined(obj)
            ok(syms == [], f"{what}: nm -u lists {' '.join(syms) if syms else 'nothing'}", err)
        else:
            fr = frames(obj)
            big = [f for f in fr if f[0] > LIMIT]
            dyn = [f for f in fr if f[1].startswith("dynamic") and "bounded" not in f[1]]
            top = max(fr) if fr else (0, "", "none")
            ok(fr and not big and not dyn,
               f"{what}: largest frame {top[0]} bytes ({top[2].replace('ring0_', '')}), {len(fr)} functions",
               "\n".join(f"{b} bytes {k}: {f}" for b, k, f in sorted(big + dyn, reverse=True)))
    return done()


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("symbols", "stack"):
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
