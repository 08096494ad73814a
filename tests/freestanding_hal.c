/* Compiled, never run: every ring-0 path of kprof.h must build freestanding, without SSE or
 * a red zone, as a kernel builds it (mk/hal.mk compiles this -m32 and -m64). The unit holds
 * kprof's whole implementation, compiled the same way. */
#define KPROF_IMPLEMENTATION
#include "kprof.h"

int kprof_ring0_paths(uint32_t msr, uint64_t *out);
int kprof_ring0_paths(uint32_t msr, uint64_t *out)
{
	kprof_cpuid_snapshot s;
	kprof_hal_decision d;
	kprof_pmu_caps caps;
	kprof_pmu_counter_config cfg = {0, 65536, 0, KPROF_PMU_PLAN_FLAGS_INTERRUPT};
	kprof_pmu_plan p;
	uint64_t v = 0;
	if (kprof_cpuid_snapshot_read(&s) != KPROF_OK)
		return -1;
	/* The hardware core alone: a counter from a select and the PMU capabilities. */
	cfg.select = 0x0003003Cu; /* USR | OS | unhalted core cycles */
	if (kprof_pmu_caps_get(&s, &caps) != KPROF_OK || kprof_pmu_plan_get(&caps, &cfg, &p) != KPROF_OK ||
	    kprof_pmu_plan_start(&p) != KPROF_OK || kprof_pmu_plan_read(&p, &v) != KPROF_OK ||
	    kprof_pmu_plan_stop(&p) != KPROF_OK)
		return -2;
	/* The Windows model over it: the same for a source of the decided interface. */
	cfg.select = 0;
	(void)kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, KPROF_HAL_WINDOWS_NEWEST, &d);
	if (kprof_hal_plan_get(&d, kprof_source_by_value(d.table, 0), &cfg, &p) != KPROF_OK ||
	    kprof_pmu_plan_start(&p) != KPROF_OK)
		return -3;
	if (kprof_pmu_counter_read(p.rdpmc_index, &v) != KPROF_OK || kprof_msr_read(msr, out) != KPROF_OK)
		return -4;
	return kprof_pmu_plan_stop(&p) == KPROF_OK ? (int)(v & p.counter_mask) : -5;
}
