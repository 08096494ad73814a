"""The status section's plugin: kprof_status is the one result vocabulary, and KPROF_OK = 0 is
what every function returns on success."""
from kprofgen import SpecError, fail

SECTION = "status"
KEYS = set()
FILTERS = {}
ENUM = "status"


def build(ctx):
    """Checks only: the section's enumeration exists and has KPROF_OK = 0."""
    status = [e for e in ctx["domains"][SECTION]["enums"] if e["name"] == ENUM]
    if not status:
        raise SpecError(f"{ctx['spec_dir']}: an enum '{ENUM}' is required (spec/{SECTION}.yaml)")
    if not any(v["name"] == "KPROF_OK" and v["value"] == 0 for v in status[0]["values"]):
        fail(status[0]["node"], f"enum '{ENUM}'", "KPROF_OK = 0 is required: every function returns it on success")
    return {}
