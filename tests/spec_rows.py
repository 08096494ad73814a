#!/usr/bin/env python3
"""Print every row of spec/sources.yaml as one tab-separated line, for the C tests:

    table  value  name  select  ebx_bit  libpfm4-reason

Absent fields are empty. Reads the YAML with plain yaml.safe_load, not with the
generator's loader, so the seed test checks the spec independently of the generator.
"""
import sys

import yaml


def main(path):
    with open(path, encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    out = sys.stdout
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "spec/sources.yaml"))
