#!/usr/bin/env python3
"""kprof from Meson, both ways a project gets it (Debian meson and ninja-build):

  1. installed: `make install PREFIX=<scratch>`, then a consumer whose meson.build says
     `dependency('kprof')`, found through pkg-config (PKG_CONFIG_PATH=<scratch>/lib/pkgconfig);
  2. subproject: the consumer's subprojects/kprof is this tree; one consumer takes
     `subproject('kprof').get_variable('kprof_dep')`, another `dependency('kprof')` with no
     pkg-config file anywhere, which Meson answers from the subproject's override_dependency.

Each consumer is built with ninja and run; it checks the header's version against the
dependency's (passed in by meson.build), and meson's log must say where the dependency came
from. Ends with "N passed, N failed".

    meson.py BUILD_DIR
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, ok  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CONSUMER_C = r"""#include <kprof.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_AMD64, 0x1D);
	if (strcmp(KPROF_VERSION_STRING, DEP_VERSION) != 0 || !s)
		return 1;
	printf("%s %s\n", KPROF_VERSION_STRING, kprof_source_name_get(s));
	return 0;
}
"""

# The consumer's second unit: the one that defines KPROF_IMPLEMENTATION.
IMPL_C = "#define KPROF_IMPLEMENTATION\n#include <kprof.h>\n"

# How each consumer asks for kprof.
GET = {
    "pkg-config": "kprof_dep = dependency('kprof')",
    "subproject": "kprof_dep = subproject('kprof').get_variable('kprof_dep')",
    "fallback": "kprof_dep = dependency('kprof')  # no kprof.pc anywhere: the subproject's override",
}


def sh(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)
    except FileNotFoundError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))


def consumer(bdir, way, env, with_subproject):
    src = os.path.join(bdir, way)
    os.makedirs(src)
    with open(os.path.join(src, "main.c"), "w", encoding="utf-8") as f:
        f.write(CONSUMER_C)
    with open(os.path.join(src, "kprof_impl.c"), "w", encoding="utf-8") as f:
        f.write(IMPL_C)
    with open(os.path.join(src, "meson.build"), "w", encoding="utf-8") as f:
        f.write(f"project('consumer', 'c', default_options: ['c_std=c99', 'warning_level=3', 'werror=true'])\n"
                f"{GET[way]}\n"
                "executable('consumer', 'main.c', 'kprof_impl.c', dependencies: kprof_dep,\n"
                "  c_args: '-DDEP_VERSION=\"' + kprof_dep.version() + '\"')\n")
    if with_subproject:
        os.makedirs(os.path.join(src, "subprojects"))
        os.symlink(ROOT, os.path.join(src, "subprojects", "kprof"))
    out = os.path.join(src, "build")
    r = sh(["meson", "setup", out, src], env=env)
    log = r.stdout + r.stderr
    if not ok(r.returncode == 0, f"meson setup: {GET[way]}", log):
        return
    with open(os.path.join(out, "meson-logs", "meson-log.txt"), encoding="utf-8", errors="replace") as f:
        full = f.read()
    from_pc = "Determining dependency 'kprof' with pkg-config" in full and "Called `pkg-config --cflags kprof` -> 0" in \
        full.replace("/usr/bin/pkg-config", "pkg-config")
    from_sub = "Executing subproject kprof" in log
    where = (from_pc and not from_sub) if way == "pkg-config" else (from_sub and not from_pc)
    ok(bool(where), f"meson: the dependency came {'from pkg-config' if way == 'pkg-config' else 'from the subproject'}",
       log)
    r = sh(["ninja", "-C", out], env=env)
    if ok(r.returncode == 0, f"ninja builds the {way} consumer", r.stdout + r.stderr):
        r = sh([os.path.join(out, "consumer")])
        ok(r.returncode == 0 and r.stdout.startswith(version_of_header() + " "),
           f"the {way} consumer runs: {r.stdout.strip()}", r.stderr)


def version_of_header():
    with open(os.path.join(ROOT, "kprof.h"), encoding="utf-8") as f:
        return re.search(r'#define KPROF_VERSION_STRING "(.*)"', f.read()).group(1)


def main(bdir):
    bdir = os.path.abspath(bdir)
    shutil.rmtree(bdir, ignore_errors=True)
    os.makedirs(bdir)
    prefix = os.path.join(bdir, "prefix")
    r = sh(["make", "--no-print-directory", "-C", ROOT, "install", f"PREFIX={prefix}"])
    ok(r.returncode == 0, f"make install PREFIX={prefix}", r.stdout + r.stderr)
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib/pkgconfig"))
    consumer(bdir, "pkg-config", env, False)
    # No kprof.pc reachable: pkg-config must not be what finds it.
    env = dict(os.environ, PKG_CONFIG_PATH="", PKG_CONFIG_LIBDIR=os.path.join(bdir, "empty"))
    consumer(bdir, "subproject", env, True)
    consumer(bdir, "fallback", env, True)
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/pkg/meson"))
