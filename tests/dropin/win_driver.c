/* A driver-style translation unit: mingw-w64's DDK headers first (they define
 * KPROFILE_SOURCE and its Profile* enumerators), then kprof.h. Built with and without
 * KPROF_WINDOWS_NAMES: kprof must see the platform's enumeration and not define its own.
 * The values of the platform's names must equal kprof's generic table (seed 002). The unit
 * compiles kprof's implementation after the DDK's headers too. */
#include <ntddk.h>
#include <wdm.h>

#define KPROF_IMPLEMENTATION
#include "kprof.h"

KPROF_IMPL_STATIC_ASSERT((int)ProfileTime == KPROF_SOURCE_GENERIC_TIME, wdm_time);
KPROF_IMPL_STATIC_ASSERT((int)ProfileTotalCycles == KPROF_SOURCE_GENERIC_TOTAL_CYCLES, wdm_total_cycles);
KPROF_IMPL_STATIC_ASSERT((int)ProfileLoadLinkedIssues == KPROF_SOURCE_GENERIC_LOAD_LINKED_ISSUES, wdm_ll);
KPROF_IMPL_STATIC_ASSERT((int)ProfileMaximum == KPROF_SOURCE_GENERIC_MAXIMUM, wdm_maximum);

NTSTATUS DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING path);

NTSTATUS DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING path)
{
	KPROFILE_SOURCE src = ProfileTotalCycles;
	const kprof_source *s = kprof_source_by_value(KPROF_SOURCE_TABLE_GENERIC, (uint32_t)src);
	kprof_cpuid_snapshot cpu;
	(void)driver;
	(void)path;
	if (kprof_cpuid_snapshot_read(&cpu) != KPROF_OK || !s)
		return STATUS_UNSUCCESSFUL;
	return STATUS_SUCCESS;
}
