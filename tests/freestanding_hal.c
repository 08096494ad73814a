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
	kprof_pmu_plan p;
	uint32_t i;
	uint64_t v = 0;
	if (kprof_cpuid_snapshot_read(&s) != KPROF_OK)
		return -1;
	kprof_hal_decision_get(&s, KPROF_HAL_BUILD_X64, &d);
	if (kprof_hal_plan_get(&d, kprof_source_by_value((kprof_source_table)d.table, 0), 0, 65536,
	                            KPROF_PMU_PLAN_FLAGS_INTERRUPT, &p) != KPROF_OK)
		return -2;
	for (i = 0; i < p.program_count; i++)
		if (kprof_msr_write(p.program[i].msr, p.program[i].value) != KPROF_OK)
			return -3;
	if (kprof_pmu_counter_read(p.rdpmc_index, &v) != KPROF_OK || kprof_msr_read(msr, out) != KPROF_OK)
		return -4;
	return kprof_msr_write(p.stop.msr, p.stop.value) == KPROF_OK ? (int)(v & p.counter_mask) : -5;
}
