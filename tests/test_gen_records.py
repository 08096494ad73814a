#!/usr/bin/env python3
"""Generator tests for the `records` section kind and `section:` (spec/windows_releases.yaml):
each defect gives an error naming file, line and entry and leaves kprof.h untouched, as
tests/test_gen.py checks for the other kinds (its defect_case does the work).
Ends with 'N passed, N failed'.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import done  # noqa: E402
from test_gen import defect_case  # noqa: E402

F = "windows_releases.yaml"
VISTA_FACTS = "x86: true, x64: true, amd64: PRESENT, emon: PRESENT, x86_sources: ABSENT, x86_rules: ABSENT,\n         hypervisor_rule: UNKNOWN, tables: UNKNOWN, later_intel: 0x1F, later_intel_x86: 0x1F,\n         provenance: \"Chappell KPROFILE_SOURCE: GenuineIntel"
CASES = [
    ("bare yes for an enum field", F, VISTA_FACTS, VISTA_FACTS.replace("emon: PRESENT", "emon: yes"),
     "emon: yes", ["row 'VISTA'", "field 'emon' must be one of ABSENT, PRESENT, UNKNOWN"]),
    ("range min above max", F, VISTA_FACTS, VISTA_FACTS.replace("later_intel: 0x1F,", "later_intel: [0x24, 0x1F],"),
     "later_intel: [0x24", ["row 'VISTA'", "field 'later_intel' needs 0 <= min <= max"]),
    ("missing row field", F, VISTA_FACTS, VISTA_FACTS.replace("x86: true, ", ""),
     "{id: VISTA", ["row 'VISTA'", "missing field 'x86'"]),
    ("unknown row field", F, VISTA_FACTS, VISTA_FACTS.replace("x86: true, ", "x86: true, arm64: true, "),
     "arm64: true", ["row 'VISTA'", "unknown key 'arm64'"]),
    ("key repeated", F, '{id: VISTA, name: vista,', '{id: VISTA, name: "7",', '{id: "7", name: "7"',
     ["row '7'", "field 'name' repeats another row's key"]),
    ("unquoted numeric id", F, '{id: "7",', '{id: 7,', "{id: 7,", ["row 7", "field 'id' must be str"]),
    ("unknown field type", F, "{name: build, type: u32,", "{name: build, type: u64,", "{name: build, type: u64",
     ["records 'windows_release' field 'build'", "type must be one of"]),
    ("key not a string field", F, "    key: name\n", "    key: build\n", "key: build",
     ["records 'windows_release'", "key 'build' must name a string field"]),
    ("unknown section", F, "section: hal\n", "section: halx\n", "section: halx",
     ["'halx' is no header section"]),
]


def main():
    with tempfile.TemporaryDirectory(prefix="kprof-gen-records-") as tmp:
        for case in CASES:
            defect_case(os.path.join(tmp, "case"), case)
    print(f"{len(CASES)} defect kinds")
    return done()


if __name__ == "__main__":
    sys.exit(main())
