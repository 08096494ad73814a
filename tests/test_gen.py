#!/usr/bin/env python3
"""Generator tests: each kind of bad spec gives its own error, naming file, line and entry,
exits non-zero and leaves kprof.h untouched; good specs regenerate byte-identically.

Each case copies spec/ to a temporary directory, puts one defect into one file, runs
gen/kprofgen.py --spec TMP/spec --out TMP/out (TMP/out holding a copy of kprof.h) and checks
the exit status, that stderr says "<file>:<line>:" for the line the defect is on, names the
entry and the fault, and that TMP/out is byte-identical afterwards.

The generator copies each section's declarations (gen/c/<section>.api.h) and definitions
(gen/c/<section>.c) verbatim, so nothing but this test ties them together: in every build
configuration kprof.h must declare each public function before defining it, and declare
nothing it does not define (gcc's -Wmissing-prototypes ignores static inline functions).
Ends with 'N passed, N failed'.
"""
import filecmp
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import check, done  # noqa: E402
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "gen", "kprofgen.py")


def run_gen(spec, out, *extra):
    return subprocess.run([sys.executable, GEN, "--spec", spec, "--out", out, *extra],
                          capture_output=True, text=True, cwd=ROOT)


def replace_once(text, old, new, case):
    if text.count(old) != 1:
        raise SystemExit(f"test_gen: case {case!r}: anchor {old!r} found {text.count(old)} times in the spec; update the test")
    return text.replace(old, new)


# (name, file, old, new, anchor, expected substrings)
# anchor: text on the line the error must name (found in the defective file); None = the
# first line of `new`.
EMON_1D = "{value: 0x1D, name: ProfileLLCMisses, ebx_bit: 4, select: 0x0003412E}"
EMON_1E = "{value: 0x1E, name: ProfileBranchInstructionRetired, ebx_bit: 5, select: 0x000300C4}"
AMD_47 = "{value: 0x47, name: ProfileDCMisaligndDataReference, select: 0x00030047, aliases: [ProfileDCMisalignedDataReference]}"
AMD_48 = "{value: 0x48, name: ProfileDCLateCancelOfAccess, select: 0x00030048}"
AMD_00 = "{value: 0x00, name: ProfileTime, select: 0x00030076}"

# The first line of spec/bytes.yaml, where the struct cases add their structs.
BYTES_HEAD = "# Byte access every reader shares: little-endian loads and stores, UTF-16LE to UTF-8.\n"

STRUCTS = """
structs:
  - name: bytes_probe
    size: 16
    doc: "test struct"
    provenance: "tests/test_gen.py"
    fields:
      - {name: a, offset: 0, type: u32, doc: "a"}
      - {name: b, offset: %s, type: %s, doc: "b"}
"""

# A widening with more elements than a move record's 8-bit count holds.
WIDE_STRUCTS = """
structs:
  - name: bytes_wide
    size: 1200
    doc: "test struct"
    provenance: "tests/test_gen.py"
    fields:
      - {name: a, offset: 0, type: u32, count: 300, doc: "a"}
  - name: bytes_narrow
    size: 300
    widens: bytes_wide
    doc: "test struct"
    provenance: "tests/test_gen.py"
    fields:
      - {name: a, offset: 0, type: u8, count: 300, doc: "a"}
"""

# A struct extending probe (12 bytes, its fields ending at 8) that is smaller than probe.
EXTENDS_SMALLER = """  - name: bytes_probe2
    extends: bytes_probe
    size: 8
    doc: "test struct"
    provenance: "tests/test_gen.py"
    fields: []
"""

# The `records` section kind and `section:` (spec/windows_releases.yaml).
WR = "windows_releases.yaml"
VISTA_FACTS = "x86: true, x64: true, amd64: PRESENT, emon: PRESENT, x86_sources: ABSENT, x86_rules: ABSENT,\n         hypervisor_rule: UNKNOWN, tables: UNKNOWN, later_intel: 0x1F, later_intel_x86: 0x1F, amd64_names: ABSENT,\n         provenance: \"Chappell KPROFILE_SOURCE: GenuineIntel"
RECORDS_CASES = [
    ("bare yes for an enum field", WR, VISTA_FACTS, VISTA_FACTS.replace("emon: PRESENT", "emon: yes"),
     "emon: yes", ["row 'VISTA'", "field 'emon' must be one of ABSENT, PRESENT, UNKNOWN"]),
    ("range min above max", WR, VISTA_FACTS, VISTA_FACTS.replace("later_intel: 0x1F,", "later_intel: [0x24, 0x1F],"),
     "later_intel: [0x24", ["row 'VISTA'", "field 'later_intel' needs 0 <= min <= max"]),
    ("missing row field", WR, VISTA_FACTS, VISTA_FACTS.replace("x86: true, ", ""),
     "{id: VISTA", ["row 'VISTA'", "missing field 'x86'"]),
    ("unknown row field", WR, VISTA_FACTS, VISTA_FACTS.replace("x86: true, ", "x86: true, arm64: true, "),
     "arm64: true", ["row 'VISTA'", "unknown key 'arm64'"]),
    ("key repeated", WR, '{id: VISTA, name: vista,', '{id: VISTA, name: "7",', '{id: "7", name: "7"',
     ["row '7'", "field 'name' repeats another row's key"]),
    ("unquoted numeric id", WR, '{id: "7",', '{id: 7,', "{id: 7,", ["row 7", "field 'id' must be str"]),
    ("unknown field type", WR, "{name: build, type: u32,", "{name: build, type: u64,", "{name: build, type: u64",
     ["records 'hal_release' field 'build'", "type must be one of"]),
    ("key not a string field", WR, "    key: name\n", "    key: build\n", "key: build",
     ["records 'hal_release'", "key 'build' must name a string field"]),
    ("unknown section", WR, "section: hal\n", "section: halx\n", "section: halx",
     ["'halx' is no header section"]),
]

