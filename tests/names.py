#!/usr/bin/env python3
"""Every public name of kprof.h follows the rule its top comment states for its kind
(DESIGN-1.0 section 3), no example uses kprof's internals, and CHANGELOG.md's rename table is
the rename map's.

    names.py [HEADER]

The rules are read from the header's own text, as a user reads them: the verbs from VERBS
(with the sections or struct macros they are kept for), the configuration macros from the
configuration block, each name's section from the banner it is declared under. Every
definition of the header is classified by what it is (function, function-like macro, type,
enumerator, macro) and checked:

  function        kprof_<section>_..._<verb>, the section it is declared in, a verb of VERBS
                  (one kept for some sections or for struct macros only there); a _name()
                  takes its enumeration's type
  struct macro    kprof_<type>_decode/_encode/_widen of a struct of its section
  type            kprof_<section> or kprof_<section>_<object>
  enumerator      KPROF_<TYPE>_<VALUE> of its enumeration (kprof_status: KPROF_OK, KPROF_END,
                  KPROF_E_<ERROR>)
  macro           a configuration macro of the configuration block, or a header-wide one;
                  KPROF_MSR_<MSR>; a register field (_SHIFT and _MASK together, and
                  _DEFINED_MASK); a struct layout (KPROF_<TYPE>_SIZE, KPROF_<TYPE>_<F>_OFFSET);
                  else a constant KPROF_<SECTION>_<NAME> of the section it is defined in
  internal        kprof_impl_* / KPROF_IMPL_*: not checked, but never in examples/ nor in a C
                  block of README.md or docs/

The result rule (the top comment's RESULTS) is checked for every public function, inline
routines included: each verb's result is read from the top comment's VERBS ('-> result'), a
function returns what its verb gives (kprof_status for fallible work; a lookup - name, by_<key>,
a row's string field - a pointer to const; the poll the count-or-status its verb names), and a
plain value only from a function that takes no pointer (kprof_cpuid_family_get(eax)).

Before checking kprof.h it checks a copy with one bad name planted per kind, and one bad result
per kind, and requires each to be reported (the test can fail). Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402

HEADER = os.path.join(ROOT, "kprof.h")


def strip_comments(text):
    """Comments replaced by blanks (newlines kept, so line numbers stay)."""
    return re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def rules(text):
    """(verbs [(verb, sections or None, macro_only)], configuration macros) from the text."""
    verbs = []
    m = re.search(r"^ \* VERBS:.*?\n((?: \*.*\n)+?) \*\n", text, re.M)
    for line in (m.group(1).splitlines() if m else []):
        v = re.match(r"^ \*   (\S+)\s+(.*)$", line)
        if v:
            only = re.search(r"\(([a-z, ]+) only\)", v.group(2))
            verbs.append((v.group(1), [s.strip() for s in only.group(1).split(",")] if only and
                          "struct macros" not in only.group(1) else None, "(struct macros only)" in v.group(2)))
    config = set()
    wide = re.search(r"^ \*   header-wide\s+(.*(?:\n \*   {16}.*)*)$", text, re.M)
    if wide:
        config |= set(re.findall(r"\bKPROF_\w+", wide.group(1).replace("*", "")))
    for block in re.findall(r"/\* ---- configuration.*?\*/", text, re.S):
        for line in block.splitlines():
            e = re.match(r"^ \*   (KPROF_\w+.*)$", line)
            if e:
                config |= set(re.findall(r"\bKPROF_\w+", e.group(1).split("  ")[0]))
    return verbs, config


def sections_of_lines(text):
    """The section each line of the header is in (None before the first banner)."""
    out, at = [], None
    for line in text.split("\n"):
        m = re.match(r"^ \*  layer \d+ \([^)]*\), section (\w+):", line) or \
            re.match(r"^/\* ---- layer \d+, section (\w+) - from", line)
        if m:
            at = m.group(1)
        out.append(at)
    return out


def definitions(text):
    """Every name kprof.h defines, by kind: [(kind, name, line, extra)]."""
    code = strip_comments(text)
    lines = code.split("\n")
    out = []
    enum = None  # (name, first line) while inside a typedef enum
    for i, line in enumerate(lines):
        m = re.match(r"^typedef enum (kprof_\w+) \{", line)
        if m:
            enum = m.group(1)
            ENUM_TYPES.add(enum)
            out.append(("type", m.group(1), i, None))
            continue
        if enum:
            e = re.match(r"^\s*(KPROF_\w+)\s*(=|,|$)", line)
            if e:
                out.append(("enumerator", e.group(1), i, enum))
            if re.match(r"^\}", line):
                enum = None
            continue
        m = re.match(r"^#\s*define\s+(\w+)(\()?", line)
        if m and m.group(1).lower().startswith("kprof"):
            out.append(("fmacro" if m.group(2) else "macro", m.group(1), i, None))
            continue
        for n in re.findall(r"^\}\s*(kprof_\w+)\s*;", line) + re.findall(r"^typedef [^;(]*?\b(kprof_\w+)\s*;", line) + \
                re.findall(r"^typedef [^;]*\(\s*\*\s*(kprof_\w+)\s*\)", line) + re.findall(r"^struct (kprof_\w+)\s*;", line) + \
                re.findall(r"^typedef struct (kprof_\w+)\s*\{", line):
            out.append(("type", n, i, None))
        # A declaration (KPROF_API ...;), or the definition of a routine every unit compiles
        # inline (KPROF_IMPL_INLINE ... {), which has no declaration of its own.
        if line.startswith("KPROF_API") or line.startswith("KPROF_IMPL_INLINE"):
            j = i
            while not re.search(r"[;{]\s*$", lines[j]):
                j += 1
            sig = " ".join(lines[i:j + 1])
            f = re.search(r"\b(kprof_\w+)\s*\(([^)]*)\)", sig)
            if f and not f.group(1).startswith("kprof_impl_") and \
                    (sig.rstrip().endswith(";") or line.startswith("KPROF_IMPL_INLINE")):
                out.append(("function", f.group(1), i, f.group(2)))
                RETURNS[f.group(1)] = " ".join(re.sub(r"\b(KPROF_API|KPROF_IMPL_\w+)\b", "", sig[:f.start()]).split())
    return out


RETURNS = {}  # function -> its declared return type (filled by definitions())
ENUM_TYPES = set()  # the header's enumerations (filled by definitions())


def verb_results(text):
    """{verb: [(result kind, section or None)]} from the '-> result' of each VERBS entry."""
    out = {}
    m = re.search(r"^ \* VERBS:.*?\n((?: \*.*\n)+?) \*\n", text, re.M)
    entries, at = [], None
    for line in (m.group(1).splitlines() if m else []):
        v = re.match(r"^ \*   (\S+)\s+(.*)$", line)
        if v:
            entries.append([v.group(1), v.group(2)])
        elif entries:
            entries[-1][1] += " " + line[2:].strip()
    for verb, desc in entries:
        if "->" not in desc:
            continue
        kinds = []
        for alt in desc.rsplit("->", 1)[1].split(";"):
            alt = alt.strip()
            only = re.match(r"^\w+(?: [\w>=]+)*? \((\w+)\)", alt)
            sec = only.group(1) if only and " " not in only.group(1) else None
            if "count >= 0" in alt:
                kinds.append(("value", sec))
            elif "the enumeration's type" in alt:
                kinds.append(("enum", sec))
            elif "pointer to const" in alt or re.search(r"\bstring, or NULL", alt):
                kinds.append(("const pointer", sec))
            elif alt.startswith("value"):
                kinds.append(("value", sec))
            elif alt.startswith("nothing"):
                kinds.append(("nothing", sec))
            elif "status" in alt:
                kinds.append(("status", None))
                if "void only" in alt:
                    kinds.append(("nothing", None))
        out[verb] = kinds
    return out


def result_kind(ret):
    """What a declared return type is: status, nothing, const pointer, pointer or value."""
    if ret == "kprof_status":
        return "status"
    if ret == "void":
        return "nothing"
    if ret.endswith("*"):
        return "const pointer" if ret.startswith("const ") else "pointer"
    return "value"


def result_problem(name, section, params, results, exceptions):
    """Why name's result breaks the RESULTS rule for its verb, or None. A function that takes
    no pointer may return its value (it cannot fail); the rule's named exceptions may too."""
    ret = RETURNS.get(name)
    if ret is None or name in exceptions:
        return None
    kind = result_kind(ret)
    rest = name[len(f"kprof_{section}_"):] if section else name
    verb = None
    for v in sorted(results, key=len, reverse=True):
        stem = v[:v.index("<")] if "<" in v else None
        if (stem and re.search(r"(^|_)" + re.escape(stem) + r"[a-z0-9]+(_[a-z0-9]+)*$", rest) and
                not (stem == "by_" and re.search(r"(^|_)all_by_", rest))) or rest == v or rest.endswith("_" + v):
            verb = v
            break
    if verb is None:
        return None  # function_problem reports the name
    allowed = [k for k, only in results[verb] if only is None or only == section]
    if kind == "value" and not re.search(r"[*\[]", params or ""):
        return None
    # A fixed member's accessor: kprof_<type>_<member>_get(const kprof_<type> *) returning an
    # enumeration (the top comment's RESULTS: the rule for members holding an enumeration's values).
    if kind == "value" and "enum" in allowed and ret in ENUM_TYPES and \
            re.match(r"^\s*const\s+(kprof_\w+)\s*\*\s*\w*\s*$", params or "") and \
            name.startswith(re.match(r"^\s*const\s+(kprof_\w+)", params).group(1) + "_"):
        return None
    if kind in allowed:
        return None
    return (f"returns {ret} ({kind}): the RESULTS rule gives '{verb}' "
            f"{' or '.join(allowed) or 'no result'}; counts, booleans and values come back through "
            f"out-parameters")




