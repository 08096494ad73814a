#!/usr/bin/env python3
"""The Debian packages: `dpkg-buildpackage -us -uc -b` on a copy of the tree (the source tree
gets no build products: dpkg-buildpackage writes ../*.deb), lintian with no error, then
libkprof-dev and kprof unpacked into a scratch root with `dpkg -x` and used from there: a
consumer compiled against the installed kprof.h with the flags pkg-config gives (and one
through the CMake package), the installed command run, its man page and bash completion
present.

    deb.py BUILD_DIR

The expected version is the header's KPROF_VERSION_STRING; debian/changelog must carry it.
Ends with "N passed, N failed".
"""
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ktest import done, ok  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CONSUMER = r"""#include <kprof.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	const kprof_source *s = kprof_source_by_name(KPROF_SOURCE_TABLE_EMON, "LLCMisses", 9);
	if (!s || strcmp(KPROF_VERSION_STRING, VERSION) != 0)
		return 1;
	printf("%s 0x%x\n", KPROF_VERSION_STRING, (unsigned)s->value);
	return 0;
}
"""

# The consumer's second unit: the one that defines KPROF_IMPLEMENTATION.
IMPL = "#define KPROF_IMPLEMENTATION\n#include <kprof.h>\n"

CMAKELISTS = """cmake_minimum_required(VERSION 3.13)
project(consumer C)
find_package(kprof REQUIRED)
add_executable(consumer consumer.c kprof_impl.c)
target_compile_definitions(consumer PRIVATE VERSION="${kprof_VERSION}")
target_link_libraries(consumer PRIVATE kprof::kprof)
"""


def sh(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)
    except FileNotFoundError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))


def header_version():
    with open(os.path.join(ROOT, "kprof.h"), encoding="utf-8") as f:
        return re.search(r'#define KPROF_VERSION_STRING "(.*)"', f.read()).group(1)


