/* A user-mode ETW consumer's translation unit: <windows.h> and <evntrace.h> (and
 * <winternl.h>) first, then kprof.h, with and without KPROF_WINDOWS_NAMES. */
#include <windows.h>
#include <evntrace.h>
#include <winternl.h>

#include "kprof.h"

int win_user_probe(void);

int win_user_probe(void)
{
	size_t n = 0;
	const kprof_source *rows = kprof_source_rows_by_table(KPROF_SOURCE_TABLE_AMD64, &n);
	TRACE_PROFILE_INTERVAL interval;
	interval.Source = rows ? rows[1].value : 0;
	interval.Interval = KPROF_SOURCE_INTERVAL_HARDWARE_DEFAULT;
#if defined(KPROF_WINDOWS_NAMES)
	/* Neither windows.h nor evntrace.h defines KPROFILE_SOURCE: kprof's names are there. */
	if ((int)ProfileTotalCycles != KPROF_SOURCE_GENERIC_TOTAL_CYCLES)
		return -1;
#endif
	return (int)interval.Source + (int)n;
}