def problems(text):
    """[(name, what is wrong)] of every public name of the header text; and the counts."""
    verbs, config = rules(text)
    sec = sections_of_lines(text)
    defs = definitions(text)
    bad, counts = [], {}
    if not verbs:
        bad.append(("VERBS", "the top comment lists no verbs"))
    structs = {n: sec[i] for k, n, i, _ in defs if k == "type" and re.search(
        r"^\}\s*" + n + r"\s*;", text.split("\n")[i]) is None and True}
    struct_types = {n for k, n, i, _ in defs if k == "type"}
    enums = {n for k, n, i, x in defs if k == "enumerator" for n in [x]}
    macros = {n for k, n, i, _ in defs if k in ("macro", "fmacro")}
    layout_types = {n[6:].upper() for n in struct_types}
    results = verb_results(text)
    exceptions = set(re.findall(r"^ \*   - The one exception: (kprof_\w+)", text, re.M))
    if not results:
        bad.append(("VERBS", "the top comment's VERBS give no '-> result' per verb"))
    for kind, name, i, extra in defs:
        if name.lower().startswith("kprof_impl_"):
            continue
        s = sec[i]
        why = None
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "function":
            why = function_problem(name, s, verbs, extra, enums)
            if not why:
                why = result_problem(name, s, extra, results, exceptions)
        elif kind == "fmacro" and name.startswith("kprof_"):
            m = re.match(r"^(kprof_\w+)_(decode|encode|widen)$", name)
            if not m or m.group(1) not in struct_types:
                why = "a lower-case macro is a struct macro: kprof_<type>_decode, _encode or _widen of a struct"
            elif not (m.group(1) == f"kprof_{s}" or m.group(1).startswith(f"kprof_{s}_")):
                why = f"its struct is not of section {s}"
        elif kind == "type":
            if s is None or not (name == f"kprof_{s}" or name.startswith(f"kprof_{s}_")):
                why = f"types are kprof_<section>[_<object>]; this one is in section {s}"
        elif kind == "enumerator":
            t = extra[6:].upper()
            if extra == "kprof_status":
                if not (name in ("KPROF_OK", "KPROF_END") or name.startswith("KPROF_E_")):
                    why = "kprof_status's enumerators are KPROF_OK, KPROF_END and KPROF_E_<ERROR>"
            elif not name.startswith(f"KPROF_{t}_"):
                why = f"enumerators of {extra} are KPROF_{t}_<VALUE>"
        else:
            why = macro_problem(name, s, config, macros, layout_types, kind == "fmacro")
        if why:
            bad.append((name, why))
    return bad, counts


