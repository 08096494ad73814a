#!/bin/bash
# The header builds clean with -Wall -Wextra -Wpedantic -Werror under gcc and clang, as C
# (C99, C11, C17, C2x) and C++ (C++11, C++17, C++20), for x86-64 and i386, and each build
# runs (under clang, with kprof.h and its implementation as the main file too); a
# KPROF_NO_NAMES build carries no name strings; the struct macros refuse wrong
# pointers (tests/struct_macros.c); and kprof.h coexists with the
# platform headers that define KPROFILE_SOURCE (mingw-w64 ddk/wdm.h, Wine winternl.h).
#
#     tests/compile_matrix.sh [BUILD_DIR]        ends with "N passed, N failed"
set -u
cd "$(dirname "$0")/.."
out=${1:-build}/matrix
mkdir -p "$out"
pass=0
fail=0
WARN="-Wall -Wextra -Wpedantic -Werror"
OWN="-Wconversion -Wshadow -Wcast-align -Wno-unused-function"
WINE_INC=/usr/include/wine/wine/windows

# step NAME CMD...: run CMD with its output in $out/NAME.log; count it.
step() {
	local name=$1
	shift
	if "$@" >"$out/$name.log" 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: $*"
		tail -n 15 "$out/$name.log" | sed 's/^/     | /'
	fi
}

# build_run NAME COMPILER FLAGS... : compile a test program and run it (an -m32 program
# through tools/run-foreign: natively or under qemu-i386, as printed below).
build_run() {
	local name=$1 cc=$2 arch=x86_64
	shift 2
	case " $* " in *" -m32 "*) arch=i386 ;; esac
	step "$name" sh -c '"$@" && tools/run-foreign '$arch' "$0"' "$out/$name" "$cc" "$@" -o "$out/$name"
}
# compile_refused FILE LINE COMPILER FLAGS...: the compilation fails, with a diagnostic on
# FILE:LINE (the one wrong line, not anything else).
compile_refused() {
	local file=$1 line=$2 log
	shift 2
	log=$("$@" 2>&1) && { echo "$log"; echo "built, but must not"; return 1; }
	echo "$log"
	grep -q "$file:$line:" <<<"$log" || { echo "no diagnostic on $file:$line"; return 1; }
}
tools/run-foreign --which i386 || exit 1
# One counted check: run-foreign picks the runner this host's facts give (tests/hostfacts.py).
step i386-runner python3 tests/hostfacts.py --i386 "${KPROF_I386_RUNNER:-}"
sed -n '1,2p' "$out/i386-runner.log"

for m in 64 32; do
	for cc in gcc clang; do
		for std in c99 c11 c17 c2x; do
			build_run "$cc-$std-m$m" "$cc" -m$m -std=$std -O2 $WARN -I. -Itests tests/test_sources.c
		done
		cxx=$([ $cc = gcc ] && echo g++ || echo clang++)
		for std in c++11 c++17 c++20; do
			build_run "$cxx-$std-m$m" "$cxx" -m$m -x c++ -std=$std -O2 $WARN -I. -Itests tests/test_sources.c
		done
		# Every table API once, with and without names; without, no name string remains.
		build_run "$cc-api-m$m" "$cc" -m$m -std=c99 -O2 $WARN -I. -Itests tests/matrix_api.c
		build_run "$cc-nonames-m$m" "$cc" -m$m -std=c99 -O2 $WARN -DKPROF_NO_NAMES -I. -Itests tests/matrix_api.c
		build_run "$cxx-nonames-m$m" "$cxx" -m$m -x c++ -std=c++11 -O2 $WARN -DKPROF_NO_NAMES -I. -Itests tests/matrix_api.c
		step "$cc-nonames-m$m-strings" sh -c '! grep -a -q -e ProfileLLCMisses -e FRDispachStalls "$0"' "$out/$cc-nonames-m$m"
		# The struct macros check their pointers as prototypes would: right ones build and run,
		# each wrong one (tests/struct_macros.c CASE 1-4) is refused under -Werror.
		for lang in c c++; do
			x="$cc -std=c99"
			[ $lang = c++ ] && x="$cxx -x c++ -std=c++11"
			build_run "$cc-$lang-struct-macros-m$m" $x -m$m -DCASE=0 $WARN -I. tests/struct_macros.c
			for k in 1 2 3 4; do
				step "$cc-$lang-struct-macros-$k-refused-m$m" compile_refused tests/struct_macros.c \
					$(($(grep -n "^#elif CASE == $k\$" tests/struct_macros.c | cut -d: -f1) + 1)) \
					$x -m$m -DCASE=$k $WARN -I. -c tests/struct_macros.c -o "$out/struct-macros.o"
			done
		done
	done
	build_run "bare-windows-names-m$m" gcc -m$m -std=c99 $WARN -I. tests/coexist/bare.c
	build_run "bare-windows-names-cxx-m$m" clang++ -m$m -x c++ -std=c++11 $WARN -I. tests/coexist/bare.c
	# kprof's own code with kprof.h as the main file and its implementation compiled: every
	# warning of the drop-in matrix, but -Wunused-function (the API is unused in its own unit).
	for std in c99 c11 c17 c2x; do
		step "clang-main-$std-m$m" clang -m$m -x c -std=$std $WARN $OWN -Wstrict-prototypes -DKPROF_IMPLEMENTATION -fsyntax-only kprof.h
	done
	for std in c++11 c++17 c++20; do
		step "clang++-main-$std-m$m" clang++ -m$m -x c++ -std=$std $WARN $OWN -DKPROF_IMPLEMENTATION -fsyntax-only kprof.h
	done
	step "clang-main-nonames-m$m" clang -m$m -x c -std=c99 $WARN $OWN -DKPROF_NO_NAMES -DKPROF_IMPLEMENTATION -fsyntax-only kprof.h
