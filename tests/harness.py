#!/usr/bin/env python3
"""Run test steps (make targets test-<step>), each to its own log, and total them.

A step that prints 'N passed, N failed' contributes those counts; one that does not counts
as one check, passed when it exits 0. Ends with the line 'N passed, N failed'; exits 1 on
any failure.
"""
import os
import re
import stat
import subprocess
import sys
import time

def dev_null_ok():
    try:
        return stat.S_ISCHR(os.stat("/dev/null").st_mode)
    except OSError:
        return False


def dev_null_intruder():
    """What replaced /dev/null: its mtime and first bytes, which usually name the writer."""
    try:
        st = os.stat("/dev/null")
        with open("/dev/null", "rb") as f:
            head = f.read(120)
    except OSError as e:
        return f"unreadable: {e}"
    text = "".join(chr(b) if 32 <= b < 127 else "." for b in head)
    return f"{stat.filemode(st.st_mode)} {st.st_size} bytes, written {time.strftime('%H:%M:%S', time.localtime(st.st_mtime))}, starting '{text}'"


def repair_dev_null():
    """Writing an output to /dev/null as root with a tool that unlinks its output first (ld;
    tcc even with -c) replaces it with a regular file, which then breaks every later step.
    Put the device back (root only) and blame the step."""
    try:
        os.unlink("/dev/null")
    except OSError:
        pass
    try:
        os.mknod("/dev/null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        os.chmod("/dev/null", 0o666)
    except OSError as e:
        print(f"harness: cannot restore /dev/null: {e}", flush=True)


LINE = re.compile(r"^(?:\w+:\s*)?(\d+) passed, (\d+) failed(?:, \d+ skipped)?\s*$")


def main(steps):
    os.makedirs("build/logs", exist_ok=True)
    make = os.environ.get("MAKE", "make")
    total_p = total_f = 0
    failed = []
    if not dev_null_ok():
        repair_dev_null()
    for step in steps:
        t0 = time.time()
        log = f"build/logs/{step}.log"
        with open(log, "w") as f:
            rc = subprocess.call([make, "--no-print-directory", "-s", f"test-{step}"],
                                 stdout=f, stderr=subprocess.STDOUT)
        text = open(log, errors="replace").read()
        counts = None
        for line in text.splitlines():
            m = LINE.match(line.strip())
            if m:
                counts = (int(m.group(1)), int(m.group(2)))
        if counts is None:
            counts = (1, 0) if rc == 0 else (0, 1)
        elif rc != 0 and counts[1] == 0:
            counts = (counts[0], 1)  # exited non-zero without saying why: a failure
        if not dev_null_ok():
            intruder = dev_null_intruder()
            repair_dev_null()
            text += f"\nharness: /dev/null was found replaced after this step ({intruder}; ld or tcc -o /dev/null?)\n"
            counts = (counts[0], counts[1] + 1)
        total_p += counts[0]
        total_f += counts[1]
        status = "ok  " if counts[1] == 0 else "FAIL"
        print(f"{status} {step:<28} {counts[0]:6} passed {counts[1]:4} failed  {time.time() - t0:6.1f}s",
              flush=True)
        if counts[1]:
            failed.append(step)
            tail = text.splitlines()[-30:]
            print("\n".join("     | " + l for l in tail), flush=True)
    if failed:
        print("failed steps: " + " ".join(failed) + " (logs in build/logs/)")
    print(f"{total_p} passed, {total_f} failed")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