# The record kinds spec/uarch.yaml uses: references to another table's rows, ~ strings,
# `disjoint` rows, carried Linux keys and `facts`.
UA = "uarch.yaml"
COOPER = "{id: INTEL_COOPERLAKE_X, vendor: GenuineIntel, family: 6, model: 0x55, stepping: [11, 11], name: Cooper Lake, core: SKYLAKE, atom: ~,"
UARCH_CASES = [
    ("overlapping rows of a disjoint table", UA, COOPER, COOPER.replace("stepping: [11, 11]", "stepping: [7, 11]"), None,
     ["row 'INTEL_COOPERLAKE_X'", "overlaps row 'INTEL_CASCADELAKE_X'", "vendor, family, model, stepping"]),
    ("reference to no row", UA, COOPER, COOPER.replace("core: SKYLAKE", "core: SKYLAKES"), None,
     ["row 'INTEL_COOPERLAKE_X'", "field 'core' must be the id of a row of records 'cpuid_core'"]),
    ("no string where the key is", UA, "{id: ZEN_6, name: Zen 6,", "{id: ZEN_6, name: ~,", None,
     ["row 'ZEN_6'", "field 'name' must be a string"]),
    ("referenced table starting at id 0", UA, "    first_id: 1            # 0 stays free: a kprof",
     "    first_id: 0            # 0 stays free: a kprof", "{name: core, type: cpuid_core,",
     ["records 'cpuid_uarch' field 'core'", "must start at first_id 1 or above"]),
    ("disjoint naming no field", UA, "disjoint: [vendor, family, model, stepping]",
     "disjoint: [vendor, family, model, steppings]", None, ["records 'cpuid_uarch'", "disjoint names 'steppings'"]),
    ("linux key of the wrong type", UA, COOPER, COOPER.replace("atom: ~,", "atom: ~, linux_since: 6,"), None,
     ["row 'INTEL_COOPERLAKE_X'", "field 'linux_since' must be str"]),
    ("facts row of the wrong length", UA, "      - [0x1A, 0xC0, 0xCF, Zen 6, true]", "      - [0x1A, 0xC0, Zen 6, true]", None,
     ["facts 'linux_amd_families'", "a row is [family, model_lo, model_hi, names, cover]"]),
]


# Public functions are described once (spec `functions:` + the definition in gen/c) and named
# by the rule of DESIGN 3; types, enumerations and constants too.
MSR_READ = "  - name: kprof_msr_read\n"
FUNCTION_CASES = [
    ("function: listed in the spec, defined nowhere", "msr.yaml", MSR_READ,
     MSR_READ + '    purpose: "x"\n    doc: "x"\n  - name: kprof_msr_value_get\n', "  - name: kprof_msr_value_get",
     ["function 'kprof_msr_value_get'", "has no definition in gen/c/msr.c"]),
    ("function: a name without a verb", "msr.yaml", MSR_READ, "  - name: kprof_msr_rdmsr\n", None,
     ["function 'kprof_msr_rdmsr'", "does not end in a verb"]),
    ("function: a name of another section", "msr.yaml", MSR_READ, "  - name: kprof_pmu_msr_read\n", None,
     ["function 'kprof_pmu_msr_read'", "does not start with kprof_msr_"]),
    ("function: a verb of another section", "msr.yaml", MSR_READ, "  - name: kprof_msr_value_poll\n", None,
     ["function 'kprof_msr_value_poll'", "a verb of section(s) lwp only"]),
    ("function: a codec verb on a function", "msr.yaml", MSR_READ, "  - name: kprof_msr_value_decode\n", None,
     ["function 'kprof_msr_value_decode'", "only the generated struct macros"]),
    ("function: listed twice", "msr.yaml", MSR_READ,
     MSR_READ + '    purpose: "x"\n    doc: "x"\n  - name: kprof_msr_read\n', '  - name: kprof_msr_read\n    purpose: "read',
     ["function 'kprof_msr_read'", "listed twice"]),
    ("function: a purpose of more than one line", "msr.yaml", '    purpose: "read an MSR (ring 0;',
     '    purpose: "read an MSR\\n(ring 0;', None, ["function 'kprof_msr_read'", "purpose must be one line"]),
    ("function: needs that do not match its definition's #if", "psi.yaml", "    needs: [source]\n", "", "  - name: kprof_psi_match_get",
     ["function 'kprof_psi_match_get'", "gen/c/psi.c:", "KPROF_NO_WINDOWS_MODEL"]),
    ("function: needs naming nothing", "psi.yaml", "    needs: [source]\n", "    needs: [sorce]\n", None,
     ["function 'kprof_psi_match_get'", "needs 'sorce'"]),
    ("type: an enumeration named outside its section", "hal.yaml", "  - name: hal_build\n", "  - name: build\n", None,
     ["enum 'build'", "types are kprof_<section>[_<object>], here kprof_hal"]),
    ("type: a constant named outside its section", "cpuid.yaml", "{name: CPUID_HV_INTERFACE_HV1,", "{name: HV_INTERFACE_HV1,",
     None, ["constant KPROF_HV_INTERFACE_HV1", "KPROF_<SECTION>_<NAME>, here KPROF_CPUID_"]),
    ("verb: a verb that is not lower-case words", "project.yaml", "  - {verb: init,", "  - {verb: Init,", None,
     ["verb 'Init'", "lower-case words"]),
]


