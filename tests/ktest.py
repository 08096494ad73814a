"""The Python tests' check counter, the counterpart of tests/kprof_test.h.

    from ktest import check, done
    check(got == want, "what is being checked")
    sys.exit(done())   # prints the closing 'N passed, N failed' line
"""
import sys

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
