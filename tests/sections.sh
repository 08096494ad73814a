#!/usr/bin/env bash
# KPROF_NO_<SECTION>: each optional section can be left out (the rest still compiles cleanly,
# also as the main file with the implementation, and the table tests pass), and leaving it out
# really removes it (a use of one of its functions no longer compiles).
set -u
cd "$(dirname "$0")/.."
out=${1:-build/sections}
mkdir -p "$out"
passed=0 failed=0
ok() { if [ "$1" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $2"; fi; }
# section -> one public function it defines
declare -A probe=([HAL]=kprof_hal_decide [COUNTS]=kprof_source_counts_from_snapshot [DUMP]=kprof_dump_iter_next [LWP]=kprof_lwp_ring_poll
                  [DS]=kprof_pebs_record_size [WINDOWS]=kprof_psi_iter_init)
for sec in HAL COUNTS DUMP LWP DS WINDOWS; do
	for cc in gcc clang; do
		$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -I. -Itests -DKPROF_NO_$sec \
			tests/test_sources.c -o "$out/sources-$sec-$cc" 2>"$out/err" && "$out/sources-$sec-$cc" >/dev/null
		ok $? "test_sources with KPROF_NO_$sec ($cc)"
		# kprof.h and its implementation as the main file, where clang checks unused code too
		$cc -x c -std=c99 -Wall -Wextra -Wpedantic -Wno-unused-function -Werror -DKPROF_NO_$sec \
			-DKPROF_IMPLEMENTATION -fsyntax-only kprof.h 2>"$out/err"
		ok $? "kprof.h and its implementation as the main file with KPROF_NO_$sec ($cc)"
		printf '#include "kprof.h"\nvoid *p = (void *)&%s;\n' "${probe[$sec]}" > "$out/probe.c"
		! $cc -std=c99 -Werror -I. -DKPROF_NO_$sec -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
		ok $? "KPROF_NO_$sec removes ${probe[$sec]} ($cc)"
		$cc -std=c99 -Werror -I. -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
		ok $? "${probe[$sec]} exists without KPROF_NO_$sec ($cc)"
	done
done
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_psi_iter_init;\n' > "$out/probe.c"
! gcc -std=c99 -I. -DKPROF_NO_DS -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "KPROF_NO_DS also leaves out the windows section"
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_source_counts_from_snapshot;\n' > "$out/probe.c"
! gcc -std=c99 -I. -DKPROF_NO_HAL -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "KPROF_NO_HAL also leaves out the counts section"
# The listing reader shares the dump reader's line cursor: it goes with the dump section; its
# comparison with a HAL decision also needs the hal section.
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_listing_iter_next;\n' > "$out/probe.c"
! gcc -std=c99 -I. -DKPROF_NO_DUMP -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "KPROF_NO_DUMP also leaves out the listing reader"
gcc -std=c99 -Werror -I. -DKPROF_NO_HAL -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "KPROF_NO_HAL keeps the listing reader"
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_listing_diff_iter_init;\n' > "$out/probe.c"
! gcc -std=c99 -I. -DKPROF_NO_HAL -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "KPROF_NO_HAL leaves out the listing diff"
gcc -std=c99 -Werror -I. -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "the listing diff exists by default"
# The custom-source checker needs the counts section and the names; the packer needs neither.
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_windows_custom_source_verdict_get;\n' > "$out/probe.c"
for opt in KPROF_NO_COUNTS KPROF_NO_HAL KPROF_NO_NAMES; do
	! gcc -std=c99 -I. -D$opt -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
	ok $? "$opt leaves out the custom-source checker"
done
gcc -std=c99 -Werror -I. -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
ok $? "the custom-source checker exists by default"
printf '#include "kprof.h"\nvoid *p = (void *)&kprof_windows_custom_source_pack;\n' > "$out/probe.c"
for opt in KPROF_NO_COUNTS KPROF_NO_HAL KPROF_NO_NAMES; do
	gcc -std=c99 -Werror -I. -D$opt -c "$out/probe.c" -o "$out/probe.o" 2>/dev/null
	ok $? "$opt keeps the custom-source packer"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
