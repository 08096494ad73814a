#!/usr/bin/env python3
"""Print every row of spec/source.yaml as one tab-separated line, for the C tests:

    table  value  name  select  ebx_bit  libpfm4-reason

Absent fields are empty. With --libpfm4-pmus, print instead each table's libpfm4 PMUs, one
`table  pmu` line each. With --names FILE..., print instead every value of every enumeration
and list those spec files give a kprof_<name>_name() (the enums without `strings: false`;
a list's rows are its values 0, 1, ... named in lower case), one `name  value  string` line
each, the value in decimal. Reads the YAML with plain yaml.safe_load, not with the
generator's loader, so the seed test checks the spec independently of the generator.
"""
import sys

import yaml


def main(path, pmus=False):
    with open(path, encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    out = sys.stdout
    if pmus:
        for t in spec["tables"]:
            for p in t.get("libpfm4_pmus") or []:
                out.write(f"{t['id']}\t{p}\n")
        return 0
    for t in spec["tables"]:
        for s in t["sources"]:
            sel = s.get("select")
            eb = s.get("ebx_bit")
            reason = s.get("libpfm4") or ""
            if "\t" in reason or "\n" in reason:
                sys.exit(f"{path}: {t['id']} {s['name']}: libpfm4 reason holds a tab or newline")
            out.write("\t".join([t["id"], f"0x{s['value']:X}", s["name"],
                                 "" if sel is None else f"0x{sel:X}",
                                 "" if eb is None else str(eb), reason]) + "\n")
    return 0


def names(paths):
    out = sys.stdout
    for path in paths:
        with open(path, encoding="utf-8") as f:
            spec = yaml.safe_load(f) or {}
        for e in spec.get("enums") or []:
            if e.get("strings", True):
                for v in e["values"]:
                    out.write(f"{e['name']}\t{v['value']}\t{v.get('string') or v['name']}\n")
        for r in spec.get("registers") or []:
            # field_names: an enumeration of the one-bit fields, valued their bit numbers.
            if r.get("field_names"):
                for f in r["fields"]:
                    out.write(f"{r['field_names']}\t{int(f['bits'])}\t{f['name']}\n")
        for t in spec.get("lists") or []:
            for i, r in enumerate(t["rows"]):
                out.write(f"{t['name']}\t{i}\t{r['name'].lower()}\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--names"]:
        sys.exit(names(sys.argv[2:]))
    args = [a for a in sys.argv[1:] if a != "--libpfm4-pmus"]
    sys.exit(main(args[0] if args else "spec/source.yaml", "--libpfm4-pmus" in sys.argv[1:]))
