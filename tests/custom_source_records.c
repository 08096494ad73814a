/* The library's reading of `kprof custom-source --format bin`: each record of FILE through
 * kprof_windows_custom_source_unpack (as Windows 11 22631 reads it) and its select through
 * kprof_pmu_select_unpack, one line per record:
 *   name event umask cmask inv edge any host guest interval h0 h1 h2 persist pmu
 * tests/test_custom_source_cli.py compares the lines with its own decoder and the command
 * line. Usage: custom_source_records intel|amd FILE */
#define KPROF_IMPLEMENTATION /* the program holds kprof's implementation, static */
#define KPROF_STATIC
#include "kprof.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	static unsigned char buf[1 << 20];
	kprof_cpuid_vendor vendor;
	size_t n, at;
	FILE *f;
	if (argc != 3 || (strcmp(argv[1], "intel") != 0 && strcmp(argv[1], "amd") != 0)) {
		fprintf(stderr, "usage: custom_source_records intel|amd FILE\n");
		return 2;
	}
	vendor = argv[1][0] == 'i' ? KPROF_CPUID_VENDOR_INTEL : KPROF_CPUID_VENDOR_AMD;
	f = fopen(argv[2], "rb");
	if (!f) {
		perror(argv[2]);
		return 2;
	}
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (n % KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE) {
		fprintf(stderr, "%s: %zu bytes: not whole records\n", argv[2], n);
		return 1;
	}
	for (at = 0; at < n; at += KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE) {
		kprof_windows_custom_source cs;
		kprof_pmu_select s;
		kprof_status st = kprof_windows_custom_source_unpack(
		        buf + at, KPROF_WINDOWS_PROFILE_ADD_INFORMATION_SIZE, vendor, &cs);
		if (st != KPROF_OK || kprof_pmu_select_unpack(vendor, cs.select, &s) != KPROF_OK) {
			fprintf(stderr, "record at 0x%zx: %s\n", at, kprof_status_name(st));
			return 1;
		}
		printf("%s %u %u %u %u %u %u %u %u %lu %lu %lu %lu %u %u\n", cs.name, (unsigned)s.event,
		       (unsigned)s.umask, (unsigned)s.cmask, (unsigned)s.inv, (unsigned)s.edge,
		       (unsigned)s.any, (unsigned)s.host_only, (unsigned)s.guest_only,
		       (unsigned long)cs.interval, (unsigned long)cs.cpu_info_hierarchy[0],
		       (unsigned long)cs.cpu_info_hierarchy[1], (unsigned long)cs.cpu_info_hierarchy[2],
		       (unsigned)cs.persist, (unsigned)cs.pmu_type);
	}
	return 0;
}