def function_problem(name, section, verbs, params, enums):
    prefix = f"kprof_{section}_"
    if section is None or not name.startswith(prefix):
        return f"functions are kprof_<section>_<object>_<verb>, here {prefix}..."
    rest = name[len(prefix):]
    for verb, only, macro in verbs:
        if "<" in verb:
            stem = verb[:verb.index("<")]
            hit = re.search(r"(^|_)" + re.escape(stem) + r"[a-z0-9]+(_[a-z0-9]+)*$", rest) and \
                not (stem == "by_" and re.search(r"(^|_)all_by_", rest))
        else:
            hit = rest == verb or rest.endswith("_" + verb)
        if hit:
            if only and section not in only:
                return f"'{verb}' is a verb of {', '.join(only)} only"
            if macro:
                return f"'{verb}' is a verb of the struct macros only"
            if verb == "name":
                want = name[:-len("_name")]
                if want not in enums:
                    return f"a _name function names the values of an enumeration, and {want} is none"
                if not re.match(r"^\s*(const\s+)?" + want + r"\s+\w+\s*$", params or ""):
                    return f"a _name function takes its enumeration's type ({want}), here ({params})"
            return None
    return "it does not end in a verb of the top comment's VERBS"


def macro_problem(name, section, config, macros, layout_types, function_like):
    if name in config or any(c.endswith("_") and name.startswith(c) for c in config):
        return None
    if name.startswith("KPROF_MSR_"):
        return None
    for suffix in ("_SHIFT", "_MASK"):
        if name.endswith(suffix):
            base = name[:-len(suffix)]
            if all(base + x in macros for x in ("_SHIFT", "_MASK")):
                return None
    if name.endswith("_DEFINED_MASK"):
        reg = name[:-len("_DEFINED_MASK")]
        if any(m.startswith(reg + "_") and m.endswith("_SHIFT") for m in macros):
            return None
    m = re.match(r"^KPROF_(\w+)_SIZE$", name)
    if m and m.group(1) in layout_types:
        return None
    if name.endswith("_OFFSET"):
        body = name[len("KPROF_"):-len("_OFFSET")]
        if any(body.startswith(t + "_") for t in layout_types):
            return None
    if section and name.startswith(f"KPROF_{section.upper()}_"):
        return None
    return (f"no rule of the top comment's NAMES fits: not a configuration macro, an MSR, a register "
            f"field, a struct layout, nor a constant KPROF_{(section or '?').upper()}_<NAME> of section {section}")


