#!/bin/bash
# Install kprof into temporary prefixes and consume every installed piece:
#   make install PREFIX=P               -> pkg-config and CMake find_package consumers build
#                                          and run, P/bin/kprof --help runs, the man page renders
#   make install DESTDIR=D PREFIX=/opt/kprof -> the same tree under D, kprof.pc naming /opt/kprof
# The version the packages report must be spec/project.yaml's (read here with python3-yaml).
set -u
OUT=${1:-build/dropin/install}
ROOT=$(pwd)
rm -rf "$OUT" && mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
P="$OUT/prefix"
passed=0 failed=0
ok() { if [ "$1" = 0 ]; then passed=$((passed + 1)); echo "ok   $2"; else failed=$((failed + 1)); echo "FAIL $2"; [ -f "$OUT/last.log" ] && sed 's/^/     | /' "$OUT/last.log" | tail -20; fi; rm -f "$OUT/last.log"; }
run() { "$@" >"$OUT/last.log" 2>&1; }

want=$(python3 -c 'import yaml; v = yaml.safe_load(open("spec/project.yaml"))["project"]["version"]; print("%d.%d.%d" % (v["major"], v["minor"], v["patch"]))')
echo "     spec/project.yaml version: $want"

run make --no-print-directory install PREFIX="$P"; ok $? "make install PREFIX=$P"
for f in include/kprof.h bin/kprof share/man/man1/kprof.1 lib/pkgconfig/kprof.pc lib/cmake/kprof/kprofConfig.cmake lib/cmake/kprof/kprofConfigVersion.cmake; do
	test -f "$P/$f"; ok $? "installed $f"
done
cmp -s kprof.h "$P/include/kprof.h"; ok $? "the installed kprof.h is the repository's"

# A consumer of two units: main.c includes <kprof.h> and checks a seed fact (seed 000: Emon
# LLCMisses = 0x1D, select 0x0003412E) and the version macros; kprof_impl.c is the unit that
# defines KPROF_IMPLEMENTATION.
mkdir -p "$OUT/consumer"
cat >"$OUT/consumer/main.c" <<'C'
#include <kprof.h>
#include <stdio.h>
int main(void)
{
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_EMON, 0x1D);
	printf("kprof %s %d.%d.%d\n", KPROF_VERSION_STRING, KPROF_VERSION_MAJOR, KPROF_VERSION_MINOR, KPROF_VERSION_PATCH);
	return s && s->select == 0x0003412Eu ? 0 : 1;
}
C
printf '#define KPROF_IMPLEMENTATION\n#include <kprof.h>\n' >"$OUT/consumer/kprof_impl.c"

# pkg-config
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
v=$(pkg-config --modversion kprof 2>&1); test "$v" = "$want"; ok $? "pkg-config --modversion kprof = $v (spec: $want)"
run gcc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags kprof) "$OUT/consumer/main.c" "$OUT/consumer/kprof_impl.c" -o "$OUT/consumer/pc" && run "$OUT/consumer/pc"
ok $? "a consumer builds with \$(pkg-config --cflags kprof) and runs"
"$OUT/consumer/pc" | grep -qx "kprof $want $(echo "$want" | tr . ' ' | awk '{print $1"."$2"."$3}')"; ok $? "the consumer sees KPROF_VERSION_STRING $want"

# CMake find_package(kprof) -> kprof::kprof
cat >"$OUT/consumer/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(kprof_consumer C)
find_package(kprof $want REQUIRED)
add_executable(consumer main.c kprof_impl.c)
target_link_libraries(consumer PRIVATE kprof::kprof)
get_target_property(kind kprof::kprof TYPE)
message(STATUS "kprof::kprof is \${kind}, version \${kprof_VERSION}")
CM
run cmake -S "$OUT/consumer" -B "$OUT/consumer/cmake-build" -DCMAKE_PREFIX_PATH="$P"; ok $? "cmake: find_package(kprof $want REQUIRED) finds the install"
grep -q "kprof::kprof is INTERFACE_LIBRARY, version $want" "$OUT/consumer/cmake-build/CMakeFiles/CMakeOutput.log" 2>/dev/null ||
	cmake -S "$OUT/consumer" -B "$OUT/consumer/cmake-build" -DCMAKE_PREFIX_PATH="$P" 2>&1 | grep -q "kprof::kprof is INTERFACE_LIBRARY, version $want"
ok $? "kprof::kprof is an INTERFACE library of version $want"
run cmake --build "$OUT/consumer/cmake-build" && run "$OUT/consumer/cmake-build/consumer"; ok $? "the CMake consumer (target_link_libraries kprof::kprof) builds and runs"
sed -i "s/find_package(kprof $want REQUIRED)/find_package(kprof $((${want%%.*} + 1)).0 REQUIRED)/" "$OUT/consumer/CMakeLists.txt"
! run cmake -S "$OUT/consumer" -B "$OUT/consumer/cmake-bad" -DCMAKE_PREFIX_PATH="$P"; ok $? "find_package(kprof $((${want%%.*} + 1)).0) is refused (version file)"

# The command and its man page
run "$P/bin/kprof" --help && grep -q "usage: kprof" "$OUT/last.log"; ok $? "the installed kprof --help runs"
MANWIDTH=80 run man -l "$P/share/man/man1/kprof.1" && grep -q "kprof" "$OUT/last.log"; ok $? "the man page renders (man -l)"

# DESTDIR staging: files under DESTDIR, paths inside them naming PREFIX.
D="$OUT/stage"
run make --no-print-directory install DESTDIR="$D" PREFIX=/opt/kprof; ok $? "make install DESTDIR=$D PREFIX=/opt/kprof"
test -f "$D/opt/kprof/include/kprof.h" -a -x "$D/opt/kprof/bin/kprof"; ok $? "DESTDIR: the tree lands under DESTDIR/PREFIX"
grep -qx "prefix=/opt/kprof" "$D/opt/kprof/lib/pkgconfig/kprof.pc"; ok $? "DESTDIR: kprof.pc names PREFIX, not the staging directory"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