def undescribed(tmp, spec_file, name, c_file, storage):
    """A definition in gen/c no spec describes is an error naming the gen/c file and line, and
    kprof.h is left untouched (the generator reads gen/c from its own tree, so the defect is
    the spec entry taken away). c_file is gen/c/<section>.c for a KPROF_API definition, or
    gen/c/<section>.api.h for a routine defined there inline (KPROF_IMPL_INLINE)."""
    spec, out = os.path.join(tmp, "spec"), os.path.join(tmp, "out")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "spec"), spec)
    os.makedirs(out)
    shutil.copy(os.path.join(ROOT, "kprof.h"), os.path.join(out, "kprof.h"))
    path = os.path.join(spec, spec_file)
    text = open(path, encoding="utf-8").read()
    a = text.index(f"  - name: {name}\n")
    b = text.find("\n  - name:", a + 1)
    open(path, "w", encoding="utf-8").write(text[:a] + (text[b + 1:] if b >= 0 else ""))
    line = next(i for i, l in enumerate(open(os.path.join(ROOT, c_file), encoding="utf-8"), 1)
                if f"{name}(" in l and l.startswith(storage))
    r = run_gen(spec, out)
    check(r.returncode != 0, f"undescribed {name}: exit status {r.returncode}, want non-zero")
    check(f"{c_file}:{line}: function '{name}' is defined here but no spec file" in r.stderr,
          f"undescribed {name}: error must name {c_file}:{line}; got: {r.stderr.strip()}")
    check(filecmp.cmp(os.path.join(ROOT, "kprof.h"), os.path.join(out, "kprof.h"), shallow=False),
          f"undescribed {name}: kprof.h in --out changed")