INT_TYPES = re.compile(r"^(?:u?int(?:8|16|32|64)_t|unsigned(?: int| char| short| long)*|int|char|short|long|signed char)$")


def api_part(text):
    """The header's public part: everything before the IMPLEMENTATION banner."""
    at = text.find(" *  IMPLEMENTATION")
    return text if at < 0 else text[:at]


def enum_members(text):
    """The public struct members that hold a public enumeration's values in an integer (the
    comment names the enumeration, or one of its enumerators, first; a set of "bits" does not
    count), each with its accessor or None: [(struct.member, enum, integer type, accessor)].
    The top comment's RESULTS: such a member has the enumeration's type, or, where its bytes
    are fixed, an accessor kprof_<type>_<member>_get(const kprof_<type> *) returning it."""
    api = api_part(text)
    defs = definitions(api)
    enums = {n for k, n, i, x in defs if k == "type" and re.search(r"^typedef enum " + n + r" \{", api, re.M)}
    enumerators = {n: x for k, n, i, x in defs if k == "enumerator"}
    funcs = {n: x for k, n, i, x in defs if k == "function"}
    out = []
    for m in re.finditer(r"^typedef struct (kprof_\w+) \{\n(.*?)^\} \1;", api, re.S | re.M):
        struct, body = m.group(1), m.group(2)
        if struct.startswith("kprof_impl_"):
            continue
        above = ""
        for line in body.split("\n"):
            if re.match(r"^\s*(/\*|\*)", line) and not re.search(r";\s*/\*", line):
                above = (above + " " + re.sub(r"^\s*(/\*+|\*/?)\s?", "", line)).replace("*/", "")
                continue
            d = re.match(r"^\s*(?:const\s+)?([A-Za-z_][\w ]*?)\s+\**(\w+)(?:\[[^\]]*\])?\s*(?:,[^;]*)?;\s*(?:/\*(.*?)(?:\*/)?)?$", line)
            if not d:
                above = ""
                continue
            ctype, member, comment = d.group(1), d.group(2), (d.group(3) or above)
            above = ""
            if not INT_TYPES.match(ctype):
                continue
            said = re.sub(r"^\s*0x[0-9A-Fa-f]+:\s*", "", comment).strip()
            first = re.match(r"^(kprof_\w+|KPROF_\w+)(.*)$", said)
            if not first or re.match(r"^\s*bits\b", first.group(2)):
                continue
            enum = first.group(1) if first.group(1) in enums else enumerators.get(first.group(1))
            if not enum:
                continue
            flat = member.lower().replace("_", "")
            acc = next((f for f in funcs if f.startswith(struct + "_") and f.endswith("_get") and
                        f[len(struct) + 1:-4].replace("_", "") == flat and RETURNS.get(f) == enum and
                        re.match(r"^\s*const\s+" + struct + r"\s*\*", funcs[f] or "")), None)
            out.append((f"{struct}.{member}", enum, ctype, acc))
    return out


