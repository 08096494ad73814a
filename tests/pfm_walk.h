/* One libpfm4 PMU table through libpfm4's API, shared by tests/pfm_list.c and
 * tests/test_libpfm4.c. libpfm4 lists a PMU's events only when the PMU is active, so the PMU
 * is forced with LIBPFM_FORCE_PMU before pfm_initialize; libpfm4 reads the variable once and
 * cannot be re-initialised, so a process walks one PMU (test_libpfm4 forks one child per
 * PMU). */
#ifndef KPROF_PFM_WALK_H
#define KPROF_PFM_WALK_H

#include <perfmon/pfmlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Called for each event of the PMU (umask 0) and then for each of its unit masks
 * (pfm_get_event_attr_info, PFM_ATTR_UMASK; umask 1), with libpfm4's code and name. Non-zero
 * stops the walk. */
typedef int (*pfm_walk_fn)(void *ctx, int umask, uint64_t code, const char *name);

/* Force pmu, find it by name and walk its events. 0 when every event was read and every
 * call returned 0; 1 (with a message on stderr unless a call stopped it) otherwise. */
static int pfm_walk(const char *pmu, pfm_walk_fn fn, void *ctx)
{
	pfm_pmu_info_t pi;
	int id, i, r;
	setenv("LIBPFM_FORCE_PMU", pmu, 1);
	if ((r = pfm_initialize()) != PFM_SUCCESS) {
		fprintf(stderr, "pfm_initialize with LIBPFM_FORCE_PMU=%s: %s\n", pmu, pfm_strerror(r));
		return 1;
	}
	for (id = PFM_PMU_NONE; id < PFM_PMU_MAX; id++) {
		memset(&pi, 0, sizeof pi);
		pi.size = sizeof pi;
		if (pfm_get_pmu_info((pfm_pmu_t)id, &pi) == PFM_SUCCESS && pi.name && strcmp(pi.name, pmu) == 0)
			break;
	}
	if (id == PFM_PMU_MAX || !pi.is_present) {
		fprintf(stderr, "%s: no such libpfm4 PMU, or not available after forcing it\n", pmu);
		return 1;
	}
	for (i = pi.first_event; i != -1; i = pfm_get_event_next(i)) {
		pfm_event_info_t ei;
		int a;
		memset(&ei, 0, sizeof ei);
		ei.size = sizeof ei;
		if (pfm_get_event_info(i, PFM_OS_NONE, &ei) != PFM_SUCCESS) {
			fprintf(stderr, "%s: event %d unreadable\n", pmu, i);
			return 1;
		}
		if (fn(ctx, 0, ei.code, ei.name))
			return 1;
		for (a = 0; a < ei.nattrs; a++) {
			pfm_event_attr_info_t ai;
			memset(&ai, 0, sizeof ai);
			ai.size = sizeof ai;
			if (pfm_get_event_attr_info(i, a, PFM_OS_NONE, &ai) != PFM_SUCCESS) {
				fprintf(stderr, "%s: event %d attribute %d unreadable\n", pmu, i, a);
				return 1;
			}
			if (ai.type == PFM_ATTR_UMASK && fn(ctx, 1, ai.code, ai.name))
				return 1;
		}
	}
	return 0;
}

#endif
