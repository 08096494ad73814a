"""The Python tests' check counter, the counterpart of tests/kprof_test.h, and the one way a
test learns the machine it runs on (host(), from tests/hostfacts.py).

    from ktest import check, done
    check(got == want, "what is being checked")
    sys.exit(done())   # prints the closing 'N passed, N failed' line
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

passed = failed = 0


def check(ok, what):
    """Count one check; print what failed (on stderr) when it did. Returns ok."""
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}", file=sys.stderr, flush=True)
    return ok


def done():
    """Print the closing line and return the exit status."""
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# Every text output of the command fits an 80-column terminal (issue 33), except where --wide
# asks for whole rows; JSON, --help's usage line aside, and binary outputs are not text tables.
TERMINAL_COLUMNS = 80
WIDTH_CHECKED = [0]


def fits_terminal(args, out, what=None):
    """Check that every line of a kprof text output fits TERMINAL_COLUMNS, unless args ask for
    --wide or --json. Counts the outputs checked in WIDTH_CHECKED."""
    if "--wide" in args or "--json" in args or not isinstance(out, str) or (args and args[0] in ("--completion", "--doc")):
        return True
    wide = [l for l in out.splitlines() if len(l) > TERMINAL_COLUMNS]
    WIDTH_CHECKED[0] += 1
    return check(not wide, f"{what or 'kprof ' + ' '.join(map(str, args))[:70]}: every line fits "
                           f"{TERMINAL_COLUMNS} columns (widest {max(map(len, wide), default=0)}: "
                           f"{wide[0][:90] if wide else ''!r})")


def ok(cond, what, detail=""):
    """A check that reports every step: 'ok   what', or 'FAIL what' and the last lines of
    detail (a compiler's or program's output). Returns cond."""
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {what}", flush=True)
    else:
        failed += 1
        print(f"FAIL {what}", flush=True)
        if detail:
            print("\n".join("     | " + l for l in str(detail).rstrip().splitlines()[-25:]), flush=True)
    return cond


def freestanding_flags(arch):
    """The ring-0 compiler flags for arch ("m64" or "m32"), from mk/freestanding.flags."""
    flags = []
    with open(os.path.join(ROOT, "mk/freestanding.flags")) as f:
        for line in f:
            key, _, val = line.partition(":")
            if key in ("all", arch):
                flags += val.split()
    return flags


class Ran:
    """A finished command: returncode, stdout, stderr (text)."""
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def run(cmd, **kw):
    """subprocess.run(cmd, capture_output=True, text=True, **kw) that never raises on a host
    difference (a tool that is missing, a program this kernel cannot execute, a timeout):
    those come back as returncode 127 with the reason in stderr, so the caller counts one
    failed check and prints the command instead of crashing."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, **kw)
    except (OSError, subprocess.SubprocessError) as e:
        return Ran(127, "", f"{' '.join(map(str, cmd))}: {type(e).__name__}: {e}")


def host():
    """This machine's facts (tests/hostfacts.py: vendor, perfmon, hypervisor, IA32 execution,
    CPUs, affinity), gathered once and printed as one line; None, after one failed check
    naming what could not be read, when they cannot be gathered. A step whose expectation
    depends on the machine derives it from these facts (docs/testing.md, "Host facts")."""
    import hostfacts
    try:
        h = hostfacts.live()
    except hostfacts.HostFactsError as e:
        ok(False, f"host facts: {e}")
        return None
    if not _HOST_PRINTED:
        _HOST_PRINTED.append(True)
        print(h.summary(), flush=True)
    return h


_HOST_PRINTED = []