ENUM_MEMBERS_PLANTED = [  # (old text, new text, the member the check must report)
    ("KPROF_API kprof_source_table kprof_source_table_get(const kprof_source *r);\n", "", "kprof_source.table"),
    ("\tkprof_cpuid_vendor vendor;\n\tuint16_t event_select;", "\tuint8_t vendor; /* kprof_cpuid_vendor */\n\tuint16_t event_select;",
     "kprof_source_profile_add.vendor"),
    ("KPROF_API kprof_cpuid_reg kprof_cpu_fact_info_reg_get(const kprof_cpu_fact_info *r);\n", "",
     "kprof_cpu_fact_info.reg"),
]


def enum_members_check(header):
    """Every public struct member holding an enumeration's values in an integer has an
    accessor; each planted breach (in kprof.h) is reported."""
    for old, new, want in ENUM_MEMBERS_PLANTED:
        planted_reported("enum member without type or accessor", old, new, want,
                         lambda t: [n for n, e, ty, a in enum_members(t) if not a])
    found = enum_members(open(header, encoding="utf-8").read())
    bare = [f"{n} ({t} holding {e})" for n, e, t, a in found if not a]
    check(not bare, "struct members holding an enumeration's values have its type or an accessor "
          "(the top comment's RESULTS): " + "; ".join(bare))
    print(f"enum members: {len(found)} public struct members hold an enumeration's values in an integer, "
          f"{len(found) - len(bare)} with an accessor, {len(bare)} without")


def impl_uses():
    """Uses of kprof's internals in examples/ and in the C blocks of README.md and docs/."""
    out = []
    files = subprocess.run(["git", "ls-files", "examples", "docs", "README.md"], cwd=ROOT,
                           capture_output=True, text=True).stdout.split()
    for f in files:
        path = os.path.join(ROOT, f)
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        if f.endswith(".md"):
            text = "\n".join(re.findall(r"^```c[^\n]*\n(.*?)^```", text, re.S | re.M))
        for n in sorted(set(re.findall(r"\b(?:kprof_impl_|KPROF_IMPL_)\w+", text))):
            out.append(f"{f}: {n}")
    return out


def changelog_table():
    """Whether CHANGELOG.md's rename table is tools/rename-1.0 --changelog's."""
    log = open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8").read()
    m = re.search(r"<!-- BEGIN renames[^\n]*-->\n(.*?)<!-- END renames -->", log, re.S)
    want = subprocess.run([os.path.join(ROOT, "tools", "rename-1.0"), "--changelog"], capture_output=True,
                          text=True).stdout
    return m is not None and m.group(1).strip() == want.strip()