CASES = [
    ("unknown key", "source.yaml", EMON_1D, EMON_1D[:-1] + ", colour: red}", None,
     ["ProfileLLCMisses", "unknown key 'colour'"]),
    ("missing field", "source.yaml", EMON_1D, "{value: 0x1D, name: ProfileLLCMisses, ebx_bit: 4}", None,
     ["ProfileLLCMisses", "missing field 'select'"]),
    ("duplicate value", "source.yaml", EMON_1E, EMON_1E.replace("0x1E", "0x1D"), None,
     ["ProfileBranchInstructionRetired", "duplicate value 0x1d", "emon"]),
    ("duplicate name", "source.yaml", EMON_1E, EMON_1E.replace("ProfileBranchInstructionRetired", "ProfileLLCMisses"), None,
     ["0x1e ProfileLLCMisses", "duplicates the name of entry 0x1d"]),
    ("alias colliding with another entry's name", "source.yaml", AMD_48,
     AMD_48[:-1] + ", aliases: [ProfileDCMisaligndDataReference]}", None,
     ["0x48 ProfileDCLateCancelOfAccess", "'ProfileDCMisaligndDataReference'", "duplicates the name of entry 0x47"]),
    ("corrected spelling colliding with another entry's name", "source.yaml", AMD_47,
     AMD_47.replace("[ProfileDCMisalignedDataReference]", "[ProfileDCMiss]"), None,
     ["0x47 ProfileDCMisaligndDataReference", "'ProfileDCMiss'", "duplicates the name of entry 0x32"]),
    ("name differing only in case", "source.yaml", EMON_1E, EMON_1E.replace("ProfileBranchInstructionRetired", "ProfileLlcMisses"), None,
     ["0x1e ProfileLlcMisses", "duplicates the name of entry 0x1d"]),
    ("select with EN set", "source.yaml", EMON_1D, EMON_1D.replace("0x0003412E", "0x0043412E"), None,
     ["0x1d ProfileLLCMisses", "0x0043412e", "EN or INT"]),
    ("select with INT set", "source.yaml", EMON_1D, EMON_1D.replace("0x0003412E", "0x0013412E"), None,
     ["0x1d ProfileLLCMisses", "0x0013412e", "EN or INT"]),
    ("select with neither USR nor OS", "source.yaml", EMON_1D, EMON_1D.replace("0x0003412E", "0x0000412E"), None,
     ["0x1d ProfileLLCMisses", "neither USR nor OS"]),
    ("select with reserved bits (Intel bit 39)", "source.yaml", EMON_1D, EMON_1D.replace("0x0003412E", "0x800003412E"), None,
     ["0x1d ProfileLLCMisses", "reserved bits 0x8000000000", "ia32_perfevtsel"]),
    ("select with reserved bits (AMD bit 21)", "source.yaml", AMD_00, AMD_00.replace("0x00030076", "0x00230076"), None,
     ["0x00 ProfileTime", "reserved bits 0x200000", "amd_perfevtsel"]),
    ("ebx bit out of range", "source.yaml", EMON_1D, EMON_1D.replace("ebx_bit: 4", "ebx_bit: 32"), None,
     ["0x1d ProfileLLCMisses", "ebx_bit 32 out of range"]),
    ("negative ebx bit", "source.yaml", EMON_1D, EMON_1D.replace("ebx_bit: 4", "ebx_bit: -1"), None,
     ["0x1d ProfileLLCMisses", "ebx_bit -1 out of range"]),
    ("ebx bit on an Amd64 entry", "source.yaml", AMD_48, AMD_48[:-1] + ", ebx_bit: 3}", None,
     ["0x48 ProfileDCLateCancelOfAccess", "only Emon sources"]),
    ("libpfm4 reason without a PMU", "source.yaml", AMD_48, AMD_48[:-1] + ', libpfm4: "absent"}', None,
     ["0x48 ProfileDCLateCancelOfAccess", "libpfm4"]),
    ("entry that is not a mapping", "source.yaml", EMON_1D, "0x1D", None,
     ["table 'emon' sources", "expected a mapping"]),
    ("section that is not a list", "bytes.yaml", BYTES_HEAD, BYTES_HEAD + "constants: 3\n",
     "constants: 3", ["constants", "expected a list"]),
    ("bad YAML syntax", "source.yaml", EMON_1D, "{value: 0x1D, name: [ProfileLLCMisses, ebx_bit: 4, select: 0x0003412E}", None,
     ["YAML syntax error"]),
    ("duplicate key", "source.yaml", EMON_1D, EMON_1D[:-1] + ", value: 0x1D}", None,
     ["duplicate key 'value'"]),
    ("unknown top-level section", "source.yaml", "\ndescriptions:\n", "\ncolours: {}\ndescriptions:\n", "colours: {}",
     ["'colours'", "unknown section"]),
    ("unknown table msr reference", "source.yaml", "perfevtsel_msr: IA32_PERFEVTSEL", "perfevtsel_msr: IA32_NO_SUCH_MSR",
     None, ["table 'emon'", "IA32_NO_SUCH_MSR"]),
    ("unknown select register", "source.yaml", "select_register: amd_perfevtsel", "select_register: amd_nothing",
     None, ["table 'amd64'", "amd_nothing"]),
    ("unknown key in a block mapping (the key's own line)", "source.yaml", "    title: Emon\n", "    title: Emon\n    colour: red\n",
     "    colour: red", ["table 'emon'", "unknown key 'colour'"]),
    ("alias that is not a name", "source.yaml", AMD_48, AMD_48[:-1] + ", aliases: [3]}", None,
     ["ProfileDCLateCancelOfAccess", "C identifier"]),
    ("libpfm4 reason naming the other vendor's PMU", "source.yaml", EMON_1D, EMON_1D[:-1] + ', libpfm4: "amd64_k8_revf: x"}', None,
     ["0x1d ProfileLLCMisses", "ix86arch"]),
    ("unquoted bit range 7:0 in a register", "msr.yaml", '{name: event, bits: "7:0",   doc: "event select", linux:',
     '{name: event, bits: 7:0,   doc: "event select", linux:',
     None, ["register 'ia32_perfevtsel' field 'event'", "quote ranges"]),
    ("overlapping register fields", "msr.yaml", '{name: umask, bits: "15:8",  doc: "unit mask", linux:',
     '{name: umask, bits: "15:7",  doc: "unit mask", linux:',
     None, ["register 'ia32_perfevtsel' field 'umask'", "overlap"]),
    ("register bit beyond its width", "msr.yaml", '{name: host_only,  bits: 41,', '{name: host_only,  bits: 64,', None,
     ["register 'amd_perfevtsel' field 'host_only'", "bit 64 out of range"]),
    ("a register field overlapping another it does not name", "msr.yaml",
     '{name: load_latency, bits: "35:32", overlaps: fixed,', '{name: load_latency, bits: "35:32",', None,
     ["register 'ia32_pebs_enable' field 'load_latency'", "overlap another field"]),
    ("overlaps: naming a field that does not hold its bits", "msr.yaml",
     '{name: load_latency, bits: "35:32", overlaps: fixed,', '{name: load_latency, bits: "35:32", overlaps: pmc,', None,
     ["register 'ia32_pebs_enable' field 'load_latency'", "overlaps 'pmc'"]),
    ("struct field overlap", "bytes.yaml", BYTES_HEAD, BYTES_HEAD + STRUCTS % (2, "u8"),
     "{name: b, offset: 2", ["struct 'bytes_probe' field 'b'", "overlaps"]),
    ("struct field misaligned", "bytes.yaml", BYTES_HEAD, BYTES_HEAD + STRUCTS % (6, "u32"),
     "{name: b, offset: 6", ["struct 'bytes_probe' field 'b'", "not aligned"]),
    ("a field widening into a field its target lacks", "ds.yaml",
     '{name: pebs_counter_reset, offset: 0x20, type: u64, as: "pebs_gp_counter_reset[0]",',
     '{name: pebs_counter_reset, offset: 0x20, type: u64, as: "pebs_counter_reset_zero",',
     "{name: pebs_counter_reset, offset: 0x20", ["struct 'ds_area32' field 'pebs_counter_reset'", "does not have"]),
    ("a field widening into an index past its target array", "ds.yaml",
     'as: "pebs_gp_counter_reset[0]"', 'as: "pebs_gp_counter_reset[32]"',
     "{name: pebs_counter_reset, offset: 0x20", ["struct 'ds_area32' field 'pebs_counter_reset'", "index below 32"]),
    ("a struct widening into one not defined earlier", "ds.yaml", "  - name: ds_area32\n    size: 0x28\n    widens: ds_area64",
     "  - name: ds_area32\n    size: 0x28\n    widens: ds_area128",
     "  - name: ds_area32", ["struct 'ds_area32'", "widens 'ds_area128'"]),
    ("a widening kprof_impl_struct_widen cannot move (300 elements)", "bytes.yaml", BYTES_HEAD,
     BYTES_HEAD + WIDE_STRUCTS, "{name: a, offset: 0, type: u8, count: 300",
     ["struct 'bytes_narrow' field 'a'", "more than 255 elements"]),
    ("extends: a struct not defined earlier", "pebs.yaml", "    extends: pebs_record_fmt0\n", "    extends: pebs_gprs\n",
     None, ["struct 'pebs_record_fmt1'", "extends 'pebs_gprs'", "defined earlier"]),
    ("extends: a field inside the struct it extends", "pebs.yaml", "{name: status, offset: 0x90,", "{name: status, offset: 0x88,",
     None, ["struct 'pebs_record_fmt1' field 'status'", "lies inside kprof_pebs_record_fmt0"]),
    ("extends: a field named as one of the struct it extends", "pebs.yaml", "{name: tsc, offset: 0xC0,", "{name: ip, offset: 0xC0,",
     None, ["struct 'pebs_record_fmt3' field 'ip'", "duplicate field name", "kprof_pebs_record_fmt2, which it extends"]),
    ("extends: a struct smaller than the one it extends", "bytes.yaml", BYTES_HEAD,
     BYTES_HEAD + STRUCTS.replace("size: 16", "size: 12") % (4, "u32") + EXTENDS_SMALLER,
     "    size: 8", ["struct 'bytes_probe2'", "smaller than kprof_bytes_probe, which it extends"]),
    ("extends: not a struct name", "pebs.yaml", "    extends: pebs_record_fmt0\n", "    extends: [pebs_record_fmt0]\n",
     None, ["struct 'pebs_record_fmt1'", "field 'extends' must be str"]),
    ("a section listed twice", "project.yaml", "  - {name: windows,", "  - {name: ds, layer: 4, summary: again}\n  - {name: windows,",
     "  - {name: ds, layer: 4, summary: again}", ["section 'ds'", "listed twice"]),
    ("a section in a layer not listed", "project.yaml", "  - {name: psi,      layer: 4,", "  - {name: psi,      layer: 5,",
     None, ["section 'psi'", "layer 5 is not listed"]),
    ("a section needing one listed after it", "project.yaml", "needs: [windows], summary: \"PROFILE_SOURCE_INFO",
     "needs: [windows, zzz], summary: \"PROFILE_SOURCE_INFO", None, ["section 'psi'", "needs 'zzz'"]),
    ("a section both opted out and opted in", "project.yaml", "  - {name: listing,  layer: 3, optout: KPROF_NO_LISTING,",
     "  - {name: listing,  layer: 3, optout: KPROF_NO_LISTING, optin: KPROF_LISTING,", None,
     ["section 'listing'", "either opted out or opted in"]),
    ("status codes without KPROF_OK = 0", "status.yaml", "{name: KPROF_OK, value: 0,", "{name: KPROF_OKAY, value: 0,",
     "  - name: status", ["enum 'status'", "KPROF_OK = 0 is required"]),
    ("a doc citing a working file instead of a public document", "msr.yaml", '{name: cmask, bits: "31:24", doc: "counter mask"',
     '{name: cmask, bits: "31:24", doc: "counter mask (../shared/reference/new-note.md)"', None,
     ["field 'cmask'", "cites a working file"]),
    ("a doc naming a seed by its file name", "msr.yaml", '{name: cmask, bits: "31:24", doc: "counter mask"',
     '{name: cmask, bits: "31:24", doc: "counter mask (see 001_8559cefb719d1095.txt)"', None,
     ["field 'cmask'", "cites a working file"]),
    ("counts: two rows for one select on one class", "counts.yaml", "  - [0x76, 0x00, zen5..zen6, same, ls_not_halted_cyc]\n",
     "  - [0x76, 0x00, zen5..zen6, same, ls_not_halted_cyc]\n  - [0x76, 0x00, zen4..zen5, same, other]\n",
     "zen4..zen5, same, other", ["counts row", "class zen4 already has a row"]),
    ("counts: a class range naming no class", "counts.yaml", "[0x76, 0x00, k8_revb..fam16h,", "[0x76, 0x00, k8_revb..fam99h,",
     None, ["counts row", "class id or first..last"]),
    ("counts: a select of the class's table without a row", "counts.yaml", "  - [0x76, 0x00, zen5..zen6, same, ls_not_halted_cyc]\n", "",
     "  rows:", ["counts rows", "no row for amd64 select 0x00030076", "zen5"]),
    ("counts: an absent row with a vendor name", "counts.yaml", "[0x81, 0x00, zen5..zen6, absent, ~]", "[0x81, 0x00, zen5..zen6, absent, IC_MISS]",
     None, ["counts row", "no vendor name"]),
    ("counts: an unknown status", "counts.yaml", "[0x76, 0x00, zen5..zen6, same, ls_not_halted_cyc]", "[0x76, 0x00, zen5..zen6, sometimes, ls_not_halted_cyc]",
     None, ["counts row", "status must be one of"]),
    ("counts: a caveat covering no verdict row", "counts.yaml", "      events: [0x80, 0x81]\n", "      events: [0x300, 0x301]\n",
     None, ["counts caveat 'ic_fw32'", "covers no verdict row"]),
    ("counts: a caveat naming no class", "counts.yaml", "      classes: zen1..zen6\n", "      classes: zen1..zen9\n",
     None, ["counts caveat 'ic_fw32'", "class id or first..last"]),
    ("counts: a class naming Linux facts the spec lacks", "counts.yaml", "      linux: amdzen6\n", "      linux: amdzen7\n",
     None, ["counts class 'zen6'", "not an id under linux_events"]),
    ("counts: a Linux fact that is not [code, unit mask, name]", "counts.yaml", "        - [0xD6, 0x1B, ex_no_retire.all]\n",
     "        - [0xD6, 0x100, ex_no_retire.all]\n", None, ["counts linux_events 'amdzen5'", "an event is"]),
    ("table: an enum value the names index cannot hold", "status.yaml", "{name: KPROF_E_CHANGED, value: -15,",
     "{name: KPROF_E_CHANGED, value: 0x100000000,", None, ["enum 'status'", "KPROF_E_CHANGED", "does not fit 32 bits"]),
    ("table: a string that overflows a table's 16-bit pool", "counts.yaml", "      title: K8 rev B\n",
     "      title: " + "x" * 66000 + "\n", "    - id: k8_revb", ["counts class 'k8_revb'", "title", "string pool exceeds 64 KiB"]),
    ("table: a list cell naming nothing the spec defines", "cpu.yaml", "reg: KPROF_CPUID_REG_EBX, mask: 0xFFFFFFFF, doc: \"vendor string, first 4 bytes\"",
     "reg: KPROF_EBQ, mask: 0xFFFFFFFF, doc: \"vendor string, first 4 bytes\"", None,
     ["list 'cpu_fact' row 'vendor_ebx'", "KPROF_EBQ", "no enumerator or constant"]),
    ("struct smaller than its fields", "bytes.yaml", BYTES_HEAD, BYTES_HEAD + STRUCTS.replace("size: 16", "size: 6") % (4, "u32"),
     "  - name: bytes_probe", ["struct 'bytes_probe'", "smaller than the fields"]),
    ("struct map: a word that is none of the struct's sources", "lwp.yaml", "from: {shipped: ecx lwp_cpuid_ecx.version,",
     "from: {shipped: esi lwp_cpuid_ecx.version,", None,
     ["struct 'lwp_caps' field 'version'", "from shipped", "eax, ebx, ecx, edx"]),
    ("struct map: a register field no spec file describes", "lwp.yaml", "from: {shipped: ecx lwp_cpuid_ecx.version,",
     "from: {shipped: ecx lwp_cpuid_ecx.versions,", None,
     ["struct 'lwp_caps' field 'version'", "no field 'versions'"]),
    ("struct map: a field wider than its member", "lwp.yaml", "{name: revision, offset: 0, type: u8, doc: \"kprof_lwp_revision\"}",
     "{name: revision, offset: 0, type: u8, doc: \"kprof_lwp_revision\", from: {shipped: ecx lwp_lwpcb_buffer_size.size}}", None,
     ["struct 'lwp_caps' field 'revision'", "28-bit field"]),
] + RECORDS_CASES + FUNCTION_CASES + UARCH_CASES


