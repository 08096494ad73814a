/* kprof_custom_sources.exe: add Windows custom profile sources from kprof's records, find
 * them in the profile-source list, remove them.
 *
 *   kprof custom-source --format bin L2Miss=event=0x24,umask=0x3f > sources.bin
 *   kprof_custom_sources.exe sources.bin          (as Administrator or Performance Log Users)
 *
 * Each step prints one line "STEP: result" and the program stops at the first step Windows
 * (or Wine) does not carry out, saying which call and what it returned:
 *   records  each record read back by kprof_windows_custom_source_unpack (bad input: exit 2,
 *            nothing called)
 *   add      NtSetSystemInformation(SystemPerformanceTraceInformation, record, 0x124) per record
 *   list     TraceQueryInformation(0, TraceProfileSourceListInfo): the PROFILE_SOURCE_INFO
 *            chain, walked by kprof_psi_iter_next
 *   find     each added source found by its description (kprof_psi_description_compare): its id
 *   remove   NtSetSystemInformation with the 20-byte EventTraceProfileSourceRemoveInformation
 *            record (kprof_windows_profile_remove_information_encode)
 * Exit status: 0 every step done; 3 a call failed or is missing (the line says which); 2 bad
 * records or usage. Both calls are looked up at run time (GetProcAddress), so a system without
 * them is reported, not a loader error. */
#define KPROF_IMPLEMENTATION
#include "kprof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

typedef LONG(WINAPI *nt_set_fn)(ULONG cls, PVOID info, ULONG len);
typedef ULONG(WINAPI *trace_query_fn)(ULONGLONG session, int cls, PVOID info, ULONG len, PULONG ret);

#define RECORDS_MAX 64

static unsigned char records[RECORDS_MAX][KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE];
static kprof_windows_custom_source sources[RECORDS_MAX];
static uint32_t ids[RECORDS_MAX];

static int read_records(const char *path, kprof_cpuid_vendor vendor, size_t *count)
{
	static unsigned char buf[RECORDS_MAX * KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE + 1];
	FILE *f = fopen(path, "rb");
	size_t n, i;
	if (!f) {
		printf("records: cannot open %s\n", path);
		return 2;
	}
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (n == 0 || n % KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE || n == sizeof buf) {
		printf("records: %s holds %lu bytes: not 1 to %d whole add records of %u bytes\n", path,
		       (unsigned long)n, RECORDS_MAX, (unsigned)KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE);
		return 2;
	}
	*count = n / KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE;
	for (i = 0; i < *count; i++) {
		kprof_status st;
		memcpy(records[i], buf + i * KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE,
		       KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE);
		st = kprof_windows_custom_source_unpack(records[i], sizeof records[i], vendor, &sources[i]);
		if (st != KPROF_OK) {
			printf("records: record %lu is no add record for this processor: %s\n",
			       (unsigned long)i, kprof_status_name(st));
			return 2;
		}
	}
	printf("records: %lu read (%s)\n", (unsigned long)*count, kprof_cpuid_vendor_name(vendor));
	return 0;
}

