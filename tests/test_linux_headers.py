#!/usr/bin/env python3
"""Every number the spec shares with the Linux kernel's x86 headers, compared with them.

    test_linux_headers.py [SPEC_DIR] [--headers DIR]

The headers are Debian's linux-headers-* (found at run time under /usr/src, every version
installed is checked; --headers names one `arch/x86/include/asm` directory instead). A spec
entry names what it shares with Linux by its `linux` key:

  msrs:            `linux: MSR_NAME`            the macro's value is the MSR number (the base
                                                 of a counted MSR)
  register fields: `linux: MACRO`               a mask: equals the field's mask
                   `linux: "bit MACRO"`         a bit number: equals the field's low bit
                                                 (where a multi-bit field starts)
                   `linux: union.member`        a bit-field of a header union: same position
                                                 and width
                   `linux: X86_FEATURE_NAME`    a cpufeatures.h flag: same cpuid leaf,
                                                 sub-leaf, register (the header's
                                                 `enum cpuid_leafs` word) and bit

A name Linux renamed is given as alternatives, `old|new` (cpuid28_eax.x|cpuid_0x1c_eax.x): the
first the headers have counts.
`linux_since: "X.Y"` says the headers of kernel X.Y and later must have the name (X.Y is its
first kernel, or a late bound where that was not verified): older headers skip it when they
lack it, and compare it when they have it. `linux_differs: "why"` records a known difference: the test fails on an
unrecorded difference and on a recorded one that no longer holds. Beyond the named facts,
a spec MSR without a `linux` key whose number a Linux MSR_* macro has, and a spec cpuid bit
without one that a cpufeatures.h flag has, must say why in `linux_differs`.

  struct fields:   `linux_count: MACRO` on any spec struct's array field: the macro's value
                   is its element count (intel_ds.h MAX_PEBS_EVENTS_FMT4 for the format 0..4
                   DS area's general-purpose resets)
  structs:         `linux: STRUCT` on a spec struct (intel_ds.h, perf_event.h): the end of the
                   header struct's last member equals the spec size; `linux: member` or
                   `linux: member[i]` on its fields: same offset and element size, and the spec
                   count fits (a spec array may be a slice of a Linux one). Anonymous unions count
                   as their first member.

The resolvers (`resolve_*`) are the reusable part. Ends with 'N passed, N failed'.
"""
import glob
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402

HEADER_FILES = ("msr-index.h", "perf_event.h", "cpufeatures.h", "cpufeature.h", "intel_ds.h", "amd-ibs.h")
C_SIZES = {"u64": 8, "u32": 4, "u16": 2, "u8": 1}