def main(bdir):
    bdir = os.path.abspath(bdir)
    shutil.rmtree(bdir, ignore_errors=True)
    version = header_version()
    src = os.path.join(bdir, f"kprof-{version}")
    os.makedirs(src)
    # The tree as git sees it (tracked and new files, not build/ or other ignored output).
    files = sh(["git", "-C", ROOT, "ls-files", "-co", "--exclude-standard", "-z"]).stdout.split("\0")
    for f in filter(None, files):
        if os.path.isfile(os.path.join(ROOT, f)):
            os.makedirs(os.path.dirname(os.path.join(src, f)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, f), os.path.join(src, f))
    with open(os.path.join(ROOT, "debian/changelog"), encoding="utf-8") as f:
        m = re.match(r"kprof \(([^)]*)\)", f.readline())
    ok(m is not None and m.group(1).split("-")[0] == version,
       f"debian/changelog's version {m.group(1) if m else '?'} is the header's {version}")
    r = sh(["dpkg-buildpackage", "-us", "-uc", "-b"], cwd=src)
    with open(os.path.join(bdir, "dpkg-buildpackage.log"), "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    debs = {n.split("_")[0]: os.path.join(bdir, n) for n in os.listdir(bdir) if n.endswith(".deb")}
    if not ok(r.returncode == 0 and "libkprof-dev" in debs and "kprof" in debs,
              f"dpkg-buildpackage -us -uc -b builds libkprof-dev and kprof: {', '.join(sorted(debs))}",
              (r.stdout + r.stderr)[-3000:]):
        return done()
    changes = [os.path.join(bdir, n) for n in os.listdir(bdir) if n.endswith(".changes")]
    r = sh(["lintian", "--fail-on", "error"] + changes + [debs["libkprof-dev"], debs["kprof"]])
    tags = [l for l in r.stdout.splitlines() if re.match(r"^[EWIPX]: ", l)]
    ok(r.returncode == 0 and not [t for t in tags if t.startswith("E: ")],
       f"lintian: no error ({len(tags)} other tags)", r.stdout + r.stderr)
    for t in tags:
        print(f"note lintian: {t}")
    root = os.path.join(bdir, "root")
    for name in ("libkprof-dev", "kprof"):
        r = sh(["dpkg", "-x", debs[name], root])
        ok(r.returncode == 0, f"dpkg -x {name} into a scratch root", r.stderr)
    for path in ("usr/include/kprof.h", "usr/share/pkgconfig/kprof.pc", "usr/share/cmake/kprof/kprofConfig.cmake",
                 "usr/share/doc/libkprof-dev/copyright", "usr/bin/kprof", "usr/share/man/man1/kprof.1.gz",
                 "usr/share/bash-completion/completions/kprof"):
        ok(os.path.isfile(os.path.join(root, path)), f"installed: /{path}")
    # pkg-config as it resolves an installed .pc under a sysroot. It drops -I/usr/include (the
    # compiler's own directory, where the installed package puts kprof.h) unless told not to;
    # here /usr/include is the scratch root's.
    env = dict(os.environ, PKG_CONFIG_PATH="", PKG_CONFIG_LIBDIR=os.path.join(root, "usr/share/pkgconfig"),
               PKG_CONFIG_SYSROOT_DIR=root, PKG_CONFIG_ALLOW_SYSTEM_CFLAGS="1")
    r = sh(["pkg-config", "--modversion", "kprof"], env=env)
    ok(r.returncode == 0 and r.stdout.strip() == version, f"pkg-config --modversion kprof: {r.stdout.strip()}", r.stderr)
    r = sh(["pkg-config", "--cflags", "kprof"], env=env)
    cflags = r.stdout.split()
    ok(cflags == ["-I" + os.path.join(root, "usr/include")], f"pkg-config --cflags kprof: {' '.join(cflags)}")
    cdir = os.path.join(bdir, "consumer")
    os.makedirs(cdir)
    with open(os.path.join(cdir, "consumer.c"), "w", encoding="utf-8") as f:
        f.write(CONSUMER)
    with open(os.path.join(cdir, "kprof_impl.c"), "w", encoding="utf-8") as f:
        f.write(IMPL)
    exe = os.path.join(cdir, "consumer")
    r = sh(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", f'-DVERSION="{version}"'] + cflags +
           [os.path.join(cdir, "consumer.c"), os.path.join(cdir, "kprof_impl.c"), "-o", exe])
    if ok(r.returncode == 0, "a consumer of two units (one the implementation) builds against the installed kprof.h "
          "with pkg-config's flags", r.stderr):
        r = sh([exe])
        ok(r.returncode == 0 and r.stdout == f"{version} 0x1d\n", f"the consumer runs: {r.stdout.strip()}", r.stderr)
    with open(os.path.join(cdir, "CMakeLists.txt"), "w", encoding="utf-8") as f:
        f.write(CMAKELISTS)
    r = sh(["cmake", "-S", cdir, "-B", os.path.join(cdir, "cmake"), f"-DCMAKE_PREFIX_PATH={os.path.join(root, 'usr')}"])
    if ok(r.returncode == 0, "find_package(kprof) finds the installed CMake package (/usr/share/cmake/kprof)", r.stdout + r.stderr):
        r = sh(["cmake", "--build", os.path.join(cdir, "cmake")])
        ok(r.returncode == 0, "a CMake consumer links kprof::kprof and builds", r.stdout + r.stderr)
        r = sh([os.path.join(cdir, "cmake", "consumer")])
        ok(r.returncode == 0 and r.stdout == f"{version} 0x1d\n", f"the CMake consumer runs: {r.stdout.strip()}", r.stderr)
    r = sh([os.path.join(root, "usr/bin/kprof"), "--version"])
    ok(r.returncode == 0 and version in r.stdout.split(), f"the installed kprof --version: {r.stdout.strip()}", r.stderr)
    r = sh(["man", "-l", "-P", "cat", os.path.join(root, "usr/share/man/man1/kprof.1.gz")], env=dict(os.environ, MANWIDTH="80"))
    ok(r.returncode == 0 and "kprof" in r.stdout, "the installed man page renders (man -l)", r.stderr)
    r = sh(["bash", "-c", f"source {os.path.join(root, 'usr/share/bash-completion/completions/kprof')} && complete -p kprof"])
    ok(r.returncode == 0 and r.stdout.strip().endswith(" kprof"), f"the installed bash completion registers: {r.stdout.strip()}", r.stderr)
    # What dpkg-buildpackage would have written, had it run in the source tree.
    leftovers = [p for p in ["debian/tmp", "debian/files", "debian/.debhelper", "debian/debhelper-build-stamp",
                             "debian/kprof", "debian/libkprof-dev"] if os.path.exists(os.path.join(ROOT, p))]
    leftovers += glob.glob(os.path.join(os.path.dirname(ROOT), "*kprof*_" + version + "_*"))
    ok(not leftovers, f"no build products in the source tree or beside it: {leftovers or 'none'}")
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/pkg/deb"))