PLANTED = [  # (where, old line, new line, the name the check must report)
    ("function", "KPROF_IMPL_INLINE kprof_status kprof_msr_read(", "KPROF_IMPL_INLINE kprof_status kprof_msr_rdmsr(",
     "kprof_msr_rdmsr"),
    ("function", "KPROF_API kprof_status kprof_pmu_select_unpack(", "KPROF_API kprof_status kprof_pmu_select_decoded(",
     "kprof_pmu_select_decoded"),
    ("function", "KPROF_API kprof_status kprof_psi_writer_init(", "KPROF_API kprof_status kprof_pebs_writer_init(",
     "kprof_pebs_writer_init"),
    ("function", "KPROF_API const char *kprof_status_name(kprof_status value);",
     "KPROF_API const char *kprof_status_name(int value);", "kprof_status_name"),
    ("type", "} kprof_pmu_caps;", "} kprof_caps;", "kprof_caps"),
    ("enumerator", "\tKPROF_HAL_REASON_INTEL_EMON = 0x0,", "\tKPROF_REASON_INTEL_EMON = 0x0,", "KPROF_REASON_INTEL_EMON"),
    ("macro", "#define KPROF_DUMP_NO_CPU_ID", "#define KPROF_NO_CPU_ID", "KPROF_NO_CPU_ID"),
    # the RESULTS rule: a count, a boolean, a value taken from a pointer, a non-const pointer
    ("result", "KPROF_API kprof_status kprof_source_all_by_select(", "KPROF_API size_t kprof_source_all_by_select(",
     "kprof_source_all_by_select"),
    ("result", "KPROF_API kprof_status kprof_cpu_facts_compare(", "KPROF_API uint64_t kprof_cpu_facts_compare(",
     "kprof_cpu_facts_compare"),
    ("result", "KPROF_API kprof_status kprof_hal_source_presence_get(", "KPROF_API int kprof_hal_source_presence_get(",
     "kprof_hal_source_presence_get"),
    ("result", "KPROF_API kprof_status kprof_cpuid_vendor_get(", "KPROF_API kprof_cpuid_vendor kprof_cpuid_vendor_get(",
     "kprof_cpuid_vendor_get"),
    ("result", "KPROF_API const kprof_source *kprof_source_by_value(", "KPROF_API kprof_source *kprof_source_by_value(",
     "kprof_source_by_value"),
    ("result", "KPROF_API kprof_status kprof_pmu_plan_start(", "KPROF_API void kprof_pmu_plan_start(",
     "kprof_pmu_plan_start"),
    ("result", 'KPROF_API KPROF_IMPL_API_HOT kprof_status kprof_lwp_ring_drain(', 'KPROF_API KPROF_IMPL_API_HOT int kprof_lwp_ring_drain(',
     'kprof_lwp_ring_drain'),
    ("result", 'KPROF_API kprof_status kprof_psi_description_compare(', 'KPROF_API int kprof_psi_description_compare(',
     'kprof_psi_description_compare'),
    ("result", 'KPROF_API kprof_status kprof_lwp_ring_space_get(', 'KPROF_API uint32_t kprof_lwp_ring_space_get(',
     'kprof_lwp_ring_space_get'),
    ("result", 'KPROF_API kprof_status kprof_lwpmodel_lwpcb_store(', 'KPROF_API void *kprof_lwpmodel_lwpcb_store(',
     'kprof_lwpmodel_lwpcb_store'),
    ("result", 'KPROF_API kprof_status kprof_lwpmodel_threshold_set(', 'KPROF_API void kprof_lwpmodel_threshold_set(',
     'kprof_lwpmodel_threshold_set'),
    ("result", 'KPROF_API kprof_status kprof_bts_wrapped_get(', 'KPROF_API bool kprof_bts_wrapped_get(',
     'kprof_bts_wrapped_get'),
]


def planted_reported(kind, old, new, want, reported):
    """A copy of kprof.h with old replaced by new: reported(text) (the names a check reports)
    must hold want."""
    text = open(HEADER, encoding="utf-8").read()
    if check(old in text, f"planted {kind}: {old.strip()!r} is in kprof.h"):
        got = reported(text.replace(old, new, 1))
        check(want in got, f"planted {kind} {want} is reported (got {got[:5]})")


def planted():
    """Each planted bad name or result is reported."""
    for kind, old, new, name in PLANTED:
        planted_reported(kind, old, new, name, lambda t: [n for n, _ in problems(t)[0]])


