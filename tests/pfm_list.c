/* List one libpfm4 PMU table through libpfm4's API, for tests/test_counts.py:
 *
 *     pfm_list PMU        (e.g. amd64_k8_revf)
 *
 * prints "E<TAB>code<TAB>name" for each event and "U<TAB>code<TAB>name" for each of its unit
 * masks (pfm_get_event_attr_info, PFM_ATTR_UMASK), codes in hex. libpfm4 lists a PMU's events
 * only when the PMU is active, so the PMU is forced with LIBPFM_FORCE_PMU before
 * pfm_initialize (libpfm4 reads the variable once: one PMU per process). Exit 1 when libpfm4
 * cannot give the table. */
#define _POSIX_C_SOURCE 200809L
#include <perfmon/pfmlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	pfm_pmu_info_t pi;
	int id, i, r;
	if (argc != 2) {
		fprintf(stderr, "usage: pfm_list PMU\n");
		return 2;
	}
	setenv("LIBPFM_FORCE_PMU", argv[1], 1);
	if ((r = pfm_initialize()) != PFM_SUCCESS) {
		fprintf(stderr, "pfm_initialize with LIBPFM_FORCE_PMU=%s: %s\n", argv[1], pfm_strerror(r));
		return 1;
	}
	for (id = 0; id < PFM_PMU_MAX; id++) {
		memset(&pi, 0, sizeof pi);
		pi.size = sizeof pi;
		if (pfm_get_pmu_info((pfm_pmu_t)id, &pi) == PFM_SUCCESS && pi.name &&
		    strcmp(pi.name, argv[1]) == 0)
			break;
	}
	if (id == PFM_PMU_MAX || !pi.is_present) {
		fprintf(stderr, "%s: no such libpfm4 PMU, or not available after forcing it\n", argv[1]);
		return 1;
	}
	for (i = pi.first_event; i != -1; i = pfm_get_event_next(i)) {
		pfm_event_info_t ei;
		int a;
		memset(&ei, 0, sizeof ei);
		ei.size = sizeof ei;
		if (pfm_get_event_info(i, PFM_OS_NONE, &ei) != PFM_SUCCESS)
			return 1;
		printf("E\t0x%llx\t%s\n", (unsigned long long)ei.code, ei.name);
		for (a = 0; a < ei.nattrs; a++) {
			pfm_event_attr_info_t ai;
			memset(&ai, 0, sizeof ai);
			ai.size = sizeof ai;
			if (pfm_get_event_attr_info(i, a, PFM_OS_NONE, &ai) != PFM_SUCCESS)
				return 1;
			if (ai.type == PFM_ATTR_UMASK)
				printf("U\t0x%llx\t%s\n", (unsigned long long)ai.code, ai.name);
		}
	}
	return 0;
}
