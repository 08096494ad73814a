#!/usr/bin/env bash
# Sections left out (KPROF_NO_*) or taken in (KPROF_LWP_MODEL): every macro of kprof.h's
# "configuration: sections" block builds cleanly on its own (gcc and clang, -Wall -Wextra
# -Wpedantic -Werror; under clang also with kprof.h as the main file, where it is no system
# header), the table tests pass wherever the source section stays, and (tests/sections.py) each
# macro removes or brings exactly the names the block lists for it, and the combinations the
# block refuses stop at its #error.
set -u
cd "$(dirname "$0")/.."
out=${1:-build/sections}
mkdir -p "$out"
passed=0 failed=0
ok() { if [ "$1" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $2"; sed 's/^/     | /' "$out/err" | head -n 15; fi; }
# The macros, from the block itself: a new one is tested without editing this script.
macros=$(sed -n '/configuration: sections/,/\*\//s/^ \*   \(KPROF_[A-Z0-9_]*\).*/\1/p' kprof.h)
[ -n "$macros" ]
ok $? "kprof.h's configuration block lists section macros"
for m in $macros; do
	for cc in gcc clang; do
		printf '#include "kprof.h"\nint main(void) { return KPROF_OK; }\n' > "$out/tu.c"
		$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -I. -D$m "$out/tu.c" -o "$out/tu-$m-$cc" 2>"$out/err"
		ok $? "a translation unit including kprof.h with $m ($cc)"
		if grep -q "removes .*section source\|removes layer 2" <(sed -n "/^ \*   $m/,/^ \*   KPROF_/p" kprof.h | head -n 4); then
			: # the table tests need the source section
		else
			$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -I. -Itests -D$m \
				tests/test_sources.c -o "$out/sources-$m-$cc" 2>"$out/err" && "$out/sources-$m-$cc" >"$out/err"
			ok $? "test_sources with $m ($cc)"
		fi
		# kprof.h and its implementation as the main file, where clang checks unused code too
		$cc -x c -std=c99 -Wall -Wextra -Wpedantic -Wno-unused-function -Werror -D$m \
			-DKPROF_IMPLEMENTATION -fsyntax-only kprof.h 2>"$out/err"
		ok $? "kprof.h and its implementation as the main file with $m ($cc)"
	done
done
python3 tests/sections.py > "$out/names.log" 2>&1
rc=$?
cat "$out/names.log"
line=$(tail -n 1 "$out/names.log")
p=${line%% passed*}; f=$(echo "$line" | sed -n 's/.*passed, \([0-9]*\) failed.*/\1/p')
passed=$((passed + ${p:-0})); failed=$((failed + ${f:-1}))
[ $rc = 0 ] || [ "${f:-1}" != 0 ] || failed=$((failed + 1))
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