# ---------------------------------------------------------------------------------------------
# The headers, parsed.
# ---------------------------------------------------------------------------------------------
class Headers:
    def __init__(self, asm_dir, version):
        self.dir, self.version = asm_dir, version
        self.defines, self.unions, self.words, self.structs = {}, {}, {}, {}
        texts = []
        for name in HEADER_FILES:
            for path in [os.path.join(asm_dir, name)] + glob.glob(os.path.join(asm_dir, "*", name)):
                if os.path.exists(path):
                    texts.append(open(path, encoding="utf-8", errors="replace").read())
        # enum cpuid_leafs moved between headers over the years: look in every asm header.
        for path in glob.glob(os.path.join(asm_dir, "**", "*.h"), recursive=True):
            t = open(path, encoding="utf-8", errors="replace").read()
            if "enum cpuid_leafs" in t:
                texts.append(t)
        for t in texts:
            t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S).replace("\\\n", " ")
            for m in re.finditer(r"^\s*#\s*define\s+([A-Za-z_]\w*)(?!\()\s+(.+)$", t, re.M):
                self.defines.setdefault(m[1], m[2].strip())
            for m in re.finditer(r"union\s+(\w+)\s*\{\s*struct\s*\{(.*?)\}\s*split\s*;", t, re.S):
                pos, fields = 0, {}
                for f in re.finditer(r"(?:unsigned\s+int|u32|unsigned)\s+(\w+)\s*:\s*(\d+)\s*;", m[2]):
                    fields[f[1]] = (pos, int(f[2]))
                    pos += int(f[2])
                self.unions[m[1]] = fields
            # The other style (amd-ibs.h, union arch_pebs_index): union NAME { u64 val;
            # struct { u64 a:16, b:16, ...; }; } - the anonymous struct's bit-fields in order.
            for m in re.finditer(r"union\s+(\w+)\s*\{[^{}]*?\bstruct\s*\{([^{}]*)\}\s*\w*\s*;", t, re.S):
                if m[1] in self.unions:
                    continue
                pos, fields = 0, {}
                for f in re.finditer(r"(\w+)\s*:\s*(\d+)", m[2]):
                    fields[f[1]] = (pos, int(f[2]))
                    pos += int(f[2])
                if fields and pos in (32, 64):
                    self.unions[m[1]] = fields
            self.parse_structs(t)
            m = re.search(r"enum\s+cpuid_leafs\s*\{(.*?)\}", t, re.S)
            if m:
                n = 0
                for item in m[1].split(","):
                    item = item.strip()
                    if not item:
                        continue
                    name, _, val = item.partition("=")
                    if val.strip():
                        n = int(val.strip(), 0)
                    self.words[n] = name.strip()
                    n += 1

    def parse_structs(self, t):
        """struct NAME { members }: member -> (offset, element size, count) and the end of the
        last member, for structs of fixed-width integers (arrays sized by macros). An anonymous
        union counts as its first member (the headers' union { u64 latency; struct {...}; })."""
        for m in re.finditer(r"\bstruct\s+(\w+)\s*\{", t):
            depth, i = 1, m.end()
            while depth and i < len(t):
                depth += {"{": 1, "}": -1}.get(t[i], 0)
                i += 1
            body = t[m.end():i - 1]
            body = re.sub(r"\bstruct\s*\{[^{}]*\}\s*\w*\s*;", " ", body)
            body = re.sub(r"\bunion\s*\{\s*([^;{}]*;)[^{}]*\}\s*;", r"\1", body)
            if "{" in body or ":" in body:
                continue
            members, off = {}, 0
            for d in body.split(";"):
                d = d.strip()
                if not d:
                    continue
                mm = re.fullmatch(r"(u64|u32|u16|u8)\s+(.*)", d, re.S)
                if not mm:
                    members = None
                    break
                size = C_SIZES[mm[1]]
                for name in mm[2].split(","):
                    nm = re.fullmatch(r"\s*(\w+)\s*(?:\[(.*)\])?\s*", name)
                    count = 1
                    if nm[2] is not None:
                        count = self.expr(nm[2])
                        if count is None:
                            members = None
                            break
                    off = (off + size - 1) // size * size
                    members[nm[1]] = (off, size, count)
                    off += size * count
                if members is None:
                    break
            if members:
                self.structs.setdefault(m[1], (members, off))

    def expr(self, text):
        """A C constant expression of integers and macros, or None."""
        try:
            e = re.sub(r"[A-Za-z_]\w*", lambda m: str(self.value(m[0])) if self.value(m[0]) is not None else "X", text)
            return None if "X" in e else int(eval(e, {"__builtins__": {}}))
        except Exception:
            return None

    def value(self, name, depth=0):
        """The integer a macro expands to, or None when it is not a constant expression."""
        if name not in self.defines or depth > 20:
            return None
        expr = self.defines[name]
        expr = re.sub(r"\bBIT(?:_ULL)?\s*\(", "(1<<", expr)
        expr = re.sub(r"\b(0x[0-9a-fA-F]+|\d+)(?:ULL|UL|LL|U|L)\b", r"\1", expr, flags=re.I)
        expr = re.sub(r"\(\s*(?:unsigned\s+)?(?:long\s+)*(?:int|u64|u32)?\s*\)", "", expr)

        def sub(m):
            v = self.value(m[0], depth + 1)
            if v is None:
                raise ValueError(m[0])
            return str(v)
        try:
            expr = re.sub(r"\b[A-Za-z_]\w*\b", sub, expr)
        except ValueError:
            return None
        if not re.fullmatch(r"[\s0-9a-fA-FxX()<>|&+*~-]*", expr):
            return None
        try:
            return int(eval(expr, {"__builtins__": {}}))  # digits and operators only
        except Exception:
            return None