def line_of(text, anchor):
    i = text.find(anchor)
    return text.count("\n", 0, i) + 1 if i >= 0 else -1


def defect_case(tmp, case):
    name, fname, old, new, anchor, expect = case
    spec = os.path.join(tmp, "spec")
    out = os.path.join(tmp, "out")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "spec"), spec)
    os.makedirs(out)
    shutil.copy(os.path.join(ROOT, "kprof.h"), os.path.join(out, "kprof.h"))
    path = os.path.join(spec, fname)
    text = replace_once(open(path, encoding="utf-8").read(), old, new, name)
    open(path, "w", encoding="utf-8").write(text)
    line = line_of(text, anchor if anchor else new.splitlines()[0] if new.strip() else new)
    r = run_gen(spec, out)
    err = r.stderr
    check(r.returncode != 0, f"{name}: exit status {r.returncode}, want non-zero")
    loc = re.search(r"([\w./-]+\.yaml):(\d+):", err)
    check(loc is not None and os.path.basename(loc.group(1)) == fname and int(loc.group(2)) == line,
          f"{name}: error must name {fname}:{line}; got: {err.strip()}")
    for e in expect:
        check(e in err, f"{name}: error must mention {e!r}; got: {err.strip()}")
    check(filecmp.cmp(os.path.join(ROOT, "kprof.h"), os.path.join(out, "kprof.h"), shallow=False),
          f"{name}: kprof.h in --out changed")
    check(sorted(os.listdir(out)) == ["kprof.h"], f"{name}: stray files in --out: {os.listdir(out)}")