int main(int argc, char **argv)
{
	static unsigned char list[1 << 16];
	kprof_cpuid_snapshot snap;
	kprof_cpuid_vendor vendor = KPROF_CPUID_VENDOR_UNKNOWN;
	HMODULE ntdll = GetModuleHandleA("ntdll.dll"), advapi = LoadLibraryA("advapi32.dll");
	nt_set_fn nt_set = ntdll ? (nt_set_fn)(void (*)(void))GetProcAddress(ntdll, "NtSetSystemInformation") : NULL;
	trace_query_fn query =
	        advapi ? (trace_query_fn)(void (*)(void))GetProcAddress(advapi, "TraceQueryInformation") : NULL;
	size_t count = 0, i;
	ULONG got = 0, err;
	kprof_psi_iter it;
	kprof_psi_entry e;
	int rc;
	if (argc != 2) {
		printf("usage: kprof_custom_sources RECORDS.bin (kprof custom-source --format bin)\n");
		return 2;
	}
	if (kprof_cpuid_snapshot_read(&snap) == KPROF_OK)
		(void)kprof_cpuid_vendor_get(&snap, &vendor);
	rc = read_records(argv[1], vendor, &count);
	if (rc)
		return rc;
	/* add */
	if (!nt_set) {
		printf("add: stopped: ntdll exports no NtSetSystemInformation\n");
		return 3;
	}
	for (i = 0; i < count; i++) {
		LONG st = nt_set(KPROF_WINDOWS_SYSTEM_PERFORMANCE_TRACE_INFORMATION_CLASS, records[i],
		                 KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE);
		printf("add: %s: NtSetSystemInformation returned 0x%08lx\n", sources[i].name, (unsigned long)st);
		if (st < 0) {
			printf("add: stopped: NtSetSystemInformation(SystemPerformanceTraceInformation, "
			       "EventTraceProfileSourceAddInformation) failed with 0x%08lx\n",
			       (unsigned long)st);
			return 3;
		}
	}
	/* list */
	if (!query) {
		printf("list: stopped: advapi32 exports no TraceQueryInformation\n");
		return 3;
	}
	err = query(0, KPROF_WINDOWS_TRACE_QUERY_INFO_CLASS_PROFILE_SOURCE_LIST_INFO, list, sizeof list, &got);
	if (err != 0 || got == 0 || got > sizeof list) {
		printf("list: stopped: TraceQueryInformation(TraceProfileSourceListInfo) returned %lu with %lu bytes\n",
		       (unsigned long)err, (unsigned long)got);
		return 3;
	}
	kprof_psi_iter_init(&it, list, got);
	{
		unsigned long n = 0;
		while (kprof_psi_iter_next(&it, &e) == KPROF_OK)
			n++;
		printf("list: %lu sources (%s)\n", n, it.status == KPROF_END ? "chain read to its end" : kprof_status_name(it.status));
	}
	/* find */
	for (i = 0; i < count; i++) {
		int found = 0;
		kprof_psi_iter_init(&it, list, got);
		while (!found && kprof_psi_iter_next(&it, &e) == KPROF_OK) {
			int equal = 0;
			if (kprof_psi_description_compare(&it, &e, sources[i].name, strlen(sources[i].name),
			                                  &equal) == KPROF_OK &&
			    equal) {
				ids[i] = e.source;
				found = 1;
			}
		}
		if (!found) {
			printf("find: stopped: %s is not in the list\n", sources[i].name);
			return 3;
		}
		printf("find: %s is source %lu\n", sources[i].name, (unsigned long)ids[i]);
	}
	/* remove */
	for (i = 0; i < count; i++) {
		kprof_windows_profile_remove_information r;
		unsigned char buf[KPROF_WINDOWS_PROFILE_REMOVE_INFORMATION_SIZE];
		LONG st;
		memset(&r, 0, sizeof r);
		r.EventTraceInformationClass = KPROF_WINDOWS_EVENT_TRACE_INFORMATION_CLASS_PROFILE_SOURCE_REMOVE_INFORMATION;
		r.ProfileSource = ids[i];
		memcpy(r.CpuInfoHierarchy, sources[i].cpu_info_hierarchy, sizeof r.CpuInfoHierarchy);
		if (kprof_windows_profile_remove_information_encode(&r, buf, sizeof buf) != KPROF_OK) {
			printf("remove: stopped: kprof could not write the remove record\n");
			return 3;
		}
		st = nt_set(KPROF_WINDOWS_SYSTEM_PERFORMANCE_TRACE_INFORMATION_CLASS, buf, sizeof buf);
		printf("remove: %s: NtSetSystemInformation returned 0x%08lx\n", sources[i].name, (unsigned long)st);
		if (st < 0)
			return 3;
	}
	printf("done\n");
	return 0;
}