def find_headers(explicit):
    if explicit:
        m = re.search(r"linux-headers-(\d+)\.(\d+)", explicit)
        return [Headers(explicit, (int(m[1]), int(m[2])) if m else (99, 0))]
    out = []
    for d in sorted(glob.glob("/usr/src/linux-headers-*/arch/x86/include/asm")):
        if all(os.path.exists(os.path.join(d, f)) for f in HEADER_FILES[:3]):
            m = re.search(r"linux-headers-(\d+)\.(\d+)", d)
            out.append(Headers(d, (int(m[1]), int(m[2]))))
    return out


# ---------------------------------------------------------------------------------------------
# The spec, read here (not through the generator).
# ---------------------------------------------------------------------------------------------
REG_INDEX = {"eax": 0, "ebx": 1, "ecx": 2, "edx": 3}


def cpuid_of(reg):
    """A register's `cpuid: "0xLEAF[.SUB].reg"` as (leaf, subleaf, reg), or None."""
    if not reg.get("cpuid"):
        return None
    p = reg["cpuid"].split(".")
    return int(p[0], 16), int(p[1]) if len(p) == 3 else 0, p[-1].lower()


def parse_bits(bits):
    if isinstance(bits, int):
        return bits, bits
    hi, _, lo = str(bits).partition(":")
    return int(hi), int(lo or hi)