def good_cases(tmp):
    a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    os.makedirs(a)
    os.makedirs(b)
    ra, rb = run_gen(os.path.join(ROOT, "spec"), a), run_gen(os.path.join(ROOT, "spec"), b)
    check(ra.returncode == 0 and rb.returncode == 0, f"clean generation fails: {ra.stderr}{rb.stderr}")
    ha, hb = os.path.join(a, "kprof.h"), os.path.join(b, "kprof.h")
    check(os.path.exists(ha) and filecmp.cmp(ha, hb, shallow=False), "two generations differ")
    check(filecmp.cmp(ha, os.path.join(ROOT, "kprof.h"), shallow=False),
          "a fresh generation differs from the committed kprof.h")
    # A regenerated header keeps the file's mode (mkstemp alone would leave it 0600).
    os.chmod(ha, 0o644)
    check(run_gen(os.path.join(ROOT, "spec"), a).returncode == 0 and (os.stat(ha).st_mode & 0o777) == 0o644,
          f"regeneration changed kprof.h's mode to {os.stat(ha).st_mode & 0o777:o}")
    # --check: passes on the fresh copy, fails on a hand-modified one and writes nothing.
    check(run_gen(os.path.join(ROOT, "spec"), a, "--check").returncode == 0, "--check fails on a fresh copy")
    text = open(ha, encoding="utf-8").read()
    # (clang-format may align the value: any run of spaces before it)
    edited = re.sub(r"(#define KPROF_SOURCE_INTERVAL_TIMER_MIN +)1221u", r"\g<1>1222u", text)
    check(edited != text, "the --check probe line is in kprof.h")
    open(ha, "w", encoding="utf-8").write(edited)
    r = run_gen(os.path.join(ROOT, "spec"), a, "--check")
    check(r.returncode == 1, f"--check on a hand-modified kprof.h: exit {r.returncode}, want 1")
    check(open(ha, encoding="utf-8").read() == edited, "--check wrote the file")
    # A spec directory that is not the default still works (no path is hard-wired).
    c = os.path.join(tmp, "c")
    shutil.copytree(os.path.join(ROOT, "spec"), os.path.join(c, "spec"))
    r = run_gen(os.path.join(c, "spec"), c)
    check(r.returncode == 0 and filecmp.cmp(os.path.join(c, "kprof.h"), hb, shallow=False),
          f"generation from a copied spec/ differs: {r.stderr}")