def config_block_macros(text):
    """The macros the configuration blocks document (a line ' *   KPROF_X ...' in a block)."""
    out = []
    for block in re.findall(r"/\* ---- configuration.*?\*/", text, re.S):
        for line in block.splitlines():
            e = re.match(r"^ \*   (KPROF_\w+.*)$", line)
            if e:
                out += [n for n in re.findall(r"\bKPROF_\w+", e.group(1).split("  ")[0]) if n not in out]
    return out


def config_documented(text, docs=("README.md", "docs/api.md")):
    """Each configuration macro of the header is named, in full, by README.md and docs/api.md."""
    macros = config_block_macros(text)
    check(len(macros) >= 10, f"the configuration blocks document the macros ({len(macros)} found)")
    for doc in docs:
        body = open(os.path.join(ROOT, doc), encoding="utf-8").read()
        missing = [m for m in macros if not re.search(r"`" + m + r"[`(/]", body)]
        check(not missing, f"{doc} names every configuration macro of kprof.h (missing: {missing})")
    return macros


def example_calls(text):
    """([(function, arguments given, parameters declared, line)], calls seen): the calls of public
    functions in the header comments' examples (comment lines indented as code) whose argument
    count is not the declaration's. A bare `name()` in prose names the function: not a call."""
    params = {}
    for m in re.finditer(r"^(?:KPROF_API|KPROF_IMPL_INLINE)[^\n(]*?\b(kprof_\w+)\(([^)]*)\)", text, re.M):
        ps = m.group(2).strip()
        params.setdefault(m.group(1), 0 if ps in ("", "void") else ps.count(",") + 1)
    bad, seen = [], 0
    for comment in re.findall(r"/\*.*?\*/", text, re.S):
        blocks, run = [], []  # consecutive code lines joined, so a call may span lines
        for line in comment.splitlines() + [""]:
            if re.match(r"^ \*\s{5,}\S", line):
                run.append(line[2:].strip())
            elif run:
                blocks.append(" ".join(run))
                run = []
        for line in blocks:
            for c in re.finditer(r"\b(kprof_\w+)\(", line):
                if c.group(1) not in params:
                    continue
                i, depth, commas, empty = c.end(), 1, 0, True
                while i < len(line) and depth:
                    ch = line[i]
                    depth += ch in "([{"
                    depth -= ch in ")]}"
                    commas += ch == "," and depth == 1
                    empty = empty and (ch.isspace() or depth == 0)
                    i += 1
                if depth or empty:
                    continue
                seen += 1
                if commas + 1 != params[c.group(1)]:
                    bad.append((c.group(1), commas + 1, params[c.group(1)], line.strip()))
    return bad, seen


def examples_checked(text):
    bad, seen = example_calls(text)
    check(seen >= 5, f"the header's comment examples call public functions ({seen} calls read)")
    for name, given, declared, line in bad:
        check(False, f"a comment example calls {name} with {given} arguments; it takes {declared}: {line}")
    planted = text.replace(" *     kprof_status_name ", " *         kprof_status_name(KPROF_OK, 1);\n *     kprof_status_name ", 1)
    check(any(b[0] == "kprof_status_name" for b in example_calls(planted)[0]),
          "a planted example calling kprof_status_name with 2 arguments is reported")


def main():
    header = sys.argv[1] if len(sys.argv) > 1 else HEADER
    planted()
    enum_members_check(header)
    text = open(header, encoding="utf-8").read()
    bad, counts = problems(text)
    for name, why in bad:
        check(False, f"{name}: {why}")
    check(sum(counts.values()) > 1000, f"kprof.h defines the names (found {counts})")
    print("names checked: " + ", ".join(f"{n} {k}s" for k, n in sorted(counts.items())) +
          f", {sum(counts.values())} in all; {len(bad)} break a rule")
    config_documented(text)
    examples_checked(text)
    uses = impl_uses()
    check(not uses, "examples and docs use no kprof_impl_* / KPROF_IMPL_*: " + "; ".join(uses))
    check(changelog_table(), "CHANGELOG.md's 1.0.0 rename table is `tools/rename-1.0 --changelog` (paste it again)")
    return done()


if __name__ == "__main__":
    sys.exit(main())
