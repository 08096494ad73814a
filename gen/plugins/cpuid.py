"""The cpuid section's plugin (spec/cpuid.yaml: leaves): the leaves a kprof_cpuid_snapshot
keeps, one slot each, and their (leaf, subleaf, slot) rows, for
gen/templates/domains/cpuid.j2."""
from kprofgen import Map, build_rows, c_string, check, entries, fail, ident

SECTION = "cpuid"
KEYS = {"leaves", "vendor_enum"}
FILTERS = {}


def build(ctx):
    """The model's `cpuid_leaves` and their table."""
    doc = next((d for d in ctx["docs"] if "leaves" in d), ctx["docs"][0] if ctx["docs"] else None)
    leaves = build_leaves(doc.get("leaves"), doc) if doc else []
    vdoc = next((d for d in ctx["docs"] if "vendor_enum" in d), None)
    return {"cpuid_leaves": leaves,
            "cpuid_vendor_signatures": build_signatures(vdoc) if vdoc else None,
            "cpuid_leaf_table": build_rows("kprof_impl_cpuid_leaves", "The leaf and subleaf of each snapshot slot.",
                                           "kprof_cpuid_leaf",
                                           [([f"0x{x['leaf']:08X}", str(x["subleaf"]), f"KPROF_CPUID_SLOT_{x['name']}"],
                                             x["doc"]) for x in leaves])}


def build_signatures(doc):
    """The leaf 0 vendor strings of `vendor_enum`'s values (its strings), kept apart from its
    names so that kprof_cpuid_vendor_get knows them without KPROF_NO_NAMES' name lookup."""
    name = doc["vendor_enum"]
    enum = next((e for e in entries(doc.get("enums"), "enums", doc) if e.get("name") == name), None)
    if enum is None:
        fail(doc, "vendor_enum", f"{name!r} is no enum of this file")
    rows = []
    for v in entries(enum["values"], f"enum {name!r} values", enum):
        if v["value"] == 0:  # the enum's "none of them"
            continue
        sig = v.get("string", "")
        if len(sig) != 12 or not sig.isascii():
            fail(v, f"enum {name!r} value {v['name']!r}", "string must be the 12-character leaf 0 vendor string")
        rows.append(([f"KPROF_{name.upper()}_{v['name']}", c_string(sig)], v["name"]))
    return build_rows(f"kprof_impl_{name}_signatures", "The leaf 0 vendor string of each vendor.",
                      f"kprof_impl_{name}_signature",
                      rows, [("uint8_t", "vendor", f"kprof_{name}"), ("char", "signature[13]", "ebx, edx, ecx")])


def build_leaves(lst, node):
    """The cpuid leaves a snapshot holds: one slot each."""
    out, names, keys = [], set(), set()
    for x in entries(lst, "leaves", node):
        ent = f"leaf {x.get('name', '?')!r}" if isinstance(x, Map) else "leaf"
        check(x, {"name": str, "leaf": int, "subleaf?": int, "doc": str, "provenance": str}, ent)
        ident(x, ent, "name", x["name"])
        key = (x["leaf"], x.get("subleaf") or 0)
        if x["name"] in names or key in keys:
            fail(x, ent, "duplicate leaf name or (leaf, subleaf)")
        names.add(x["name"])
        keys.add(key)
        out.append({"name": x["name"].upper(), "leaf": key[0], "subleaf": key[1], "doc": x["doc"],
                    "provenance": x["provenance"]})
    if not out:
        fail(node, "leaves", "cpuid.yaml must list the leaves a snapshot holds")
    if len(out) > 32:
        fail(node, "leaves", "at most 32 leaves fit a snapshot's presence mask")
    return out