# Build configurations whose preprocessed kprof.h the declaration check reads: the default,
# each section or feature left out, and i386 (code under __x86_64__ differs).
API_CONFIGS = [[], ["-m32"]] + [[f"-DKPROF_NO_{x}"] for x in
                                ("NAMES", "LIVE", "WINDOWS_MODEL", "COUNTS", "DUMP", "LISTING", "LWP", "DS",
                                 "WINDOWS")] + [["-DKPROF_LWP_MODEL"]]
API_MARK = "KPROF_API_MARK_"


def api_functions(header, flags):
    """Each KPROF_API function in the preprocessed header, in order: (name, "decl" | "def")."""
    r = subprocess.run(["gcc", "-E", "-P", "-ffreestanding", "-DKPROF_IMPLEMENTATION",
                        f"-DKPROF_API={API_MARK}", *flags, "-x", "c", header],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"test_gen: gcc -E {' '.join(flags)} {header} fails: {r.stderr}")
    src, out = r.stdout, []

    def close(i):  # the index after the parenthesis that closes the one before i
        depth = 1
        while depth:
            depth += {"(": 1, ")": -1}.get(src[i], 0)
            i += 1
        return i
    for m in re.finditer(re.escape(API_MARK) + r"\b", src):
        i = m.end()
        while True:  # the name is the identifier before the first "(" not an attribute's
            n = re.compile(r"[^;{(]*?\b(\w+)\s*\(").match(src, i)
            if not n or n.group(1) not in ("__attribute__", "__declspec"):
                break
            i = close(n.end())
        if not n:
            out.append(("?", "?" + src[i:i + 40]))
            continue
        nxt = src[close(n.end()):].lstrip()[:1]
        out.append((n.group(1), "def" if nxt == "{" else "decl" if nxt == ";" else "?" + nxt))
    return out


def api_problems(header):
    """What is wrong with kprof.h's declarations against its definitions, one line each."""
    problems = []
    for flags in API_CONFIGS:
        cfg = " ".join(flags) or "default"
        declared, defined = [], []
        for name, kind in api_functions(header, flags):
            if not name.startswith("kprof_"):
                problems.append(f"{cfg}: public function {name} lacks the kprof_ prefix")
            if kind == "decl":
                if name in declared:
                    problems.append(f"{cfg}: {name} declared twice")
                declared.append(name)
            elif kind == "def":
                if name not in declared:
                    problems.append(f"{cfg}: {name} defined without a declaration before it")
                defined.append(name)
            else:
                problems.append(f"{cfg}: KPROF_API {name}(...) followed by {kind[1:]!r}")
        problems += [f"{cfg}: {n} declared but not defined" for n in declared if n not in defined]
    return problems


def declarations_match_definitions(tmp):
    header = os.path.join(ROOT, "kprof.h")
    problems = api_problems(header)
    check(not problems, "kprof.h: declarations and definitions differ:\n  " + "\n  ".join(problems))
    # The check must see both defects: one declaration removed, one without a definition added.
    text = open(header, encoding="utf-8").read()
    decl = re.search(r"^KPROF_API kprof_status (kprof_[a-z]\w*)\([^;{]*\);\n", text, re.M)
    check(decl is not None, "a probe declaration (the first public function returning a status) is in kprof.h")
    if decl:
        os.makedirs(tmp)
        probe = os.path.join(tmp, "kprof.h")
        open(probe, "w", encoding="utf-8").write(text[:decl.start()] + text[decl.end():])
        got = api_problems(probe)
        check(f"default: {decl.group(1)} defined without a declaration before it" in got,
              f"a removed declaration is not caught: {got}")
        phantom = decl.group(0) + "KPROF_API int kprof_phantom(void);\n"
        open(probe, "w", encoding="utf-8").write(text[:decl.start()] + phantom + text[decl.end():])
        got = api_problems(probe)
        check("default: kprof_phantom declared but not defined" in got,
              f"a declaration without a definition is not caught: {got}")


def spec_snake(name):
    """A spec field name as kprof_<s>_widen's target field (CamelCase -> snake_case)."""
    n = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", n).lower()