def load_structs(spec_dir):
    """Spec structs with a `linux: STRUCT` key and their fields with `linux: MEMBER`."""
    structs, sfields = [], []
    for path in sorted(glob.glob(os.path.join(spec_dir, "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8")) or {}
        for s in doc.get("structs") or []:
            if not s.get("linux"):
                continue
            structs.append(dict(s, file=os.path.basename(path)))
            for f in s.get("fields") or []:
                if f.get("linux") or f.get("linux_differs"):
                    sfields.append(dict(f, struct=s["name"], struct_linux=s["linux"],
                                        linux_since=f.get("linux_since", s.get("linux_since")),
                                        file=os.path.basename(path)))
    return structs, sfields


def load_counts(spec_dir):
    """Struct array fields with `linux_count: MACRO` (any struct, with or without `linux:`)."""
    out = []
    for path in sorted(glob.glob(os.path.join(spec_dir, "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8")) or {}
        for s in doc.get("structs") or []:
            out += [dict(f, struct=s["name"], file=os.path.basename(path)) for f in s.get("fields") or []
                    if f.get("linux_count")]
    return out


def resolve_count(h, f):
    v = h.value(f["linux"])
    if v is None:
        raise KeyError(f["linux"])
    return None if v == f.get("count", 1) else f"Linux {f['linux']} = {v}, spec {f.get('count', 1)} elements"


def load_spec(spec_dir):
    msrs, fields = [], []
    for path in sorted(glob.glob(os.path.join(spec_dir, "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8")) or {}
        for m in doc.get("msrs") or []:
            msrs.append(dict(m, file=os.path.basename(path)))
        for r in doc.get("registers") or []:
            for f in r.get("fields") or []:
                lo_hi = parse_bits(f["bits"])
                fields.append(dict(f, reg=r["name"], width=r["width"], cpuid=cpuid_of(r),
                                   hi=lo_hi[0], lo=lo_hi[1], file=os.path.basename(path)))
    return msrs, fields


# ---------------------------------------------------------------------------------------------
# Resolvers: what Linux says about a name, in the spec's terms. Each returns None when Linux
# agrees, a sentence when it does not; raises KeyError when the headers lack the name.
# ---------------------------------------------------------------------------------------------
def resolve_msr(h, m):
    v = h.value(m["linux"])
    if v is None:
        raise KeyError(m["linux"])
    return (None if v == m["number"] else f"Linux {m['linux']} = {v:#x}, spec {m['number']:#x}")


def word_of(h, word):
    """cpufeatures.h word -> (leaf, subleaf, reg) from the header's enum cpuid_leafs."""
    name = h.words.get(word, "")
    m = re.fullmatch(r"CPUID_([0-9A-F]+)(?:_([0-9A-F]+))?(?:_([0-9A-F]+))?_(EAX|EBX|ECX|EDX)", name)
    if not m:
        return None
    parts = [x for x in (m[1], m[2], m[3]) if x]
    if len(parts) == 2 and len(parts[0]) == 4:  # CPUID_8000_0001_EDX
        return int(parts[0] + parts[1], 16), 0, m[4].lower()
    if len(parts) == 3:  # CPUID_8000_0001_x? not used; keep general
        return int(parts[0] + parts[1], 16), int(parts[2], 16), m[4].lower()
    return int(parts[0], 16), int(parts[1], 16) if len(parts) == 2 else 0, m[4].lower()


def resolve_field(h, f):
    name = f["linux"]
    span = f["hi"] - f["lo"] + 1
    mask = ((1 << span) - 1) << f["lo"]
    if name.startswith("X86_FEATURE_"):
        v = h.value(name)
        if v is None:
            raise KeyError(name)
        where = word_of(h, v // 32)
        if where is None:
            return f"Linux {name} is word {v // 32} ({h.words.get(v // 32, '?')}), not a cpuid register"
        got = (where, v % 32)
        want = (f["cpuid"], f["lo"])
        return None if got == want and span == 1 else f"Linux {name} = {got}, spec {want} ({span} bits)"
    if "." in name:
        union, member = name.split(".", 1)
        if union not in h.unions or member not in h.unions[union]:
            raise KeyError(name)
        pos, width = h.unions[union][member]
        return None if (pos, width) == (f["lo"], span) else f"Linux {name} = bits {pos}+{width}, spec {f['lo']}+{span}"
    if name.startswith("bit "):
        v = h.value(name[4:])
        if v is None:
            raise KeyError(name[4:])
        return None if v == f["lo"] else f"Linux {name[4:]} = bit {v}, spec bits {f['hi']}:{f['lo']}"
    v = h.value(name)
    if v is None:
        raise KeyError(name)
    return None if v == mask else f"Linux {name} = mask {v:#x}, spec {mask:#x}"


def resolve_struct_field(h, f):
    """A spec struct field against a member of the header's struct: same offset, element size
    and count (a spec array may be a slice of a Linux array: `linux: member[first]`)."""
    sname = f["struct_linux"]
    if sname not in h.structs:
        raise KeyError(f"struct {sname}")
    members, _ = h.structs[sname]
    m = re.fullmatch(r"(\w+)(?:\[(\d+)\])?", f["linux"])
    if not m or m[1] not in members:
        raise KeyError(f"{sname}.{f['linux']}")
    off, size, count = members[m[1]]
    first = int(m[2] or 0)
    got = (off + first * size, size)
    want = (f["offset"], C_SIZES[f["type"]])
    if got != want:
        return f"Linux {sname}.{f['linux']} at {got[0]:#x} ({got[1]} bytes), spec {want[0]:#x} ({want[1]})"
    if f.get("count", 1) > count - first:
        return f"Linux {sname}.{m[1]} has {count - first} elements from {first}, spec {f.get('count', 1)}"
    return None


def resolve_struct(h, s):
    """A spec struct's size against the end of the header struct's last member."""
    if s["linux"] not in h.structs:
        raise KeyError(f"struct {s['linux']}")
    end = h.structs[s["linux"]][1]
    return None if end == s["size"] else f"Linux struct {s['linux']} ends at {end:#x}, spec size {s['size']:#x}"


# ---------------------------------------------------------------------------------------------
def resolve_first(h, entry, resolve):
    """The first of the `a|b` alternatives the headers have."""
    names = entry["linux"].split("|")
    for i, name in enumerate(names):
        try:
            return resolve(h, dict(entry, linux=name.strip()))
        except KeyError:
            if i == len(names) - 1:
                raise KeyError(entry["linux"])


def compare(h, entry, what, resolve):
    """One named fact against one header set."""
    since = entry.get("linux_since")
    try:
        problem = resolve_first(h, entry, resolve)
    except KeyError as e:
        if since and h.version < tuple(int(x) for x in since.split(".")):
            return "skipped"
        check(False, f"{what}: {e.args[0]} is not in {h.dir} (Linux {h.version[0]}.{h.version[1]})"
                     + ("" if since else "; give linux_since if it is newer"))
        return "missing"
    differs = entry.get("linux_differs")
    if problem and not differs:
        check(False, f"{what}: {problem} - an unrecorded difference (fix the spec or add linux_differs)")
    elif not problem and differs:
        check(False, f"{what}: linux_differs says {differs!r} but Linux now agrees: drop it")
    else:
        check(True, what)
    return "differs" if problem else "agrees"


def shared_without_name(h, msrs, fields):
    """Facts Linux has that the spec lists without naming them."""
    by_value = {}
    for name in h.defines:
        if name.startswith("MSR_"):
            v = h.value(name)
            if v is not None:
                by_value.setdefault(v, []).append(name)
    for m in msrs:
        if m.get("linux"):
            continue
        names = by_value.get(m["number"], [])
        what = f"{m['file']}: msr {m['name']} ({m['number']:#x})"
        if names and not m.get("linux_differs"):
            check(False, f"{what}: Linux has {', '.join(names)} at this number; name it (linux:) or say why not (linux_differs:)")
        elif not names and m.get("linux_differs") and not m.get("linux_since"):
            check(False, f"{what}: linux_differs is recorded but no Linux MSR has this number")
        else:
            check(True, what)
    feats = {}
    for name in h.defines:
        if name.startswith("X86_FEATURE_"):
            v = h.value(name)
            w = word_of(h, v // 32) if v is not None else None
            if w:
                feats.setdefault((w, v % 32), []).append(name)
    for f in fields:
        if f["cpuid"] is None or f.get("linux") or f["hi"] != f["lo"]:
            continue
        names = feats.get((f["cpuid"], f["lo"]), [])
        what = f"{f['file']}: {f['reg']}.{f['name']}"
        if names and not f.get("linux_differs"):
            check(False, f"{what}: Linux has {', '.join(names)} at this bit; name it (linux:) or say why not")
        elif not names and f.get("linux_differs"):
            check(False, f"{what}: linux_differs is recorded but no Linux flag has this bit")
        else:
            check(True, what)


def main(argv):
    spec_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec")
    explicit = None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--headers":
            explicit = args.pop(0)
        else:
            spec_dir = a
    headers = find_headers(explicit)
    if not check(headers, "Debian linux-headers-* with msr-index.h, perf_event.h, cpufeatures.h under /usr/src "
                          "(apt-get install linux-headers-amd64)"):
        return done()
    msrs, fields = load_spec(spec_dir)
    structs, sfields = load_structs(spec_dir)
    counted = load_counts(spec_dir)
    check(counted, "spec struct fields with linux_count found")
    for h in headers:
        check(h.words, f"{h.dir}: enum cpuid_leafs found")
        tally = {}
        for m in msrs:
            if m.get("linux"):
                r = compare(h, m, f"{m['file']}: msr {m['name']} = {m['linux']}", resolve_msr)
                tally[r] = tally.get(r, 0) + 1
        for f in fields:
            if f.get("linux"):
                r = compare(h, f, f"{f['file']}: {f['reg']}.{f['name']} = {f['linux']}", resolve_field)
                tally[r] = tally.get(r, 0) + 1
        for s in structs:
            r = compare(h, s, f"{s['file']}: struct {s['name']} = struct {s['linux']}", resolve_struct)
            tally[r] = tally.get(r, 0) + 1
        for f in sfields:
            if not f.get("linux"):  # a field Linux has no member for: its reason is the record
                check(bool(f.get("linux_differs")), f"{f['file']}: {f['struct']}.{f['name']}: linux_differs")
                continue
            r = compare(h, f, f"{f['file']}: {f['struct']}.{f['name']} = {f['struct_linux']}.{f['linux']}",
                        resolve_struct_field)
            tally[r] = tally.get(r, 0) + 1
        for f in counted:
            r = compare(h, dict(f, linux=f["linux_count"]),
                        f"{f['file']}: {f['struct']}.{f['name']} count = {f['linux_count']}", resolve_count)
            tally[r] = tally.get(r, 0) + 1
        shared_without_name(h, msrs, fields)
        print(f"Linux {h.version[0]}.{h.version[1]} ({h.dir}): " +
              ", ".join(f"{n} {k}" for k, n in sorted(tally.items())))
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