done

# kprof.h is no system header: a user's warnings reach its code. Shown on a copy with one unused
# variable planted in the implementation: gcc and clang both refuse the unit that compiles it,
# on the planted line, and build one that includes kprof.h without KPROF_IMPLEMENTATION.
mkdir -p "$out/planted"
planted=$(grep -n '^#endif /\* KPROF_IMPLEMENTATION \*/' kprof.h | cut -d: -f1)
sed "${planted}i KPROF_API int kprof_planted(int x) { int planted_unused; return x; }" kprof.h >"$out/planted/kprof.h"
printf '#include "kprof.h"\nint planted_probe(void);\nint planted_probe(void) { return 0; }\n' >"$out/planted/plain.c"
for cc in gcc clang; do
	step "planted-$cc-implementation-refused" compile_refused "$out/planted/kprof.h" "$planted" \
		$cc -std=c99 $WARN -I"$out/planted" -Itests -fsyntax-only tests/test_sources.c
	step "planted-$cc-plain-include-builds" $cc -std=c99 $WARN -I"$out/planted" -fsyntax-only "$out/planted/plain.c"
done

# The implementation mode. A plain include defines no table and no function but the inline
# routines the configuration block promises (kept here with -fkeep-inline-functions, which
# emits every inline function a unit defines); the inconsistent combinations stop at #error.
printf '#include "kprof.h"\n' >"$out/plain.c"
plain_defs() {
	gcc -std=c99 -O0 -fkeep-inline-functions -fkeep-static-functions $WARN -I. -c "$out/plain.c" -o "$out/plain.o" &&
		nm "$out/plain.o" | awk '$2 ~ /^[TtDdRrBb]$/ {print $3}' | sort | tr '\n' ' '
}
want="kprof_bytes_le16_load kprof_bytes_le32_load kprof_bytes_le64_load kprof_cpuid_leaf_read kprof_impl_lwp_load32 kprof_impl_lwp_load32_host kprof_lwp_ring_poll kprof_msr_read kprof_msr_write kprof_pmu_counter_read "
step "plain-include-defines-only-the-inline-routines" sh -c '[ "$1" = "$2" ] || { echo "defined: $1"; echo "want:    $2"; exit 1; }' \
	sh "$(plain_defs)" "$want"
# A plain include parses no __attribute__ written in kprof.h: clang computes the line table of
# the whole header (1.4 MB) for the first one it parses, 5% of a plain include's cost
# (bench/run.py include_cost). Read from the preprocessed unit, kprof.h's lines only.
for cc in gcc clang; do
	for m in -m64 -m32; do
		attrs="$out/plain-include-$cc$m-attributes"
		$cc $m -std=c99 -E -I. "$out/plain.c" >"$attrs.i" &&
			awk '/^# [0-9]+ "/ { here = ($3 ~ /kprof\.h"$/); next } here && /__attribute__/' "$attrs.i" >"$attrs" ||
			echo "preprocessing failed" >"$attrs"
		step "plain-include-$cc$m-parses-no-attribute" sh -c '[ ! -s "$1" ] || { cat "$1"; exit 1; }' sh "$attrs"
	done
done
refused_combination() { # NAME SOURCE: the unit stops at the #error of kprof.h
	printf "$2" >"$out/combination-$1.c"
	step "combination-$1-refused" sh -c 'log=$(gcc -std=c99 -I. -fsyntax-only "$0" 2>&1) && exit 1; echo "$log"; echo "$log" | grep -q "kprof.h:[0-9]*:[0-9]*: error: #error"' \
		"$out/combination-$1.c"
}
refused_combination static-without-implementation '#define KPROF_STATIC\n#include "kprof.h"\n'
refused_combination static-at-second-include '#include "kprof.h"\n#define KPROF_IMPLEMENTATION\n#define KPROF_STATIC\n#include "kprof.h"\n'
refused_combination static-with-api '#define KPROF_IMPLEMENTATION\n#define KPROF_STATIC\n#define KPROF_API extern\n#include "kprof.h"\n'

# Coexistence with the platform headers that define KPROFILE_SOURCE (compile only: these
# are Windows targets). mingw-w64's ddk/wdm.h is C-only (its C++ mode fails on its own
# intrinsics), so C++ is checked with windows.h + winternl.h.
for t in x86_64 i686; do
	mg=$t-w64-mingw32
	step "$mg-wdm" $mg-gcc -std=c99 $WARN -I. -c tests/coexist/wdm.c -o "$out/$mg-wdm.o"
	step "$mg-wdm-c17" $mg-gcc -std=c17 $WARN -I. -c tests/coexist/wdm.c -o "$out/$mg-wdm-c17.o"
	step "$mg-windows-h" $mg-gcc -std=c99 $WARN -I. -c tests/coexist/windows_h.c -o "$out/$mg-windows-h.o"
	step "$mg-windows-h-cxx" $mg-g++ -x c++ -std=c++17 $WARN -I. -c tests/coexist/windows_h.c -o "$out/$mg-windows-h-cxx.o"
	# Wine's headers come first (-isystem), mingw-w64's CRT behind them.
	step "$mg-wine-winternl" $mg-gcc -std=c99 $WARN -I. -isystem $WINE_INC -c tests/coexist/wine_winternl.c -o "$out/$mg-wine.o"
	step "$mg-wine-winternl-cxx" $mg-g++ -x c++ -std=c++17 $WARN -I. -isystem $WINE_INC -c tests/coexist/wine_winternl.c -o "$out/$mg-wine-cxx.o"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