def widen_matches_spec(tmp, header=os.path.join(ROOT, "kprof.h")):
    """Every kprof_<s>_widen() against the spec: a pattern in, the target's bytes out, each
    field at the target field `as:` (or its snake_case name) names, zero-extended, the rest
    zero. The expectation is computed here from spec/*.yaml and the host's byte order."""
    import yaml
    structs = {}
    for f in sorted(os.listdir(os.path.join(ROOT, "spec"))):
        doc = yaml.safe_load(open(os.path.join(ROOT, "spec", f), encoding="utf-8")) or {}
        for st in doc.get("structs") or []:
            structs[st["name"]] = st
    size = {"u8": 1, "u16": 2, "u32": 4, "u64": 8}
    widening = [st for st in structs.values() if st.get("widens")]
    check(len(widening) >= 1, "the spec has structs with widens:")
    os.makedirs(tmp, exist_ok=True)
    prog = ["#define KPROF_IMPLEMENTATION", "#define KPROF_STATIC", '#include "kprof.h"', "#include <stdio.h>",
            "int main(void)", "{", "\tunsigned i;"]
    want = []
    for st in widening:
        tgt = structs[st["widens"]]
        tf = {f["name"]: f for f in tgt["fields"]}
        src = bytes((i * 37 + 11) & 0xFF for i in range(st["size"]))
        out = bytearray(tgt["size"])
        for f in st["fields"]:
            m = re.match(r"^(\w+)(?:\[(\d+)\])?$", f.get("as") or spec_snake(f["name"]))
            t = tf[m.group(1)]
            sw, tw = size[f["type"]], size[t["type"]]
            for k in range(f.get("count") or 1):
                v = int.from_bytes(src[f["offset"] + k * sw:f["offset"] + (k + 1) * sw], sys.byteorder)
                at = t["offset"] + (int(m.group(2)) if m.group(2) else k) * tw
                out[at:at + tw] = v.to_bytes(tw, sys.byteorder)
        want.append(f"{st['name']} {out.hex()}")
        prog += ["\t{", f"\t\tkprof_{st['name']} in;", f"\t\tkprof_{tgt['name']} out;",
                 "\t\tfor (i = 0; i < sizeof(in); i++)", "\t\t\t((unsigned char *)&in)[i] = (unsigned char)(i * 37 + 11);",
                 "\t\tfor (i = 0; i < sizeof(out); i++)", "\t\t\t((unsigned char *)&out)[i] = 0xAA;",
                 f"\t\tkprof_{st['name']}_widen(&in, &out);", f'\t\tprintf("{st["name"]} ");',
                 "\t\tfor (i = 0; i < sizeof(out); i++)", '\t\t\tprintf("%02x", ((unsigned char *)&out)[i]);',
                 '\t\tprintf("\\n");', "\t}"]
    prog += ["\treturn 0;", "}"]
    c = os.path.join(tmp, "widen.c")
    open(c, "w", encoding="utf-8").write("\n".join(prog) + "\n")
    for cc in ("gcc", "clang"):
        for opt in ("-O0", "-O2"):
            exe = os.path.join(tmp, f"widen-{cc}{opt}")
            r = subprocess.run([cc, "-std=c99", opt, "-I", os.path.dirname(header), c, "-o", exe],
                               capture_output=True, text=True)
            check(r.returncode == 0, f"widen test ({cc} {opt}) does not build: {r.stderr[:400]}")
            if r.returncode:
                continue
            got = subprocess.run([exe], capture_output=True, text=True).stdout.split("\n")[:-1]
            for w, g in zip(want, got + [""] * len(want)):
                check(w == g, f"{cc} {opt}: kprof_{w.split()[0]}_widen differs from the spec:\n  want {w}\n  got  {g}")


def rendered_citations():
    """The citation check also runs on the rendered kprof.h, where hand-written C and templates
    end up: a working file's name there is an error naming the line (the spec's own text is
    checked where it is read). The generator's check is called on a planted text; the shipped
    kprof.h passes it."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("kprofgen", GEN)
    kg = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(GEN))
    sys.modules["kprofgen"] = kg
    spec.loader.exec_module(kg)
    for planted in ("/* see ../shared/seeds/000_fd4165050e72f093.txt */", "/* the table of seed 001 */",
                    "/* reference/hal-profile-interfaces.md */", "/* 004_6f7fbac624d3e865.txt */"):
        try:
            kg.check_rendered_citations("#define KPROF_H\n" + planted + "\n")
            check(False, f"rendered citation check: {planted!r} not refused")
        except kg.SpecError as e:
            check("kprof.h:2:" in str(e), f"rendered citation check names the line: {e}")
    try:
        kg.check_rendered_citations(open(os.path.join(ROOT, "kprof.h"), encoding="utf-8").read())
        check(True, "the shipped kprof.h cites no working file")
    except kg.SpecError as e:
        check(False, f"the shipped kprof.h: {e}")


def main():
    with tempfile.TemporaryDirectory(prefix="kprof-gen-") as tmp:
        good_cases(os.path.join(tmp, "good"))
        widen_matches_spec(os.path.join(tmp, "widen"))
        declarations_match_definitions(os.path.join(tmp, "api"))
        for case in CASES:
            defect_case(os.path.join(tmp, "case"), case)
        undescribed(os.path.join(tmp, "undescribed"), "pmu.yaml", "kprof_pmu_select_pack", "gen/c/pmu.c", "KPROF_API")
        undescribed(os.path.join(tmp, "undescribed"), "msr.yaml", "kprof_msr_write", "gen/c/msr.api.h", "KPROF_IMPL_INLINE")
        rendered_citations()
    print(f"{len(CASES)} defect kinds")
    return done()


if __name__ == "__main__":
    sys.exit(main())
