/* The drop-in matrix program, part 2 of 2: a second translation unit including kprof.h,
 * with a different configuration (Windows' own names), using the same functions as the
 * first. Both link into one program: this unit has no KPROF_IMPLEMENTATION, so it uses the
 * other one's bodies (and has none of its own but the inline instruction wrappers and poll). */
#define KPROF_WINDOWS_NAMES 1
#include "kprof.h"

#include <stdio.h>

#include "matrix.h"

void matrix_second(unsigned long *passed, unsigned long *failed)
{
	size_t n = 0;
	const kprof_source *rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_GENERIC, &n);
	const kprof_source *t = kprof_source_by_value(KPROF_SOURCE_TABLE_GENERIC, (uint32_t)ProfileTotalCycles);
	KPROFILE_SOURCE last = ProfileMaximum;
	int ok = rows != NULL && n == (size_t)ProfileMaximum + 1 && t != NULL &&
	         t->value == KPROF_SOURCE_GENERIC_TOTAL_CYCLES && (int)last == KPROF_SOURCE_GENERIC_MAXIMUM &&
	         (int)ProfileTime == KPROF_SOURCE_GENERIC_TIME && (int)ProfileLoadLinkedIssues == 0x17;
	if (ok)
		++*passed;
	else {
		++*failed;
		fprintf(stderr, "matrix_second.c: Windows names disagree with the generic table\n");
	}
	printf("second: KPROFILE_SOURCE %d..%d\n", (int)ProfileTime, (int)ProfileMaximum);
}
